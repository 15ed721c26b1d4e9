import type { MigrationInterface, QueryRunner } from "typeorm";

export class IndexEvictingHours1796429044000 implements MigrationInterface {
  name = "IndexEvictingHours1796429044000";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE INDEX "idx_skill_signal_hours_evicted" ON "skill_signal_hours" ("project_id", "hour", "agent_key", "evictions") WHERE evictions > 0',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX "public"."idx_skill_signal_hours_evicted"');
  }
}
