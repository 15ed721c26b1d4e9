import type { Database } from "../../platform/db/database";
import type { AuthContext, AuthService } from "../auth";
import type { EvalComparison, EvalGate } from "../evals";
import { refusePublish, refuseRollback, type SkillReader, type SkillService, type SkillVersionEntity } from "../skills";
import { reachedAgentIds, type SkillUsage, type UsageService } from "../usage";
import { ImpactRepository } from "./impact.repository";

/** A tool of the candidate version that a reached agent version would skip: it has a tool of that name (AG-5). */
export interface ToolCollision {
  agentId: string;
  agentName: string;
  agentVersion: number;
  agentVersionId: string;
  projectId: string;
  tool: string;
}

/** What a publish or a rollback would change (UX-3): the same numbers as calls started afterwards resolve. */
export interface PublishPreview {
  version: SkillVersionEntity;
  live: SkillVersionEntity | null;
  reaches: SkillUsage[];
  pinned: SkillUsage[];
  toolCollisions: ToolCollision[];
}

export class ImpactService {
  constructor(
    private readonly db: Database,
    private readonly auth: AuthService,
    private readonly skills: SkillService,
    private readonly skillReader: SkillReader,
    private readonly usage: UsageService,
    private readonly gate: EvalGate,
  ) {}

  /**
   * The publish gate: the skill's tagged scenarios against every agent of this project the change reaches (published
   * versions; linked projects run their own evals), with the candidate and with the live version.
   */
  evaluation(ctx: AuthContext, preview: PublishPreview, iterations: number): Promise<EvalComparison> {
    const { version, live } = preview;
    const agentIds = reachedAgentIds(preview.reaches, version.projectId);
    return this.gate.compare(
      ctx,
      {
        projectId: version.projectId,
        skill: version.name,
        candidate: { id: version.id, version: version.version },
        live: live ? { id: live.id, version: live.version } : null,
        agentIds,
      },
      iterations,
    );
  }

  /** Refuses what publishSkillVersion would refuse, with the same code and details. */
  async publishPreview(ctx: AuthContext, versionId: string): Promise<PublishPreview> {
    await this.auth.authorize(ctx, "editor");
    const version = await this.skills.getOrFail(ctx, versionId);
    refusePublish(version);
    return this.preview(ctx, version);
  }

  /** Refuses what rollbackSkill would refuse, with the same code and details. */
  async rollbackPreview(ctx: AuthContext, name: string, toVersionId: string): Promise<PublishPreview> {
    await this.auth.authorize(ctx, "editor");
    const version = await this.skills.getOrFail(ctx, toVersionId);
    refuseRollback(name, toVersionId, version);
    return this.preview(ctx, version);
  }

  private async preview(ctx: AuthContext, version: SkillVersionEntity): Promise<PublishPreview> {
    const [live, users] = await Promise.all([
      this.skillReader.publishedVersions(version.projectId, [version.name]).then((found) => found[0] ?? null),
      this.usage.skillUsage(ctx, version.name, version.projectId),
    ]);
    // US-2: whoever follows the live version is reached; a pin resolves to its pin whatever goes live.
    const reaches = users.filter((u) => !u.pinned);
    const pinned = users.filter((u) => u.pinned);
    const candidateTools = new Set(version.tools.map((t) => t.name));
    const agentTools = await this.db.read((m) =>
      new ImpactRepository(m).agentToolNames(reaches.map((u) => u.agentVersionId)),
    );
    const toolCollisions = reaches.flatMap((u) =>
      (agentTools.get(u.agentVersionId) ?? [])
        .filter((name) => candidateTools.has(name))
        .map((tool) => ({
          agentId: u.agentId,
          agentName: u.agentName,
          agentVersion: u.agentVersion,
          agentVersionId: u.agentVersionId,
          projectId: u.projectId,
          tool,
        })),
    );
    return { version, live, reaches, pinned, toolCollisions };
  }
}
