import type { GraphQLSchema } from "graphql";
import { Repeater } from "@graphql-yoga/subscription";
import { Arg, ID, Resolver, Root, Subscription } from "type-graphql";
import type { InvalidationBus } from "../../platform/cache/invalidation-bus";
import { NotFound } from "../../platform/errors";
import type { Logger } from "../../platform/logger";
import type { AuthContext } from "../auth";
import { isActive } from "./rollout-plan";
import type { RolloutEntity } from "./rollout.entity";
import type { RolloutService } from "./rollout.service";
import { RolloutType } from "./rollout.types";

/** Bus topic: "rollout <id> changed" (the key is the rollout id), sent after the change committed. */
export const ROLLOUT_UPDATES_TOPIC = "rollout_updates";

/**
 * `rolloutUpdates` (UX-8): the rollout now, then again after each change commits (on any instance: the notice travels
 * on the invalidation bus, as the call timeline's do) and every `refreshMs` meanwhile, so that the arms' signals
 * (calls and outcomes, which do not change the rollout row) reach the page; completes once the rollout has ended.
 */
export class RolloutUpdates {
  private readonly listeners = new Map<string, Set<() => void>>();

  constructor(
    private readonly rollouts: Pick<RolloutService, "get">,
    private readonly bus: InvalidationBus,
    private readonly logger: Logger,
    private readonly refreshMs = 5_000,
  ) {
    bus.subscribe(ROLLOUT_UPDATES_TOPIC, (id) => this.listeners.get(id)?.forEach((listener) => listener()));
  }

  /** After a rollout's change committed; never delays nor fails the change. */
  changed(rolloutId: string): void {
    this.bus
      .publish(ROLLOUT_UPDATES_TOPIC, rolloutId)
      .catch((error: unknown) => this.logger.warn({ err: error, rolloutId }, "rollout update notice not sent"));
  }

  async follow(ctx: AuthContext, id: string): Promise<AsyncIterable<RolloutEntity>> {
    const first = await this.rollouts.get(ctx, id);
    if (!first) throw new NotFound("The rollout");
    return new Repeater<RolloutEntity>(async (push, stop) => {
      let pending = false;
      let wake = () => {};
      const listener = () => {
        pending = true;
        wake();
      };
      const own = this.listeners.get(id) ?? new Set();
      own.add(listener);
      this.listeners.set(id, own);
      let stopped = false;
      void stop.then(() => {
        stopped = true;
      });
      try {
        let current: RolloutEntity | null = first;
        await push(current);
        while (!stopped && isActive(current.status)) {
          if (!pending) {
            let timer: NodeJS.Timeout | undefined;
            await Promise.race([
              new Promise<void>((resolve) => {
                wake = resolve;
                timer = setTimeout(resolve, this.refreshMs);
              }),
              stop,
            ]);
            clearTimeout(timer);
          }
          pending = false;
          if (stopped) break;
          current = await this.rollouts.get(ctx, id);
          if (!current) break;
          await push(current);
        }
      } finally {
        own.delete(listener);
        if (own.size === 0) this.listeners.delete(id);
        stop();
      }
    });
  }
}

const bound = new WeakMap<GraphQLSchema, RolloutUpdates>();

/** type-graphql calls `subscribe` without the resolver instance: the composition root binds each schema here. */
export function bindRolloutUpdates(schema: GraphQLSchema, updates: RolloutUpdates): void {
  bound.set(schema, updates);
}

@Resolver()
export class RolloutUpdatesResolver {
  @Subscription(() => RolloutType, {
    description:
      "UX-8: the rollout now, then after each change and every few seconds (its arms' signals) over graphql-ws on " +
      "/graphql; completes once it has ended.",
    subscribe: ({ args, context, info }) => {
      const updates = bound.get(info.schema);
      if (!updates) throw new Error("Rollout updates are not bound to this schema (see app.ts).");
      return updates.follow(context as AuthContext, (args as { id: string }).id);
    },
  })
  rolloutUpdates(@Root() rollout: RolloutEntity, @Arg("id", () => ID) _id: string): RolloutEntity {
    return rollout;
  }
}
