import { randomUUID } from "node:crypto";
import type { Database } from "../../platform/db/database";
import { Invalid, NotFound } from "../../platform/errors";
import { pageWindow, type Page } from "../../platform/graphql/page";
import type { AuditService } from "../audit";
import type { AuthContext, AuthService, ProjectScope } from "../auth";
import type { CallResolution } from "../calls";
import { normaliseSkillName } from "../skills";
import type { UsageService } from "../usage";
import { EvalRunEntity, EvalScenarioEntity, type EvalResultEntity } from "./eval.entity";
import { EvalRunQueued } from "./eval.events";
import { EvalRepository } from "./eval.repository";
import type { EvalPlanner, EvalTargetSpec } from "./eval-plan";
import { checkScenario, type ScenarioInput } from "./eval-scenario-check";

export const MAX_ITERATIONS = 1000;

export interface StartEvalRunInput {
  target: { agentId?: string | null; inlineAgent?: unknown; skillUsage?: string | null };
  scenarioIds?: string[] | null;
  tag?: string | null;
  iterations?: number | null;
}

/** The tag of a skill's scenarios (EV-4). */
export const skillTag = (name: string) => `skill:${name}`;

/** Scenarios (viewers read, editors write) and runs: startEvalRun queues, the EvalWorker runs. */
export class EvalService {
  constructor(
    private readonly db: Database,
    private readonly auth: AuthService,
    private readonly audit: AuditService,
    private readonly calls: CallResolution,
    private readonly usage: UsageService,
    private readonly planner: EvalPlanner,
  ) {}

  async saveScenario(ctx: AuthContext, input: ScenarioInput, id: string | null): Promise<EvalScenarioEntity> {
    const scope = await this.auth.authorize(ctx, "editor");
    const checked = checkScenario(input);
    return this.db.write(async (tx) => {
      const repo = new EvalRepository(tx.manager);
      const now = new Date();
      // An id given (even an empty one) names a scenario to edit; only no id at all creates one.
      const editing = id !== null && id !== undefined;
      const existing = editing ? await repo.lockScenario(scope.projectId, id) : null;
      if (editing && !existing) throw new NotFound("The eval scenario");
      const scenario = Object.assign(existing ?? new EvalScenarioEntity(), {
        ...checked,
        id: existing?.id ?? randomUUID(),
        projectId: scope.projectId,
        createdAt: existing?.createdAt ?? now,
        updatedAt: now,
      });
      await repo.saveScenario(scenario);
      await this.audit.record(tx, {
        projectId: scope.projectId,
        resourceType: "eval_scenario",
        resourceId: scenario.id,
        action: existing ? "update" : "create",
        actor: scope.actor,
        data: { name: scenario.name, tags: scenario.tags },
      });
      return scenario;
    });
  }

  async deleteScenario(ctx: AuthContext, id: string): Promise<string> {
    const scope = await this.auth.authorize(ctx, "editor");
    return this.db.write(async (tx) => {
      if (!(await new EvalRepository(tx.manager).deleteScenario(scope.projectId, id)))
        throw new NotFound("The eval scenario");
      await this.audit.record(tx, {
        projectId: scope.projectId,
        resourceType: "eval_scenario",
        resourceId: id,
        action: "delete",
        actor: scope.actor,
      });
      return id;
    });
  }

  async scenarios(
    ctx: AuthContext,
    tag: string | null,
    page: number,
    limit: number,
  ): Promise<Page<EvalScenarioEntity>> {
    const scope = await this.auth.authorize(ctx, "viewer");
    const window = pageWindow(page, limit);
    const [items, total] = await this.db.read((m) => new EvalRepository(m).scenarioPage(scope.projectId, tag, window));
    return { items, total, page: window.page, limit: window.limit };
  }

  /** The project's scenarios with a tag (the publish gate's `skill:<name>`). */
  taggedScenarios(projectId: string, tag: string): Promise<EvalScenarioEntity[]> {
    return this.db.read((m) => new EvalRepository(m).scenariosFor(projectId, null, tag));
  }

