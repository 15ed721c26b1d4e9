// What other modules may use of skills.
export { SkillService } from "./skill.service";
export { refusePublish, refuseRollback } from "./skill-live-checks";
export type { SkillVersionEntity } from "./skill-version.entity";
export { SkillVersionType } from "./skill.types";
