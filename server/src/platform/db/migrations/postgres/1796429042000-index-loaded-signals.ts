import type { MigrationInterface, QueryRunner } from "typeorm";

export class IndexLoadedSignals1796429042000 implements MigrationInterface {
  name = "IndexLoadedSignals1796429042000";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE INDEX "idx_skill_signal_hours_loaded" ON "skill_signal_hours" ("project_id", "skill", "hour") WHERE loads > 0',
    );
    await queryRunner.query(
      'CREATE INDEX "idx_skill_signal_days_loaded" ON "skill_signal_days" ("project_id", "skill", "day") WHERE loads > 0',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX "public"."idx_skill_signal_days_loaded"');
    await queryRunner.query('DROP INDEX "public"."idx_skill_signal_hours_loaded"');
  }
}
