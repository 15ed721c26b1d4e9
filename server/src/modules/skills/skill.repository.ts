import { In, IsNull, Not, type QueryDeepPartialEntity } from "typeorm";
import type { PageWindow } from "../../platform/graphql/page";
import { SkillEntity } from "./skill.entity";
import { BlobEntity, SkillFileEntity } from "./skill-file.entity";
import { SkillPointerMoveEntity } from "./skill-pointer-move.entity";
import { SkillVersionEntity, type VersionStateName } from "./skill-version.entity";
import type { Dialect, SqlStatement } from "../../platform/db/database";
import { BaseRepository, containsPattern } from "../../platform/db/repository";

export interface VersionFilter {
  projectId: string;
  name?: string | null;
  /** Only these skills (an empty list: none). */
  names?: readonly string[] | null;
  /** Skills whose name contains this text, case aside. */
  search?: string | null;
  state?: VersionStateName | null;
}

/** The only place that builds skill queries. */
export class SkillRepository extends BaseRepository {
  private get versions() {
    return this.m.getRepository(SkillVersionEntity);
  }

  /** Creates the skill row for (project, name) unless it exists (a concurrent creator may win; that is fine). */
  async ensureSkill(skill: SkillEntity): Promise<void> {
    await this.m.createQueryBuilder().insert().into(SkillEntity).values(skill).orIgnore().execute();
  }

  /**
   * The skill row, locked for the rest of the transaction on PostgreSQL (SQLite serialises write transactions
   * already). New versions, publishes, rollbacks and deletes of one skill queue up on this row.
   */
  async lockSkill(projectId: string, name: string): Promise<SkillEntity | null> {
    const qb = this.m
      .getRepository(SkillEntity)
      .createQueryBuilder("s")
      .where("s.project_id = :projectId AND s.name = :name", { projectId, name });
    this.forUpdate(qb);
    return qb.getOne();
  }

  /**
   * Share-locks the skill rows of `names` on PostgreSQL until the transaction ends, so a version of them cannot be
   * created, published or deleted meanwhile (their writers lock the row for update); SQLite serialises already.
   */
  async shareLockSkills(projectId: string, names: readonly string[]): Promise<void> {
    if (!this.postgres || names.length === 0) return;
    await this.m
      .getRepository(SkillEntity)
      .createQueryBuilder("s")
      .select("s.id")
      .where("s.project_id = :projectId AND s.name IN (:...names)", { projectId, names: [...new Set(names)].sort() })
      .orderBy("s.name", "ASC")
      .setLock("pessimistic_read")
      .getMany();
  }

  async findSkill(projectId: string, name: string): Promise<SkillEntity | null> {
    return this.m.getRepository(SkillEntity).findOneBy({ projectId, name });
  }

  async saveSkill(skill: SkillEntity): Promise<void> {
    await this.m
      .getRepository(SkillEntity)
      .update({ id: skill.id }, { lastVersion: skill.lastVersion, liveVersionId: skill.liveVersionId });
  }

  /** The skill's live version (null: none is live). */
  async setLiveVersion(projectId: string, name: string, versionId: string | null): Promise<void> {
    await this.m.getRepository(SkillEntity).update({ projectId, name }, { liveVersionId: versionId });
  }

  findVersion(projectId: string, id: string): Promise<SkillVersionEntity | null> {
    return this.versions.findOneBy({ projectId, id });
  }

  findVersions(projectId: string, ids: readonly string[]): Promise<SkillVersionEntity[]> {
    return this.versions.findBy({ projectId, id: In([...ids]) });
  }

  findPublished(projectId: string, name: string): Promise<SkillVersionEntity | null> {
    return this.versions.findOneBy({ projectId, name, state: "published" });
  }

  /** Every live version of one project, by name (one statement): what the project serves over MCP (GW-11). */
  findAllPublished(projectId: string): Promise<SkillVersionEntity[]> {
    return this.versions.find({ where: { projectId, state: "published" }, order: { name: "ASC" } });
  }

