import type { MigrationInterface, QueryRunner } from "typeorm";

export class IndexCallsByAgentAndStart1796429040000 implements MigrationInterface {
  name = "IndexCallsByAgentAndStart1796429040000";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX "public"."idx_calls_project_agent"');
    await queryRunner.query(
      'CREATE INDEX "idx_calls_project_agent_started" ON "calls" ("project_id", "agent_id", "started_at") ',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX "public"."idx_calls_project_agent_started"');
    await queryRunner.query('CREATE INDEX "idx_calls_project_agent" ON "calls" ("project_id", "agent_id") ');
  }
}
