import type { MigrationInterface, QueryRunner } from "typeorm";
import { signalSummariesBackfill } from "../signal-summaries-backfill";

/**
 * OB-3, CT-3: the fold's summaries for unusedSkills and capAdvice, filled from the rollups folded so far (and their
 * statistics, so the reads' first plans are not made for an empty table).
 */
export class AddSignalSummaries1796510000000 implements MigrationInterface {
  name = "AddSignalSummaries1796510000000";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE "skill_load_bounds" ("project_id" character varying(36) NOT NULL, "skill" character varying(64) NOT NULL, "first_hour" bigint NOT NULL, "last_hour" bigint NOT NULL, CONSTRAINT "PK_a9e2a366f535b5b9fa5b163c021" PRIMARY KEY ("project_id", "skill"))',
    );
    await queryRunner.query(
      'CREATE TABLE "agent_signal_periods" ("project_id" character varying(36) NOT NULL, "agent_key" character varying(36) NOT NULL, "period" bigint NOT NULL, "start" bigint NOT NULL, "evictions" integer NOT NULL DEFAULT \'0\', "max_loaded" integer NOT NULL DEFAULT \'0\', CONSTRAINT "PK_162a767d69471b91592150d85d4" PRIMARY KEY ("project_id", "agent_key", "period", "start"))',
    );
    await queryRunner.query(
      'CREATE INDEX "idx_agent_signal_periods_evicted" ON "agent_signal_periods"  ("project_id", "period", "start", "agent_key", "evictions") WHERE evictions > 0',
    );
    for (const statement of signalSummariesBackfill()) await queryRunner.query(statement);
    await queryRunner.query("ANALYZE skill_load_bounds, agent_signal_periods");
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX "public"."idx_agent_signal_periods_evicted"');
    await queryRunner.query('DROP TABLE "agent_signal_periods"');
    await queryRunner.query('DROP TABLE "skill_load_bounds"');
  }
}