  /**
   * The bytes of every project's live descriptions and instructions together (octet_length reads the stored length,
   * not the text, on both databases).
   */
  async liveTextBytes(): Promise<number> {
    const row = await this.versions
      .createQueryBuilder("v")
      .select("COALESCE(SUM(octet_length(v.description) + octet_length(v.instructions)), 0)", "bytes")
      .where("v.state = 'published'")
      .getRawOne<{ bytes: number | string }>();
    return Number(row?.bytes ?? 0);
  }

  /** The live version of each of `names` (one statement). */
  findPublishedMany(projectId: string, names: readonly string[]): Promise<SkillVersionEntity[]> {
    if (names.length === 0) return Promise.resolve([]);
    return this.versions.findBy({ projectId, name: In([...names]), state: "published" });
  }

  /** The newest version of a skill by number (for "identical import" checks). */
  findNewest(projectId: string, name: string): Promise<SkillVersionEntity | null> {
    return this.versions.findOne({ where: { projectId, name }, order: { version: "DESC" } });
  }

  /** Every version of one skill, oldest first (a whole skill's delete). */
  findAllOfName(projectId: string, name: string): Promise<SkillVersionEntity[]> {
    return this.versions.find({ where: { projectId, name }, order: { version: "ASC" } });
  }

  async countVersions(projectId: string, name: string): Promise<number> {
    return this.versions.countBy({ projectId, name });
  }

  async insertVersion(version: SkillVersionEntity): Promise<void> {
    await this.versions.insert(version as QueryDeepPartialEntity<SkillVersionEntity>);
  }

  async updateDraft(
    id: string,
    fields: Pick<
      SkillVersionEntity,
      | "description"
      | "skillMd"
      | "instructions"
      | "frontmatter"
      | "warnings"
      | "tools"
      | "knowledgeBases"
      | "updatedBy"
      | "updatedAt"
    >,
  ): Promise<void> {
    await this.versions.update({ id, state: "draft" }, fields as QueryDeepPartialEntity<SkillVersionEntity>);
  }

  async setState(id: string, state: VersionStateName, at: Date): Promise<void> {
    const stamps =
      state === "published" ? { publishedAt: at, archivedAt: null } : state === "archived" ? { archivedAt: at } : {};
    await this.versions.update({ id }, { state, updatedAt: at, ...stamps });
  }

  /** PV-3: marks a version revoked; only one not revoked yet (a revocation is never changed or undone). */
  async markRevoked(
    id: string,
    revocation: { at: Date; reason: string; by: string; digest: string },
  ): Promise<boolean> {
    const result = await this.versions.update(
      { id, revokedAt: IsNull() },
      {
        revokedAt: revocation.at,
        revokedReason: revocation.reason,
        revokedBy: revocation.by,
        revokedDigest: revocation.digest,
      },
    );
    return (result.affected ?? 0) === 1;
  }

  /** PV-3: the revoked versions of one project, newest revocation first (revocations.json). */
  findRevoked(projectId: string): Promise<SkillVersionEntity[]> {
    return this.versions.find({
      where: { projectId, revokedAt: Not(IsNull()) },
      order: { revokedAt: "DESC", id: "ASC" },
    });
  }

  /** Deletes a version (its file rows go with it) and the content no other file points at any more. */
  async deleteVersion(id: string): Promise<void> {
    const hashes = (await this.filesOf([id])).map((f) => f.sha256);
    await this.versions.delete({ id });
    await this.deleteUnreferencedBlobs(hashes);
  }

  /** PJ-3: every version of a purged project, and the file content only it held. */
  async purgeProjectVersions(projectId: string): Promise<void> {
    const hashes = await this.m
      .getRepository(SkillFileEntity)
      .createQueryBuilder("f")
      .innerJoin(SkillVersionEntity, "v", "v.id = f.version_id")
      .select("DISTINCT f.sha256", "sha256")
      .where("v.project_id = :projectId", { projectId })
      .getRawMany<{ sha256: string }>();
    await this.versions.delete({ projectId });
    await this.deleteUnreferencedBlobs(hashes.map((h) => h.sha256));
  }

