import type { DbManager } from "../../platform/db/database";
import { IdempotentRequestEntity } from "./idempotency.entity";

/** The only queries of remembered Skills API writes. */
export class IdempotencyRepository {
  constructor(private readonly m: DbManager) {}

  private get rows() {
    return this.m.getRepository(IdempotentRequestEntity);
  }

  /** Inserts the claim unless a row for the key exists; the row after that tells who holds it. */
  async claim(row: IdempotentRequestEntity): Promise<IdempotentRequestEntity | null> {
    await this.m.createQueryBuilder().insert().into(IdempotentRequestEntity).values(row).orIgnore().execute();
    return this.find(row.projectId, row.idempotencyKey);
  }

  find(projectId: string, idempotencyKey: string): Promise<IdempotentRequestEntity | null> {
    return this.rows.findOneBy({ projectId, idempotencyKey });
  }

  /** Takes over a claim left by an attempt that never finished (compare-and-set on its token). */
  async reclaim(projectId: string, idempotencyKey: string, staleToken: string, token: string, at: Date) {
    const result = await this.rows.update(
      { projectId, idempotencyKey, status: 0, claimToken: staleToken },
      { claimToken: token, createdAt: at },
    );
    return (result.affected ?? 0) > 0;
  }

  async complete(projectId: string, idempotencyKey: string, token: string, status: number, response: string) {
    await this.rows.update({ projectId, idempotencyKey, claimToken: token }, { status, response });
  }

  async release(projectId: string, idempotencyKey: string, token: string): Promise<void> {
    await this.rows.delete({ projectId, idempotencyKey, claimToken: token, status: 0 });
  }

  async deleteOlderThan(projectId: string, before: Date): Promise<void> {
    await this.m
      .createQueryBuilder()
      .delete()
      .from(IdempotentRequestEntity)
      .where("project_id = :projectId AND created_at < :before", { projectId, before: before.getTime() })
      .execute();
  }
}
