import {
  batchPerProject,
  LoaderKey,
  projectKeyString,
  type LoaderRegistry,
  type ProjectKey,
} from "../../platform/graphql/context";
import type { ApiKeyEntity } from "./api-key.entity";
import type { ApiKeyService } from "./api-key.service";

/** A key by (its project, id): who an audit entry's actor is, one query per project for a whole page. */
export const API_KEY_IN_PROJECT = new LoaderKey<ProjectKey, ApiKeyEntity | null>("apiKeyInProject", projectKeyString);

export function registerApiKeyLoaders(registry: LoaderRegistry, keys: ApiKeyService): void {
  registry.register(API_KEY_IN_PROJECT, (wanted) =>
    batchPerProject(
      wanted,
      async (projectId, ids) => new Map((await keys.findManyInProject(projectId, ids)).map((k) => [k.id, k])),
      null,
    ),
  );
}