  private async deleteUnreferencedBlobs(hashes: readonly string[]): Promise<void> {
    if (hashes.length === 0) return;
    await this.m
      .createQueryBuilder()
      .delete()
      .from(BlobEntity)
      .where("sha256 IN (:...hashes)", { hashes: [...new Set(hashes)] })
      .andWhere("NOT EXISTS (SELECT 1 FROM skill_version_files f WHERE f.sha256 = blobs.sha256)")
      .execute();
  }

  /** Newest first (SV-6); ties broken by version number, never by time alone. */
  async page(filter: VersionFilter, window: PageWindow): Promise<[SkillVersionEntity[], number]> {
    const qb = this.versions
      .createQueryBuilder("v")
      .where("v.project_id = :projectId", { projectId: filter.projectId });
    if (filter.name) qb.andWhere("v.name = :name", { name: filter.name });
    if (filter.names) {
      if (filter.names.length === 0) return [[], 0];
      qb.andWhere("v.name IN (:...names)", { names: [...new Set(filter.names)] });
    }
    if (filter.search)
      qb.andWhere("LOWER(v.name) LIKE :search ESCAPE '\\'", { search: containsPattern(filter.search) });
    if (filter.state) qb.andWhere("v.state = :state", { state: filter.state });
    qb.orderBy("v.created_at", "DESC").addOrderBy("v.version", "DESC").addOrderBy("v.id", "ASC");
    return this.pageAndCount(qb, window.offset, window.limit);
  }

  // ---- files and content-addressed blobs ----

  async insertBlobsIfAbsent(blobs: BlobEntity[]): Promise<void> {
    if (blobs.length === 0) return;
    const known = new Set(
      (
        await this.m
          .getRepository(BlobEntity)
          .find({ select: { sha256: true }, where: { sha256: In(blobs.map((b) => b.sha256)) } })
      ).map((b) => b.sha256),
    );
    const fresh = blobs.filter((b) => !known.has(b.sha256));
    // Another transaction may store the same content meanwhile: identical bytes, so ignoring the clash is right.
    for (const blob of fresh) {
      await this.m.createQueryBuilder().insert().into(BlobEntity).values(blob).orIgnore().execute();
    }
  }

  async replaceFiles(versionId: string, files: SkillFileEntity[]): Promise<void> {
    await this.m.getRepository(SkillFileEntity).delete({ versionId });
    if (files.length > 0)
      await this.m.getRepository(SkillFileEntity).insert(files as QueryDeepPartialEntity<SkillFileEntity>[]);
  }

  skillsByIds(ids: readonly string[]): Promise<SkillEntity[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.m.getRepository(SkillEntity).find({ where: { id: In([...ids]) } });
  }

  filesOf(versionIds: readonly string[]): Promise<SkillFileEntity[]> {
    if (versionIds.length === 0) return Promise.resolve([]);
    return this.m
      .getRepository(SkillFileEntity)
      .find({ where: { versionId: In([...versionIds]) }, order: { path: "ASC" } });
  }

  blobs(hashes: readonly string[]): Promise<BlobEntity[]> {
    if (hashes.length === 0) return Promise.resolve([]);
    return this.m.getRepository(BlobEntity).findBy({ sha256: In([...hashes]) });
  }

  /** The files of versions of one project (other projects' version ids match nothing). */
  filesOfProject(projectId: string, versionIds: readonly string[]): Promise<SkillFileEntity[]> {
    if (versionIds.length === 0) return Promise.resolve([]);
    return this.m
      .getRepository(SkillFileEntity)
      .createQueryBuilder("f")
      .innerJoin(SkillVersionEntity, "v", "v.id = f.version_id")
      .where("v.project_id = :projectId AND f.version_id IN (:...versionIds)", {
        projectId,
        versionIds: [...versionIds],
      })
      .orderBy("f.path", "ASC")
      .getMany();
  }

