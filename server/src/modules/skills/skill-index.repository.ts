import { In } from "typeorm";
import type { DbManager } from "../../platform/db/database";
import { SkillEntity } from "./skill.entity";
import { SkillVersionEntity } from "./skill-version.entity";

export type SortOrder = "asc" | "desc";

/** A cursor page: the rows after the row `after` names (none: from the start), in `order`, `limit` of them. */
export interface CursorWindow {
  after?: string | null;
  limit: number;
  order: SortOrder;
}

/** Queries of skills as objects with a stable id (the Skills APIs, EC-1/EC-2): by id, in cursor pages. */
export class SkillIndexRepository {
  constructor(private readonly m: DbManager) {}

  private get skills() {
    return this.m.getRepository(SkillEntity);
  }

  private get versions() {
    return this.m.getRepository(SkillVersionEntity);
  }

  skillById(projectId: string, id: string): Promise<SkillEntity | null> {
    return this.skills.findOneBy({ projectId, id });
  }

  skillByName(projectId: string, name: string): Promise<SkillEntity | null> {
    return this.skills.findOneBy({ projectId, name });
  }

  /**
   * Skills that hold at least one version, by creation time then id, one more than `limit` (the caller tells
   * `has_more` by it). A cursor that names no skill of the project starts nowhere: an empty page.
   */
  async skillsPage(projectId: string, window: CursorWindow): Promise<SkillEntity[]> {
    const qb = this.skills
      .createQueryBuilder("s")
      .where("s.project_id = :projectId", { projectId })
      .andWhere("EXISTS (SELECT 1 FROM skill_versions v WHERE v.skill_id = s.id)");
    if (window.after) {
      const cursor = await this.skillById(projectId, window.after);
      if (!cursor) return [];
      const cmp = window.order === "asc" ? ">" : "<";
      qb.andWhere(`(s.created_at ${cmp} :at OR (s.created_at = :at AND s.id ${cmp} :id))`, {
        at: cursor.createdAt.getTime(),
        id: cursor.id,
      });
    }
    const direction = window.order === "asc" ? "ASC" : "DESC";
    return qb
      .orderBy("s.created_at", direction)
      .addOrderBy("s.id", direction)
      .take(window.limit + 1)
      .getMany();
  }

  /** The newest version (by number) of each skill, in one statement. */
  newestOf(skillIds: readonly string[]): Promise<SkillVersionEntity[]> {
    if (skillIds.length === 0) return Promise.resolve([]);
    return this.versions
      .createQueryBuilder("v")
      .where("v.skill_id IN (:...skillIds)", { skillIds: [...skillIds] })
      .andWhere("v.version = (SELECT MAX(v2.version) FROM skill_versions v2 WHERE v2.skill_id = v.skill_id)")
      .getMany();
  }

  versionsByIds(projectId: string, ids: readonly string[]): Promise<SkillVersionEntity[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.versions.findBy({ projectId, id: In([...ids]) });
  }

  /** One skill's versions by number, one more than `limit`; `after` is a version's id. */
  async versionsPage(projectId: string, skillId: string, window: CursorWindow): Promise<SkillVersionEntity[]> {
    const qb = this.versions
      .createQueryBuilder("v")
      .where("v.project_id = :projectId AND v.skill_id = :skillId", { projectId, skillId });
    if (window.after) {
      const cursor = await this.versions.findOneBy({ projectId, skillId, id: window.after });
      if (!cursor) return [];
      qb.andWhere(`v.version ${window.order === "asc" ? ">" : "<"} :version`, { version: cursor.version });
    }
    return qb
      .orderBy("v.version", window.order === "asc" ? "ASC" : "DESC")
      .take(window.limit + 1)
      .getMany();
  }

  versionByNumber(projectId: string, skillId: string, version: number): Promise<SkillVersionEntity | null> {
    return this.versions.findOneBy({ projectId, skillId, version });
  }

  versionById(projectId: string, skillId: string, id: string): Promise<SkillVersionEntity | null> {
    return this.versions.findOneBy({ projectId, skillId, id });
  }
}
