// The rollouts module's face (RO-1..6): what other modules and the composition root may use.
export { RolloutEntity, RolloutEvalEntity, RolloutEventEntity } from "./rollout.entity";
export { RolloutChanged } from "./rollout.events";
export { NO_COUNTS, judgeGuard, judgeGuards, type ArmSignals } from "./rollout-guards";
export { RolloutService, type RolloutSignals } from "./rollout.service";
export { RolloutSteps, ROLLOUT_GUARD_ACTOR } from "./rollout-steps";
export { RolloutEventActorResolver, RolloutResolver } from "./rollout.resolver";
export { registerRolloutLoaders } from "./rollout.loaders";
export { RunningRollouts } from "./running-rollouts";
export { RolloutUpdates, RolloutUpdatesResolver, bindRolloutUpdates } from "./rollout-updates";
export { RolloutWorker } from "./rollout-worker";
export { RolloutEvaluations } from "./rollout-evals";
export { RolloutForecasts } from "./rollout-forecast.service";
export { RolloutForecastResolver } from "./rollout-forecast.resolver";
