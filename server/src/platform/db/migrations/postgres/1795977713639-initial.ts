import type { MigrationInterface, QueryRunner } from "typeorm";

export class Initial1795977713639 implements MigrationInterface {
  name = "Initial1795977713639";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE "api_keys" ("id" character varying(36) NOT NULL, "project_id" character varying(36) NOT NULL, "name" character varying(200), "role" character varying(16) NOT NULL, "lookup" character varying(32) NOT NULL, "key_hash" character varying(64) NOT NULL, "created_by" character varying(64) NOT NULL, "created_at" bigint NOT NULL, "revoked_at" bigint, CONSTRAINT "PK_5c8a79801b44bd27b79228e1dad" PRIMARY KEY ("id"))',
    );
    await queryRunner.query('CREATE INDEX "idx_api_keys_project" ON "api_keys"  ("project_id") ');
    await queryRunner.query('CREATE UNIQUE INDEX "uq_api_keys_lookup" ON "api_keys"  ("lookup") ');
    await queryRunner.query(
      'CREATE TABLE "audit_entries" ("id" SERIAL NOT NULL, "project_id" character varying(36) NOT NULL, "resource_type" character varying(32) NOT NULL, "resource_id" character varying(200) NOT NULL, "action" character varying(32) NOT NULL, "actor" character varying(64) NOT NULL, "at" bigint NOT NULL, "data" text, CONSTRAINT "PK_6b1623bcad4d04530b76548d619" PRIMARY KEY ("id"))',
    );
    await queryRunner.query(
      'CREATE INDEX "idx_audit_project_resource" ON "audit_entries"  ("project_id", "resource_type", "resource_id") ',
    );
    await queryRunner.query('CREATE INDEX "idx_audit_project_id" ON "audit_entries"  ("project_id", "id") ');
    await queryRunner.query(
      'CREATE TABLE "knowledge_bases" ("id" character varying(36) NOT NULL, "project_id" character varying(36) NOT NULL, "name" character varying(200) NOT NULL, "description" text NOT NULL DEFAULT \'\', "top_k" integer NOT NULL DEFAULT \'3\', "similarity_threshold" double precision NOT NULL DEFAULT \'0\', "created_at" bigint NOT NULL, CONSTRAINT "PK_b7da0ee578e15ebb6213465440d" PRIMARY KEY ("id"))',
    );
    await queryRunner.query('CREATE INDEX "idx_knowledge_bases_project" ON "knowledge_bases"  ("project_id") ');
    await queryRunner.query(
      'CREATE TABLE "knowledge_documents" ("id" character varying(36) NOT NULL, "knowledge_base_id" character varying(36) NOT NULL, "title" character varying(500) NOT NULL, "content" text NOT NULL, "created_at" bigint NOT NULL, CONSTRAINT "PK_402a3c43fb263aa5289670e4e21" PRIMARY KEY ("id"))',
    );
    await queryRunner.query(
      'CREATE INDEX "idx_knowledge_documents_base" ON "knowledge_documents"  ("knowledge_base_id") ',
    );
    await queryRunner.query(
      'CREATE TABLE "projects" ("id" character varying(36) NOT NULL, "name" character varying(200) NOT NULL, "skill_library_id" character varying(36), "created_at" bigint NOT NULL, "deleted_at" bigint, CONSTRAINT "PK_6271df0a7aed1d6c0691ce6ac50" PRIMARY KEY ("id"))',
    );
    await queryRunner.query('CREATE INDEX "idx_projects_skill_library" ON "projects"  ("skill_library_id") ');
    await queryRunner.query(
      'CREATE TABLE "skills" ("id" character varying(36) NOT NULL, "project_id" character varying(36) NOT NULL, "name" character varying(64) NOT NULL, "last_version" integer NOT NULL, "live_version_id" character varying(36), "created_at" bigint NOT NULL, CONSTRAINT "uq_skills_project_name" UNIQUE ("project_id", "name"), CONSTRAINT "PK_0d3212120f4ecedf90864d7e298" PRIMARY KEY ("id"))',
    );
    await queryRunner.query(
      'CREATE TABLE "skill_version_files" ("version_id" character varying(36) NOT NULL, "path" character varying(512) NOT NULL, "sha256" character varying(64) NOT NULL, "size" integer NOT NULL, CONSTRAINT "PK_e35c2f562720282ce323951057a" PRIMARY KEY ("version_id", "path"))',
    );
    await queryRunner.query('CREATE INDEX "idx_skill_version_files_sha" ON "skill_version_files"  ("sha256") ');
    await queryRunner.query(
      'CREATE TABLE "blobs" ("sha256" character varying(64) NOT NULL, "size" integer NOT NULL, "content_base64" text NOT NULL, "created_at" bigint NOT NULL, CONSTRAINT "PK_bf448430f9a07c61c2eb85de185" PRIMARY KEY ("sha256"))',
    );
    await queryRunner.query(
      'CREATE TABLE "skill_pointer_moves" ("id" SERIAL NOT NULL, "project_id" character varying(36) NOT NULL, "name" character varying(64) NOT NULL, "version_id" character varying(36), "version" integer, "action" character varying(16) NOT NULL, "actor" character varying(64) NOT NULL, "at" bigint NOT NULL, CONSTRAINT "PK_951768d7f2f41b0b967c714796a" PRIMARY KEY ("id"))',
    );
    await queryRunner.query(
      'CREATE INDEX "idx_skill_pointer_moves_lookup" ON "skill_pointer_moves"  ("project_id", "name", "at") ',
    );
    await queryRunner.query(
      'CREATE TABLE "skill_versions" ("id" character varying(36) NOT NULL, "project_id" character varying(36) NOT NULL, "skill_id" character varying(36) NOT NULL, "name" character varying(64) NOT NULL, "version" integer NOT NULL, "state" character varying(16) NOT NULL, "description" text NOT NULL, "skill_md" text NOT NULL, "instructions" text NOT NULL, "frontmatter" text NOT NULL, "warnings" text NOT NULL, "tools" text NOT NULL, "knowledge_bases" text NOT NULL, "created_by" character varying(64) NOT NULL, "created_at" bigint NOT NULL, "updated_at" bigint NOT NULL, "published_at" bigint, "archived_at" bigint, CONSTRAINT "uq_skill_versions_number" UNIQUE ("project_id", "name", "version"), CONSTRAINT "PK_5c98dbb0de0ba8fbe6c7e0a768c" PRIMARY KEY ("id"))',
    );
    await queryRunner.query('CREATE INDEX "idx_skill_versions_skill" ON "skill_versions"  ("skill_id") ');
    await queryRunner.query(
      'CREATE INDEX "idx_skill_versions_project_state" ON "skill_versions"  ("project_id", "state", "name") ',
    );
    await queryRunner.query(
      'CREATE UNIQUE INDEX "uq_skill_versions_one_published" ON "skill_versions"  ("project_id", "name") WHERE state = \'published\'',
    );
    await queryRunner.query(
      'ALTER TABLE "api_keys" ADD CONSTRAINT "FK_f5de07dbb229225e2be643ff3d0" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "knowledge_bases" ADD CONSTRAINT "FK_cb7acfd7afbad477f2bde350c1c" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "knowledge_documents" ADD CONSTRAINT "FK_b28158151bd8268a08b668540c0" FOREIGN KEY ("knowledge_base_id") REFERENCES "knowledge_bases"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "skills" ADD CONSTRAINT "FK_630c5e5bd4df4198a7b23a199d3" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "skill_version_files" ADD CONSTRAINT "FK_6385a4eb83bdbdb4a9ada7929ea" FOREIGN KEY ("version_id") REFERENCES "skill_versions"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "skill_versions" ADD CONSTRAINT "FK_96ab14598f260d9e7f70b1d7f1e" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "skill_versions" ADD CONSTRAINT "FK_1ef1caf0168b78a96ece715646d" FOREIGN KEY ("skill_id") REFERENCES "skills"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "skill_versions" DROP CONSTRAINT "FK_1ef1caf0168b78a96ece715646d"');
    await queryRunner.query('ALTER TABLE "skill_versions" DROP CONSTRAINT "FK_96ab14598f260d9e7f70b1d7f1e"');
    await queryRunner.query('ALTER TABLE "skill_version_files" DROP CONSTRAINT "FK_6385a4eb83bdbdb4a9ada7929ea"');
    await queryRunner.query('ALTER TABLE "skills" DROP CONSTRAINT "FK_630c5e5bd4df4198a7b23a199d3"');
    await queryRunner.query('ALTER TABLE "knowledge_documents" DROP CONSTRAINT "FK_b28158151bd8268a08b668540c0"');
    await queryRunner.query('ALTER TABLE "knowledge_bases" DROP CONSTRAINT "FK_cb7acfd7afbad477f2bde350c1c"');
    await queryRunner.query('ALTER TABLE "api_keys" DROP CONSTRAINT "FK_f5de07dbb229225e2be643ff3d0"');
    await queryRunner.query('DROP INDEX "public"."uq_skill_versions_one_published"');
    await queryRunner.query('DROP INDEX "public"."idx_skill_versions_project_state"');
    await queryRunner.query('DROP INDEX "public"."idx_skill_versions_skill"');
    await queryRunner.query('DROP TABLE "skill_versions"');
    await queryRunner.query('DROP INDEX "public"."idx_skill_pointer_moves_lookup"');
    await queryRunner.query('DROP TABLE "skill_pointer_moves"');
    await queryRunner.query('DROP TABLE "blobs"');
    await queryRunner.query('DROP INDEX "public"."idx_skill_version_files_sha"');
    await queryRunner.query('DROP TABLE "skill_version_files"');
    await queryRunner.query('DROP TABLE "skills"');
    await queryRunner.query('DROP INDEX "public"."idx_projects_skill_library"');
    await queryRunner.query('DROP TABLE "projects"');
    await queryRunner.query('DROP INDEX "public"."idx_knowledge_documents_base"');
    await queryRunner.query('DROP TABLE "knowledge_documents"');
    await queryRunner.query('DROP INDEX "public"."idx_knowledge_bases_project"');
    await queryRunner.query('DROP TABLE "knowledge_bases"');
    await queryRunner.query('DROP INDEX "public"."idx_audit_project_id"');
    await queryRunner.query('DROP INDEX "public"."idx_audit_project_resource"');
    await queryRunner.query('DROP TABLE "audit_entries"');
    await queryRunner.query('DROP INDEX "public"."uq_api_keys_lookup"');
    await queryRunner.query('DROP INDEX "public"."idx_api_keys_project"');
    await queryRunner.query('DROP TABLE "api_keys"');
  }
}
