import { randomUUID } from "node:crypto";
import { isUniqueViolation, type Database, type Tx } from "../../platform/db/database";
import { Conflict, Invalid, NotFound, type Problem } from "../../platform/errors";
import { pageWindow, type Page } from "../../platform/graphql/page";
import type { AuditService } from "../audit";
import { moveLivePointer, type PublishGate } from "../versioning";
import type { AuthContext, AuthService, ProjectScope } from "../auth";
import type { KnowledgeService } from "../knowledge";
import { skillSourceProject, sourcePlace } from "../libraries";
import type { SkillReader } from "../skills";
import { AgentEntity } from "./agent.entity";
import { AgentPublishedChanged } from "./agent.events";
import { checkAgentConfig, type AgentConfigInput, type CheckedAgentConfig } from "./agent-config";
import { AgentRepository, type AgentVersionFilter } from "./agent.repository";
import type { AgentSecrets } from "./agent-secrets";
import { skillEntryProblems, type CandidateVersion } from "./agent-skill-check";
import { AgentSkillEntryEntity } from "./agent-skill-entry.entity";
import { AgentVersionEntity } from "./agent-version.entity";

/** The order of AgentInput's fields, so the first problem reported is the first in the input. */
const FIELD_ORDER = [
  "name",
  "alias",
  "mode",
  "prompt",
  "max_loaded_skills",
  "catalog_budget",
  "skills",
  "tools",
  "knowledge_base_ids",
  "model",
  "mcp_servers",
  "handoff_targets",
];

function problemRank(path: string): [number, number] {
  const match = /^([a-z_]+)(?:\[(\d+)\])?/.exec(path);
  const field = FIELD_ORDER.indexOf(match?.[1] ?? "");
  return [field < 0 ? FIELD_ORDER.length : field, Number(match?.[2] ?? -1)];
}

function refusal(problems: Problem[]): Invalid {
  const sorted = [...problems].sort((a, b) => {
    const [fa, ia] = problemRank(a.path);
    const [fb, ib] = problemRank(b.path);
    return fa - fb || ia - ib;
  });
  return Invalid.of(
    sorted,
    sorted.length === 1
      ? `The agent was refused: ${sorted[0]!.message}`
      : `The agent was refused with ${sorted.length} problems: ${sorted.map((p) => p.message).join(" ")}`,
  );
}

const NOTHING = { byId: new Map<string, CandidateVersion>(), published: new Map<string, CandidateVersion>() };

function gatewayProblem(config: CheckedAgentConfig): Problem {
  const field = config.alias !== null ? "alias" : "name";
  return {
    path: field,
    message: `${field}: another agent of this project is already called '${config.gatewayName}' (its alias, else its name, names it in the gateway); choose another ${field === "alias" ? "alias" : "name or set an alias"}.`,
  };
}

/** SV-9: an agent's skills as a call started at a given moment would have resolved them. */
export interface AgentSkillsAt {
  agentVersionId: string | null;
  agentVersion: number | null;
  skills: Array<{ name: string; pinned: boolean; versionId: string | null; version: number | null }>;
}

export class AgentService {
  constructor(
    private readonly db: Database,
    private readonly auth: AuthService,
    private readonly audit: AuditService,
    private readonly knowledge: KnowledgeService,
    private readonly skills: SkillReader,
    private readonly secrets: AgentSecrets,
    /** AP-1, SEC-24: an agent publish passes it inside its transaction. */
    private readonly gate: PublishGate,
  ) {}

  // ---- saving (AG-1..AG-4) ----

