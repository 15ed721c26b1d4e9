// What other modules may use of skills.
export { SkillService } from "./skill.service";
export { SkillCatalogService } from "./skill-catalog";
export { parseSkillMd, checkSkillName, type ParsedSkillMd } from "./skill-md";
export { readDirectoryBundle, type SkillBundle } from "./skill-bundle";
