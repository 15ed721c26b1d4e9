import type { DbManager } from "../../platform/db/database";
import type { AgentDigests } from "../agents";
import type { SkillDigests } from "../skills";
import type { VersionStateName } from "../versioning";
import type { ApprovalKind } from "./approval.entity";

/** A skill or agent version as a review sees it: who wrote it, where it is in its lifecycle, its digest now. */
export interface ReviewedVersion {
  kind: ApprovalKind;
  id: string;
  projectId: string;
  name: string;
  version: number;
  state: VersionStateName;
  /** AP-2: the keys that created or last edited it (an agent version is never edited). */
  authors: string[];
  digest: string;
}

/** Reads a version of either kind with its current digest, through the caller's manager (its transaction's). */
export class ReviewedVersions {
  constructor(
    private readonly skills: SkillDigests,
    private readonly agents: AgentDigests,
  ) {}

  /**
   * Without `kind`: a skill version of that id, else an agent version (ids are UUIDs: never both). `lock` (inside a
   * write): the version's skill or agent row is locked first, as its publish, edit and delete lock it, so an approval
   * or a withdrawal decided on this read is not overtaken by one of them (SEC-15, SEC-24).
   */
  async find(
    manager: DbManager,
    projectId: string,
    id: string,
    options: { kind?: ApprovalKind; lock?: boolean } = {},
  ): Promise<ReviewedVersion | null> {
    const { kind, lock } = options;
    if (kind !== "agent") {
      const found = await this.skills.current(manager, projectId, id, { lock });
      if (found) {
        const { version, digest } = found;
        const authors = [version.createdBy, ...(version.updatedBy ? [version.updatedBy] : [])];
        return { kind: "skill", ...pick(version), authors, digest };
      }
    }
    if (kind !== "skill") {
      const found = await this.agents.current(manager, projectId, id, { lock });
      if (found)
        return { kind: "agent", ...pick(found.version), authors: [found.version.createdBy], digest: found.digest };
    }
    return null;
  }
}

function pick(v: { id: string; projectId: string; name: string; version: number; state: VersionStateName }) {
  return { id: v.id, projectId: v.projectId, name: v.name, version: v.version, state: v.state };
}
