import type { MigrationInterface, QueryRunner } from "typeorm";

export class IndexSkillVersionsByCreation1796429041000 implements MigrationInterface {
  name = "IndexSkillVersionsByCreation1796429041000";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE INDEX "idx_skill_versions_project_created" ON "skill_versions" ("project_id", "created_at", "version", "id") ',
    );
    await queryRunner.query(
      'CREATE INDEX "idx_skill_versions_project_state_created" ON "skill_versions" ("project_id", "state", "created_at", "version", "id") ',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX "public"."idx_skill_versions_project_state_created"');
    await queryRunner.query('DROP INDEX "public"."idx_skill_versions_project_created"');
  }
}
