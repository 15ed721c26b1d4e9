import type { SecretBox } from "../../platform/crypto";
import type { Database, DbManager, Tx } from "../../platform/db/database";
import { SkillRepository } from "./skill.repository";
import type { BlobEntity, SkillFileEntity } from "./skill-file.entity";
import type { SkillVersionEntity } from "./skill-version.entity";
import { openToolSecret } from "./tool-secrets";

/** Which version of a skill was live at a moment (SV-9). */
export interface LiveAt {
  name: string;
  versionId: string | null;
  version: number | null;
  since: Date;
}

/**
 * What other modules read of skills (agents, usage, impact, calls, the gateway, MCP): every read names the project
 * it reads in — the caller's, or the skill library it resolved — and another project's ids match nothing. The caller
 * has authorised the request (or resolved the project from a call it already scoped).
 */
export class SkillReader {
  constructor(
    private readonly db: Database,
    private readonly secrets: SecretBox,
  ) {}

  /** Holds `names` of one project still for the rest of `tx` (see SkillRepository.shareLockSkills): SV-7 against saves. */
  async holdSkills(tx: Tx, projectId: string, names: readonly string[]): Promise<void> {
    await new SkillRepository(tx.manager).shareLockSkills(projectId, names);
  }

  /** The live version of each of `names` in one project; with `tx`, read inside that transaction. */
  publishedVersions(projectId: string, names: readonly string[], tx?: Tx): Promise<SkillVersionEntity[]> {
    return this.read(tx, (repo) => repo.findPublishedMany(projectId, names));
  }

  /** Every live version of one project, by name. */
  liveVersions(projectId: string): Promise<SkillVersionEntity[]> {
    return this.read(undefined, (repo) => repo.findAllPublished(projectId));
  }

  /**
   * How much text the live versions of all projects hold, in bytes: the one read across projects, an amount only, for
   * the boot's choice to start the skill analysis threads (CT-2).
   */
  liveTextBytes(): Promise<number> {
    return this.read(undefined, (repo) => repo.liveTextBytes());
  }

  /** PV-3: the revoked versions of one project, newest revocation first. */
  revokedVersions(projectId: string): Promise<SkillVersionEntity[]> {
    return this.read(undefined, (repo) => repo.findRevoked(projectId));
  }

  /** Versions of one project by id; with `tx`, read inside it. */
  versionsByIds(projectId: string, ids: readonly string[], tx?: Tx): Promise<SkillVersionEntity[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.read(tx, (repo) => repo.findVersions(projectId, ids));
  }

  /** SV-9: which version of each of `names` was live at `at` in one project. */
  async liveAt(projectId: string, at: Date, names: readonly string[]): Promise<LiveAt[]> {
    if (names.length === 0) return [];
    return liveAtIn(this.db, projectId, at, names);
  }

  /** The files of versions of one project, by path. */
  filesOf(projectId: string, versionIds: readonly string[]): Promise<SkillFileEntity[]> {
    return this.read(undefined, (repo) => repo.filesOfProject(projectId, versionIds));
  }

  /** The contents (by SHA-256) that files of the project's versions hold. */
  blobsOf(projectId: string, hashes: readonly string[]): Promise<BlobEntity[]> {
    return this.read(undefined, (repo) => repo.blobsOfProject(projectId, hashes));
  }

  /** A version's SKILL.md text. */
  async skillMdOf(projectId: string, versionId: string): Promise<string | null> {
    const version = await this.read(undefined, (repo) => repo.findVersion(projectId, versionId));
    return version?.skillMd ?? null;
  }

  /** A skill tool's secret in clear, to sign its webhook call (RT-7). */
  async toolSecretOf(projectId: string, versionId: string, toolName: string): Promise<string | null> {
    const version = await this.read(undefined, (repo) => repo.findVersion(projectId, versionId));
    return version ? openToolSecret(this.secrets, version, toolName) : null;
  }

  private read<T>(tx: Tx | undefined, fn: (repo: SkillRepository) => Promise<T>): Promise<T> {
    const run = (m: DbManager) => fn(new SkillRepository(m));
    return tx ? run(tx.manager) : this.db.read(run);
  }
}

/** `names` undefined: every skill of the project. */
export async function liveAtIn(
  db: Database,
  projectId: string,
  at: Date,
  names?: readonly string[],
): Promise<LiveAt[]> {
  const moves = await db.read((m) => new SkillRepository(m).movesAsOf(projectId, at, names));
  return moves.map((m) => ({ name: m.name, versionId: m.versionId, version: m.version, since: m.at }));
}
