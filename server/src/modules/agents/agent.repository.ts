import { In, IsNull, type QueryDeepPartialEntity } from "typeorm";
import type { PageWindow } from "../../platform/graphql/page";
import { entriesCatalogColumn, type VersionStateName } from "../skills";
import { AgentEntity } from "./agent.entity";
import { AgentSkillEntryEntity } from "./agent-skill-entry.entity";
import { AgentVersionEntity } from "./agent-version.entity";
import type { Dialect, SqlStatement } from "../../platform/db/database";
import { SOURCE_HOLDS_SKILLS_SQL, sourceJoin, sourceProjectSql, type RawSourceRow } from "../libraries";
import { BaseRepository, containsPattern } from "../../platform/db/repository";

export interface AgentVersionFilter {
  projectId: string;
  agentId?: string | null;
  state?: VersionStateName | null;
  /** UX-5: only each agent's newest version (one row per agent, a picker's list). */
  latest?: boolean | null;
  /** UX-5: versions whose name contains this text, case aside. */
  search?: string | null;
}

/** The only place that builds agent queries. Deleted agents' versions are invisible to every read here. */
export class AgentRepository extends BaseRepository {
  private get agents() {
    return this.m.getRepository(AgentEntity);
  }

  private get versions() {
    return this.m.getRepository(AgentVersionEntity);
  }

  async insertAgent(agent: AgentEntity): Promise<void> {
    await this.agents.insert(agent as QueryDeepPartialEntity<AgentEntity>);
  }

  /** The live agent row, locked for the rest of the transaction on PostgreSQL (SQLite serialises writes already). */
  async lockAgent(projectId: string, agentId: string): Promise<AgentEntity | null> {
    const qb = this.agents
      .createQueryBuilder("a")
      .where("a.id = :agentId AND a.project_id = :projectId AND a.deleted_at IS NULL", { agentId, projectId });
    this.forUpdate(qb);
    return qb.getOne();
  }

  async saveAgent(agent: AgentEntity): Promise<void> {
    await this.agents.update(
      { id: agent.id },
      {
        lastVersion: agent.lastVersion,
        liveVersionId: agent.liveVersionId,
        gatewayName: agent.gatewayName,
        deletedAt: agent.deletedAt,
      },
    );
  }

  /** GW-1: another live agent whose newest or published version is called `gatewayName` (alias, else name). */
  async gatewayNameHolder(
    projectId: string,
    gatewayName: string,
    exceptAgentId: string | null,
  ): Promise<string | null> {
    const qb = this.agents
      .createQueryBuilder("a")
      .leftJoin(AgentVersionEntity, "v", "v.agent_id = a.id AND v.state = 'published'")
      .select("a.id", "id")
      .where("a.project_id = :projectId AND a.deleted_at IS NULL", { projectId })
      .andWhere("(a.gateway_name = :gatewayName OR COALESCE(v.alias, v.name) = :gatewayName)", { gatewayName });
    if (exceptAgentId) qb.andWhere("a.id <> :exceptAgentId", { exceptAgentId });
    const row = await qb.limit(1).getRawOne<{ id: string }>();
    return row?.id ?? null;
  }

  /** Live agents of the project among `ids`. */
  async liveAgentIds(projectId: string, ids: readonly string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const found = await this.agents.find({
      select: { id: true },
      where: { projectId, id: In([...ids]), deletedAt: IsNull() },
    });
    return new Set(found.map((a) => a.id));
  }

  async insertVersion(version: AgentVersionEntity, entries: AgentSkillEntryEntity[]): Promise<void> {
    await this.versions.insert(version as QueryDeepPartialEntity<AgentVersionEntity>);
    if (entries.length > 0)
      await this.m
        .getRepository(AgentSkillEntryEntity)
        .insert(entries as QueryDeepPartialEntity<AgentSkillEntryEntity>[]);
  }

  findNewest(agentId: string): Promise<AgentVersionEntity | null> {
    return this.versions.findOne({ where: { agentId }, order: { version: "DESC" } });
  }

