// What other modules may use of libraries: the one answer to "which project's skills does P read".
export { skillSourceProject, sourcePlace, type SkillSource } from "./skill-source";
export { LibraryService } from "./library.service";
export { SkillSourceCache } from "./skill-source-cache";
export { SOURCE_HOLDS_SKILLS_SQL, sourceJoin, sourceProjectSql, type RawSourceRow } from "./library.repository";
export { LibraryResolver } from "./library.resolver";
