// What other modules may use of usage.
export { UsageService, reachedAgentIds, type SkillUsage } from "./usage.service";
export {
  AgentVersionUsageResolver,
  KnowledgeBaseUsageResolver,
  SkillVersionUsageResolver,
  UsageResolver,
} from "./usage.resolver";
export { registerUsageLoaders } from "./usage.loaders";
export { SkillUsageType } from "./usage.types";
