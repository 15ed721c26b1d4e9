import type { MigrationInterface, QueryRunner } from "typeorm";

export class IndexEvictingAgents1796429043000 implements MigrationInterface {
  name = "IndexEvictingAgents1796429043000";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE INDEX "idx_skill_signal_hours_agent" ON "skill_signal_hours" ("project_id", "agent_key", "hour") ',
    );
    await queryRunner.query(
      'CREATE INDEX "idx_skill_signal_days_evicted" ON "skill_signal_days" ("project_id", "day", "agent_key", "evictions") WHERE evictions > 0',
    );
    await queryRunner.query(
      'CREATE INDEX "idx_skill_signal_days_agent_max" ON "skill_signal_days" ("project_id", "agent_key", "max_loaded", "day") ',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX "public"."idx_skill_signal_days_agent_max"');
    await queryRunner.query('DROP INDEX "public"."idx_skill_signal_days_evicted"');
    await queryRunner.query('DROP INDEX "public"."idx_skill_signal_hours_agent"');
  }
}
