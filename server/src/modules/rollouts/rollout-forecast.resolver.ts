import { Arg, Ctx, Query, Resolver } from "type-graphql";
import type { AuthContext } from "../auth";
import type { RolloutForecast, RolloutForecasts } from "./rollout-forecast.service";
import { RolloutForecastType } from "./rollout-forecast.types";
import { StartRolloutInput } from "./rollout.types";

/** GraphQL shape of the start form's forecast; the rules are in RolloutForecasts. */
@Resolver()
export class RolloutForecastResolver {
  constructor(private readonly forecasts: RolloutForecasts) {}

  @Query(() => RolloutForecastType, {
    description:
      "RO-4, UX-8: for a rollout as startRollout would start it, the samples per arm each guard needs and about how " +
      "long they take with the last 7 days' traffic of the agents that follow the skill live.",
  })
  rolloutForecast(
    @Ctx() ctx: AuthContext,
    @Arg("input", () => StartRolloutInput) input: StartRolloutInput,
  ): Promise<RolloutForecast> {
    return this.forecasts.forecast(ctx, input);
  }
}