  findPublished(agentId: string): Promise<AgentVersionEntity | null> {
    return this.versions.findOneBy({ agentId, state: "published" });
  }

  /** SV-9: the version of an agent that was published at `at` (a version is published once, archived once). */
  publishedAt(projectId: string, agentId: string, at: Date): Promise<AgentVersionEntity | null> {
    return this.versions
      .createQueryBuilder("v")
      .where("v.agent_id = :agentId AND v.project_id = :projectId", { agentId, projectId })
      .andWhere("v.published_at IS NOT NULL AND v.published_at <= :at", { at: at.getTime() })
      .andWhere("(v.archived_at IS NULL OR v.archived_at > :at)", { at: at.getTime() })
      .orderBy("v.published_at", "DESC")
      .addOrderBy("v.version", "DESC")
      .getOne();
  }

  /** GW-1: the published version of the live agent whose gateway name (alias, else name) is `gatewayName`. */
  findPublishedByGatewayName(projectId: string, gatewayName: string): Promise<AgentVersionEntity | null> {
    return this.versions
      .createQueryBuilder("v")
      .innerJoin(AgentEntity, "a", "a.id = v.agent_id AND a.deleted_at IS NULL")
      .where("v.project_id = :projectId AND v.state = 'published'", { projectId })
      .andWhere("COALESCE(v.alias, v.name) = :gatewayName", { gatewayName })
      .orderBy("v.published_at", "DESC")
      .getOne();
  }

  /**
   * CT-2: the live agents whose published versions list the most skills (at least `minEntries`), most first, every
   * project's: the boot builds their catalogs' indexes before a call asks.
   */
  async mostSkilledPublished(
    minEntries: number,
    limit: number,
  ): Promise<Array<{ projectId: string; agentId: string }>> {
    return this.versions
      .createQueryBuilder("v")
      .innerJoin(AgentEntity, "a", "a.id = v.agent_id AND a.deleted_at IS NULL")
      .innerJoin(AgentSkillEntryEntity, "e", "e.agent_version_id = v.id")
      .select("v.project_id", "projectId")
      .addSelect("v.agent_id", "agentId")
      .where("v.state = 'published'")
      .groupBy("v.project_id")
      .addGroupBy("v.agent_id")
      .having("COUNT(*) >= :minEntries", { minEntries })
      .orderBy("COUNT(*)", "DESC")
      .addOrderBy("v.agent_id", "ASC")
      .limit(limit)
      .getRawMany<{ projectId: string; agentId: string }>();
  }

  /** GW-1: the gateway names of the project's live agents that have a published version, sorted. */
  async publishedGatewayNames(projectId: string): Promise<string[]> {
    const rows = await this.versions
      .createQueryBuilder("v")
      .innerJoin(AgentEntity, "a", "a.id = v.agent_id AND a.deleted_at IS NULL")
      .select("COALESCE(v.alias, v.name)", "name")
      .where("v.project_id = :projectId AND v.state = 'published'", { projectId })
      .getRawMany<{ name: string }>();
    return [...new Set(rows.map((r) => r.name))].sort();
  }

  /** Any version by id (versions never move between projects; callers hold the id from their own call). */
  findVersionById(id: string): Promise<AgentVersionEntity | null> {
    return this.versions.findOneBy({ id });
  }

  /** The current names (alias or name) of live agents among `ids`. */
  async namesOf(projectId: string, ids: readonly string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.agents.find({
      where: { projectId, id: In([...ids]), deletedAt: IsNull() },
      select: { id: true, gatewayName: true },
    });
    return new Map(rows.map((r) => [r.id, r.gatewayName]));
  }

  /** A version of a live agent of the project. */
  findVersion(projectId: string, id: string): Promise<AgentVersionEntity | null> {
    return this.versions
      .createQueryBuilder("v")
      .innerJoin(AgentEntity, "a", "a.id = v.agent_id AND a.deleted_at IS NULL")
      .where("v.id = :id AND v.project_id = :projectId", { id, projectId })
      .getOne();
  }