  /** Checks the input, stores the run `queued` with its scenarios as they stand, and answers at once. */
  async startRun(ctx: AuthContext, input: StartEvalRunInput): Promise<EvalRunEntity> {
    const scope = await this.auth.authorize(ctx, "editor");
    const iterations = input.iterations ?? 1;
    if (!Number.isInteger(iterations) || iterations < 1 || iterations > MAX_ITERATIONS) {
      throw Invalid.field(
        "iterations",
        `iterations must be a whole number from 1 to ${MAX_ITERATIONS}; it is ${iterations}.`,
      );
    }
    const id = randomUUID();
    const target = await this.target(ctx, scope, id, input.target);
    const tag = input.tag ?? (target.kind === "agents" && target.skillUsage ? skillTag(target.skillUsage) : null);
    const ids = input.scenarioIds ?? null;
    const scenarios = await this.db.read((m) => new EvalRepository(m).scenariosFor(scope.projectId, ids, tag));
    const missing = (ids ?? []).filter((s) => !scenarios.some((found) => found.id === s));
    if (missing.length > 0) {
      throw Invalid.field("scenario_ids", `No eval scenario ${missing[0]} in this project.`, {
        scenario_id: missing[0],
      });
    }
    if (scenarios.length === 0) {
      throw Invalid.field(ids ? "scenario_ids" : "tag", `No eval scenario matches${tag ? ` the tag '${tag}'` : ""}.`);
    }
    const run = Object.assign(new EvalRunEntity(), {
      id,
      projectId: scope.projectId,
      status: "queued" as const,
      target,
      scenarios: scenarios.map(({ id: sid, name, turns, expectations, mocks, mockOnly, variables }) => ({
        id: sid,
        name,
        turns,
        expectations,
        mocks,
        mockOnly,
        variables,
      })),
      iterations,
      plan: null,
      resolvedConfig: {},
      warnings: [],
      total: 0,
      completed: 0,
      passed: 0,
      error: null,
      lockedUntil: null,
      claimedBy: null,
      createdAt: new Date(),
      finishedAt: null,
    });
    await this.db.write(async (tx) => {
      await new EvalRepository(tx.manager).insertRun(run);
      tx.emit(EvalRunQueued({ projectId: run.projectId, runId: run.id }));
    }, scope);
    return run;
  }

  /** EV-4: a stored agent, an inline agent (checked now, sealed for the worker), or a skill's usage here. */
  private async target(
    ctx: AuthContext,
    scope: ProjectScope,
    runId: string,
    target: StartEvalRunInput["target"],
  ): Promise<EvalTargetSpec> {
    const given = [target.agentId, target.inlineAgent, target.skillUsage].filter((v) => v !== undefined && v !== null);
    if (given.length !== 1) {
      throw Invalid.field(
        "target",
        "Give exactly one of target.agentId (a stored agent), target.inlineAgent or target.skillUsage (a skill's name).",
      );
    }
    // The one target given, even an empty one (an empty agent id is an unknown agent, not "no agent").
    if (typeof target.agentId === "string") {
      await this.calls.publishedAgent(scope, target.agentId, "target.agent_id");
      return { kind: "agents", agentIds: [target.agentId], skillUsage: null };
    }
    if (target.inlineAgent !== undefined && target.inlineAgent !== null) {
      await this.planner.inlineAgent(scope.projectId, target.inlineAgent);
      return { kind: "inline", sealedConfig: this.planner.sealConfig(runId, target.inlineAgent) };
    }
    // SK-1: the name after NFKC, for its usage and for the scenarios tagged `skill:<name>`.
    const name = normaliseSkillName(target.skillUsage!);
    // Linked projects run their own evals: this project's agents whose published version lists the skill.
    const users = await this.usage.skillUsage(ctx, name);
    const agentIds = [
      ...new Set(
        users.filter((u) => u.projectId === scope.projectId && u.agentState === "published").map((u) => u.agentId),
      ),
    ];
    if (agentIds.length === 0) {
      throw Invalid.field("target.skill_usage", `No published agent of this project lists the skill '${name}'.`, {
        skill: name,
      });
    }
    return { kind: "agents", agentIds, skillUsage: name };
  }

  /** `withResults`: the run's results read with its progress counters, one snapshot (`run.results`). */
  async run(ctx: AuthContext, id: string, withResults = false): Promise<EvalRunEntity | null> {
    const scope = await this.auth.authorize(ctx, "viewer");
    return this.db.read((m) => new EvalRepository(m).findRun(scope.projectId, id, withResults));
  }

  async runs(ctx: AuthContext, page: number, limit: number, withResults = false): Promise<Page<EvalRunEntity>> {
    const scope = await this.auth.authorize(ctx, "viewer");
    const window = pageWindow(page, limit);
    const [items, total] = await this.db.read((m) =>
      new EvalRepository(m).runPage(scope.projectId, window, withResults),
    );
    return { items, total, page: window.page, limit: window.limit };
  }

  resultsOf(runIds: readonly string[]): Promise<EvalResultEntity[]> {
    return this.db.read((m) => new EvalRepository(m).resultsOf(runIds));
  }
}
