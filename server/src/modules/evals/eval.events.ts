import { eventKind, type DomainEvent } from "../../platform/events/domain-events";

/** A run was queued (the worker of this instance looks at once). */
export interface EvalRunQueued extends DomainEvent {
  readonly type: "evals.run_queued";
  readonly projectId: string;
  readonly runId: string;
}
export const EvalRunQueued = eventKind<EvalRunQueued>("evals.run_queued");
