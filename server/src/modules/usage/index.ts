// What other modules may use of usage.
export { UsageService, type SkillUsage } from "./usage.service";
export { SkillUsageType } from "./usage.types";
