import { byId, LoaderKey, type LoaderRegistry } from "../../platform/graphql/context";
import type { ProjectEntity } from "./project.entity";
import type { ProjectService } from "./project.service";

export const LIVE_PROJECT_BY_ID = new LoaderKey<string, ProjectEntity | null>("liveProjectById");
export const PROJECTS_LINKED_TO = new LoaderKey<string, ProjectEntity[]>("projectsLinkedTo");

export function registerProjectLoaders(registry: LoaderRegistry, projects: ProjectService): void {
  registry.register(LIVE_PROJECT_BY_ID, async (ids) => byId(await projects.findManyLive(ids), "id", ids));
  registry.register(PROJECTS_LINKED_TO, async (ids) => {
    const linked = await projects.findLinkedTo(ids);
    return ids.map((id) => linked.filter((p) => p.skillLibraryId === id));
  });
}
