// Projects: the tenancy root every row belongs to (PJ-1, PJ-3).
export { ProjectEntity } from "./project.entity";
export { ProjectResolver } from "./project.resolver";
export { ProjectService, type FirstKeyIssuer, type ProjectRowsPurge } from "./project.service";
export { ProjectType } from "./project.types";
export { registerProjectLoaders } from "./project.loaders";
