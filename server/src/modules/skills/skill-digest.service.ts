import type { SecretBox } from "../../platform/crypto";
import type { DbManager } from "../../platform/db/database";
import type { AuthContext } from "../auth";
import { SkillRepository } from "./skill.repository";
import { SKILL_FILES_BY_VERSION } from "./skill.loaders";
import { skillVersionDigest } from "./skill-digest";
import type { SkillFileEntity } from "./skill-file.entity";
import type { SkillVersionEntity } from "./skill-version.entity";
import type { SkillService } from "./skill.service";

/** AP-2: a stored version's digest; its tools' secrets are opened only to fingerprint them (SecretBox.fingerprint). */
export class SkillDigests {
  constructor(
    private readonly skills: SkillService,
    private readonly secrets: SecretBox,
  ) {}

  /**
   * A version of the project and its digest now, read through the caller's manager (its transaction's) (null: no
   * such version). `lock`: its skill's row is locked first (as publishes, edits and deletes lock it) and the version
   * read under the lock, so what the caller decides on it cannot be overtaken by one of them committing meanwhile.
   */
  async current(
    manager: DbManager,
    projectId: string,
    id: string,
    options: { lock?: boolean } = {},
  ): Promise<{ version: SkillVersionEntity; digest: string; files: SkillFileEntity[] } | null> {
    const repo = new SkillRepository(manager);
    let version = await repo.findVersion(projectId, id);
    if (version && options.lock) {
      await repo.lockSkill(projectId, version.name);
      version = await repo.findVersion(projectId, id);
    }
    if (!version) return null;
    const files = await repo.filesOf([id]);
    return { version, digest: this.digestOf(version, files), files };
  }

  /** The digest and files of a version the caller already read, through the caller's manager. */
  async ofVersion(
    manager: DbManager,
    version: SkillVersionEntity,
  ): Promise<{ digest: string; files: SkillFileEntity[] }> {
    const files = await new SkillRepository(manager).filesOf([version.id]);
    return { digest: this.digestOf(version, files), files };
  }

  /** The digest of a version a request read; its files come through the request's loader (one query per list). */
  async inRequest(ctx: AuthContext, version: SkillVersionEntity): Promise<string> {
    return this.digestOf(version, await ctx.loaders.of(SKILL_FILES_BY_VERSION).load(version.id));
  }

  digestOf(version: SkillVersionEntity, files: ReadonlyArray<{ path: string; sha256: string }>): string {
    return skillVersionDigest({
      skillMd: version.skillMd,
      files,
      tools: version.tools.map((tool) => {
        const secret = tool.sealedSecret ? this.skills.openToolSecret(version, tool.name) : null;
        return {
          name: tool.name,
          description: tool.description,
          parameters: tool.parameters,
          webhookUrl: tool.webhookUrl,
          secretFingerprint: secret === null ? null : this.secrets.fingerprint(secret),
        };
      }),
      knowledgeBases: version.knowledgeBases,
    });
  }
}
