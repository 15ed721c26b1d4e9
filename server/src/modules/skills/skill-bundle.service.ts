import { createHash } from "node:crypto";
import { Conflict, Invalid } from "../../platform/errors";
import type { AuthContext, AuthService, ProjectScope } from "../auth";
import type { BundleResult, SkillBundle } from "./skill-bundle-format";
import { readDirectoryBundle } from "./skill-directory";
import { readZipBundle, writeZipBundle } from "./skill-zip";
import { readUploadedBundle, type UploadedFile } from "./skill-upload";
import { bundleFingerprint } from "./skill-content";
import type { FileLimits } from "./skill-files";
import type { SkillService } from "./skill.service";
import type { SkillVersionEntity } from "./skill-version.entity";
import type { ToolInput } from "./skill-tools";
import { refuseRevoked } from "./skill-live-checks";

/** What a Skills API client uploads (EC-1, EC-2): one zip, or the files of one folder. */
export type SkillUpload = { kind: "zip"; bytes: Uint8Array } | { kind: "files"; files: UploadedFile[] };

/**
 * Where an upload goes: a skill the project does not have yet (with the free label a client may give it:
 * `displayName`, EC-2), or the next version of the skill named.
 */
export type UploadTarget = { newSkill: true; displayName?: string } | { skillName: string };

/** EC-2: Anthropic's bound on `display_name`. */
const DISPLAY_NAME_MAX = 255;

function refused(problems: Array<{ path: string; message: string }>): Invalid {
  return Invalid.of(problems, `The bundle was refused: ${problems.map((p) => p.message).join(" ")}`);
}

/** SK-2: Agent Skills bundles (zip or directory) in and out. */
export class SkillBundleService {
  constructor(
    private readonly auth: AuthService,
    private readonly skills: SkillService,
    private readonly limits: FileLimits,
  ) {}

