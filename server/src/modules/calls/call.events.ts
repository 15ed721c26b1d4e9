import { eventKind, type DomainEvent } from "../../platform/events/domain-events";

/** A call has new events or tool runs (the live timeline, UX-5, reads them on every instance). */
export interface CallRecorded extends DomainEvent {
  readonly type: "calls.recorded";
  readonly projectId: string;
  readonly callId: string;
  /** The statement that recorded them told the other instances itself (PostgreSQL NOTIFY): tell this one only. */
  readonly toldOthers?: boolean;
}
export const CallRecorded = eventKind<CallRecorded>("calls.recorded");
