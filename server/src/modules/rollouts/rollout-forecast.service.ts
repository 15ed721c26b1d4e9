import { Invalid, NotFound } from "../../platform/errors";
import type { AuthContext, AuthService } from "../auth";
import type { ArmCounts } from "../signals";
import type { SkillReader } from "../skills";
import type { UsageService } from "../usage";
import { checkPlan } from "./rollout-plan";
import { forecastGuard, type GuardForecast } from "./rollout-forecast";
import type { StartRollout } from "./rollout.service";

/** How many days of traffic a forecast reads. */
export const FORECAST_DAYS = 7;
const DAY_MS = 24 * 60 * 60_000;

/** A skill's signals over a range from the given agents' calls and sessions (the signals module's `trafficOf`). */
export type SkillTraffic = (
  projectId: string,
  skill: string,
  agentIds: readonly string[],
  from: Date,
  to: Date,
) => Promise<ArmCounts>;

export interface RolloutForecast {
  days: number;
  /** The published agents that follow the skill live: the rollout's traffic. */
  agents: number;
  /** Their calls and sessions that resolved the skill in those days. */
  calls: number;
  guards: GuardForecast[];
}

/**
 * RO-4, UX-8: the start form's forecast — for a plan not started yet, how many samples per arm each guard needs and,
 * with the last days' traffic of the agents the rollout would reach, about how long that takes along its steps.
 * Reads only; the plan is checked as startRollout checks it.
 */
export class RolloutForecasts {
  constructor(
    private readonly auth: AuthService,
    private readonly skills: SkillReader,
    private readonly usage: Pick<UsageService, "agentsReached">,
    private readonly traffic: SkillTraffic,
    /** How many eval scenarios carry a tag (a step runs each per agent reached and iteration). */
    private readonly scenarios: (projectId: string, tag: string) => Promise<number>,
    private readonly evalIterations: number,
  ) {}

  async forecast(ctx: AuthContext, input: StartRollout, now = new Date()): Promise<RolloutForecast> {
    const scope = await this.auth.authorize(ctx, "viewer");
    const { plan, problems } = checkPlan(input);
    if (problems.length > 0) throw Invalid.of(problems);
    const [version] = await this.skills.versionsByIds(scope.projectId, [input.versionId]);
    if (!version) throw new NotFound("The skill version (versionId)");
    const agentIds = await this.usage.agentsReached(scope.projectId, version.name);
    const from = new Date(now.getTime() - FORECAST_DAYS * DAY_MS);
    const [traffic, scenarios] = await Promise.all([
      this.traffic(scope.projectId, version.name, agentIds, from, now),
      plan.evalTag ? this.scenarios(scope.projectId, plan.evalTag) : Promise.resolve(0),
    ]);
    const evalsPerStep = scenarios * agentIds.length * this.evalIterations;
    return {
      days: FORECAST_DAYS,
      agents: agentIds.length,
      calls: traffic.starts,
      guards: plan.guards.map((guard) =>
        forecastGuard(guard, {
          steps: plan.steps,
          stepMinutes: plan.stepMinutes,
          traffic,
          days: FORECAST_DAYS,
          evalsPerStep,
        }),
      ),
    };
  }
}