  /** Without agentId: a new agent, version 1, a draft. With it: that agent's next draft. */
  async save(ctx: AuthContext, input: AgentConfigInput, agentId?: string | null): Promise<AgentVersionEntity> {
    const scope = await this.auth.authorize(ctx, "editor");
    const config = checkAgentConfig(input);
    const knownBases = await this.knowledge.existingIds(scope.projectId, config.knowledgeBaseIds);
    const baseProblems = config.knowledgeBaseIds.flatMap((id, i) =>
      knownBases.has(id)
        ? []
        : [
            {
              path: `knowledge_base_ids[${i}]`,
              message: `knowledge_base_ids[${i}] '${id}': not a knowledge base of this project.`,
            },
          ],
    );
    try {
      return await this.db.write(async (tx) => {
        const repo = new AgentRepository(tx.manager);
        // an agentId given names an agent: an empty one is refused, never read as "no agentId" (a new agent)
        const agent = agentId != null ? await repo.lockAgent(scope.projectId, agentId) : null;
        if (agentId != null && !agent) throw new NotFound("The agent");
        const problems = [
          ...config.problems,
          ...baseProblems,
          ...(await this.skillProblems(tx, scope.projectId, config)),
          ...(await this.referenceProblems(repo, scope.projectId, config, agent?.id ?? null)),
        ];
        if (problems.length > 0) throw refusal(problems);
        return this.insertDraft(tx, repo, scope, config, agent);
      });
    } catch (error) {
      // Two saves racing for one gateway name: the partial unique index lets one win (GW-1).
      if (
        isUniqueViolation(error) &&
        /gateway_name/.test(String((error as { constraint?: string }).constraint ?? error))
      ) {
        throw refusal([gatewayProblem(config)]);
      }
      throw error;
    }
  }

  /** AG-2 and LB-4: every entry against the version it resolves to now, in the project the agent reads skills from. */
  private async skillProblems(tx: Tx, projectId: string, config: CheckedAgentConfig): Promise<Problem[]> {
    if (config.skills.length === 0) return [];
    const flagged = new Set(config.problems.flatMap((p) => /^skills\[(\d+)\]/.exec(p.path)?.[1] ?? []).map(Number));
    const entries = config.skills.map((entry, i) => (flagged.has(i) ? null : entry));
    const source = await skillSourceProject(tx.manager, projectId);
    if (!source.holdsSkills) {
      return skillEntryProblems(entries, config.tools, { ...NOTHING, place: sourcePlace(source), holdsSkills: false });
    }
    const listed = entries.flatMap((e) => (e ? [e] : []));
    // a concurrent delete of the last version of a listed skill waits for this save, then sees its entries (SV-7)
    const names = listed.map((e) => e.name);
    await this.skills.holdSkills(tx, source.projectId, names);
    const pinnedIds = listed.flatMap((e) => (e.versionId ? [e.versionId] : []));
    const followed = listed.flatMap((e) => (e.versionId ? [] : [e.name]));
    const pinned = await this.skills.versionsByIds(source.projectId, pinnedIds, tx);
    const live = await this.skills.publishedVersions(source.projectId, followed, tx);
    return skillEntryProblems(entries, config.tools, {
      byId: new Map(pinned.map((v): [string, CandidateVersion] => [v.id, v])),
      published: new Map(live.map((v): [string, CandidateVersion] => [v.name, v])),
      place: sourcePlace(source),
      holdsSkills: true,
    });
  }

  /** GW-1 and handoff targets: names and ids that must be (or must not be) other agents of the project. */
  private async referenceProblems(
    repo: AgentRepository,
    projectId: string,
    config: CheckedAgentConfig,
    agentId: string | null,
  ): Promise<Problem[]> {
    const problems: Problem[] = [];
    if (await repo.gatewayNameHolder(projectId, config.gatewayName, agentId)) problems.push(gatewayProblem(config));
    const live = await repo.liveAgentIds(projectId, config.handoffTargets);
    config.handoffTargets.forEach((target, i) => {
      if (target === agentId) {
        problems.push({
          path: `handoff_targets[${i}]`,
          message: `handoff_targets[${i}] '${target}': an agent cannot hand a call off to itself.`,
        });
      } else if (!live.has(target)) {
        problems.push({
          path: `handoff_targets[${i}]`,
          message: `handoff_targets[${i}] '${target}': not an agent of this project.`,
        });
      }
    });
    return problems;
  }

