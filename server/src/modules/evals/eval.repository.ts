import { In, type QueryDeepPartialEntity } from "typeorm";
import type { PageWindow } from "../../platform/graphql/page";
import { EvalResultEntity, EvalRunEntity, EvalScenarioEntity } from "./eval.entity";
import { BaseRepository, likeEscaped } from "../../platform/db/repository";
import { normaliseTag } from "./eval-scenario-check";

/** A claimable run: queued, or running with a lease that is free or expired (its worker died). */
const CLAIMABLE = "r.status IN ('queued', 'running') AND (r.locked_until IS NULL OR r.locked_until < :now)";

/** `%"tag"%` over the tags' JSON text (tags are stored normalised), with LIKE's wildcards escaped. */
const tagPattern = (tag: string) => `%${likeEscaped(JSON.stringify(normaliseTag(tag)))}%`;

/** The only place with eval queries. */
export class EvalRepository extends BaseRepository {
  // ---- scenarios ----

  /**
   * The scenario, locked for the rest of the transaction on PostgreSQL (SQLite serialises write transactions
   * already): an edit decided on this read is not overtaken by the scenario's delete, which would let the save
   * insert it again.
   */
  lockScenario(projectId: string, id: string): Promise<EvalScenarioEntity | null> {
    const qb = this.m
      .getRepository(EvalScenarioEntity)
      .createQueryBuilder("s")
      .where("s.project_id = :projectId AND s.id = :id", { projectId, id });
    return this.forUpdate(qb).getOne();
  }

  async saveScenario(scenario: EvalScenarioEntity): Promise<void> {
    await this.m.getRepository(EvalScenarioEntity).save(scenario);
  }

  async deleteScenario(projectId: string, id: string): Promise<boolean> {
    const result = await this.m.getRepository(EvalScenarioEntity).delete({ projectId, id });
    return (result.affected ?? 0) > 0;
  }

  scenarioPage(projectId: string, tag: string | null, window: PageWindow): Promise<[EvalScenarioEntity[], number]> {
    const qb = this.m
      .getRepository(EvalScenarioEntity)
      .createQueryBuilder("s")
      .where("s.project_id = :projectId", { projectId });
    if (tag) qb.andWhere("s.tags LIKE :pattern ESCAPE '\\'", { pattern: tagPattern(tag) });
    return qb
      .orderBy("s.created_at", "ASC")
      .addOrderBy("s.id", "ASC")
      .skip(window.offset)
      .take(window.limit)
      .getManyAndCount();
  }

  /** Scenarios by ids (the project's only), or every scenario with a tag, or every one of the project. */
  async scenariosFor(
    projectId: string,
    ids: readonly string[] | null,
    tag: string | null,
  ): Promise<EvalScenarioEntity[]> {
    const qb = this.m
      .getRepository(EvalScenarioEntity)
      .createQueryBuilder("s")
      .where("s.project_id = :projectId", { projectId });
    if (ids) qb.andWhere(ids.length > 0 ? "s.id IN (:...ids)" : "1 = 0", { ids: [...ids] });
    if (tag) qb.andWhere("s.tags LIKE :pattern ESCAPE '\\'", { pattern: tagPattern(tag) });
    const rows = await qb.orderBy("s.created_at", "ASC").addOrderBy("s.id", "ASC").getMany();
    // LIKE over JSON text may match a tag inside another one's escaped text: the stored list decides.
    return tag ? rows.filter((s) => s.tags.includes(tag)) : rows;
  }

  // ---- runs ----

  async insertRun(run: EvalRunEntity): Promise<void> {
    await this.insertRows(EvalRunEntity, [run]);
  }

  /**
   * `withResults`: the run's results come in the same statement as its row, so its counters (completed, passed,
   * status) and its results are one snapshot even while a worker stores results.
   */
  findRun(projectId: string, id: string, withResults = false): Promise<EvalRunEntity | null> {
    const qb = this.runs(withResults).where("run.project_id = :projectId AND run.id = :id", { projectId, id });
    return qb.getOne();
  }

