import { Arg, Ctx, Mutation, Resolver } from "type-graphql";
import type { AuthContext } from "../auth";
import type { OutcomeService } from "./outcome.service";
import type { OutcomeEntity } from "./signal.entity";
import { OutcomeType, ReportOutcomeInput } from "./signals.types";

@Resolver()
export class SignalsResolver {
  constructor(private readonly outcomes: OutcomeService) {}

  @Mutation(() => OutcomeType, {
    description:
      "RO-3: how a call or a chat session ended (exactly one of callId and sessionId); a second report replaces the first.",
  })
  reportOutcome(
    @Ctx() ctx: AuthContext,
    @Arg("input", () => ReportOutcomeInput) input: ReportOutcomeInput,
  ): Promise<OutcomeEntity> {
    return this.outcomes.report(ctx, input);
  }
}
