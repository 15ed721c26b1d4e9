import { In } from "typeorm";
import { KnowledgeBaseEntity, KnowledgeDocumentEntity } from "./knowledge-base.entity";
import { BaseRepository } from "../../platform/db/repository";

export class KnowledgeRepository extends BaseRepository {
  async insertBase(base: KnowledgeBaseEntity): Promise<void> {
    await this.m.getRepository(KnowledgeBaseEntity).insert(base);
  }

  async insertDocument(document: KnowledgeDocumentEntity): Promise<void> {
    await this.m.getRepository(KnowledgeDocumentEntity).insert(document);
  }

  /** A document of one of the project's bases. */
  findDocument(projectId: string, id: string): Promise<KnowledgeDocumentEntity | null> {
    return this.m
      .getRepository(KnowledgeDocumentEntity)
      .createQueryBuilder("d")
      .innerJoin(KnowledgeBaseEntity, "b", "b.id = d.knowledge_base_id")
      .where("d.id = :id AND b.project_id = :projectId", { id, projectId })
      .getOne();
  }

  /** Whether this statement removed it: of requests racing to delete one document, exactly one did (SEC-15). */
  async deleteDocument(id: string): Promise<boolean> {
    const result = await this.m.getRepository(KnowledgeDocumentEntity).delete({ id });
    return (result.affected ?? 0) > 0;
  }

  findBase(projectId: string, id: string): Promise<KnowledgeBaseEntity | null> {
    return this.m.getRepository(KnowledgeBaseEntity).findOneBy({ projectId, id });
  }

  /** Bases of one project among `ids`; ids of other projects are simply absent. */
  findBases(projectId: string, ids: readonly string[]): Promise<KnowledgeBaseEntity[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.m.getRepository(KnowledgeBaseEntity).findBy({ projectId, id: In([...ids]) });
  }

  /** By id across projects: callers filter by project (the cache is shared). */
  findBasesAnyProject(ids: readonly string[]): Promise<KnowledgeBaseEntity[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.m.getRepository(KnowledgeBaseEntity).findBy({ id: In([...ids]) });
  }

  listBases(projectId: string): Promise<KnowledgeBaseEntity[]> {
    return this.m
      .getRepository(KnowledgeBaseEntity)
      .find({ where: { projectId }, order: { createdAt: "DESC", id: "ASC" } });
  }

  documentsOf(baseIds: readonly string[]): Promise<KnowledgeDocumentEntity[]> {
    if (baseIds.length === 0) return Promise.resolve([]);
    return this.m
      .getRepository(KnowledgeDocumentEntity)
      .find({ where: { knowledgeBaseId: In([...baseIds]) }, order: { createdAt: "ASC", id: "ASC" } });
  }
}
