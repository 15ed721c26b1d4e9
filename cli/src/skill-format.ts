// The server's own skill format, compiled into the CLI: the same validator, bundle reader and writer, digests and
// line diff as the server's (EC-3: "validates locally with the server's own validator"). Pure files only: no
// database, no GraphQL.
export { readDirectoryBundle, writeDirectoryBundle } from "../../server/src/modules/skills/skill-directory";
export { readZipBundle, writeZipBundle } from "../../server/src/modules/skills/skill-zip";
export { parseSkillMd } from "../../server/src/modules/skills/skill-md";
export { normaliseSkillName } from "../../server/src/modules/skills/skill-name";
export { skillBundleDigest } from "../../server/src/modules/skills/skill-digest";
export { diffLines, type LineChange } from "../../server/src/modules/skills/skill-diff";
export type { SkillBundle } from "../../server/src/modules/skills/skill-bundle-format";
// The content review's scanner (CR-4): `scan`, `validate` and `push` review with the server's own rules.
export {
  atLeast,
  reviewSkill,
  RULES_VERSION,
  SEVERITIES,
  type Finding,
  type ReviewResult,
  type Severity,
} from "../../server/src/modules/review/scanner";
