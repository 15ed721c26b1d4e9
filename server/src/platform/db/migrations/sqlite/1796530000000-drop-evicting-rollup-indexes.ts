import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * capAdvice reads the evicting agents from `agent_signal_periods` (1796510000000); no statement reads the rollups'
 * rows with evictions any more, and the fold no longer writes these partial indexes.
 */
export class DropEvictingRollupIndexes1796530000000 implements MigrationInterface {
  name = "DropEvictingRollupIndexes1796530000000";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX "idx_skill_signal_hours_evicted"');
    await queryRunner.query('DROP INDEX "idx_skill_signal_days_evicted"');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE INDEX "idx_skill_signal_days_evicted" ON "skill_signal_days" ("project_id", "day", "agent_key", "evictions") WHERE evictions > 0',
    );
    await queryRunner.query(
      'CREATE INDEX "idx_skill_signal_hours_evicted" ON "skill_signal_hours" ("project_id", "hour", "agent_key", "evictions") WHERE evictions > 0',
    );
  }
}
