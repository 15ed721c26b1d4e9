import { randomUUID } from "node:crypto";
import { Invalid } from "../../platform/errors";
import type { AuthContext, AuthService } from "../auth";
import type { SkillCatalogService } from "../skills";
import type { EvalExecutor, RunnableScenario } from "./eval-executor";
import type { EvalPlanner, PlannedAgent } from "./eval-plan";
import { skillTag, type EvalService } from "./eval.service";

export const MAX_GATE_ITERATIONS = 20;

/** How one version did against one agent: iterations run, passed (every expectation), and those that loaded it. */
export interface EvalScore {
  versionId: string;
  version: number;
  results: number;
  passed: number;
  loaded: number;
  passRate: number | null;
  loadRate: number | null;
}

export interface EvalAgentComparison {
  agentId: string;
  agentName: string;
  candidate: EvalScore;
  live: EvalScore | null;
}

export interface EvalComparison {
  tag: string;
  iterations: number;
  scenarios: number;
  agents: EvalAgentComparison[];
  warnings: string[];
}

export interface GateInput {
  projectId: string;
  skill: string;
  candidate: { id: string; version: number };
  live: { id: string; version: number } | null;
  /** The agents the change reaches (followers of the live version), this project's. */
  agentIds: string[];
}

/**
 * The publish gate: the skill's tagged scenarios (`skill:<name>`) run against every agent the change reaches, once
 * with the candidate standing in for the live version and once as things stand, through the same executor as runs.
 * Synchronous (the field is opt-in) and bounded: at most MAX_GATE_ITERATIONS iterations of each scenario. A staged
 * rollout's steps (RO-3) run the same comparison with the rollout's eval tag, as the system (`compareFor`).
 */
export class EvalGate {
  constructor(
    private readonly auth: AuthService,
    private readonly evals: EvalService,
    private readonly planner: EvalPlanner,
    private readonly executor: EvalExecutor,
    private readonly catalog: SkillCatalogService,
  ) {}

  /** The publish preview's evaluation: the caller must be an editor of the project; the tag is `skill:<name>`. */
  async compare(ctx: AuthContext, input: GateInput, iterations: number): Promise<EvalComparison> {
    await this.auth.authorize(ctx, "editor", input.projectId);
    return this.compareFor(input, iterations, skillTag(input.skill));
  }

  /**
   * The comparison itself, for a caller that already decided it may run (the publish preview above; a staged
   * rollout's step, RO-3, as the system): the scenarios tagged `tag`. A model failure throws (UpstreamError).
   */
  async compareFor(input: GateInput, iterations: number, tag: string): Promise<EvalComparison> {
    if (!Number.isInteger(iterations) || iterations < 1 || iterations > MAX_GATE_ITERATIONS) {
      throw Invalid.field(
        "iterations",
        `iterations must be a whole number from 1 to ${MAX_GATE_ITERATIONS}; it is ${iterations}.`,
      );
    }
    const scenarios = await this.evals.taggedScenarios(input.projectId, tag);
    if (scenarios.length === 0) {
      return {
        tag,
        iterations,
        scenarios: 0,
        agents: [],
        warnings: [`no_scenarios: no eval scenario is tagged '${tag}'`],
      };
    }
    const catalog = await this.catalog.catalogFor(input.projectId, [
      { name: input.skill, versionId: input.candidate.id },
    ]);
    const candidate = catalog.versionsById.get(input.candidate.id);
    if (!candidate) throw Invalid.field("version_id", `The version ${input.candidate.id} could not be read.`);
    const warnings = new Set<string>();
    const agents: EvalAgentComparison[] = [];
    for (const agentId of input.agentIds) {
      const target = { kind: "agents" as const, agentIds: [agentId], skillUsage: null };
      const owner = randomUUID();
      const withCandidate = await this.planner.plan(owner, input.projectId, target, candidate);
      const asLive = input.live ? await this.planner.plan(owner, input.projectId, target) : null;
      for (const w of [...withCandidate.warnings, ...(asLive?.warnings ?? [])]) warnings.add(w);
      const planned = withCandidate.plan.agents[0];
      if (!planned) continue;
      // One after the other: the candidate's iterations, then the live version's.
      const candidateScore = await this.score(owner, planned, scenarios, iterations, input.skill, input.candidate);
      const livePlanned = asLive?.plan.agents[0];
      const liveScore =
        livePlanned && input.live
          ? await this.score(owner, livePlanned, scenarios, iterations, input.skill, input.live)
          : null;
      agents.push({ agentId, agentName: planned.agentName, candidate: candidateScore, live: liveScore });
    }
    return { tag, iterations, scenarios: scenarios.length, agents, warnings: [...warnings] };
  }

  private async score(
    owner: string,
    agent: PlannedAgent,
    scenarios: readonly RunnableScenario[],
    iterations: number,
    skill: string,
    version: { id: string; version: number },
  ): Promise<EvalScore> {
    const open = this.planner.opener(owner, 0, agent);
    let [results, passed, loaded] = [0, 0, 0];
    for (const scenario of scenarios) {
      for (let i = 0; i < iterations; i++) {
        const outcome = await this.executor.iteration(agent, open, scenario);
        results += 1;
        if (outcome.passed) passed += 1;
        if (outcome.loadedSkills.includes(skill)) loaded += 1;
      }
    }
    const rate = (n: number) => (results === 0 ? null : n / results);
    return {
      versionId: version.id,
      version: version.version,
      results,
      passed,
      loaded,
      passRate: rate(passed),
      loadRate: rate(loaded),
    };
  }
}
