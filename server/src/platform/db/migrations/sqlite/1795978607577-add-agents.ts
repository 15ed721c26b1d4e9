import type { MigrationInterface, QueryRunner } from "typeorm";

export class AddAgents1795978607577 implements MigrationInterface {
  name = "AddAgents1795978607577";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE "agents" ("id" varchar(36) PRIMARY KEY NOT NULL, "project_id" varchar(36) NOT NULL, "last_version" integer NOT NULL, "live_version_id" varchar(36), "gateway_name" varchar(200) NOT NULL, "created_at" bigint NOT NULL, "deleted_at" bigint)',
    );
    await queryRunner.query(
      'CREATE UNIQUE INDEX "uq_agents_gateway_name" ON "agents" ("project_id", "gateway_name") WHERE deleted_at IS NULL',
    );
    await queryRunner.query(
      'CREATE TABLE "agent_skill_entries" ("agent_version_id" varchar(36) NOT NULL, "position" integer NOT NULL, "project_id" varchar(36) NOT NULL, "name" varchar(64) NOT NULL, "pinned_version_id" varchar(36), PRIMARY KEY ("agent_version_id", "position"))',
    );
    await queryRunner.query(
      'CREATE INDEX "idx_agent_skill_entries_project_name" ON "agent_skill_entries" ("project_id", "name") ',
    );
    await queryRunner.query(
      'CREATE TABLE "agent_versions" ("id" varchar(36) PRIMARY KEY NOT NULL, "project_id" varchar(36) NOT NULL, "agent_id" varchar(36) NOT NULL, "version" integer NOT NULL, "state" varchar(16) NOT NULL, "name" varchar(200) NOT NULL, "alias" varchar(200), "mode" varchar(32) NOT NULL, "prompt" text NOT NULL, "max_loaded_skills" integer NOT NULL, "tools" text NOT NULL, "knowledge_base_ids" text NOT NULL, "model" text, "mcp_servers" text NOT NULL, "handoff_targets" text NOT NULL, "warnings" text NOT NULL, "created_by" varchar(64) NOT NULL, "created_at" bigint NOT NULL, "updated_at" bigint NOT NULL, "published_at" bigint, "archived_at" bigint, CONSTRAINT "uq_agent_versions_number" UNIQUE ("agent_id", "version"))',
    );
    await queryRunner.query(
      'CREATE INDEX "idx_agent_versions_project_created" ON "agent_versions" ("project_id", "created_at") ',
    );
    await queryRunner.query(
      'CREATE UNIQUE INDEX "uq_agent_versions_one_published" ON "agent_versions" ("agent_id") WHERE state = \'published\'',
    );
    await queryRunner.query('DROP INDEX "uq_agents_gateway_name"');
    await queryRunner.query(
      'CREATE TABLE "temporary_agents" ("id" varchar(36) PRIMARY KEY NOT NULL, "project_id" varchar(36) NOT NULL, "last_version" integer NOT NULL, "live_version_id" varchar(36), "gateway_name" varchar(200) NOT NULL, "created_at" bigint NOT NULL, "deleted_at" bigint, CONSTRAINT "FK_90f24a22f7af11b155cd4752e65" FOREIGN KEY ("project_id") REFERENCES "projects" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)',
    );
    await queryRunner.query(
      'INSERT INTO "temporary_agents"("id", "project_id", "last_version", "live_version_id", "gateway_name", "created_at", "deleted_at") SELECT "id", "project_id", "last_version", "live_version_id", "gateway_name", "created_at", "deleted_at" FROM "agents"',
    );
    await queryRunner.query('DROP TABLE "agents"');
    await queryRunner.query('ALTER TABLE "temporary_agents" RENAME TO "agents"');
    await queryRunner.query(
      'CREATE UNIQUE INDEX "uq_agents_gateway_name" ON "agents" ("project_id", "gateway_name") WHERE deleted_at IS NULL',
    );
    await queryRunner.query('DROP INDEX "idx_agent_skill_entries_project_name"');
    await queryRunner.query(
      'CREATE TABLE "temporary_agent_skill_entries" ("agent_version_id" varchar(36) NOT NULL, "position" integer NOT NULL, "project_id" varchar(36) NOT NULL, "name" varchar(64) NOT NULL, "pinned_version_id" varchar(36), CONSTRAINT "FK_4f91c5bc81c14c210ee3b257d4e" FOREIGN KEY ("agent_version_id") REFERENCES "agent_versions" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, PRIMARY KEY ("agent_version_id", "position"))',
    );
    await queryRunner.query(
      'INSERT INTO "temporary_agent_skill_entries"("agent_version_id", "position", "project_id", "name", "pinned_version_id") SELECT "agent_version_id", "position", "project_id", "name", "pinned_version_id" FROM "agent_skill_entries"',
    );
    await queryRunner.query('DROP TABLE "agent_skill_entries"');
    await queryRunner.query('ALTER TABLE "temporary_agent_skill_entries" RENAME TO "agent_skill_entries"');
    await queryRunner.query(
      'CREATE INDEX "idx_agent_skill_entries_project_name" ON "agent_skill_entries" ("project_id", "name") ',
    );
    await queryRunner.query('DROP INDEX "idx_agent_versions_project_created"');
    await queryRunner.query('DROP INDEX "uq_agent_versions_one_published"');
    await queryRunner.query(
      'CREATE TABLE "temporary_agent_versions" ("id" varchar(36) PRIMARY KEY NOT NULL, "project_id" varchar(36) NOT NULL, "agent_id" varchar(36) NOT NULL, "version" integer NOT NULL, "state" varchar(16) NOT NULL, "name" varchar(200) NOT NULL, "alias" varchar(200), "mode" varchar(32) NOT NULL, "prompt" text NOT NULL, "max_loaded_skills" integer NOT NULL, "tools" text NOT NULL, "knowledge_base_ids" text NOT NULL, "model" text, "mcp_servers" text NOT NULL, "handoff_targets" text NOT NULL, "warnings" text NOT NULL, "created_by" varchar(64) NOT NULL, "created_at" bigint NOT NULL, "updated_at" bigint NOT NULL, "published_at" bigint, "archived_at" bigint, CONSTRAINT "uq_agent_versions_number" UNIQUE ("agent_id", "version"), CONSTRAINT "FK_f7e287167a39665bec3932015e8" FOREIGN KEY ("project_id") REFERENCES "projects" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, CONSTRAINT "FK_d17f495bbb2d8a2233b93166b04" FOREIGN KEY ("agent_id") REFERENCES "agents" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)',
    );
    await queryRunner.query(
      'INSERT INTO "temporary_agent_versions"("id", "project_id", "agent_id", "version", "state", "name", "alias", "mode", "prompt", "max_loaded_skills", "tools", "knowledge_base_ids", "model", "mcp_servers", "handoff_targets", "warnings", "created_by", "created_at", "updated_at", "published_at", "archived_at") SELECT "id", "project_id", "agent_id", "version", "state", "name", "alias", "mode", "prompt", "max_loaded_skills", "tools", "knowledge_base_ids", "model", "mcp_servers", "handoff_targets", "warnings", "created_by", "created_at", "updated_at", "published_at", "archived_at" FROM "agent_versions"',
    );
    await queryRunner.query('DROP TABLE "agent_versions"');
    await queryRunner.query('ALTER TABLE "temporary_agent_versions" RENAME TO "agent_versions"');
    await queryRunner.query(
      'CREATE INDEX "idx_agent_versions_project_created" ON "agent_versions" ("project_id", "created_at") ',
    );
    await queryRunner.query(
      'CREATE UNIQUE INDEX "uq_agent_versions_one_published" ON "agent_versions" ("agent_id") WHERE state = \'published\'',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX "uq_agent_versions_one_published"');
    await queryRunner.query('DROP INDEX "idx_agent_versions_project_created"');
    await queryRunner.query('ALTER TABLE "agent_versions" RENAME TO "temporary_agent_versions"');
    await queryRunner.query(
      'CREATE TABLE "agent_versions" ("id" varchar(36) PRIMARY KEY NOT NULL, "project_id" varchar(36) NOT NULL, "agent_id" varchar(36) NOT NULL, "version" integer NOT NULL, "state" varchar(16) NOT NULL, "name" varchar(200) NOT NULL, "alias" varchar(200), "mode" varchar(32) NOT NULL, "prompt" text NOT NULL, "max_loaded_skills" integer NOT NULL, "tools" text NOT NULL, "knowledge_base_ids" text NOT NULL, "model" text, "mcp_servers" text NOT NULL, "handoff_targets" text NOT NULL, "warnings" text NOT NULL, "created_by" varchar(64) NOT NULL, "created_at" bigint NOT NULL, "updated_at" bigint NOT NULL, "published_at" bigint, "archived_at" bigint, CONSTRAINT "uq_agent_versions_number" UNIQUE ("agent_id", "version"))',
    );
    await queryRunner.query(
      'INSERT INTO "agent_versions"("id", "project_id", "agent_id", "version", "state", "name", "alias", "mode", "prompt", "max_loaded_skills", "tools", "knowledge_base_ids", "model", "mcp_servers", "handoff_targets", "warnings", "created_by", "created_at", "updated_at", "published_at", "archived_at") SELECT "id", "project_id", "agent_id", "version", "state", "name", "alias", "mode", "prompt", "max_loaded_skills", "tools", "knowledge_base_ids", "model", "mcp_servers", "handoff_targets", "warnings", "created_by", "created_at", "updated_at", "published_at", "archived_at" FROM "temporary_agent_versions"',
    );
    await queryRunner.query('DROP TABLE "temporary_agent_versions"');
    await queryRunner.query(
      'CREATE UNIQUE INDEX "uq_agent_versions_one_published" ON "agent_versions" ("agent_id") WHERE state = \'published\'',
    );
    await queryRunner.query(
      'CREATE INDEX "idx_agent_versions_project_created" ON "agent_versions" ("project_id", "created_at") ',
    );
    await queryRunner.query('DROP INDEX "idx_agent_skill_entries_project_name"');
    await queryRunner.query('ALTER TABLE "agent_skill_entries" RENAME TO "temporary_agent_skill_entries"');
    await queryRunner.query(
      'CREATE TABLE "agent_skill_entries" ("agent_version_id" varchar(36) NOT NULL, "position" integer NOT NULL, "project_id" varchar(36) NOT NULL, "name" varchar(64) NOT NULL, "pinned_version_id" varchar(36), PRIMARY KEY ("agent_version_id", "position"))',
    );
    await queryRunner.query(
      'INSERT INTO "agent_skill_entries"("agent_version_id", "position", "project_id", "name", "pinned_version_id") SELECT "agent_version_id", "position", "project_id", "name", "pinned_version_id" FROM "temporary_agent_skill_entries"',
    );
    await queryRunner.query('DROP TABLE "temporary_agent_skill_entries"');
    await queryRunner.query(
      'CREATE INDEX "idx_agent_skill_entries_project_name" ON "agent_skill_entries" ("project_id", "name") ',
    );
    await queryRunner.query('DROP INDEX "uq_agents_gateway_name"');
    await queryRunner.query('ALTER TABLE "agents" RENAME TO "temporary_agents"');
    await queryRunner.query(
      'CREATE TABLE "agents" ("id" varchar(36) PRIMARY KEY NOT NULL, "project_id" varchar(36) NOT NULL, "last_version" integer NOT NULL, "live_version_id" varchar(36), "gateway_name" varchar(200) NOT NULL, "created_at" bigint NOT NULL, "deleted_at" bigint)',
    );
    await queryRunner.query(
      'INSERT INTO "agents"("id", "project_id", "last_version", "live_version_id", "gateway_name", "created_at", "deleted_at") SELECT "id", "project_id", "last_version", "live_version_id", "gateway_name", "created_at", "deleted_at" FROM "temporary_agents"',
    );
    await queryRunner.query('DROP TABLE "temporary_agents"');
    await queryRunner.query(
      'CREATE UNIQUE INDEX "uq_agents_gateway_name" ON "agents" ("project_id", "gateway_name") WHERE deleted_at IS NULL',
    );
    await queryRunner.query('DROP INDEX "uq_agent_versions_one_published"');
    await queryRunner.query('DROP INDEX "idx_agent_versions_project_created"');
    await queryRunner.query('DROP TABLE "agent_versions"');
    await queryRunner.query('DROP INDEX "idx_agent_skill_entries_project_name"');
    await queryRunner.query('DROP TABLE "agent_skill_entries"');
    await queryRunner.query('DROP INDEX "uq_agents_gateway_name"');
    await queryRunner.query('DROP TABLE "agents"');
  }
}
