import type { Database, DbManager, Tx } from "../../platform/db/database";
import { Conflict, NotFound } from "../../platform/errors";
import type { AgentVersionEntity } from "../agents";
import type { AuthContext, AuthService } from "../auth";
import { skillSourceProject, type SkillSource } from "../libraries";
import { normaliseSkillName, type SkillReader, type SkillVersionEntity } from "../skills";
import { UsageRepository, type UsageRow } from "./usage.repository";

/** One agent version that lists a skill, as US-1 shows it. */
export interface SkillUsage extends UsageRow {
  pinned: boolean;
  /** The project holding the skill (where resolvesToId is a version). */
  skillProjectId: string;
}

/** Who names a knowledge base: draft and published versions only. */
export interface KnowledgeBaseUsers {
  skillVersions: SkillVersionEntity[];
  agentVersions: AgentVersionEntity[];
}

const MAX_NAMED_IN_MESSAGE = 5;

/**
 * The agents of `projectId` a change of a skill's live version reaches (the publish gate, a rollout's evals): those
 * whose published version follows the skill live (not pinned). Linked projects run their own evals.
 */
export function reachedAgentIds(users: readonly SkillUsage[], projectId: string): string[] {
  return [
    ...new Set(
      users.filter((u) => !u.pinned && u.projectId === projectId && u.agentState === "published").map((u) => u.agentId),
    ),
  ];
}

export class UsageService {
  constructor(
    private readonly db: Database,
    private readonly auth: AuthService,
    private readonly skills: SkillReader,
  ) {}

  /** US-1: who uses the project's skill `name`. A name the project has no version of is NOT_FOUND. */
  async skillUsage(ctx: AuthContext, rawName: string, projectId?: string | null): Promise<SkillUsage[]> {
    const name = normaliseSkillName(rawName);
    const scope = await this.auth.authorize(ctx, "viewer", projectId);
    return this.db.read(async (m) => {
      // independent reads: on PostgreSQL they run side by side on two pooled connections
      const [exists, source] = await Promise.all([
        new UsageRepository(m).skillExists(scope.projectId, name),
        skillSourceProject(m, scope.projectId),
      ]);
      if (!exists) throw new NotFound("The skill");
      return (await this.usageFrom(m, source, scope.projectId, [name])).get(name) ?? [];
    });
  }

  /** The system's read (RO-3: a rollout's step, no request): the agents a move of the skill's live version reaches. */
  async agentsReached(projectId: string, name: string): Promise<string[]> {
    const users = await this.db.read((m) => this.usageIn(m, projectId, [name]));
    return reachedAgentIds(users.get(name) ?? [], projectId);
  }

  /** SkillVersion.usage for many names at once: one authorisation, one source lookup, one usage statement. */
  async usageOfSkills(
    ctx: AuthContext,
    projectId: string,
    names: readonly string[],
  ): Promise<Map<string, SkillUsage[]>> {
    const scope = await this.auth.authorize(ctx, "viewer", projectId);
    return this.db.read((m) => this.usageIn(m, scope.projectId, names));
  }

  /**
   * Usage of `names`, skills of `projectId`. A project linked to a library reads none of its own skills, so
   * nobody uses them (US-1, LB-4); otherwise its agents and those of every live project linked to it do.
   */
  private async usageIn(m: DbManager, projectId: string, names: readonly string[]): Promise<Map<string, SkillUsage[]>> {
    return this.usageFrom(m, await skillSourceProject(m, projectId), projectId, names);
  }

  private async usageFrom(
    m: DbManager,
    source: SkillSource,
    projectId: string,
    names: readonly string[],
  ): Promise<Map<string, SkillUsage[]>> {
    const byName = new Map<string, SkillUsage[]>(names.map((n) => [n, []]));
    if (source.projectId !== projectId) return byName;
    for (const row of await new UsageRepository(m).usage(projectId, names)) {
      byName.get(row.skill)?.push({ ...row, pinned: row.pinnedVersionId !== null, skillProjectId: projectId });
    }
    return byName;
  }

  /**
   * UX-6 (knowledge bases): per base among `ids`, the draft and published skill versions and agent versions of the
   * project that name it. Two statements for any number of bases.
   */
  async knowledgeBaseUsers(
    ctx: AuthContext,
    projectId: string,
    ids: readonly string[],
  ): Promise<Map<string, KnowledgeBaseUsers>> {
    const scope = await this.auth.authorize(ctx, "viewer", projectId);
    const [skills, agents] = await this.db.read((m) => {
      const repo = new UsageRepository(m);
      return Promise.all([
        repo.skillVersionsNaming(scope.projectId, ids),
        repo.agentVersionsNaming(scope.projectId, ids),
      ]);
    });
    return new Map(
      ids.map((id) => [
        id,
        {
          skillVersions: skills.filter((s) => s.knowledgeBases.some((k) => k.knowledgeBaseId === id)),
          agentVersions: agents.filter((a) => a.knowledgeBaseIds.includes(id)),
        },
      ]),
    );
  }

  /** For SkillUsage.resolvesTo: versions the usage query named, in the project holding them. */
  resolvedVersions(projectId: string, ids: readonly string[]): Promise<SkillVersionEntity[]> {
    return this.skills.versionsByIds(projectId, ids);
  }

  /**
   * SV-7, the skill lifecycle's DeleteGuard (wired by app.ts): deleting any version of a skill that a draft or published agent
   * version lists — in the project or, for a library, in any project linked to it — is a CONFLICT naming them.
   */
  async guardSkillDelete(tx: Tx, projectId: string, name: string): Promise<void> {
    const users = (await this.usageIn(tx.manager, projectId, [name])).get(name) ?? [];
    if (users.length === 0) return;
    const agents = users.map((u) => ({
      agent_id: u.agentId,
      project_id: u.projectId,
      name: u.agentName,
      version: u.agentVersion,
      state: u.agentState,
    }));
    const named = agents.slice(0, MAX_NAMED_IN_MESSAGE).map((a) => `'${a.name}' version ${a.version} (${a.state})`);
    const more = agents.length > MAX_NAMED_IN_MESSAGE ? ` and ${agents.length - MAX_NAMED_IN_MESSAGE} more` : "";
    throw new Conflict(
      `Skill '${name}' is used by ${agents.length} agent version${agents.length === 1 ? "" : "s"}: ${named.join(", ")}${more}. Remove the skill from their skills first, then delete the version.`,
      { agents },
    );
  }
}
