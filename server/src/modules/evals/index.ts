// The evals module's face: scenarios, runs and their worker (EV-1..5), and the publish gate.
export { EvalResultEntity, EvalRunEntity, EvalScenarioEntity } from "./eval.entity";
export { EvalService } from "./eval.service";
export { EvalRunQueued } from "./eval.events";
export { EvalExecutor } from "./eval-executor";
export { EvalPlanner } from "./eval-plan";
export { EvalWorker, type EvalWorkerOptions } from "./eval-worker";
export { EvalGate, MAX_GATE_ITERATIONS, type EvalComparison, type GateInput } from "./eval-gate";
export { EvalRunResolver, EvalScenarioResolver } from "./eval.resolver";
export { EvalComparisonType } from "./eval.types";
export { MAX_TURN_CHARS } from "./eval-scenario-check";
export { registerEvalLoaders } from "./eval.loaders";
