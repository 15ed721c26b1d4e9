// The Skills API for the OpenAI and Anthropic SDKs (EC-1, EC-2): `/v1/skills…` for the composition root to mount.
import type http from "node:http";
import type { Database } from "../../platform/db/database";
import type { Logger } from "../../platform/logger";
import type { AuthService } from "../auth";
import type { FileLimits, SkillBundleService, SkillIndexService, SkillLifecycleService } from "../skills";
import { IdempotencyStore } from "./idempotency";
import type { MultipartLimits } from "./multipart";
import { skillsApiHandler, skillsApiRateLimited } from "./skills-api.routes";
import { SkillsApiService, type AttestationsOf } from "./skills-api.service";

export { IdempotentRequestEntity } from "./idempotency.entity";

export interface SkillsApiOptions {
  db: Database;
  auth: AuthService;
  index: SkillIndexService;
  bundles: SkillBundleService;
  lifecycle: SkillLifecycleService;
  logger: Logger;
  /** PV-2: a version's answer carries its attestation. */
  attestations: AttestationsOf;
  /** The bundle limits (SKILL_MAX_FILES, SKILL_MAX_BYTES, SKILL_MD_MAX_BYTES): an upload past them is 413. */
  limits: FileLimits;
}

/** Room a zip or a multipart part takes beyond a file's bytes: its name, headers, a zip's entry records. */
const PER_FILE_OVERHEAD = 2048;
/** Junk an upload may carry besides the bundle (`.DS_Store`, `__MACOSX/…`), dropped when it is read. */
const SPARE_FILES = 16;

export function multipartLimits(limits: FileLimits): MultipartLimits {
  const maxFiles = limits.maxFiles + 1 + SPARE_FILES;
  const maxFileBytes = limits.maxTotalBytes + (limits.maxSkillMdBytes ?? 262_144) + maxFiles * PER_FILE_OVERHEAD;
  return { maxFiles, maxFileBytes, maxBodyBytes: maxFileBytes + maxFiles * PER_FILE_OVERHEAD + 65_536 };
}

export function createSkillsApi(options: SkillsApiOptions): {
  handle: (req: http.IncomingMessage, res: http.ServerResponse, requestId: string) => void;
  rateLimited: (res: http.ServerResponse, req?: http.IncomingMessage) => void;
} {
  return {
    handle: skillsApiHandler({
      auth: options.auth,
      service: new SkillsApiService(options.index, options.bundles, options.lifecycle, options.attestations),
      idempotency: new IdempotencyStore(options.db),
      logger: options.logger,
      limits: multipartLimits(options.limits),
      jsonLimitBytes: 64 * 1024,
    }),
    rateLimited: skillsApiRateLimited,
  };
}