  /** Contents that a file of one of the project's versions holds (blobs are shared; this reads only the project's). */
  blobsOfProject(projectId: string, hashes: readonly string[]): Promise<BlobEntity[]> {
    if (hashes.length === 0) return Promise.resolve([]);
    return this.m
      .getRepository(BlobEntity)
      .createQueryBuilder("b")
      .where("b.sha256 IN (:...hashes)", { hashes: [...hashes] })
      .andWhere(
        `EXISTS (SELECT 1 FROM skill_version_files f JOIN skill_versions v ON v.id = f.version_id
                 WHERE f.sha256 = b.sha256 AND v.project_id = :projectId)`,
        { projectId },
      )
      .getMany();
  }

  // ---- live pointer history (SV-9) ----

  async recordMove(move: Omit<SkillPointerMoveEntity, "id">): Promise<void> {
    await this.m.getRepository(SkillPointerMoveEntity).insert(move);
  }

  moves(projectId: string, name: string): Promise<SkillPointerMoveEntity[]> {
    return this.m
      .getRepository(SkillPointerMoveEntity)
      .find({ where: { projectId, name }, order: { at: "ASC", id: "ASC" } });
  }

  /** For each skill of the project (or the names given), the last pointer move at or before `at`. */
  async movesAsOf(projectId: string, at: Date, names?: readonly string[]): Promise<SkillPointerMoveEntity[]> {
    const qb = this.m
      .getRepository(SkillPointerMoveEntity)
      .createQueryBuilder("m")
      .where("m.project_id = :projectId AND m.at <= :at", { projectId, at: at.getTime() })
      .andWhere(
        `m.id = (SELECT MAX(m2.id) FROM skill_pointer_moves m2
                 WHERE m2.project_id = m.project_id AND m2.name = m.name AND m2.at <= :at)`,
      );
    if (names && names.length > 0) qb.andWhere("m.name IN (:...names)", { names: [...names] });
    return qb.orderBy("m.name", "ASC").getMany();
  }

  async deleteProjectLogs(projectId: string): Promise<void> {
    await this.m.getRepository(SkillPointerMoveEntity).delete({ projectId });
  }
}

/** What a call's resolution reads of a skill version (RT-1): no SKILL.md, no frontmatter, no audit columns. */
export type CatalogSource = Pick<
  SkillVersionEntity,
  | "id"
  | "projectId"
  | "name"
  | "version"
  | "state"
  | "description"
  | "instructions"
  | "tools"
  | "knowledgeBases"
  | "revokedAt"
>;

/** A `catalogStatement` row as the driver reads it (JSON as text). */
export interface CatalogRow {
  id: string;
  project_id: string;
  name: string;
  version: number | string;
  state: SkillVersionEntity["state"];
  description: string;
  instructions: string;
  tools: string;
  knowledge_bases: string;
  revoked_at: number | string | null;
}

const CATALOG_COLUMNS =
  "id, project_id, name, version, state, description, instructions, tools, knowledge_bases, revoked_at";

/** The named statement `catalogStatement` is on PostgreSQL (one text for every list length). */
export const CATALOG_STATEMENT = "skill_catalog";

/**
 * RT-1: the published versions of `names` and the versions `ids` of one project, one row each, as one statement for
 * `Database.rows` (read by hand, mapped by `catalogSourceOf`). Each half is its own indexed SELECT: written
 * as `project_id = ? AND (published AND name IN … OR id IN …)`, SQLite scanned every version of the project.
 */
