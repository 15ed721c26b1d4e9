import type { MigrationInterface, QueryRunner } from "typeorm";

export class AddAgents1795978607577 implements MigrationInterface {
  name = "AddAgents1795978607577";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE "agents" ("id" character varying(36) NOT NULL, "project_id" character varying(36) NOT NULL, "last_version" integer NOT NULL, "live_version_id" character varying(36), "gateway_name" character varying(200) NOT NULL, "created_at" bigint NOT NULL, "deleted_at" bigint, CONSTRAINT "PK_9c653f28ae19c5884d5baf6a1d9" PRIMARY KEY ("id"))',
    );
    await queryRunner.query(
      'CREATE UNIQUE INDEX "uq_agents_gateway_name" ON "agents"  ("project_id", "gateway_name") WHERE deleted_at IS NULL',
    );
    await queryRunner.query(
      'CREATE TABLE "agent_skill_entries" ("agent_version_id" character varying(36) NOT NULL, "position" integer NOT NULL, "project_id" character varying(36) NOT NULL, "name" character varying(64) NOT NULL, "pinned_version_id" character varying(36), CONSTRAINT "PK_55ac0e25df8cb9274a4ff8a7e57" PRIMARY KEY ("agent_version_id", "position"))',
    );
    await queryRunner.query(
      'CREATE INDEX "idx_agent_skill_entries_project_name" ON "agent_skill_entries"  ("project_id", "name") ',
    );
    await queryRunner.query(
      'CREATE TABLE "agent_versions" ("id" character varying(36) NOT NULL, "project_id" character varying(36) NOT NULL, "agent_id" character varying(36) NOT NULL, "version" integer NOT NULL, "state" character varying(16) NOT NULL, "name" character varying(200) NOT NULL, "alias" character varying(200), "mode" character varying(32) NOT NULL, "prompt" text NOT NULL, "max_loaded_skills" integer NOT NULL, "tools" text NOT NULL, "knowledge_base_ids" text NOT NULL, "model" text, "mcp_servers" text NOT NULL, "handoff_targets" text NOT NULL, "warnings" text NOT NULL, "created_by" character varying(64) NOT NULL, "created_at" bigint NOT NULL, "updated_at" bigint NOT NULL, "published_at" bigint, "archived_at" bigint, CONSTRAINT "uq_agent_versions_number" UNIQUE ("agent_id", "version"), CONSTRAINT "PK_1707ad895314a76125e4ece3a27" PRIMARY KEY ("id"))',
    );
    await queryRunner.query(
      'CREATE INDEX "idx_agent_versions_project_created" ON "agent_versions"  ("project_id", "created_at") ',
    );
    await queryRunner.query(
      'CREATE UNIQUE INDEX "uq_agent_versions_one_published" ON "agent_versions"  ("agent_id") WHERE state = \'published\'',
    );
    await queryRunner.query(
      'ALTER TABLE "agents" ADD CONSTRAINT "FK_90f24a22f7af11b155cd4752e65" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "agent_skill_entries" ADD CONSTRAINT "FK_4f91c5bc81c14c210ee3b257d4e" FOREIGN KEY ("agent_version_id") REFERENCES "agent_versions"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "agent_versions" ADD CONSTRAINT "FK_f7e287167a39665bec3932015e8" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "agent_versions" ADD CONSTRAINT "FK_d17f495bbb2d8a2233b93166b04" FOREIGN KEY ("agent_id") REFERENCES "agents"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "agent_versions" DROP CONSTRAINT "FK_d17f495bbb2d8a2233b93166b04"');
    await queryRunner.query('ALTER TABLE "agent_versions" DROP CONSTRAINT "FK_f7e287167a39665bec3932015e8"');
    await queryRunner.query('ALTER TABLE "agent_skill_entries" DROP CONSTRAINT "FK_4f91c5bc81c14c210ee3b257d4e"');
    await queryRunner.query('ALTER TABLE "agents" DROP CONSTRAINT "FK_90f24a22f7af11b155cd4752e65"');
    await queryRunner.query('DROP INDEX "public"."uq_agent_versions_one_published"');
    await queryRunner.query('DROP INDEX "public"."idx_agent_versions_project_created"');
    await queryRunner.query('DROP TABLE "agent_versions"');
    await queryRunner.query('DROP INDEX "public"."idx_agent_skill_entries_project_name"');
    await queryRunner.query('DROP TABLE "agent_skill_entries"');
    await queryRunner.query('DROP INDEX "public"."uq_agents_gateway_name"');
    await queryRunner.query('DROP TABLE "agents"');
  }
}
