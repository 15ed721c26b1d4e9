import { Repeater, type PubSub } from "@graphql-yoga/subscription";
import type { InvalidationBus } from "../../platform/cache/invalidation-bus";
import { NotFound } from "../../platform/errors";
import type { Logger } from "../../platform/logger";
import type { AuthContext } from "../auth";
import type { CallEventEntity, CallService } from "../calls";

/** Bus topic: "call <id> has new events" (the key is the call id), sent by the instance whose transaction committed. */
export const CALL_EVENTS_TOPIC = "call_events";
/** This instance's fan-out to its open subscriptions, per call id. */
export const CALL_EVENTS_ROUTE = "CALL_EVENTS";

export type CallEventsPubSub = PubSub<{ [CALL_EVENTS_ROUTE]: [callId: string, payload: string] }>;

/**
 * UX-5: a call's event timeline, live. The notice travels on the invalidation bus (PostgreSQL NOTIFY or Redis), so a
 * subscriber on any instance hears it; the events themselves are read from the database after their rows committed,
 * so a subscriber sees exactly what `call.events` shows, in `seq` order, with nothing skipped or repeated.
 */
export class CallTimelineService {
  constructor(
    private readonly calls: CallService,
    private readonly bus: InvalidationBus,
    private readonly pubSub: CallEventsPubSub,
    private readonly logger: Logger,
  ) {
    bus.subscribe(CALL_EVENTS_TOPIC, (callId) => pubSub.publish(CALL_EVENTS_ROUTE, callId, callId));
  }

  /** After a call's events committed; never delays nor fails the write that recorded them. */
  eventsRecorded(callId: string): void {
    this.bus
      .publish(CALL_EVENTS_TOPIC, callId)
      .catch((error: unknown) => this.logger.warn({ err: error, callId }, "call event notice not sent"));
  }

  /**
   * The call's events so far, then each new one as it commits; ends after `call.ended`. Another project's call reads
   * as one that does not exist (NOT_FOUND), before anything is sent.
   */
  async follow(ctx: AuthContext, callId: string): Promise<AsyncIterable<CallEventEntity>> {
    const call = await this.calls.get(ctx, callId);
    if (!call) throw new NotFound("The call");
    return this.events(call.id, call.status !== "active");
  }

  private events(callId: string, ended: boolean): Repeater<CallEventEntity> {
    return new Repeater<CallEventEntity>(async (push, stop) => {
      const notices = this.pubSub.subscribe(CALL_EVENTS_ROUTE, callId)[Symbol.asyncIterator]();
      // Listening starts before the first read, so an event committed in between is read on its notice.
      let notice = notices.next();
      let stopped = false;
      void stop.then(() => {
        stopped = true;
      });
      let lastSeq = 0;
      try {
        while (!stopped) {
          for (const event of await this.calls.eventsAfter(callId, lastSeq)) {
            await push(event);
            lastSeq = event.seq;
            if (event.type === "call.ended") ended = true;
          }
          if (ended) break;
          await Promise.race([notice, stop]);
          notice = notices.next();
        }
      } finally {
        stop();
        await notices.return?.();
      }
    });
  }
}
