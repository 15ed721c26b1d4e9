// The calls module's face: what other modules may use.
export {
  CallCatalogEntity,
  CallContextEntity,
  CallContextSkillEntity,
  CallEntity,
  CallEventEntity,
  CallSkillEntity,
  ToolInvocationEntity,
} from "./call.entity";
export { ToolRunColumns } from "./tool-run.entity";
export { ResolvedSkillColumns, resolvedSkillColumns, ROLLOUT_ARM_CHECK } from "./skill-row.entity";
export { CallEventResolver, CallResolver } from "./call.resolver";
export { AgentVersionCatalogResolver } from "./agent-catalog.resolver";
// The GraphQL use cases; the engine behind them; the resolution every runner (chat, evals, the gateway) asks.
export { CallService } from "./call.service";
export { CallEngine } from "./call-engine";
export { CallResolution, type RolloutCandidate, type RunningRolloutsOf } from "./call-resolution";
export { CallRetention } from "./call-retention";
export { CallRecorded } from "./call.events";
export { AgentSecretSeal, inlineMcpServer, type SealNaming, type SecretOpener } from "./agent-secret-seal";
export { McpConnector } from "./mcp-connector";
export { loadRunOutcome } from "./call-telemetry";
export { ToolRunner, type ToolHost, type ToolOutcome } from "./tool-runner";
export {
  stateRound,
  TOOL_ROUNDS_EXHAUSTED,
  ToolLoop,
  type LoopInvocation,
  type LoopMessage,
  type LoopOutcome,
  type LoopRound,
  type LoopTool,
  type ToolIntercept,
  type ToolLoopOptions,
  type ToolLoopResult,
  type ToolLoopSession,
} from "./tool-loop";
export { currentSegment, modelContextOf, type CallSegment, type CallState } from "./call-state";
export type { McpServerAccess } from "./mcp-connector";
export { CallCatalogType, CallSkillType, OfferedToolType, SkillMatchType, ToolInvocationType } from "./call.types";
export {
  analyseInTurns,
  CallCatalog,
  catalogView,
  conversationCatalog,
  nextConversationCatalog,
  prepareConversationCatalog,
  skillIndexOf,
  startAnalysisThreadsFor,
  type RecentLoads,
} from "./call-catalog";
export { warmLargeCatalogs, type CatalogWarmUpOptions } from "./catalog-warm-up";
export {
  analysisPool,
  configureSkillAnalysis,
  defaultAnalysisThreads,
  skillAnalysisCounts,
  SkillAnalysisPool,
  useSkillAnalysisPool,
  type AnalysisPoolOptions,
} from "./skill-analysis-pool";
export { SkillSearch, SKILL_VECTORS, type Embedder, type SkillSearchOptions } from "./skill-search";
export { presentOfferedTool } from "./call.presenters";
export { registerCallLoaders } from "./call.loaders";
export { CallEventType } from "./call.types";
