// The pure call engine: plain data in, decisions out. Calls, chat sessions and evals use it alike.
export type {
  AgentMode,
  AgentSnapshot,
  CatalogVersion,
  CatalogVersionState,
  HandoffTarget,
  McpTool,
  ResolvedSkill,
  RuntimeKnowledgeBase,
  RuntimeKnowledgeDocument,
  RuntimeTool,
  SkillCatalog,
  SkillEntry,
  SkillRollout,
  TemplateVariables,
} from "./types";
export {
  IN_THE_SKILL_LIBRARY,
  IN_THIS_PROJECT,
  resolveSkillEntries,
  SKILLS_IGNORED_ON_S2S,
  type Resolution,
  type ResolveOptions,
} from "./resolve";
export {
  currentlyLoaded,
  loadedSkills,
  loadSkill,
  type LoadedState,
  type LoadOutcome,
  type LoadStatus,
  type RuntimeEvent,
} from "./loaded-set";
export { missingVariableWarning, RenderedParts, renderTemplate, TemplateRenderer, type RenderedText } from "./template";
export { assembleSystemPrompt, type AssembledPrompt } from "./prompt";
export {
  AGENT_SOURCE,
  assembleTools,
  BUILTIN_SOURCE,
  mcpSource,
  shadowedToolWarning,
  skillSource,
  type OfferedTool,
  type SkippedTool,
  type ToolAssembly,
} from "./tools";
export {
  BUILTIN_TOOL_NAMES,
  FIND_SKILLS,
  FIND_SKILLS_LIMIT,
  findSkillsTool,
  HANDOFF_TO_AGENT,
  LOAD_SKILL,
  QUERY_KNOWLEDGE,
} from "./builtin-tools";
export {
  ADDED_PER_MESSAGE,
  catalogCost,
  catalogFits,
  catalogLine,
  DEFAULT_CATALOG_BUDGET,
  FIRST_FILL_SHARE,
  conversationShown,
  firstCatalog,
  MAX_CATALOG_BUDGET,
  nextCatalog,
  omittedSkills,
  rankForCatalog,
  variablesText,
  type CatalogRanking,
  type CatalogSkill,
  type CatalogShown,
} from "./catalog-budget";
export { unknownSkillMessage } from "./load-skill-message";
export { searchableKnowledge, searchKnowledge, type KnowledgeHit, type SearchableKnowledge } from "./knowledge";
export { handoffState, handoffTargetOf } from "./handoff";
export {
  callEventData,
  callSkills,
  loadedVersionIds,
  resolvedOnce,
  type CallEventData,
  type CallSkillView,
} from "./call-view";
export { assembleModelContext, type ModelContext } from "./model-context";
export { applyRollouts, rolloutArm, rolloutBucket, type RolloutShare } from "./rollout-arm";
export {
  analyseSkill,
  MAX_BODY_WORDS,
  RANKING_WEIGHTS,
  SkillIndex,
  type AnalysedSkill,
  type IndexOptions,
  type SkillIndexAssembly,
  type RankingWeights,
  type SkillDocument,
  type SkillMatch,
} from "./skill-index";
export {
  analyseBatch,
  encodeDocuments,
  VocabulariesSent,
  VocabularyMirror,
  type AnalysisBatch,
  type DocumentBatch,
} from "./skill-analysis-wire";
export { warmUpTermCounts } from "./skill-term-counts";
export {
  cosineScores,
  EMBEDDED_BODY_CHARS,
  EMBEDDED_TEXT_CHARS,
  embeddingText,
  fuseRankings,
  RRF_K,
  RRF_WINDOW,
  unitVector,
  vectorMatrix,
} from "./skill-fusion";