  private async insertDraft(
    tx: Tx,
    repo: AgentRepository,
    scope: ProjectScope,
    config: CheckedAgentConfig,
    existing: AgentEntity | null,
  ): Promise<AgentVersionEntity> {
    const now = new Date();
    const agent =
      existing ??
      Object.assign(new AgentEntity(), {
        id: randomUUID(),
        projectId: scope.projectId,
        lastVersion: 0,
        liveVersionId: null,
        gatewayName: config.gatewayName,
        createdAt: now,
        deletedAt: null,
      });
    if (!existing) await repo.insertAgent(agent);
    const previous = existing ? await repo.findNewest(existing.id) : null;
    const id = randomUUID();
    const version = Object.assign(new AgentVersionEntity(), {
      id,
      projectId: scope.projectId,
      agentId: agent.id,
      version: agent.lastVersion + 1,
      state: "draft" as const,
      name: config.name,
      alias: config.alias,
      mode: config.mode,
      prompt: config.prompt,
      maxLoadedSkills: config.maxLoadedSkills,
      catalogBudget: config.catalogBudget,
      tools: this.secrets.tools(id, config.tools, previous),
      knowledgeBaseIds: config.knowledgeBaseIds,
      model: this.secrets.model(id, config.model, previous),
      mcpServers: this.secrets.mcpServers(id, config.mcpServers, previous),
      handoffTargets: config.handoffTargets,
      warnings: config.warnings,
      createdBy: scope.actor,
      createdAt: now,
      updatedAt: now,
      publishedAt: null,
      archivedAt: null,
    });
    const entries = config.skills.map((entry, position) =>
      Object.assign(new AgentSkillEntryEntity(), {
        agentVersionId: id,
        position,
        projectId: scope.projectId,
        name: entry.name,
        pinnedVersionId: entry.versionId,
      }),
    );
    Object.assign(agent, { lastVersion: version.version, gatewayName: config.gatewayName });
    await repo.saveAgent(agent);
    await repo.insertVersion(version, entries);
    await this.audit.record(tx, {
      projectId: scope.projectId,
      resourceType: "agent",
      resourceId: id,
      action: existing ? "update" : "create",
      actor: scope.actor,
      data: { agent_id: agent.id, name: version.name, version: version.version },
    });
    return version;
  }

  // ---- the live pointer ----

  /** AG-1: the draft goes live and the agent's live version is archived, in one transaction on the locked agent row. */
  async publish(ctx: AuthContext, id: string): Promise<AgentVersionEntity> {
    const scope = await this.auth.authorize(ctx, "editor");
    return this.db.write(async (tx) => {
      const repo = new AgentRepository(tx.manager);
      const found = await repo.findVersion(scope.projectId, id);
      const agent = found ? await repo.lockAgent(scope.projectId, found.agentId) : null;
      // Read again under the lock: a concurrent publish may have changed its state meanwhile.
      const target = agent ? await repo.findVersion(scope.projectId, id) : null;
      if (!agent || !target) throw new NotFound("The agent version");
      if (target.state !== "draft") {
        throw new Conflict(
          target.state === "published"
            ? `Version ${target.version} of agent '${target.name}' is already live.`
            : `Version ${target.version} of agent '${target.name}' is archived and never changes; save a new version and publish it.`,
          { state: target.state },
        );
      }
      await moveLivePointer(
        tx,
        {
          findPublished: () => repo.findPublished(agent.id),
          setState: (versionId, state, at) => repo.setState(versionId, state, at),
          pointTo: async (versionId) => {
            agent.liveVersionId = versionId;
            await repo.saveAgent(agent);
          },
        },
        {
          action: "publish",
          target,
          audit: this.audit,
          entry: { projectId: scope.projectId, resourceType: "agent", actor: scope.actor },
          gate: this.gate,
          describe: (v) => ({ agent_id: agent.id, name: v.name, version: v.version }),
        },
      );
      tx.emit(AgentPublishedChanged({ projectId: scope.projectId, agentId: agent.id }));
      return target;
    }, scope);
  }

