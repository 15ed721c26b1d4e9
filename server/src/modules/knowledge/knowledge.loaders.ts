import {
  batchPerProject,
  groupedBy,
  LoaderKey,
  projectKeyString,
  type LoaderRegistry,
  type Loaders,
  type ProjectKey,
} from "../../platform/graphql/context";
import type { KnowledgeBaseEntity, KnowledgeDocumentEntity } from "./knowledge-base.entity";
import type { KnowledgeService } from "./knowledge.service";

/** A knowledge base by (project, id): a version's references are read in the project that holds the version. */
export const KNOWLEDGE_BASE_BY_REF = new LoaderKey<ProjectKey, KnowledgeBaseEntity | null>(
  "knowledgeBaseByRef",
  projectKeyString,
);
export const KNOWLEDGE_DOCUMENTS_BY_BASE = new LoaderKey<string, KnowledgeDocumentEntity[]>("knowledgeDocumentsByBase");

export function registerKnowledgeLoaders(registry: LoaderRegistry, knowledge: KnowledgeService): void {
  registry.register(KNOWLEDGE_BASE_BY_REF, (refs) =>
    batchPerProject(
      refs,
      async (projectId, ids) => new Map((await knowledge.findBases(projectId, ids)).map((b) => [b.id, b])),
      null,
    ),
  );
  registry.register(KNOWLEDGE_DOCUMENTS_BY_BASE, async (ids) =>
    groupedBy(await knowledge.documentsOf(ids), "knowledgeBaseId", ids),
  );
}

/** The bases that `ids` name in one project, in order; ids that name none are left out. */
export async function knowledgeBasesOf(
  loaders: Loaders,
  projectId: string,
  ids: readonly string[],
): Promise<KnowledgeBaseEntity[]> {
  const bases = await loaders.of(KNOWLEDGE_BASE_BY_REF).loadMany(ids.map((value) => ({ projectId, value })));
  return bases.filter((b): b is KnowledgeBaseEntity => b !== null && !(b instanceof Error));
}
