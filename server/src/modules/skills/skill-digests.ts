import type { SecretBox } from "../../platform/crypto";
import { skillVersionDigest } from "./skill-digest";
import type { SkillVersionEntity } from "./skill-version.entity";
import type { SkillService } from "./skill.service";

/** AP-2: a stored version's digest; its tools' secrets are opened only to fingerprint them (SecretBox.fingerprint). */
export class SkillDigests {
  constructor(
    private readonly skills: SkillService,
    private readonly secrets: SecretBox,
  ) {}

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