  async setState(id: string, state: VersionStateName, at: Date): Promise<void> {
    const stamps =
      state === "published" ? { publishedAt: at, archivedAt: null } : state === "archived" ? { archivedAt: at } : {};
    await this.versions.update({ id }, { state, updatedAt: at, ...stamps });
  }

  /** Newest first; ties broken by version number and id, never by time alone. */
  async page(filter: AgentVersionFilter, window: PageWindow): Promise<[AgentVersionEntity[], number]> {
    const qb = this.versions
      .createQueryBuilder("v")
      .innerJoin(AgentEntity, "a", "a.id = v.agent_id AND a.deleted_at IS NULL")
      .where("v.project_id = :projectId", { projectId: filter.projectId });
    if (filter.agentId) qb.andWhere("v.agent_id = :agentId", { agentId: filter.agentId });
    if (filter.state) qb.andWhere("v.state = :state", { state: filter.state });
    if (filter.latest) {
      qb.andWhere(
        (sub) =>
          `v.version = ${sub
            .subQuery()
            .select("MAX(n.version)")
            .from(AgentVersionEntity, "n")
            .where("n.agent_id = v.agent_id")
            .getQuery()}`,
      );
    }
    if (filter.search) {
      qb.andWhere("LOWER(v.name) LIKE :search ESCAPE '\\'", { search: containsPattern(filter.search) });
    }
    return qb
      .orderBy("v.created_at", "DESC")
      .addOrderBy("v.version", "DESC")
      .addOrderBy("v.id", "ASC")
      .skip(window.offset)
      .take(window.limit)
      .getManyAndCount();
  }

  /** The skill entries of many versions, in position order. */
  entriesOf(versionIds: readonly string[]): Promise<AgentSkillEntryEntity[]> {
    if (versionIds.length === 0) return Promise.resolve([]);
    return this.m
      .getRepository(AgentSkillEntryEntity)
      .find({ where: { agentVersionId: In([...versionIds]) }, order: { agentVersionId: "ASC", position: "ASC" } });
  }
}

/** What a call runs of an agent's published version (AG-1, RT-1). */
export type CallAgentVersion = Pick<
  AgentVersionEntity,
  | "id"
  | "agentId"
  | "name"
  | "alias"
  | "mode"
  | "prompt"
  | "maxLoadedSkills"
  | "catalogBudget"
  | "tools"
  | "knowledgeBaseIds"
  | "model"
  | "mcpServers"
  | "handoffTargets"
>;

/**
 * A `publishedAgentStatement` row as the driver reads it (JSON as text), with its project's skill source columns
 * (`RawSourceRow`).
 */
export interface PublishedAgentRow extends RawSourceRow {
  id: string;
  agent_id: string;
  name: string;
  alias: string | null;
  mode: AgentVersionEntity["mode"];
  prompt: string;
  max_loaded_skills: number;
  catalog_budget: number;
  tools: string;
  knowledge_base_ids: string;
  model: string | null;
  mcp_servers: string;
  handoff_targets: string;
  /** [position, name, pinned version id] per entry; null on PostgreSQL when there are none. */
  skill_entries: string | null;
  /** [agent id, gateway name] per handoff target that is a live agent of the project; null when none is. */
  handoff_names: string | null;
  /**
   * The versions the entries resolve against in the skill source (`entriesCatalogColumn`); null when the agent runs no
   * skills (speech to speech, AG-4) or its source holds none (a deleted library, LB-7).
   */
  skill_catalog: string | null;
}

/** The named statement `publishedAgentStatement` is on PostgreSQL. */
export const PUBLISHED_AGENT_STATEMENT = "published_agent";

