import type { MigrationInterface, QueryRunner } from "typeorm";
import { signalSummariesBackfill } from "../signal-summaries-backfill";

/**
 * OB-3, CT-3: the fold's summaries for unusedSkills and capAdvice, filled from the rollups folded so far.
 */
export class AddSignalSummaries1796510000000 implements MigrationInterface {
  name = "AddSignalSummaries1796510000000";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE "skill_load_bounds" ("project_id" varchar(36) NOT NULL, "skill" varchar(64) NOT NULL, "first_hour" bigint NOT NULL, "last_hour" bigint NOT NULL, PRIMARY KEY ("project_id", "skill"))',
    );
    await queryRunner.query(
      'CREATE TABLE "agent_signal_periods" ("project_id" varchar(36) NOT NULL, "agent_key" varchar(36) NOT NULL, "period" bigint NOT NULL, "start" bigint NOT NULL, "evictions" integer NOT NULL DEFAULT (0), "max_loaded" integer NOT NULL DEFAULT (0), PRIMARY KEY ("project_id", "agent_key", "period", "start"))',
    );
    await queryRunner.query(
      'CREATE INDEX "idx_agent_signal_periods_evicted" ON "agent_signal_periods" ("project_id", "period", "start", "agent_key", "evictions") WHERE evictions > 0',
    );
    for (const statement of signalSummariesBackfill()) await queryRunner.query(statement);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX "idx_agent_signal_periods_evicted"');
    await queryRunner.query('DROP TABLE "agent_signal_periods"');
    await queryRunner.query('DROP TABLE "skill_load_bounds"');
  }
}
