import type { MigrationInterface, QueryRunner } from "typeorm";

export class Initial1795977713639 implements MigrationInterface {
  name = "Initial1795977713639";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE "api_keys" ("id" varchar(36) PRIMARY KEY NOT NULL, "project_id" varchar(36) NOT NULL, "name" varchar(200), "role" varchar(16) NOT NULL, "lookup" varchar(32) NOT NULL, "key_hash" varchar(64) NOT NULL, "created_by" varchar(64) NOT NULL, "created_at" bigint NOT NULL, "revoked_at" bigint)',
    );
    await queryRunner.query('CREATE INDEX "idx_api_keys_project" ON "api_keys" ("project_id") ');
    await queryRunner.query('CREATE UNIQUE INDEX "uq_api_keys_lookup" ON "api_keys" ("lookup") ');
    await queryRunner.query(
      'CREATE TABLE "audit_entries" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "project_id" varchar(36) NOT NULL, "resource_type" varchar(32) NOT NULL, "resource_id" varchar(200) NOT NULL, "action" varchar(32) NOT NULL, "actor" varchar(64) NOT NULL, "at" bigint NOT NULL, "data" text)',
    );
    await queryRunner.query(
      'CREATE INDEX "idx_audit_project_resource" ON "audit_entries" ("project_id", "resource_type", "resource_id") ',
    );
    await queryRunner.query('CREATE INDEX "idx_audit_project_id" ON "audit_entries" ("project_id", "id") ');
    await queryRunner.query(
      'CREATE TABLE "knowledge_bases" ("id" varchar(36) PRIMARY KEY NOT NULL, "project_id" varchar(36) NOT NULL, "name" varchar(200) NOT NULL, "description" text NOT NULL DEFAULT (\'\'), "top_k" integer NOT NULL DEFAULT (3), "similarity_threshold" double precision NOT NULL DEFAULT (0), "created_at" bigint NOT NULL)',
    );
    await queryRunner.query('CREATE INDEX "idx_knowledge_bases_project" ON "knowledge_bases" ("project_id") ');
    await queryRunner.query(
      'CREATE TABLE "knowledge_documents" ("id" varchar(36) PRIMARY KEY NOT NULL, "knowledge_base_id" varchar(36) NOT NULL, "title" varchar(500) NOT NULL, "content" text NOT NULL, "created_at" bigint NOT NULL)',
    );
    await queryRunner.query(
      'CREATE INDEX "idx_knowledge_documents_base" ON "knowledge_documents" ("knowledge_base_id") ',
    );
    await queryRunner.query(
      'CREATE TABLE "projects" ("id" varchar(36) PRIMARY KEY NOT NULL, "name" varchar(200) NOT NULL, "skill_library_id" varchar(36), "created_at" bigint NOT NULL, "deleted_at" bigint)',
    );
    await queryRunner.query('CREATE INDEX "idx_projects_skill_library" ON "projects" ("skill_library_id") ');
    await queryRunner.query(
      'CREATE TABLE "skills" ("id" varchar(36) PRIMARY KEY NOT NULL, "project_id" varchar(36) NOT NULL, "name" varchar(64) NOT NULL, "last_version" integer NOT NULL, "live_version_id" varchar(36), "created_at" bigint NOT NULL, CONSTRAINT "uq_skills_project_name" UNIQUE ("project_id", "name"))',
    );
    await queryRunner.query(
      'CREATE TABLE "skill_version_files" ("version_id" varchar(36) NOT NULL, "path" varchar(512) NOT NULL, "sha256" varchar(64) NOT NULL, "size" integer NOT NULL, PRIMARY KEY ("version_id", "path"))',
    );
    await queryRunner.query('CREATE INDEX "idx_skill_version_files_sha" ON "skill_version_files" ("sha256") ');
    await queryRunner.query(
      'CREATE TABLE "blobs" ("sha256" varchar(64) PRIMARY KEY NOT NULL, "size" integer NOT NULL, "content_base64" text NOT NULL, "created_at" bigint NOT NULL)',
    );
    await queryRunner.query(
      'CREATE TABLE "skill_pointer_moves" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "project_id" varchar(36) NOT NULL, "name" varchar(64) NOT NULL, "version_id" varchar(36), "version" integer, "action" varchar(16) NOT NULL, "actor" varchar(64) NOT NULL, "at" bigint NOT NULL)',
    );
    await queryRunner.query(
      'CREATE INDEX "idx_skill_pointer_moves_lookup" ON "skill_pointer_moves" ("project_id", "name", "at") ',
    );
    await queryRunner.query(
      'CREATE TABLE "skill_versions" ("id" varchar(36) PRIMARY KEY NOT NULL, "project_id" varchar(36) NOT NULL, "skill_id" varchar(36) NOT NULL, "name" varchar(64) NOT NULL, "version" integer NOT NULL, "state" varchar(16) NOT NULL, "description" text NOT NULL, "skill_md" text NOT NULL, "instructions" text NOT NULL, "frontmatter" text NOT NULL, "warnings" text NOT NULL, "tools" text NOT NULL, "knowledge_bases" text NOT NULL, "created_by" varchar(64) NOT NULL, "created_at" bigint NOT NULL, "updated_at" bigint NOT NULL, "published_at" bigint, "archived_at" bigint, CONSTRAINT "uq_skill_versions_number" UNIQUE ("project_id", "name", "version"))',
    );
    await queryRunner.query('CREATE INDEX "idx_skill_versions_skill" ON "skill_versions" ("skill_id") ');
    await queryRunner.query(
      'CREATE INDEX "idx_skill_versions_project_state" ON "skill_versions" ("project_id", "state", "name") ',
    );
    await queryRunner.query(
      'CREATE UNIQUE INDEX "uq_skill_versions_one_published" ON "skill_versions" ("project_id", "name") WHERE state = \'published\'',
    );
    await queryRunner.query('DROP INDEX "idx_api_keys_project"');
    await queryRunner.query('DROP INDEX "uq_api_keys_lookup"');
    await queryRunner.query(
      'CREATE TABLE "temporary_api_keys" ("id" varchar(36) PRIMARY KEY NOT NULL, "project_id" varchar(36) NOT NULL, "name" varchar(200), "role" varchar(16) NOT NULL, "lookup" varchar(32) NOT NULL, "key_hash" varchar(64) NOT NULL, "created_by" varchar(64) NOT NULL, "created_at" bigint NOT NULL, "revoked_at" bigint, CONSTRAINT "FK_f5de07dbb229225e2be643ff3d0" FOREIGN KEY ("project_id") REFERENCES "projects" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)',
    );
    await queryRunner.query(
      'INSERT INTO "temporary_api_keys"("id", "project_id", "name", "role", "lookup", "key_hash", "created_by", "created_at", "revoked_at") SELECT "id", "project_id", "name", "role", "lookup", "key_hash", "created_by", "created_at", "revoked_at" FROM "api_keys"',
    );
    await queryRunner.query('DROP TABLE "api_keys"');
    await queryRunner.query('ALTER TABLE "temporary_api_keys" RENAME TO "api_keys"');
    await queryRunner.query('CREATE INDEX "idx_api_keys_project" ON "api_keys" ("project_id") ');
    await queryRunner.query('CREATE UNIQUE INDEX "uq_api_keys_lookup" ON "api_keys" ("lookup") ');
    await queryRunner.query('DROP INDEX "idx_knowledge_bases_project"');
    await queryRunner.query(
      'CREATE TABLE "temporary_knowledge_bases" ("id" varchar(36) PRIMARY KEY NOT NULL, "project_id" varchar(36) NOT NULL, "name" varchar(200) NOT NULL, "description" text NOT NULL DEFAULT (\'\'), "top_k" integer NOT NULL DEFAULT (3), "similarity_threshold" double precision NOT NULL DEFAULT (0), "created_at" bigint NOT NULL, CONSTRAINT "FK_cb7acfd7afbad477f2bde350c1c" FOREIGN KEY ("project_id") REFERENCES "projects" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)',
    );
    await queryRunner.query(
      'INSERT INTO "temporary_knowledge_bases"("id", "project_id", "name", "description", "top_k", "similarity_threshold", "created_at") SELECT "id", "project_id", "name", "description", "top_k", "similarity_threshold", "created_at" FROM "knowledge_bases"',
    );
    await queryRunner.query('DROP TABLE "knowledge_bases"');
    await queryRunner.query('ALTER TABLE "temporary_knowledge_bases" RENAME TO "knowledge_bases"');
    await queryRunner.query('CREATE INDEX "idx_knowledge_bases_project" ON "knowledge_bases" ("project_id") ');
    await queryRunner.query('DROP INDEX "idx_knowledge_documents_base"');
    await queryRunner.query(
      'CREATE TABLE "temporary_knowledge_documents" ("id" varchar(36) PRIMARY KEY NOT NULL, "knowledge_base_id" varchar(36) NOT NULL, "title" varchar(500) NOT NULL, "content" text NOT NULL, "created_at" bigint NOT NULL, CONSTRAINT "FK_b28158151bd8268a08b668540c0" FOREIGN KEY ("knowledge_base_id") REFERENCES "knowledge_bases" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)',
    );
    await queryRunner.query(
      'INSERT INTO "temporary_knowledge_documents"("id", "knowledge_base_id", "title", "content", "created_at") SELECT "id", "knowledge_base_id", "title", "content", "created_at" FROM "knowledge_documents"',
    );
    await queryRunner.query('DROP TABLE "knowledge_documents"');
    await queryRunner.query('ALTER TABLE "temporary_knowledge_documents" RENAME TO "knowledge_documents"');
    await queryRunner.query(
      'CREATE INDEX "idx_knowledge_documents_base" ON "knowledge_documents" ("knowledge_base_id") ',
    );
    await queryRunner.query(
      'CREATE TABLE "temporary_skills" ("id" varchar(36) PRIMARY KEY NOT NULL, "project_id" varchar(36) NOT NULL, "name" varchar(64) NOT NULL, "last_version" integer NOT NULL, "live_version_id" varchar(36), "created_at" bigint NOT NULL, CONSTRAINT "uq_skills_project_name" UNIQUE ("project_id", "name"), CONSTRAINT "FK_630c5e5bd4df4198a7b23a199d3" FOREIGN KEY ("project_id") REFERENCES "projects" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)',
    );
    await queryRunner.query(
      'INSERT INTO "temporary_skills"("id", "project_id", "name", "last_version", "live_version_id", "created_at") SELECT "id", "project_id", "name", "last_version", "live_version_id", "created_at" FROM "skills"',
    );
    await queryRunner.query('DROP TABLE "skills"');
    await queryRunner.query('ALTER TABLE "temporary_skills" RENAME TO "skills"');
    await queryRunner.query('DROP INDEX "idx_skill_version_files_sha"');
    await queryRunner.query(
      'CREATE TABLE "temporary_skill_version_files" ("version_id" varchar(36) NOT NULL, "path" varchar(512) NOT NULL, "sha256" varchar(64) NOT NULL, "size" integer NOT NULL, CONSTRAINT "FK_6385a4eb83bdbdb4a9ada7929ea" FOREIGN KEY ("version_id") REFERENCES "skill_versions" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, PRIMARY KEY ("version_id", "path"))',
    );
    await queryRunner.query(
      'INSERT INTO "temporary_skill_version_files"("version_id", "path", "sha256", "size") SELECT "version_id", "path", "sha256", "size" FROM "skill_version_files"',
    );
    await queryRunner.query('DROP TABLE "skill_version_files"');
    await queryRunner.query('ALTER TABLE "temporary_skill_version_files" RENAME TO "skill_version_files"');
    await queryRunner.query('CREATE INDEX "idx_skill_version_files_sha" ON "skill_version_files" ("sha256") ');
    await queryRunner.query('DROP INDEX "idx_skill_versions_skill"');
    await queryRunner.query('DROP INDEX "idx_skill_versions_project_state"');
    await queryRunner.query('DROP INDEX "uq_skill_versions_one_published"');
    await queryRunner.query(
      'CREATE TABLE "temporary_skill_versions" ("id" varchar(36) PRIMARY KEY NOT NULL, "project_id" varchar(36) NOT NULL, "skill_id" varchar(36) NOT NULL, "name" varchar(64) NOT NULL, "version" integer NOT NULL, "state" varchar(16) NOT NULL, "description" text NOT NULL, "skill_md" text NOT NULL, "instructions" text NOT NULL, "frontmatter" text NOT NULL, "warnings" text NOT NULL, "tools" text NOT NULL, "knowledge_bases" text NOT NULL, "created_by" varchar(64) NOT NULL, "created_at" bigint NOT NULL, "updated_at" bigint NOT NULL, "published_at" bigint, "archived_at" bigint, CONSTRAINT "uq_skill_versions_number" UNIQUE ("project_id", "name", "version"), CONSTRAINT "FK_96ab14598f260d9e7f70b1d7f1e" FOREIGN KEY ("project_id") REFERENCES "projects" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, CONSTRAINT "FK_1ef1caf0168b78a96ece715646d" FOREIGN KEY ("skill_id") REFERENCES "skills" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)',
    );
    await queryRunner.query(
      'INSERT INTO "temporary_skill_versions"("id", "project_id", "skill_id", "name", "version", "state", "description", "skill_md", "instructions", "frontmatter", "warnings", "tools", "knowledge_bases", "created_by", "created_at", "updated_at", "published_at", "archived_at") SELECT "id", "project_id", "skill_id", "name", "version", "state", "description", "skill_md", "instructions", "frontmatter", "warnings", "tools", "knowledge_bases", "created_by", "created_at", "updated_at", "published_at", "archived_at" FROM "skill_versions"',
    );
    await queryRunner.query('DROP TABLE "skill_versions"');
    await queryRunner.query('ALTER TABLE "temporary_skill_versions" RENAME TO "skill_versions"');
    await queryRunner.query('CREATE INDEX "idx_skill_versions_skill" ON "skill_versions" ("skill_id") ');
    await queryRunner.query(
      'CREATE INDEX "idx_skill_versions_project_state" ON "skill_versions" ("project_id", "state", "name") ',
    );
    await queryRunner.query(
      'CREATE UNIQUE INDEX "uq_skill_versions_one_published" ON "skill_versions" ("project_id", "name") WHERE state = \'published\'',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX "uq_skill_versions_one_published"');
    await queryRunner.query('DROP INDEX "idx_skill_versions_project_state"');
    await queryRunner.query('DROP INDEX "idx_skill_versions_skill"');
    await queryRunner.query('ALTER TABLE "skill_versions" RENAME TO "temporary_skill_versions"');
    await queryRunner.query(
      'CREATE TABLE "skill_versions" ("id" varchar(36) PRIMARY KEY NOT NULL, "project_id" varchar(36) NOT NULL, "skill_id" varchar(36) NOT NULL, "name" varchar(64) NOT NULL, "version" integer NOT NULL, "state" varchar(16) NOT NULL, "description" text NOT NULL, "skill_md" text NOT NULL, "instructions" text NOT NULL, "frontmatter" text NOT NULL, "warnings" text NOT NULL, "tools" text NOT NULL, "knowledge_bases" text NOT NULL, "created_by" varchar(64) NOT NULL, "created_at" bigint NOT NULL, "updated_at" bigint NOT NULL, "published_at" bigint, "archived_at" bigint, CONSTRAINT "uq_skill_versions_number" UNIQUE ("project_id", "name", "version"))',
    );
    await queryRunner.query(
      'INSERT INTO "skill_versions"("id", "project_id", "skill_id", "name", "version", "state", "description", "skill_md", "instructions", "frontmatter", "warnings", "tools", "knowledge_bases", "created_by", "created_at", "updated_at", "published_at", "archived_at") SELECT "id", "project_id", "skill_id", "name", "version", "state", "description", "skill_md", "instructions", "frontmatter", "warnings", "tools", "knowledge_bases", "created_by", "created_at", "updated_at", "published_at", "archived_at" FROM "temporary_skill_versions"',
    );
    await queryRunner.query('DROP TABLE "temporary_skill_versions"');
    await queryRunner.query(
      'CREATE UNIQUE INDEX "uq_skill_versions_one_published" ON "skill_versions" ("project_id", "name") WHERE state = \'published\'',
    );
    await queryRunner.query(
      'CREATE INDEX "idx_skill_versions_project_state" ON "skill_versions" ("project_id", "state", "name") ',
    );
    await queryRunner.query('CREATE INDEX "idx_skill_versions_skill" ON "skill_versions" ("skill_id") ');
    await queryRunner.query('DROP INDEX "idx_skill_version_files_sha"');
    await queryRunner.query('ALTER TABLE "skill_version_files" RENAME TO "temporary_skill_version_files"');
    await queryRunner.query(
      'CREATE TABLE "skill_version_files" ("version_id" varchar(36) NOT NULL, "path" varchar(512) NOT NULL, "sha256" varchar(64) NOT NULL, "size" integer NOT NULL, PRIMARY KEY ("version_id", "path"))',
    );
    await queryRunner.query(
      'INSERT INTO "skill_version_files"("version_id", "path", "sha256", "size") SELECT "version_id", "path", "sha256", "size" FROM "temporary_skill_version_files"',
    );
    await queryRunner.query('DROP TABLE "temporary_skill_version_files"');
    await queryRunner.query('CREATE INDEX "idx_skill_version_files_sha" ON "skill_version_files" ("sha256") ');
    await queryRunner.query('ALTER TABLE "skills" RENAME TO "temporary_skills"');
    await queryRunner.query(
      'CREATE TABLE "skills" ("id" varchar(36) PRIMARY KEY NOT NULL, "project_id" varchar(36) NOT NULL, "name" varchar(64) NOT NULL, "last_version" integer NOT NULL, "live_version_id" varchar(36), "created_at" bigint NOT NULL, CONSTRAINT "uq_skills_project_name" UNIQUE ("project_id", "name"))',
    );
    await queryRunner.query(
      'INSERT INTO "skills"("id", "project_id", "name", "last_version", "live_version_id", "created_at") SELECT "id", "project_id", "name", "last_version", "live_version_id", "created_at" FROM "temporary_skills"',
    );
    await queryRunner.query('DROP TABLE "temporary_skills"');
    await queryRunner.query('DROP INDEX "idx_knowledge_documents_base"');
    await queryRunner.query('ALTER TABLE "knowledge_documents" RENAME TO "temporary_knowledge_documents"');
    await queryRunner.query(
      'CREATE TABLE "knowledge_documents" ("id" varchar(36) PRIMARY KEY NOT NULL, "knowledge_base_id" varchar(36) NOT NULL, "title" varchar(500) NOT NULL, "content" text NOT NULL, "created_at" bigint NOT NULL)',
    );
    await queryRunner.query(
      'INSERT INTO "knowledge_documents"("id", "knowledge_base_id", "title", "content", "created_at") SELECT "id", "knowledge_base_id", "title", "content", "created_at" FROM "temporary_knowledge_documents"',
    );
    await queryRunner.query('DROP TABLE "temporary_knowledge_documents"');
    await queryRunner.query(
      'CREATE INDEX "idx_knowledge_documents_base" ON "knowledge_documents" ("knowledge_base_id") ',
    );
    await queryRunner.query('DROP INDEX "idx_knowledge_bases_project"');
    await queryRunner.query('ALTER TABLE "knowledge_bases" RENAME TO "temporary_knowledge_bases"');
    await queryRunner.query(
      'CREATE TABLE "knowledge_bases" ("id" varchar(36) PRIMARY KEY NOT NULL, "project_id" varchar(36) NOT NULL, "name" varchar(200) NOT NULL, "description" text NOT NULL DEFAULT (\'\'), "top_k" integer NOT NULL DEFAULT (3), "similarity_threshold" double precision NOT NULL DEFAULT (0), "created_at" bigint NOT NULL)',
    );
    await queryRunner.query(
      'INSERT INTO "knowledge_bases"("id", "project_id", "name", "description", "top_k", "similarity_threshold", "created_at") SELECT "id", "project_id", "name", "description", "top_k", "similarity_threshold", "created_at" FROM "temporary_knowledge_bases"',
    );
    await queryRunner.query('DROP TABLE "temporary_knowledge_bases"');
    await queryRunner.query('CREATE INDEX "idx_knowledge_bases_project" ON "knowledge_bases" ("project_id") ');
    await queryRunner.query('DROP INDEX "uq_api_keys_lookup"');
    await queryRunner.query('DROP INDEX "idx_api_keys_project"');
    await queryRunner.query('ALTER TABLE "api_keys" RENAME TO "temporary_api_keys"');
    await queryRunner.query(
      'CREATE TABLE "api_keys" ("id" varchar(36) PRIMARY KEY NOT NULL, "project_id" varchar(36) NOT NULL, "name" varchar(200), "role" varchar(16) NOT NULL, "lookup" varchar(32) NOT NULL, "key_hash" varchar(64) NOT NULL, "created_by" varchar(64) NOT NULL, "created_at" bigint NOT NULL, "revoked_at" bigint)',
    );
    await queryRunner.query(
      'INSERT INTO "api_keys"("id", "project_id", "name", "role", "lookup", "key_hash", "created_by", "created_at", "revoked_at") SELECT "id", "project_id", "name", "role", "lookup", "key_hash", "created_by", "created_at", "revoked_at" FROM "temporary_api_keys"',
    );
    await queryRunner.query('DROP TABLE "temporary_api_keys"');
    await queryRunner.query('CREATE UNIQUE INDEX "uq_api_keys_lookup" ON "api_keys" ("lookup") ');
    await queryRunner.query('CREATE INDEX "idx_api_keys_project" ON "api_keys" ("project_id") ');
    await queryRunner.query('DROP INDEX "uq_skill_versions_one_published"');
    await queryRunner.query('DROP INDEX "idx_skill_versions_project_state"');
    await queryRunner.query('DROP INDEX "idx_skill_versions_skill"');
    await queryRunner.query('DROP TABLE "skill_versions"');
    await queryRunner.query('DROP INDEX "idx_skill_pointer_moves_lookup"');
    await queryRunner.query('DROP TABLE "skill_pointer_moves"');
    await queryRunner.query('DROP TABLE "blobs"');
    await queryRunner.query('DROP INDEX "idx_skill_version_files_sha"');
    await queryRunner.query('DROP TABLE "skill_version_files"');
    await queryRunner.query('DROP TABLE "skills"');
    await queryRunner.query('DROP INDEX "idx_projects_skill_library"');
    await queryRunner.query('DROP TABLE "projects"');
    await queryRunner.query('DROP INDEX "idx_knowledge_documents_base"');
    await queryRunner.query('DROP TABLE "knowledge_documents"');
    await queryRunner.query('DROP INDEX "idx_knowledge_bases_project"');
    await queryRunner.query('DROP TABLE "knowledge_bases"');
    await queryRunner.query('DROP INDEX "idx_audit_project_id"');
    await queryRunner.query('DROP INDEX "idx_audit_project_resource"');
    await queryRunner.query('DROP TABLE "audit_entries"');
    await queryRunner.query('DROP INDEX "uq_api_keys_lookup"');
    await queryRunner.query('DROP INDEX "idx_api_keys_project"');
    await queryRunner.query('DROP TABLE "api_keys"');
  }
}
