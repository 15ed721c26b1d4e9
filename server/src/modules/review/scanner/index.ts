// The content-review scanner (CR-1, CR-2, SEC-25): pure, no network, no database; the CLI compiles it in.
export {
  reviewSkill,
  TEXT_RULES,
  DEFAULT_SCAN_LIMITS,
  decodeText,
  type ReviewInput,
  type ScanLimits,
  type ScannerOptions,
} from "./scanner";
export {
  RULES_VERSION,
  SEVERITIES,
  atLeast,
  highestOf,
  severityRank,
  type Finding,
  type ReviewResult,
  type Severity,
} from "./finding";
export type { TextRule, RuleMatch } from "./rule";
export { makeVisible, describeTagRun, spelledByTags } from "./visible";
