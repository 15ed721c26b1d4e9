import type { AuthContext } from "../auth";
import {
  type CursorPage,
  type CursorWindow,
  type SkillBundleService,
  type SkillIndexService,
  type SkillLifecycleService,
  type SkillSummary,
  type SkillUpload,
  type SkillVersionEntity,
  type UploadTarget,
} from "../skills";
import type { FilePart, MultipartBody } from "./multipart";
import { badRequest } from "./skills-api.errors";

const FILE_FIELDS = new Set(["files", "files[]", "file"]);
const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];

function looksLikeZip(file: FilePart): boolean {
  return (
    /\.zip$/i.test(file.name) ||
    /^application\/(x-)?zip(-compressed)?$/i.test(file.type) ||
    ZIP_MAGIC.every((byte, i) => file.bytes[i] === byte)
  );
}

/** The form's fields besides the files, each allowed one at most; any other field is refused by name. */
function formFields(body: MultipartBody, allowed: readonly string[]): Map<string, string> {
  const fields = new Map<string, string>();
  for (const [name, value] of body.fields) {
    if (!allowed.includes(name)) {
      const accepted = ["files", ...allowed].map((n) => `'${n}'`).join(", ");
      throw badRequest(`The form field '${name}' is not accepted here; the form may hold ${accepted}.`, name);
    }
    if (fields.has(name)) throw badRequest(`The form field '${name}' is sent more than once.`, name);
    fields.set(name, value);
  }
  const stray = body.files.find((file) => !FILE_FIELDS.has(file.field));
  if (stray) throw badRequest(`Files go in the form field 'files' (or 'files[]'); '${stray.field}' holds a file.`);
  return fields;
}

/** One zip, or the files of one folder (their names are their paths: `my-skill/SKILL.md`). */
function uploadOf(body: MultipartBody): SkillUpload {
  const [only] = body.files;
  if (!only) {
    throw badRequest(
      "The upload holds no files: send the skill as one zip, or as the files of its folder, in the form field 'files'.",
      "files",
    );
  }
  if (body.files.length === 1 && looksLikeZip(only)) return { kind: "zip", bytes: only.bytes };
  return { kind: "files", files: body.files.map((file) => ({ name: file.name, bytes: file.bytes })) };
}

function booleanField(value: string | undefined, name: string): boolean {
  if (value === undefined || value === "false") return false;
  if (value === "true") return true;
  throw badRequest(`The form field '${name}' must be 'true' or 'false'; it is '${value.slice(0, 100)}'.`, name);
}

/**
 * EC-1, EC-2: the Skills APIs' operations on the skills services — the same create, publish, rollback and delete as
 * GraphQL, with the same checks, audit, invalidation and webhooks. Vendor-neutral: the routes shape the answers.
 */
/** PV-2: the attestations of versions a request already read in its project, by version id (one query). */
export type AttestationsOf = (
  projectId: string,
  versionIds: readonly string[],
) => Promise<ReadonlyMap<string, unknown>>;

export class SkillsApiService {
  constructor(
    private readonly index: SkillIndexService,
    private readonly bundles: SkillBundleService,
    private readonly lifecycle: SkillLifecycleService,
    private readonly attestations: AttestationsOf,
  ) {}

  /** The versions' attestations (PV-2), each version already read through the request's scope. */
  async attestationsOf(versions: readonly SkillVersionEntity[]): Promise<ReadonlyMap<string, unknown>> {
    const [first] = versions;
    if (!first) return new Map();
    return this.attestations(
      first.projectId,
      versions.map((v) => v.id),
    );
  }

  list(ctx: AuthContext, window: CursorWindow): Promise<CursorPage<SkillSummary>> {
    return this.index.page(ctx, window);
  }

  get(ctx: AuthContext, skillId: string): Promise<SkillSummary> {
    return this.index.get(ctx, skillId);
  }

  /** A new skill (its first draft); an upload identical to an existing skill's newest version answers that skill. */
  async create(ctx: AuthContext, body: MultipartBody): Promise<SkillSummary> {
    const displayName = formFields(body, ["display_name"]).get("display_name");
    const { version } = await this.bundles.importUpload(ctx, uploadOf(body), {
      newSkill: true,
      expectedName: displayName === undefined ? undefined : { field: "display_name", value: displayName },
    });
    return this.index.get(ctx, version.skillId);
  }

  /** OpenAI's `default_version`: the live version. Setting it publishes a draft or rolls back to an archived one. */
  async setDefault(ctx: AuthContext, skillId: string, versionRef: string): Promise<SkillSummary> {
    const target = await this.index.version(ctx, skillId, versionRef);
    await this.makeLive(ctx, target);
    return this.index.get(ctx, skillId);
  }

  async createVersion(ctx: AuthContext, skillId: string, body: MultipartBody): Promise<SkillVersionEntity> {
    const fields = formFields(body, ["default"]);
    const makeDefault = booleanField(fields.get("default"), "default");
    const summary = await this.index.get(ctx, skillId);
    const target: UploadTarget = { skillName: summary.skill.name };
    const { version } = await this.bundles.importUpload(ctx, uploadOf(body), target);
    if (makeDefault) await this.makeLive(ctx, version);
    return this.index.version(ctx, skillId, version.id);
  }

  versions(ctx: AuthContext, skillId: string, window: CursorWindow): Promise<CursorPage<SkillVersionEntity>> {
    return this.index.versions(ctx, skillId, window);
  }

  version(ctx: AuthContext, skillId: string, ref: string): Promise<SkillVersionEntity> {
    return this.index.version(ctx, skillId, ref);
  }

  async deleteVersion(ctx: AuthContext, skillId: string, ref: string): Promise<SkillVersionEntity> {
    const version = await this.index.version(ctx, skillId, ref);
    await this.lifecycle.delete(ctx, version.id);
    return version;
  }

  async deleteSkill(ctx: AuthContext, skillId: string): Promise<void> {
    const summary = await this.index.get(ctx, skillId);
    await this.lifecycle.deleteSkill(ctx, summary.skill.name);
  }

  /** The zip of a version; without one, of the live version (the newest while none is live). */
  async content(
    ctx: AuthContext,
    skillId: string,
    ref: string | null,
  ): Promise<{ version: SkillVersionEntity; zip: Uint8Array }> {
    const version =
      ref === null
        ? await this.index.get(ctx, skillId).then((summary) => summary.live ?? summary.newest)
        : await this.index.version(ctx, skillId, ref);
    return { version, zip: await this.bundles.exportZipBytes(ctx, version.id) };
  }

  /** Through the lifecycle's own publish and rollback (their checks, audit, invalidation and webhooks). */
  private async makeLive(ctx: AuthContext, target: SkillVersionEntity): Promise<void> {
    if (target.state === "draft") await this.lifecycle.publish(ctx, target.id);
    else if (target.state === "archived") await this.lifecycle.rollback(ctx, target.name, target.id);
  }
}
