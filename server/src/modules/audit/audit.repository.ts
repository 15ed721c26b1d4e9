import type { QueryDeepPartialEntity } from "typeorm";
import type { PageWindow } from "../../platform/graphql/page";
import { AuditEntryEntity } from "./audit-entry.entity";
import { BaseRepository } from "../../platform/db/repository";

export interface AuditFilter {
  projectId: string;
  resourceType?: string | null;
  resourceId?: string | null;
  action?: string | null;
}

export class AuditRepository extends BaseRepository {
  async append(entries: Array<Omit<AuditEntryEntity, "id">>): Promise<void> {
    if (entries.length === 0) return;
    await this.m.getRepository(AuditEntryEntity).insert(entries as QueryDeepPartialEntity<AuditEntryEntity>[]);
  }

  async page(filter: AuditFilter, window: PageWindow): Promise<[AuditEntryEntity[], number]> {
    const qb = this.m
      .getRepository(AuditEntryEntity)
      .createQueryBuilder("a")
      .where("a.project_id = :projectId", { projectId: filter.projectId });
    if (filter.resourceType) qb.andWhere("a.resource_type = :resourceType", { resourceType: filter.resourceType });
    if (filter.resourceId) qb.andWhere("a.resource_id = :resourceId", { resourceId: filter.resourceId });
    if (filter.action) qb.andWhere("a.action = :action", { action: filter.action });
    return qb.orderBy("a.id", "DESC").skip(window.offset).take(window.limit).getManyAndCount();
  }

  async deleteProject(projectId: string): Promise<void> {
    await this.m.getRepository(AuditEntryEntity).delete({ projectId });
  }
}
