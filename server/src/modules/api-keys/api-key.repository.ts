import { In, IsNull } from "typeorm";
import { ProjectEntity } from "../projects";
import { ApiKeyEntity } from "./api-key.entity";
import { BaseRepository } from "../../platform/db/repository";

export interface KeyWithProject {
  key: ApiKeyEntity;
  projectDeleted: boolean;
}

export class ApiKeyRepository extends BaseRepository {
  insert(key: ApiKeyEntity): Promise<ApiKeyEntity> {
    return this.m.getRepository(ApiKeyEntity).save(key);
  }

  /** The key by its public lookup part, with whether its project is deleted: one query per authentication. */
  async findByLookup(lookup: string): Promise<KeyWithProject | null> {
    const row = await this.m
      .getRepository(ApiKeyEntity)
      .createQueryBuilder("k")
      .innerJoin(ProjectEntity, "p", "p.id = k.project_id")
      .addSelect("p.deleted_at", "project_deleted_at")
      .where("k.lookup = :lookup", { lookup })
      .getRawAndEntities();
    const key = row.entities[0];
    if (!key) return null;
    const raw = row.raw[0] as { project_deleted_at: unknown };
    return { key, projectDeleted: raw.project_deleted_at !== null && raw.project_deleted_at !== undefined };
  }

  /** Keys by id within one project (an audit page's actors): one query for the page. */
  findManyInProject(projectId: string, ids: readonly string[]): Promise<ApiKeyEntity[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.m.getRepository(ApiKeyEntity).findBy({ projectId, id: In([...ids]) });
  }

  findInProject(projectId: string, id: string): Promise<ApiKeyEntity | null> {
    return this.m.getRepository(ApiKeyEntity).findOneBy({ projectId, id });
  }

  /** These keys of one project, locked in id order for the rest of the transaction (PostgreSQL; a fixed order cannot deadlock). */
  lockInProject(projectId: string, ids: readonly string[]): Promise<ApiKeyEntity[]> {
    const qb = this.m
      .getRepository(ApiKeyEntity)
      .createQueryBuilder("k")
      .where("k.project_id = :projectId AND k.id IN (:...ids)", { projectId, ids: [...new Set(ids)] })
      .orderBy("k.id", "ASC");
    return this.forUpdate(qb).getMany();
  }

  listForProject(projectId: string): Promise<ApiKeyEntity[]> {
    return this.m.getRepository(ApiKeyEntity).find({ where: { projectId }, order: { createdAt: "DESC", id: "ASC" } });
  }

  /** Whether this statement revoked it: of requests racing to revoke one key, exactly one does (SEC-15). */
  async revoke(id: string, at: Date): Promise<boolean> {
    const result = await this.m.getRepository(ApiKeyEntity).update({ id, revokedAt: IsNull() }, { revokedAt: at });
    return (result.affected ?? 0) > 0;
  }
}
