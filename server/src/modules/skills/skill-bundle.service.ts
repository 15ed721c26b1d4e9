import { createHash } from "node:crypto";
import { Invalid } from "../../platform/errors";
import type { AuthContext, AuthService, ProjectScope } from "../auth";
import type { BundleResult } from "./skill-bundle-format";
import { readDirectoryBundle } from "./skill-directory";
import { readZipBundle, writeZipBundle } from "./skill-zip";
import { bundleFingerprint } from "./skill-content";
import type { FileLimits } from "./skill-files";
import type { SkillService } from "./skill.service";
import type { SkillVersionEntity } from "./skill-version.entity";
import type { ToolInput } from "./skill-tools";

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
      throw Invalid.field("zipBase64", "zipBase64 is not valid base64 of a zip file.");
    }
    return this.importResult(scope, await readZipBundle(new Uint8Array(Buffer.from(compact, "base64")), this.limits));
  }

  /** Imports a skill folder from disk (the demo seed, the CLI); `tools` adds webhook tools the layout cannot hold. */
  async importDirectory(scope: ProjectScope, dir: string, tools?: ToolInput[]): Promise<SkillVersionEntity> {
    return this.importResult(scope, await readDirectoryBundle(dir, this.limits), tools);
  }

  private async importResult(
    scope: ProjectScope,
    result: BundleResult,
    tools?: ToolInput[],
  ): Promise<SkillVersionEntity> {
    if (!result.ok) throw refused(result.problems);
    const { bundle, folder } = result;
    const files = bundle.files.map((f) => ({
      path: f.path,
      sha256: createHash("sha256").update(f.content).digest("hex"),
    }));
    const newest = await this.skills.newestFingerprint(scope.projectId, folder);
    if (newest && newest.fingerprint === bundleFingerprint(bundle.skillMd, files) && !tools) {
      // SK-2: an identical bundle makes no new version; the newest one says so.
      return Object.assign(newest.version, {
        warnings: [
          ...newest.version.warnings,
          `The bundle is identical to version ${newest.version.version}; no new version was made.`,
        ],
      });
    }
    const previous = newest?.version;
    return this.skills.createInScope(scope, {
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
    });
  }

  async exportZip(ctx: AuthContext, versionId: string): Promise<string> {
    const version = await this.skills.getOrFail(ctx, versionId);
    const files = await this.skills.filesOf([version.id]);
    const blobs = new Map((await this.skills.blobs(files.map((f) => f.sha256))).map((b) => [b.sha256, b]));
    const zip = writeZipBundle(version.name, {
      skillMd: version.skillMd,
      files: files.map((f) => ({
        path: f.path,
        content: new Uint8Array(Buffer.from(blobs.get(f.sha256)?.contentBase64 ?? "", "base64")),
      })),
    });
    return Buffer.from(zip).toString("base64");
  }
}
