// What other modules may use of usage.
export { UsageService, type SkillUsage } from "./usage.service";
export { SkillVersionUsageResolver, UsageResolver } from "./usage.resolver";
export { registerUsageLoaders } from "./usage.loaders";
