// The skills module's face: what other modules may use.
export { SkillBundleService } from "./skill-bundle.service";
export { SkillCatalogService } from "./skill-catalog";
export { SkillDiffService } from "./skill-diff.service";
export { BlobEntity, SkillFileEntity } from "./skill-file.entity";
export { SkillPointerMoveEntity } from "./skill-pointer-move.entity";
export { type CheckedTool, MASKED_SECRET, type ToolInput, checkTools } from "./skill-tools";
export { SkillVersionEntity, type StoredTool, type VersionStateName } from "./skill-version.entity";
export { SkillEntity } from "./skill.entity";
export { SkillToolInput } from "./skill.inputs";
export { SkillFileResolver, SkillResolver } from "./skill.resolver";
export { SkillService } from "./skill.service";
export { SkillToolType, SkillVersionType, VersionState } from "./skill.types";
export { type BundleResult, type SkillBundle } from "./skill-bundle-format";
export { readDirectoryBundle, writeDirectoryBundle } from "./skill-directory";
export { readZipBundle, writeZipBundle } from "./skill-zip";
export { registerSkillLoaders } from "./skill.loaders";
export { presentSecret, presentTool } from "./skill.presenters";
export { parseSkillMd, checkSkillName, type ParsedSkillMd } from "./skill-md";
