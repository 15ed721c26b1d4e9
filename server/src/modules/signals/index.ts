// The signals module's face: the per-skill signals (RO-3, OB-3) — outcomes, rollout arms, the hourly rollup.
export {
  OutcomeEntity,
  SkillSignalDayEntity,
  SkillSignalDeltaEntity,
  SkillSignalHourEntity,
  OUTCOME_NOTE_LENGTH,
} from "./signal.entity";
export { AgentSignalPeriodEntity, SkillLoadBoundsEntity } from "./signal-summary.entity";
export type { ArmCounts, RolloutArms } from "./arm-counts";
export { SkillSignals, type RolloutRef } from "./skill-signals";
export { OutcomeService } from "./outcome.service";
export { SignalsResolver } from "./signals.resolver";
export { OutcomeType } from "./signals.types";
export { registerSignalLoaders, CALL_OUTCOME, SESSION_OUTCOME } from "./signals.loaders";
export {
  deltaRow,
  startDeltas,
  hourOf,
  agentKeyOf,
  isToolError,
  type SignalKey,
  type SignalCounts,
} from "./signal-delta";
export { InsightService, MAX_RANGE_DAYS, type CapAdvice, type SkillInsight } from "./insight.service";
export { SignalRollup } from "./signal-rollup";
