import type { MigrationInterface, QueryRunner } from "typeorm";

export class AddCatalogBudget1796417865925 implements MigrationInterface {
  name = "AddCatalogBudget1796417865925";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX "uq_agent_versions_one_published"');
    await queryRunner.query('DROP INDEX "idx_agent_versions_project_created"');
    await queryRunner.query(
      'CREATE TABLE "temporary_agent_versions" ("id" varchar(36) PRIMARY KEY NOT NULL, "project_id" varchar(36) NOT NULL, "agent_id" varchar(36) NOT NULL, "version" integer NOT NULL, "state" varchar(16) NOT NULL, "name" varchar(200) NOT NULL, "alias" varchar(200), "mode" varchar(32) NOT NULL, "prompt" text NOT NULL, "max_loaded_skills" integer NOT NULL, "tools" text NOT NULL, "knowledge_base_ids" text NOT NULL, "model" text, "mcp_servers" text NOT NULL, "handoff_targets" text NOT NULL, "warnings" text NOT NULL, "created_by" varchar(64) NOT NULL, "created_at" bigint NOT NULL, "updated_at" bigint NOT NULL, "published_at" bigint, "archived_at" bigint, "catalog_budget" integer NOT NULL DEFAULT (8000), CONSTRAINT "uq_agent_versions_number" UNIQUE ("agent_id", "version"), CONSTRAINT "FK_d17f495bbb2d8a2233b93166b04" FOREIGN KEY ("agent_id") REFERENCES "agents" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, CONSTRAINT "FK_f7e287167a39665bec3932015e8" FOREIGN KEY ("project_id") REFERENCES "projects" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)',
    );
    await queryRunner.query(
      'INSERT INTO "temporary_agent_versions"("id", "project_id", "agent_id", "version", "state", "name", "alias", "mode", "prompt", "max_loaded_skills", "tools", "knowledge_base_ids", "model", "mcp_servers", "handoff_targets", "warnings", "created_by", "created_at", "updated_at", "published_at", "archived_at") SELECT "id", "project_id", "agent_id", "version", "state", "name", "alias", "mode", "prompt", "max_loaded_skills", "tools", "knowledge_base_ids", "model", "mcp_servers", "handoff_targets", "warnings", "created_by", "created_at", "updated_at", "published_at", "archived_at" FROM "agent_versions"',
    );
    await queryRunner.query('DROP TABLE "agent_versions"');
    await queryRunner.query('ALTER TABLE "temporary_agent_versions" RENAME TO "agent_versions"');
    await queryRunner.query(
      'CREATE UNIQUE INDEX "uq_agent_versions_one_published" ON "agent_versions" ("agent_id") WHERE state = \'published\'',
    );
    await queryRunner.query(
      'CREATE INDEX "idx_agent_versions_project_created" ON "agent_versions" ("project_id", "created_at") ',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX "idx_agent_versions_project_created"');
    await queryRunner.query('DROP INDEX "uq_agent_versions_one_published"');
    await queryRunner.query('ALTER TABLE "agent_versions" RENAME TO "temporary_agent_versions"');
    await queryRunner.query(
      'CREATE TABLE "agent_versions" ("id" varchar(36) PRIMARY KEY NOT NULL, "project_id" varchar(36) NOT NULL, "agent_id" varchar(36) NOT NULL, "version" integer NOT NULL, "state" varchar(16) NOT NULL, "name" varchar(200) NOT NULL, "alias" varchar(200), "mode" varchar(32) NOT NULL, "prompt" text NOT NULL, "max_loaded_skills" integer NOT NULL, "tools" text NOT NULL, "knowledge_base_ids" text NOT NULL, "model" text, "mcp_servers" text NOT NULL, "handoff_targets" text NOT NULL, "warnings" text NOT NULL, "created_by" varchar(64) NOT NULL, "created_at" bigint NOT NULL, "updated_at" bigint NOT NULL, "published_at" bigint, "archived_at" bigint, CONSTRAINT "uq_agent_versions_number" UNIQUE ("agent_id", "version"), CONSTRAINT "FK_d17f495bbb2d8a2233b93166b04" FOREIGN KEY ("agent_id") REFERENCES "agents" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, CONSTRAINT "FK_f7e287167a39665bec3932015e8" FOREIGN KEY ("project_id") REFERENCES "projects" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)',
    );
    await queryRunner.query(
      'INSERT INTO "agent_versions"("id", "project_id", "agent_id", "version", "state", "name", "alias", "mode", "prompt", "max_loaded_skills", "tools", "knowledge_base_ids", "model", "mcp_servers", "handoff_targets", "warnings", "created_by", "created_at", "updated_at", "published_at", "archived_at") SELECT "id", "project_id", "agent_id", "version", "state", "name", "alias", "mode", "prompt", "max_loaded_skills", "tools", "knowledge_base_ids", "model", "mcp_servers", "handoff_targets", "warnings", "created_by", "created_at", "updated_at", "published_at", "archived_at" FROM "temporary_agent_versions"',
    );
    await queryRunner.query('DROP TABLE "temporary_agent_versions"');
    await queryRunner.query(
      'CREATE INDEX "idx_agent_versions_project_created" ON "agent_versions" ("project_id", "created_at") ',
    );
    await queryRunner.query(
      'CREATE UNIQUE INDEX "uq_agent_versions_one_published" ON "agent_versions" ("agent_id") WHERE state = \'published\'',
    );
  }
}
