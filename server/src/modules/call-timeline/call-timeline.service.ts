import { Repeater, type PubSub } from "@graphql-yoga/subscription";
import type { InvalidationBus } from "../../platform/cache/invalidation-bus";
import { NotFound } from "../../platform/errors";
import type { Logger } from "../../platform/logger";
import type { AuthContext } from "../auth";
import type { CallEventEntity, CallService, ToolInvocationEntity } from "../calls";

/**
 * Bus topic: "call <id> has new events or tool runs" (the key is the call id), sent by the instance whose transaction
 * committed.
 */
export const CALL_EVENTS_TOPIC = "call_events";
/** This instance's fan-out to its open subscriptions, per call id. */
export const CALL_EVENTS_ROUTE = "CALL_EVENTS";

export type CallEventsPubSub = PubSub<{ [CALL_EVENTS_ROUTE]: [callId: string, payload: string] }>;

/** What one wake-up of a stream read: the new items, and whether the stream is complete after them. */
type Read<T> = () => Promise<{ items: T[]; done: boolean }>;

/**
 * UX-5: a call's timeline, live: its events and its tool runs. The notice travels on the invalidation bus (PostgreSQL
 * NOTIFY or Redis), so a subscriber on any instance hears it; the rows themselves are read from the database after
 * they committed, so a subscriber sees exactly what `call.events` and `call.toolInvocations` show, with nothing
 * skipped or repeated.
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

  /**
   * After a call's events or tool runs committed; never delays nor fails the write that recorded them. `toldOthers`:
   * the statement that wrote them sent the bus's notice to the other instances itself (`InvalidationBus.notice`);
   * this instance's subscribers remain.
   */
  recorded(callId: string, toldOthers = false): void {
    if (toldOthers) return this.bus.deliverHere(CALL_EVENTS_TOPIC, callId);
    this.bus
      .publish(CALL_EVENTS_TOPIC, callId)
      .catch((error: unknown) => this.logger.warn({ err: error, callId }, "call event notice not sent"));
  }

  /**
   * The call's events so far, then each new one as it commits, in `seq` order; ends after `call.ended`. Another
   * project's call reads as one that does not exist (NOT_FOUND), before anything is sent.
   */
  async follow(ctx: AuthContext, callId: string): Promise<AsyncIterable<CallEventEntity>> {
    const call = await this.calls.get(ctx, callId);
    if (!call) throw new NotFound("The call");
    let ended = call.status !== "active";
    let lastSeq = 0;
    return this.stream(call.id, async () => {
      const items = await this.calls.eventsAfter(call, lastSeq);
      lastSeq = items.at(-1)?.seq ?? lastSeq;
      if (items.some((e) => e.type === "call.ended")) ended = true;
      return { items, done: ended };
    });
  }

  /**
   * The call's tool runs so far, then each new one as its row commits (oldest first); ends once the call has ended.
   * A run still going when the call ends is read with the call, not here. NOT_FOUND as `follow`.
   */
  async followToolRuns(ctx: AuthContext, callId: string): Promise<AsyncIterable<ToolInvocationEntity>> {
    const call = await this.calls.get(ctx, callId);
    if (!call) throw new NotFound("The call");
    let ended = call.status !== "active";
    const sent = new Set<string>();
    return this.stream(call.id, async () => {
      // The status first: every run that committed before the call ended is then in the read below.
      if (!ended) ended = (await this.calls.get(ctx, call.id))?.status !== "active";
      const items = (await this.calls.invocationsOf([call.id])).filter((i) => !sent.has(i.id));
      for (const i of items) sent.add(i.id);
      return { items, done: ended };
    });
  }

  private stream<T>(callId: string, read: Read<T>): Repeater<T> {
    // Where a load's own statement sends the notice (PostgreSQL NOTIFY), it sends it only while the call has a
    // follower: this stream counts as one from before its first read until it ends.
    const counted = this.bus.notice(CALL_EVENTS_TOPIC, callId) !== null;
    return new Repeater<T>(async (push, stop) => {
      const notices = this.pubSub.subscribe(CALL_EVENTS_ROUTE, callId)[Symbol.asyncIterator]();
      // Listening starts before the first read, so a row committed in between is read on its notice.
      let notice = notices.next();
      let stopped = false;
      void stop.then(() => {
        stopped = true;
      });
      let following = false;
      try {
        if (counted) {
          await this.calls.follow({ id: callId }, 1);
          following = true;
        }
        while (!stopped) {
          const { items, done } = await read();
          for (const item of items) await push(item);
          if (done) break;
          await Promise.race([notice, stop]);
          notice = notices.next();
        }
      } finally {
        stop();
        await notices.return?.();
        if (following)
          await this.calls
            .follow({ id: callId }, -1)
            .catch((error: unknown) =>
              this.logger.warn({ err: error, callId }, "call timeline follower not counted off"),
            );
      }
    });
  }
}
