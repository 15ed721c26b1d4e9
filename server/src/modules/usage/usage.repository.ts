import type { SelectQueryBuilder } from "typeorm";
import { AgentEntity, AgentSkillEntryEntity, AgentVersionEntity } from "../agents";
import { ProjectEntity } from "../projects";
import { SkillVersionEntity, type VersionStateName } from "../skills";
import { BaseRepository } from "../../platform/db/repository";

/** One agent version that lists a skill (US-1). */
export interface UsageRow {
  skill: string;
  agentId: string;
  agentVersionId: string;
  agentName: string;
  agentVersion: number;
  agentState: VersionStateName;
  projectId: string;
  pinnedVersionId: string | null;
  /** The pinned version, else the live one, in the library's project; null when none (US-1). */
  resolvesToId: string | null;
}

interface RawUsageRow {
  skill: string;
  agent_id: string;
  agent_version_id: string;
  agent_name: string;
  agent_version: number | string;
  agent_state: VersionStateName;
  project_id: string;
  pinned_version_id: string | null;
  resolves_to_id: string | null;
}

/** The only place that builds "who uses a skill" queries. */
export class UsageRepository extends BaseRepository {
  /**
   * US-1 as one set-based statement: the entries naming any of `names` (index on (project_id, name)) in the
   * projects that read `sourceProjectId`'s skills — itself unless it is linked, and every live project linked
   * to it (LB-4) — of draft and published versions of live agents, with what each resolves to now.
   */
  usageQuery(sourceProjectId: string, names: readonly string[]): SelectQueryBuilder<AgentSkillEntryEntity> {
    const readers = this.m
      .createQueryBuilder()
      .subQuery()
      .select("p.id")
      .from(ProjectEntity, "p")
      .where(
        "p.deleted_at IS NULL AND ((p.id = :source AND p.skill_library_id IS NULL) OR p.skill_library_id = :source)",
      )
      .getQuery();
    return (
      this.m
        .getRepository(AgentSkillEntryEntity)
        .createQueryBuilder("e")
        .innerJoin(AgentVersionEntity, "v", "v.id = e.agent_version_id")
        .innerJoin(AgentEntity, "a", "a.id = v.agent_id")
        .leftJoin(
          SkillVersionEntity,
          "live",
          "live.project_id = :source AND live.name = e.name AND live.state = 'published'",
        )
        .leftJoin(
          SkillVersionEntity,
          "pin",
          "pin.id = e.pinned_version_id AND pin.project_id = :source AND pin.name = e.name",
        )
        .select("e.name", "skill")
        .addSelect("a.id", "agent_id")
        .addSelect("v.id", "agent_version_id")
        .addSelect("v.name", "agent_name")
        .addSelect("v.version", "agent_version")
        .addSelect("v.state", "agent_state")
        .addSelect("e.project_id", "project_id")
        .addSelect("e.pinned_version_id", "pinned_version_id")
        .addSelect("CASE WHEN e.pinned_version_id IS NULL THEN live.id ELSE pin.id END", "resolves_to_id")
        .where("e.name IN (:...names)", { names: [...names] })
        // PostgreSQL: an InitPlan array feeds the (project_id, name) index; as an IN semi-join the planner misjudges
        // the readers' share of the entries and scans the whole table (3× slower at 10,000 agent versions).
        .andWhere(this.postgres ? `e.project_id = ANY(ARRAY${readers})` : `e.project_id IN ${readers}`)
        .andWhere("v.state IN ('draft', 'published')")
        .andWhere("a.deleted_at IS NULL")
        .setParameter("source", sourceProjectId)
        .orderBy("e.name", "ASC")
        .addOrderBy("e.project_id", "ASC")
        .addOrderBy("v.name", "ASC")
        .addOrderBy("a.id", "ASC")
        .addOrderBy("v.version", "DESC")
    );
  }

  async usage(sourceProjectId: string, names: readonly string[]): Promise<UsageRow[]> {
    if (names.length === 0) return [];
    const rows = await this.usageQuery(sourceProjectId, names).getRawMany<RawUsageRow>();
    return rows.map((r) => ({
      skill: r.skill,
      agentId: r.agent_id,
      agentVersionId: r.agent_version_id,
      agentName: r.agent_name,
      agentVersion: Number(r.agent_version),
      agentState: r.agent_state,
      projectId: r.project_id,
      pinnedVersionId: r.pinned_version_id,
      resolvesToId: r.resolves_to_id,
    }));
  }

  /**
   * Draft and published skill versions of the project whose knowledge references may name one of `ids` (a text
   * match on the stored JSON, one statement for any number of bases; the caller keeps the exact matches).
   */
  skillVersionsNaming(projectId: string, ids: readonly string[]): Promise<SkillVersionEntity[]> {
    if (ids.length === 0) return Promise.resolve([]);
    const qb = this.m
      .getRepository(SkillVersionEntity)
      .createQueryBuilder("s")
      .where("s.project_id = :projectId", { projectId })
      .andWhere("s.state IN ('draft', 'published')");
    return this.anyMentioned(qb, "s.knowledge_bases", ids)
      .orderBy("s.name", "ASC")
      .addOrderBy("s.version", "DESC")
      .getMany();
  }

  /** The same for draft and published versions of the project's live agents (`knowledge_base_ids`). */
  agentVersionsNaming(projectId: string, ids: readonly string[]): Promise<AgentVersionEntity[]> {
    if (ids.length === 0) return Promise.resolve([]);
    const qb = this.m
      .getRepository(AgentVersionEntity)
      .createQueryBuilder("v")
      .innerJoin(AgentEntity, "a", "a.id = v.agent_id AND a.deleted_at IS NULL")
      .where("v.project_id = :projectId", { projectId })
      .andWhere("v.state IN ('draft', 'published')");
    return this.anyMentioned(qb, "v.knowledge_base_ids", ids)
      .orderBy("v.name", "ASC")
      .addOrderBy("v.version", "DESC")
      .getMany();
  }

  private anyMentioned<T extends object>(qb: SelectQueryBuilder<T>, column: string, ids: readonly string[]) {
    const params = Object.fromEntries(ids.map((id, i) => [`mention${i}`, `%${id}%`]));
    return qb.andWhere(`(${ids.map((_, i) => `${column} LIKE :mention${i}`).join(" OR ")})`, params);
  }

  /** Whether the project has any version of the skill (US-1: none is NOT_FOUND). */
  async skillExists(projectId: string, name: string): Promise<boolean> {
    const row = await this.m
      .getRepository(SkillVersionEntity)
      .createQueryBuilder("s")
      .select("s.id", "id")
      .where("s.project_id = :projectId AND s.name = :name", { projectId, name })
      .limit(1)
      .getRawOne<{ id: string }>();
    return row !== undefined;
  }
}