export function catalogStatement(
  dialect: Dialect,
  projectId: string,
  names: readonly string[],
  ids: readonly string[],
): SqlStatement {
  if (dialect === "postgres")
    return [
      `SELECT ${CATALOG_COLUMNS} FROM skill_versions
       WHERE project_id = $1 AND state = 'published' AND name = ANY($2::varchar[])
       UNION ALL
       SELECT ${CATALOG_COLUMNS} FROM skill_versions
       WHERE project_id = $1 AND id = ANY($3::varchar[]) AND NOT (state = 'published' AND name = ANY($2::varchar[]))`,
      [projectId, names, ids],
    ];
  const list = (n: number) => Array(n).fill("?").join(", ");
  const byName = `SELECT ${CATALOG_COLUMNS} FROM skill_versions
    WHERE project_id = ? AND state = 'published' AND name IN (${list(names.length)})`;
  const notByName = names.length > 0 ? ` AND NOT (state = 'published' AND name IN (${list(names.length)}))` : "";
  const byId = `SELECT ${CATALOG_COLUMNS} FROM skill_versions
    WHERE project_id = ? AND id IN (${list(ids.length)})${notByName}`;
  if (ids.length === 0) return [byName, [projectId, ...names]];
  if (names.length === 0) return [byId, [projectId, ...ids]];
  return [`${byName} UNION ALL ${byId}`, [projectId, ...names, projectId, ...ids, ...names]];
}

/**
 * `catalogStatement`'s rows for the skill list of an agent version another statement reads, as one JSON
 * text column (an array of `CATALOG_COLUMNS` arrays, null when none is found): for each entry of `agent_skill_entries`
 * whose `agent_version_id` is `versionIdSql`, the published version of its name when it is unpinned, the version it
 * pins otherwise, in the project `projectIdSql` — each half an indexed lookup per entry. A version both halves find
 * comes twice (`catalogRowsOf` keeps one).
 */
export function entriesCatalogColumn(dialect: Dialect, versionIdSql: string, projectIdSql: string): string {
  const columns = (alias: string) =>
    CATALOG_COLUMNS.split(", ")
      .map((c) => `${alias}.${c}`)
      .join(", ");
  const postgres = dialect === "postgres";
  const each = postgres ? `json_build_array(${columns("x")})` : `json_array(${columns("x")})`;
  const half = (join: string, unpinned: string) =>
    `SELECT ${columns("s")} FROM agent_skill_entries e JOIN skill_versions s ON ${join}
       WHERE e.agent_version_id = ${versionIdSql}${unpinned}`;
  const byName = half(
    `s.project_id = ${projectIdSql} AND s.state = 'published' AND s.name = e.name`,
    " AND e.pinned_version_id IS NULL",
  );
  const byId = half(`s.id = e.pinned_version_id AND s.project_id = ${projectIdSql}`, "");
  return `(SELECT ${postgres ? `CAST(json_agg(${each}) AS text)` : `json_group_array(${each})`}
     FROM (${byName} UNION ALL ${byId}) x)`;
}

/** `entriesCatalogColumn`'s text as the catalog keeps its rows, one per version. */
export function catalogRowsOf(column: string | null): CatalogSource[] {
  const rows = new Map<string, CatalogSource>();
  for (const r of JSON.parse(column ?? "[]") as Array<
    [string, string, string, number, CatalogRow["state"], string, string, string, string, number | string | null]
  >) {
    const [id, project_id, name, version, state, description, instructions, tools, knowledge_bases, revoked_at] = r;
    rows.set(
      id,
      catalogSourceOf({
        id,
        project_id,
        name,
        version,
        state,
        description,
        instructions,
        tools,
        knowledge_bases,
        revoked_at,
      }),
    );
  }
  return [...rows.values()];
}

export function catalogSourceOf(row: CatalogRow): CatalogSource {
  return {
    id: row.id,
    projectId: row.project_id,
    name: row.name,
    version: Number(row.version),
    state: row.state,
    description: row.description,
    instructions: row.instructions,
    tools: JSON.parse(row.tools) as CatalogSource["tools"],
    knowledgeBases: JSON.parse(row.knowledge_bases) as CatalogSource["knowledgeBases"],
    revokedAt: row.revoked_at === null || row.revoked_at === undefined ? null : new Date(Number(row.revoked_at)),
  };
}
