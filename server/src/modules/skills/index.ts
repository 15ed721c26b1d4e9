// What other modules may use of skills.
export type { SkillService } from "./skill.service";
export type { SkillVersionEntity } from "./skill-version.entity";
export type { BlobEntity, SkillFileEntity } from "./skill-file.entity";