  /** Deletes the agent: it reads as not found and leaves every usage list; its versions stay for calls that ran them. */
  async delete(ctx: AuthContext, agentId: string): Promise<string> {
    const scope = await this.auth.authorize(ctx, "editor");
    return this.db.write(async (tx) => {
      const repo = new AgentRepository(tx.manager);
      const agent = await repo.lockAgent(scope.projectId, agentId);
      if (!agent) throw new NotFound("The agent");
      agent.deletedAt = new Date();
      await repo.saveAgent(agent);
      tx.emit(AgentPublishedChanged({ projectId: scope.projectId, agentId }));
      await this.audit.record(tx, {
        projectId: scope.projectId,
        resourceType: "agent",
        resourceId: agentId,
        action: "delete",
        actor: scope.actor,
        data: { agent_id: agentId, name: agent.gatewayName, last_version: agent.lastVersion },
      });
      return agentId;
    }, scope);
  }

  // ---- reading ----

  async list(
    ctx: AuthContext,
    filter: Omit<AgentVersionFilter, "projectId"> & { projectId?: string | null },
    page: number,
    limit: number,
  ): Promise<Page<AgentVersionEntity>> {
    const scope = await this.auth.authorize(ctx, "viewer", filter.projectId);
    const window = pageWindow(page, limit);
    const [items, total] = await this.db.read((m) =>
      new AgentRepository(m).page({ ...filter, projectId: scope.projectId }, window),
    );
    return { items, total, page: window.page, limit: window.limit };
  }

  async get(ctx: AuthContext, id: string): Promise<AgentVersionEntity | null> {
    const scope = await this.auth.authorize(ctx, "viewer");
    return this.db.read((m) => new AgentRepository(m).findVersion(scope.projectId, id));
  }

  /**
   * SV-9: what a call of agent `agentId` started at `at` would have resolved: the agent version published then, and
   * for each of its entries the pinned version, or the version live then (null when none was).
   */
  async skillsResolvedAt(ctx: AuthContext, agentId: string, at: Date): Promise<AgentSkillsAt> {
    const scope = await this.auth.authorize(ctx, "viewer");
    const { version, entries, source } = await this.db.read(async (m) => {
      const repo = new AgentRepository(m);
      // PJ-1: an agent that is not in the project (or was deleted) is not there, unlike one with nothing published then.
      if (!(await repo.liveAgentIds(scope.projectId, [agentId])).has(agentId)) throw new NotFound("The agent");
      const found = await repo.publishedAt(scope.projectId, agentId, at);
      return {
        version: found,
        entries: found ? await repo.entriesOf([found.id]) : [],
        source: await skillSourceProject(m, scope.projectId),
      };
    });
    if (!version) return { agentVersionId: null, agentVersion: null, skills: [] };
    const followed = entries.filter((e) => !e.pinnedVersionId).map((e) => e.name);
    const pinnedIds = entries.flatMap((e) => (e.pinnedVersionId ? [e.pinnedVersionId] : []));
    const [live, pinned] = source.holdsSkills
      ? await Promise.all([
          this.skills.liveAt(source.projectId, at, followed),
          this.skills.versionsByIds(source.projectId, pinnedIds),
        ])
      : [[], []];
    const liveByName = new Map(live.map((l) => [l.name, l]));
    const pinnedById = new Map(pinned.map((v) => [v.id, v]));
    return {
      agentVersionId: version.id,
      agentVersion: version.version,
      skills: entries.map((e) => {
        if (e.pinnedVersionId) {
          const pin = pinnedById.get(e.pinnedVersionId);
          return { name: e.name, pinned: true, versionId: pin?.id ?? null, version: pin?.version ?? null };
        }
        const live = liveByName.get(e.name);
        return { name: e.name, pinned: false, versionId: live?.versionId ?? null, version: live?.version ?? null };
      }),
    };
  }

  /** Batch, for AgentVersion.skills: the versions were read through a scoped query. */
  entriesOf(versionIds: readonly string[]): Promise<AgentSkillEntryEntity[]> {
    return this.db.read((m) => new AgentRepository(m).entriesOf(versionIds));
  }

  /** For the runtime: an agent version's write-only values in plain text. */
  get secretValues(): AgentSecrets {
    return this.secrets;
  }
}
