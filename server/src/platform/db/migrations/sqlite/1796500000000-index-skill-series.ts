import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * A page of skills' insights (CT-3) reads its skills' rows by (project, skill, hour | day): the hours as a range per
 * skill; the days from the index alone (SQLite has no INCLUDE: the counts are key columns).
 */
export class IndexSkillSeries1796500000000 implements MigrationInterface {
  name = "IndexSkillSeries1796500000000";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE INDEX "idx_skill_signal_hours_series" ON "skill_signal_hours" ("project_id", "skill", "hour") ',
    );
    await queryRunner.query(
      'CREATE INDEX "idx_skill_signal_days_series" ON "skill_signal_days" ("project_id", "skill", "day", "starts", "loads", "evictions", "tool_runs", "tool_errors", "outcomes", "successes")',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX "idx_skill_signal_days_series"');
    await queryRunner.query('DROP INDEX "idx_skill_signal_hours_series"');
  }
}
