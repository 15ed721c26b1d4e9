import { byId, LoaderKey, type LoaderRegistry } from "../../platform/graphql/context";
import type { OutcomeService } from "./outcome.service";
import type { OutcomeEntity } from "./signal.entity";

/** The outcome of a call, or of a chat session, by its id (null: none reported). */
export const CALL_OUTCOME = new LoaderKey<string, OutcomeEntity | null>("callOutcome");
export const SESSION_OUTCOME = new LoaderKey<string, OutcomeEntity | null>("sessionOutcome");

export function registerSignalLoaders(registry: LoaderRegistry, outcomes: OutcomeService): void {
  registry.register(CALL_OUTCOME, async (ids) => byId(await outcomes.outcomesOf("call", ids), "callId", ids));
  registry.register(SESSION_OUTCOME, async (ids) => byId(await outcomes.outcomesOf("session", ids), "sessionId", ids));
}
