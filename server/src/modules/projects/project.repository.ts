import { In, IsNull } from "typeorm";
import { ProjectEntity } from "./project.entity";
import { BaseRepository } from "../../platform/db/repository";

export class ProjectRepository extends BaseRepository {
  insert(project: ProjectEntity): Promise<ProjectEntity> {
    return this.m.getRepository(ProjectEntity).save(project);
  }

  /** A project that is not deleted. */
  findLive(id: string): Promise<ProjectEntity | null> {
    return this.m.getRepository(ProjectEntity).findOneBy({ id, deletedAt: IsNull() });
  }

  findAny(id: string): Promise<ProjectEntity | null> {
    return this.m.getRepository(ProjectEntity).findOneBy({ id });
  }

  /**
   * The project, deleted or not, locked for the rest of the transaction on PostgreSQL (SQLite serialises write
   * transactions already): a delete or purge decided on this read is not taken twice by two racing requests.
   */
  lock(id: string): Promise<ProjectEntity | null> {
    const qb = this.m.getRepository(ProjectEntity).createQueryBuilder("p").where("p.id = :id", { id });
    return this.forUpdate(qb).getOne();
  }

  findManyLive(ids: readonly string[]): Promise<ProjectEntity[]> {
    return this.m.getRepository(ProjectEntity).findBy({ id: In([...ids]), deletedAt: IsNull() });
  }

  list(includeDeleted: boolean): Promise<ProjectEntity[]> {
    return this.m.getRepository(ProjectEntity).find({
      where: includeDeleted ? {} : { deletedAt: IsNull() },
      order: { createdAt: "DESC", id: "ASC" },
    });
  }

  /** Live projects that read their skills from any of `libraryIds`. */
  findLinkedTo(libraryIds: readonly string[]): Promise<ProjectEntity[]> {
    return this.m.getRepository(ProjectEntity).find({
      where: { skillLibraryId: In([...libraryIds]), deletedAt: IsNull() },
      order: { createdAt: "ASC", id: "ASC" },
    });
  }

  async markDeleted(id: string, at: Date): Promise<void> {
    await this.m.getRepository(ProjectEntity).update({ id }, { deletedAt: at });
  }

  async unlinkFrom(libraryId: string): Promise<void> {
    await this.m.getRepository(ProjectEntity).update({ skillLibraryId: libraryId }, { skillLibraryId: null });
  }

  /** Removes the project; rows with a foreign key to it go with it (ON DELETE CASCADE). */
  async remove(id: string): Promise<void> {
    await this.m.getRepository(ProjectEntity).delete({ id });
  }
}
