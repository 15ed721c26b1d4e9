import { byId, groupedBy, LoaderKey, type LoaderRegistry } from "../../platform/graphql/context";
import type { SkillFileEntity } from "./skill-file.entity";
import type { SkillEntity } from "./skill.entity";
import type { SkillService } from "./skill.service";

/** A skill's row by its id (a version's `skillId`: the version was read through a scoped query). */
export const SKILL_BY_ID = new LoaderKey<string, SkillEntity | null>("skillById");
export const SKILL_FILES_BY_VERSION = new LoaderKey<string, SkillFileEntity[]>("skillFilesByVersion");
/** A file's bytes (base64) by its SHA-256: content-addressed, so one blob serves every version that holds it. */
export const BLOB_CONTENT_BY_SHA = new LoaderKey<string, string>("blobContentBySha");

export function registerSkillLoaders(registry: LoaderRegistry, skills: SkillService): void {
  registry.register(SKILL_BY_ID, async (ids) => byId(await skills.skillsByIds(ids), "id", ids));
  registry.register(SKILL_FILES_BY_VERSION, async (ids) => groupedBy(await skills.filesOf(ids), "versionId", ids));
  registry.register(BLOB_CONTENT_BY_SHA, async (hashes) =>
    byId(await skills.blobs(hashes), "sha256", hashes).map((blob) => blob?.contentBase64 ?? ""),
  );
}
