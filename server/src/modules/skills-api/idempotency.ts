import { randomUUID } from "node:crypto";
import type { Database } from "../../platform/db/database";
import { IdempotentRequestEntity } from "./idempotency.entity";
import { IdempotencyRepository } from "./idempotency.repository";
import { SkillsApiError, badRequest } from "./skills-api.errors";

/** An answer to remember: its status and JSON body. */
export interface Answer {
  status: number;
  body: unknown;
}

/** How long an answer is replayed to a retry with the same key. */
const KEPT_MS = 24 * 60 * 60 * 1000;
/** A claim older than this belongs to an attempt that died (a crash, a lost connection): a retry takes it over. */
const STALE_CLAIM_MS = 60 * 1000;
const KEY = /^[\x21-\x7e]{1,255}$/;

/**
 * EC-1, EC-2: writes sent with an `Idempotency-Key` run once per project and key. A retry gets the first answer; a
 * retry while the first still runs is told to retry (409, retryable); the key sent with another request is refused.
 */
export class IdempotencyStore {
  constructor(private readonly db: Database) {}

  async once(
    projectId: string,
    key: string,
    requestHash: string,
    work: () => Promise<Answer>,
  ): Promise<Answer & { replayed: boolean }> {
    if (!KEY.test(key)) {
      throw badRequest(
        "The Idempotency-Key header must be 1 to 255 printable ASCII characters without spaces (a UUID is a good key).",
        "Idempotency-Key",
      );
    }
    const token = randomUUID();
    const now = new Date();
    const row = await this.db.write(async (tx) => {
      const repo = new IdempotencyRepository(tx.manager);
      await repo.deleteOlderThan(projectId, new Date(now.getTime() - KEPT_MS));
      return repo.claim(
        Object.assign(new IdempotentRequestEntity(), {
          projectId,
          idempotencyKey: key,
          requestHash,
          claimToken: token,
          status: 0,
          response: null,
          createdAt: now,
        }),
      );
    });
    if (!row) throw new Error(`the idempotency claim ${projectId}/${key} vanished inside its transaction`);
    if (row.claimToken !== token) {
      if (row.requestHash !== requestHash) {
        throw new SkillsApiError(
          "unprocessable",
          `The Idempotency-Key '${key}' was already used for a different request in the last 24 hours; send a new key with a new request.`,
          { param: "Idempotency-Key", code: "idempotency_key_reused" },
        );
      }
      if (row.status !== 0) return { status: row.status, body: JSON.parse(row.response ?? "null"), replayed: true };
      const stale = now.getTime() - row.createdAt.getTime() > STALE_CLAIM_MS;
      const took =
        stale &&
        (await this.db.write((tx) =>
          new IdempotencyRepository(tx.manager).reclaim(projectId, key, row.claimToken, token, now),
        ));
      if (!took) {
        throw new SkillsApiError(
          "conflict",
          `A request with the Idempotency-Key '${key}' is still running; retry it in a moment to get its answer.`,
          { retry: true, code: "idempotency_key_in_use" },
        );
      }
    }
    try {
      const answer = await work();
      await this.db.write(async (tx) => {
        const repo = new IdempotencyRepository(tx.manager);
        if (answer.status < 300) await repo.complete(projectId, key, token, answer.status, JSON.stringify(answer.body));
        else await repo.release(projectId, key, token);
      });
      return { ...answer, replayed: false };
    } catch (error) {
      await this.db.write((tx) => new IdempotencyRepository(tx.manager).release(projectId, key, token));
      throw error;
    }
  }
}