  /** The page's runs; `withResults` as findRun (the rows and their results in one statement; the count apart). */
  async runPage(projectId: string, window: PageWindow, withResults = false): Promise<[EvalRunEntity[], number]> {
    const where = ["run.project_id = :projectId", { projectId }] as const;
    const page = await this.runs(false)
      .where(...where)
      .orderBy("run.created_at", "DESC")
      .addOrderBy("run.id", "DESC")
      .skip(window.offset)
      .take(window.limit)
      .getManyAndCount();
    if (!withResults || page[0].length === 0) return page;
    const ids = page[0].map((run) => run.id);
    const rows = await this.runs(true).where("run.id IN (:...ids)", { ids }).getMany();
    const byId = new Map(rows.map((run) => [run.id, run]));
    return [ids.flatMap((id) => byId.get(id) ?? []), page[1]];
  }

  private runs(withResults: boolean) {
    const qb = this.m.getRepository(EvalRunEntity).createQueryBuilder("run");
    if (!withResults) return qb;
    return qb
      .leftJoinAndMapMany("run.results", EvalResultEntity, "res", "res.run_id = run.id")
      .orderBy("res.seq", "ASC");
  }

  resultsOf(runIds: readonly string[]): Promise<EvalResultEntity[]> {
    if (runIds.length === 0) return Promise.resolve([]);
    return this.m.getRepository(EvalResultEntity).find({ where: { runId: In([...runIds]) }, order: { seq: "ASC" } });
  }

  async resultSeqs(runId: string): Promise<Set<number>> {
    const rows = await this.m.getRepository(EvalResultEntity).find({ select: { seq: true }, where: { runId } });
    return new Set(rows.map((r) => r.seq));
  }

  /** OB-2: runs waiting for a worker, over the status index. */
  countQueued(): Promise<number> {
    return this.m.getRepository(EvalRunEntity).countBy({ status: "queued" });
  }

  /** Whether any run is claimable: a cheap read, so an idle worker never opens a write transaction. */
  async hasClaimable(now: Date): Promise<boolean> {
    const row: unknown = await this.m
      .getRepository(EvalRunEntity)
      .createQueryBuilder("r")
      .select("r.id", "id")
      .where(CLAIMABLE, { now: now.getTime() })
      .limit(1)
      .getRawOne();
    return row !== undefined && row !== null;
  }

  /**
   * Claims the oldest claimable run for one worker (inside a short transaction), as the webhook worker claims
   * deliveries: PostgreSQL row-locks the candidate with SKIP LOCKED; on both, the lease is set by compare-and-set and
   * the run is returned only if it now carries this claim's token. A claimed run is `running`.
   */
  async claim(now: Date, leaseUntil: Date, token: string): Promise<EvalRunEntity | null> {
    const candidate = this.m
      .getRepository(EvalRunEntity)
      .createQueryBuilder("r")
      .select("r.id", "id")
      .where(CLAIMABLE, { now: now.getTime() })
      .orderBy("r.created_at", "ASC")
      .limit(1);
    this.claimable(candidate);
    const row = (await candidate.getRawOne()) as { id: string } | undefined;
    if (!row) return null;
    await this.m
      .createQueryBuilder()
      .update(EvalRunEntity)
      .set({ status: "running", lockedUntil: leaseUntil, claimedBy: token })
      .where("id = :id AND status IN ('queued', 'running') AND (locked_until IS NULL OR locked_until < :now)", {
        id: row.id,
        now: now.getTime(),
      })
      .execute();
    return this.m.getRepository(EvalRunEntity).findOneBy({ id: row.id, claimedBy: token });
  }

  /** Writes fields of a run this claim still holds; false when the lease was lost. */
  async updateClaimed(id: string, token: string, fields: QueryDeepPartialEntity<EvalRunEntity>): Promise<boolean> {
    const result = await this.m
      .createQueryBuilder()
      .update(EvalRunEntity)
      .set(fields)
      .where("id = :id AND claimed_by = :token AND status = 'running'", { id, token })
      .execute();
    return (result.affected ?? 0) > 0;
  }

  /** Stores a result and counts it, if the claim still holds; false (nothing written) when it was lost. */
  async recordResult(result: EvalResultEntity, token: string, leaseUntil: Date): Promise<boolean> {
    const counted = await this.m
      .createQueryBuilder()
      .update(EvalRunEntity)
      .set({
        completed: () => "completed + 1",
        passed: () => (result.passed ? "passed + 1" : "passed"),
        lockedUntil: leaseUntil,
      })
      .where("id = :id AND claimed_by = :token AND status = 'running'", { id: result.runId, token })
      .execute();
    if ((counted.affected ?? 0) === 0) return false;
    await this.insertRows(EvalResultEntity, [result]);
    return true;
  }
}