/**
 * The published version of a live agent of the project (what a call runs, AG-1) with its skill entries and the
 * gateway names of its live handoff targets as JSON columns of the same row: one statement for `Database.rows`,
 * mapped by `publishedAgentOf` (no query builder, no hydration on a call start's cache miss). The same row
 * carries what the start reads next when its caches are cold: the project's skill source (LB-4, `sourceJoin`) and the
 * skill versions its entries resolve against there (`entriesCatalogColumn`) — one round trip instead of three.
 */
export function publishedAgentStatement(dialect: Dialect, projectId: string, agentId: string): SqlStatement {
  const postgres = dialect === "postgres";
  const entries = postgres
    ? "CAST(json_agg(json_build_array(e.position, e.name, e.pinned_version_id)) AS text)"
    : "json_group_array(json_array(e.position, e.name, e.pinned_version_id))";
  const names = postgres
    ? "CAST(json_agg(json_build_array(t.id, t.gateway_name)) AS text)"
    : "json_group_array(json_array(t.id, t.gateway_name))";
  const targets = postgres
    ? "SELECT json_array_elements_text(CAST(v.handoff_targets AS json))"
    : "SELECT value FROM json_each(v.handoff_targets)";
  // SQLite's json_group_array over no row is '[]'; a CASE keeps "none" the same null on both databases
  const handoffs = `(SELECT ${names} FROM agents t WHERE t.project_id = v.project_id AND t.deleted_at IS NULL
       AND t.id IN (${targets}))`;
  const source = sourceJoin("v.project_id");
  const catalog = entriesCatalogColumn(dialect, "v.id", sourceProjectSql("v.project_id"));
  return [
    `SELECT v.id, v.agent_id, v.name, v.alias, v.mode, v.prompt, v.max_loaded_skills, v.catalog_budget, v.tools, v.knowledge_base_ids,
       v.model, v.mcp_servers, v.handoff_targets,
       (SELECT ${entries} FROM agent_skill_entries e WHERE e.agent_version_id = v.id) AS skill_entries,
       CASE WHEN v.handoff_targets = '[]' THEN NULL ELSE ${handoffs} END AS handoff_names,
       ${source.columns},
       CASE WHEN v.mode = 'speech_to_speech' OR NOT (${SOURCE_HOLDS_SKILLS_SQL}) THEN NULL ELSE ${catalog} END
         AS skill_catalog
     FROM agent_versions v JOIN agents a ON a.id = v.agent_id AND a.deleted_at IS NULL ${source.joins}
     WHERE v.agent_id = ${postgres ? "$1" : "?"} AND v.project_id = ${postgres ? "$2" : "?"} AND v.state = 'published'`,
    [agentId, projectId],
  ];
}

export function publishedAgentOf(row: PublishedAgentRow): {
  version: CallAgentVersion;
  entries: Array<{ name: string; pinnedVersionId: string | null }>;
  handoffNames: Map<string, string>;
} {
  const entries = JSON.parse(row.skill_entries ?? "[]") as Array<[number, string, string | null]>;
  entries.sort((a, b) => a[0] - b[0]);
  const names = JSON.parse(row.handoff_names ?? "[]") as Array<[string, string]>;
  return {
    version: {
      id: row.id,
      agentId: row.agent_id,
      name: row.name,
      alias: row.alias,
      mode: row.mode,
      prompt: row.prompt,
      maxLoadedSkills: Number(row.max_loaded_skills),
      catalogBudget: Number(row.catalog_budget),
      tools: JSON.parse(row.tools) as CallAgentVersion["tools"],
      knowledgeBaseIds: JSON.parse(row.knowledge_base_ids) as string[],
      model: row.model === null ? null : (JSON.parse(row.model) as CallAgentVersion["model"]),
      mcpServers: JSON.parse(row.mcp_servers) as CallAgentVersion["mcpServers"],
      handoffTargets: JSON.parse(row.handoff_targets) as string[],
    },
    entries: entries.map(([, name, pinnedVersionId]) => ({ name, pinnedVersionId })),
    handoffNames: new Map(names),
  };
}
