// The skills module's face: what other modules may use.
export { SkillBundleService, type SkillUpload, type UploadTarget } from "./skill-bundle.service";
export { SkillIndexService, type CursorPage, type SkillSummary, type VersionRef } from "./skill-index.service";
export { type CursorWindow, type SortOrder } from "./skill-index.repository";
export { readUploadedBundle, type UploadedFile } from "./skill-upload";
export { type FileLimits } from "./skill-files";
export { SkillCatalogService } from "./skill-catalog";
export { catalogRowsOf, entriesCatalogColumn } from "./skill.repository";
export { SkillDiffService } from "./skill-diff.service";
export { BlobEntity, SkillFileEntity } from "./skill-file.entity";
export { SkillPointerMoveEntity } from "./skill-pointer-move.entity";
export { type CheckedTool, MASKED_SECRET, type ToolInput, checkTools } from "./skill-tools";
export { SkillVersionEntity, type StoredTool, type VersionStateName } from "./skill-version.entity";
export { SkillEntity } from "./skill.entity";
export { SkillToolInput, SkillVersionInput } from "./skill.inputs";
export { SkillFileResolver, SkillResolver, SkillVersionAuthorResolver } from "./skill.resolver";
export {
  SkillLifecycleService,
  type ActingScope,
  type DeleteGuard,
  type PublishAttestor,
} from "./skill-lifecycle.service";
export { SkillLiveMoved } from "./skill.events";
export { SkillService, type DraftEditGuard } from "./skill.service";
export { SkillReader, type LiveAt } from "./skill-reader";
export { SkillToolType, SkillVersionType, VersionState } from "./skill.types";
export { type BundleResult, type SkillBundle } from "./skill-bundle-format";
export { readDirectoryBundle, writeDirectoryBundle } from "./skill-directory";
export { readZipBundle, writeZipBundle } from "./skill-zip";
export { sealTools, type ToolSecretBinding } from "./tool-secrets";
export { registerSkillLoaders } from "./skill.loaders";
export { presentSecret, presentTool } from "./skill.presenters";
export { refusePublish, refuseRevoked, refuseRollback } from "./skill-live-checks";
export { parseSkillMd, type ParsedSkillMd } from "./skill-md";
export { checkSkillName, normaliseSkillName } from "./skill-name";
export { SkillDigests } from "./skill-digest.service";
export {
  reviewableContentOf,
  reviewableOfChecked,
  type ContentReviewPort,
  type ReviewableContent,
} from "./skill-review-content";
export { checkContent, type SkillContentInput } from "./skill-content";
export { SkillVersionDigestResolver } from "./skill-digest.resolver";
export {
  canonicalTools,
  contentDigest,
  type DigestedTool,
  skillBundleDigest,
  skillVersionDigest,
  type DigestedBundle,
} from "./skill-digest";