  async importZip(ctx: AuthContext, zipBase64: string, projectId?: string | null): Promise<SkillVersionEntity> {
    const scope = await this.auth.authorize(ctx, "editor", projectId);
    const compact = zipBase64.replace(/\s+/g, "");
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(compact) || compact.length === 0) {
      throw Invalid.field("zip_base64", "zipBase64 is not valid base64 of a zip file.");
    }
    const result = await readZipBundle(new Uint8Array(Buffer.from(compact, "base64")), this.limits);
    return (await this.importResult(scope, result)).version;
  }

  /**
   * EC-1, EC-2: an upload becomes a draft version exactly as importSkillBundle makes one (the same checks and
   * refusals, and an upload identical to the newest version makes none: `created` is false). A new skill's name must
   * be free (else CONFLICT, unless the upload is identical to that skill's newest version: a retried create); a new
   * version must keep its skill's name.
   */
  async importUpload(
    ctx: AuthContext,
    upload: SkillUpload,
    target: UploadTarget,
  ): Promise<{ version: SkillVersionEntity; created: boolean }> {
    const scope = await this.auth.authorize(ctx, "editor");
    const label = "newSkill" in target ? target.displayName : undefined;
    if (label !== undefined && [...label].length > DISPLAY_NAME_MAX) {
      throw Invalid.field(
        "display_name",
        `display_name is ${[...label].length} characters long; it may hold at most ${DISPLAY_NAME_MAX}.`,
        { limit: DISPLAY_NAME_MAX },
      );
    }
    const result =
      upload.kind === "zip"
        ? await readZipBundle(upload.bytes, this.limits)
        : await readUploadedBundle(upload.files, this.limits);
    if (!result.ok) throw refused(result.problems);
    if ("skillName" in target && result.folder !== target.skillName) {
      throw Invalid.field(
        "files",
        `The upload is the skill '${result.folder}' (its SKILL.md name), but this is the skill '${target.skillName}'; a new version keeps its skill's name. Upload '${result.folder}' as a new skill instead.`,
        { skill: target.skillName },
      );
    }
    // EC-1: a new skill's name must be free, checked here and again under the skill's lock (a racing create).
    const nameTaken = (skillId: string) =>
      new Conflict(
        `The project already has a skill named '${result.folder}'; upload the new content as a version of that skill (POST /v1/skills/${skillId}/versions).`,
        { skill: result.folder, skill_id: skillId },
      );
    if ("newSkill" in target) {
      const newest = await this.skills.newestFingerprint(scope.projectId, result.folder);
      if (newest && newest.fingerprint !== fingerprintOf(result.bundle)) throw nameTaken(newest.version.skillId);
    }
    return this.importResult(
      scope,
      result,
      undefined,
      "newSkill" in target ? { newSkillOnly: nameTaken, displayName: target.displayName } : {},
    );
  }

  /** Imports a skill folder from disk (the demo seed, the CLI); `tools` adds webhook tools the layout cannot hold. */
  async importDirectory(scope: ProjectScope, dir: string, tools?: ToolInput[]): Promise<SkillVersionEntity> {
    return (await this.importResult(scope, await readDirectoryBundle(dir, this.limits), tools)).version;
  }

  private async importResult(
    scope: ProjectScope,
    result: BundleResult,
    tools?: ToolInput[],
    newSkill: { newSkillOnly?: (skillId: string) => Error; displayName?: string } = {},
  ): Promise<{ version: SkillVersionEntity; created: boolean }> {
    if (!result.ok) throw refused(result.problems);
    const { bundle, folder } = result;
    const fingerprint = fingerprintOf(bundle);
    // SK-2: an identical bundle makes no new version; the newest one says so.
    const identical = (version: SkillVersionEntity) =>
      Object.assign(version, {
        warnings: [
          ...version.warnings,
          `The bundle is identical to version ${version.version}; no new version was made.`,
        ],
      });
    const newest = await this.skills.newestFingerprint(scope.projectId, folder);
    if (newest && newest.fingerprint === fingerprint && !tools)
      return { version: identical(newest.version), created: false };
    const previous = newest?.version;
    // Checked again under the skill's lock: an identical import racing this one may have made the version meanwhile.
    const made = await this.skills.createInScope(
      scope,
      {
        skillMd: bundle.skillMd,
        files: bundle.files.map((f) => ({ path: f.path, contentBase64: Buffer.from(f.content).toString("base64") })),
        // A bundle holds no tools or knowledge bases: the new version keeps those of the newest one.
        tools:
          tools ??
          previous?.tools.map((t) => ({
            name: t.name,
            description: t.description,
            parameters: t.parameters,
            webhookUrl: t.webhookUrl,
          })),
        knowledgeBases: previous?.knowledgeBases,
      },
      { unlessNewestIs: tools ? undefined : fingerprint, ...newSkill },
    );
    return made.created ? made : { version: identical(made.version), created: false };
  }

  async exportZip(ctx: AuthContext, versionId: string): Promise<string> {
    return Buffer.from(await this.exportZipBytes(ctx, versionId)).toString("base64");
  }

  /** The version as an Agent Skills zip: one folder named after the skill (SK-2), byte-for-byte reproducible. */
  async exportZipBytes(ctx: AuthContext, versionId: string): Promise<Uint8Array> {
    const version = await this.skills.getOrFail(ctx, versionId);
    refuseRevoked(version);
    const files = await this.skills.filesOf([version.id]);
    const blobs = new Map((await this.skills.blobs(files.map((f) => f.sha256))).map((b) => [b.sha256, b]));
    return writeZipBundle(version.name, {
      skillMd: version.skillMd,
      files: files.map((f) => ({
        path: f.path,
        content: new Uint8Array(Buffer.from(blobs.get(f.sha256)?.contentBase64 ?? "", "base64")),
      })),
    });
  }
}

function fingerprintOf(bundle: SkillBundle): string {
  const files = bundle.files.map((f) => ({
    path: f.path,
    sha256: createHash("sha256").update(f.content).digest("hex"),
  }));
  return bundleFingerprint(bundle.skillMd, files);
}
