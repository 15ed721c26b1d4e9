import {
  batchPerProject,
  groupedBy,
  LoaderKey,
  projectKeyString,
  type LoaderRegistry,
  type ProjectKey,
} from "../../platform/graphql/context";
import type { SkillVersionEntity } from "../skills";
import type { ArmSignals } from "./rollout-guards";
import type { RolloutEntity, RolloutEventEntity } from "./rollout.entity";
import type { RolloutService } from "./rollout.service";

/** A rollout's versions by (project, id): one query per project for a whole page of rollouts. */
export const ROLLOUT_VERSION = new LoaderKey<ProjectKey, SkillVersionEntity | null>("rolloutVersion", projectKeyString);
export const ROLLOUT_EVENTS = new LoaderKey<string, RolloutEventEntity[]>("rolloutEvents");
/** Both arms' signals per rollout: one aggregation (the signals module's) for a whole page of rollouts. */
export const ROLLOUT_ARMS = new LoaderKey<RolloutEntity, { live: ArmSignals; candidate: ArmSignals }>(
  "rolloutArms",
  (r) => r.id,
);

export function registerRolloutLoaders(registry: LoaderRegistry, rollouts: RolloutService): void {
  registry.register(ROLLOUT_VERSION, (keys) =>
    batchPerProject(
      keys,
      async (projectId, ids) => new Map((await rollouts.versionsOf(projectId, ids)).map((v) => [v.id, v])),
      null,
    ),
  );
  registry.register(ROLLOUT_EVENTS, async (ids) => groupedBy(await rollouts.eventsOf(ids), "rolloutId", ids));
  registry.register(ROLLOUT_ARMS, (keys) => rollouts.armsOf(keys));
}
