import { In, IsNull } from "typeorm";
import { ProjectEntity } from "../projects";
import type { Dialect, SqlStatement } from "../../platform/db/database";
import { BaseRepository } from "../../platform/db/repository";

/** Where a project reads its skills from, as stored: its own id, or its library's and whether that is deleted. */
export interface SourceRow {
  projectId: string;
  libraryId: string | null;
  libraryDeleted: boolean;
}

/** `sourceOf`'s row as the database answers it (`sourceStatement` reads the same columns). */
export interface RawSourceRow {
  project_id: string;
  library_id: string | null;
  found_library_id: string | null;
  library_deleted_at: unknown;
}

/** The named statement `sourceStatement` is on PostgreSQL. */
export const SOURCE_STATEMENT = "skill_source";

/** `sourceOf` as one statement for `Database.rows` (a call start's cache miss, without the query builder). */
export function sourceStatement(dialect: Dialect, projectId: string): SqlStatement {
  return [
    `SELECT p.id AS project_id, p.skill_library_id AS library_id, l.id AS found_library_id,
       l.deleted_at AS library_deleted_at
     FROM projects p LEFT JOIN projects l ON l.id = p.skill_library_id WHERE p.id = ${dialect === "postgres" ? "$1" : "?"}`,
    [projectId],
  ];
}

/**
 * `sourceStatement`'s columns in another statement that reads a row of the project `projectIdSql` names (an
 * uncached call start reads its project's skill source with the agent's version): the columns `RawSourceRow` names, and
 * the joins they come from (projects `sp`, its library `sl`). `SOURCE_PROJECT_SQL` and `SOURCE_HOLDS_SKILLS_SQL` say in
 * SQL what `sourceFrom` says of them.
 */
export function sourceJoin(projectIdSql: string): { columns: string; joins: string } {
  return {
    columns: `sp.id AS project_id, sp.skill_library_id AS library_id, sl.id AS found_library_id,
       sl.deleted_at AS library_deleted_at`,
    joins: `LEFT JOIN projects sp ON sp.id = ${projectIdSql} LEFT JOIN projects sl ON sl.id = sp.skill_library_id`,
  };
}

/** After `sourceJoin`'s joins: the project that holds the skills (`SkillSource.projectId`), given the project read. */
export const sourceProjectSql = (projectIdSql: string) => `COALESCE(sl.id, ${projectIdSql})`;
/** After `sourceJoin`'s joins: `SkillSource.holdsSkills` (false: a deleted library, LB-7). */
export const SOURCE_HOLDS_SKILLS_SQL = "sl.deleted_at IS NULL";

export function sourceRowOf(row: RawSourceRow): SourceRow {
  // A link to a row that is gone (purged outside purgeProject) reads as no link: the project reads its own skills.
  const libraryId = row.library_id && row.found_library_id ? row.library_id : null;
  return {
    projectId: row.project_id,
    libraryId,
    libraryDeleted: libraryId !== null && row.library_deleted_at !== null,
  };
}

/** The only place that builds queries over the library link (`projects.skill_library_id`). */
export class LibraryRepository extends BaseRepository {
  private get projects() {
    return this.m.getRepository(ProjectEntity);
  }

  /** One statement: the project's link and its library's deleted mark; null when the project does not exist. */
  async sourceOf(projectId: string): Promise<SourceRow | null> {
    const row = await this.projects
      .createQueryBuilder("p")
      .leftJoin(ProjectEntity, "l", "l.id = p.skill_library_id")
      .select("p.id", "project_id")
      .addSelect("p.skill_library_id", "library_id")
      .addSelect("l.id", "found_library_id")
      .addSelect("l.deleted_at", "library_deleted_at")
      .where("p.id = :projectId", { projectId })
      .getRawOne<RawSourceRow>();
    return row ? sourceRowOf(row) : null;
  }

  /**
   * The projects of `ids`, locked for the rest of the transaction on PostgreSQL (SQLite serialises write
   * transactions already). Locking both ends of a link, in id order, keeps two links from making a chain.
   */
  async lockProjects(ids: readonly string[]): Promise<ProjectEntity[]> {
    const sorted = [...new Set(ids)].sort();
    const qb = this.projects.createQueryBuilder("p").where("p.id IN (:...ids)", { ids: sorted }).orderBy("p.id", "ASC");
    this.forUpdate(qb);
    return qb.getMany();
  }

  /** Whether any live project reads its skills from `libraryId`. */
  async hasReaders(libraryId: string): Promise<boolean> {
    return (await this.projects.countBy({ skillLibraryId: libraryId, deletedAt: IsNull() })) > 0;
  }

  async setLibrary(projectId: string, libraryId: string | null): Promise<void> {
    await this.projects.update({ id: projectId }, { skillLibraryId: libraryId });
  }

  findMany(ids: readonly string[]): Promise<ProjectEntity[]> {
    return this.projects.findBy({ id: In([...ids]) });
  }
}
