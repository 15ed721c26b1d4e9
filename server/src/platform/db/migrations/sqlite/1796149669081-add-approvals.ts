import type { MigrationInterface, QueryRunner } from "typeorm";

export class AddApprovals1796149669081 implements MigrationInterface {
  name = "AddApprovals1796149669081";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE "publish_policies" ("project_id" varchar(36) PRIMARY KEY NOT NULL, "required_approvals" integer NOT NULL, "allow_self_approval" boolean NOT NULL, "updated_by" varchar(64) NOT NULL, "updated_at" bigint NOT NULL, CONSTRAINT "ck_publish_policies_required" CHECK ("required_approvals" >= 0 AND "required_approvals" <= 5))',
    );
    await queryRunner.query(
      'CREATE TABLE "version_approvals" ("id" varchar(36) PRIMARY KEY NOT NULL, "project_id" varchar(36) NOT NULL, "kind" varchar(8) NOT NULL, "skill_version_id" varchar(36), "agent_version_id" varchar(36), "digest" varchar(71) NOT NULL, "approved_by" varchar(64) NOT NULL, "created_at" bigint NOT NULL, CONSTRAINT "uq_version_approvals_agent" UNIQUE ("agent_version_id", "approved_by", "digest"), CONSTRAINT "uq_version_approvals_skill" UNIQUE ("skill_version_id", "approved_by", "digest"), CONSTRAINT "ck_version_approvals_kind" CHECK (("kind" = \'skill\' AND "skill_version_id" IS NOT NULL AND "agent_version_id" IS NULL) OR ("kind" = \'agent\' AND "agent_version_id" IS NOT NULL AND "skill_version_id" IS NULL)))',
    );
    await queryRunner.query('CREATE INDEX "idx_version_approvals_project" ON "version_approvals" ("project_id") ');
    await queryRunner.query('DROP INDEX "uq_skill_versions_one_published"');
    await queryRunner.query('DROP INDEX "idx_skill_versions_project_state"');
    await queryRunner.query('DROP INDEX "idx_skill_versions_skill"');
    await queryRunner.query(
      'CREATE TABLE "temporary_skill_versions" ("id" varchar(36) PRIMARY KEY NOT NULL, "project_id" varchar(36) NOT NULL, "skill_id" varchar(36) NOT NULL, "name" varchar(64) NOT NULL, "version" integer NOT NULL, "state" varchar(16) NOT NULL, "description" text NOT NULL, "skill_md" text NOT NULL, "instructions" text NOT NULL, "frontmatter" text NOT NULL, "warnings" text NOT NULL, "tools" text NOT NULL, "knowledge_bases" text NOT NULL, "created_by" varchar(64) NOT NULL, "created_at" bigint NOT NULL, "updated_at" bigint NOT NULL, "published_at" bigint, "archived_at" bigint, "updated_by" varchar(64), CONSTRAINT "uq_skill_versions_number" UNIQUE ("project_id", "name", "version"), CONSTRAINT "FK_1ef1caf0168b78a96ece715646d" FOREIGN KEY ("skill_id") REFERENCES "skills" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, CONSTRAINT "FK_96ab14598f260d9e7f70b1d7f1e" FOREIGN KEY ("project_id") REFERENCES "projects" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)',
    );
    await queryRunner.query(
      'INSERT INTO "temporary_skill_versions"("id", "project_id", "skill_id", "name", "version", "state", "description", "skill_md", "instructions", "frontmatter", "warnings", "tools", "knowledge_bases", "created_by", "created_at", "updated_at", "published_at", "archived_at") SELECT "id", "project_id", "skill_id", "name", "version", "state", "description", "skill_md", "instructions", "frontmatter", "warnings", "tools", "knowledge_bases", "created_by", "created_at", "updated_at", "published_at", "archived_at" FROM "skill_versions"',
    );
    await queryRunner.query('DROP TABLE "skill_versions"');
    await queryRunner.query('ALTER TABLE "temporary_skill_versions" RENAME TO "skill_versions"');
    await queryRunner.query(
      'CREATE UNIQUE INDEX "uq_skill_versions_one_published" ON "skill_versions" ("project_id", "name") WHERE state = \'published\'',
    );
    await queryRunner.query(
      'CREATE INDEX "idx_skill_versions_project_state" ON "skill_versions" ("project_id", "state", "name") ',
    );
    await queryRunner.query('CREATE INDEX "idx_skill_versions_skill" ON "skill_versions" ("skill_id") ');
    await queryRunner.query(
      'CREATE TABLE "temporary_publish_policies" ("project_id" varchar(36) PRIMARY KEY NOT NULL, "required_approvals" integer NOT NULL, "allow_self_approval" boolean NOT NULL, "updated_by" varchar(64) NOT NULL, "updated_at" bigint NOT NULL, CONSTRAINT "ck_publish_policies_required" CHECK ("required_approvals" >= 0 AND "required_approvals" <= 5), CONSTRAINT "FK_fdabd7e442907648cca142289c4" FOREIGN KEY ("project_id") REFERENCES "projects" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)',
    );
    await queryRunner.query(
      'INSERT INTO "temporary_publish_policies"("project_id", "required_approvals", "allow_self_approval", "updated_by", "updated_at") SELECT "project_id", "required_approvals", "allow_self_approval", "updated_by", "updated_at" FROM "publish_policies"',
    );
    await queryRunner.query('DROP TABLE "publish_policies"');
    await queryRunner.query('ALTER TABLE "temporary_publish_policies" RENAME TO "publish_policies"');
    await queryRunner.query('DROP INDEX "idx_version_approvals_project"');
    await queryRunner.query(
      'CREATE TABLE "temporary_version_approvals" ("id" varchar(36) PRIMARY KEY NOT NULL, "project_id" varchar(36) NOT NULL, "kind" varchar(8) NOT NULL, "skill_version_id" varchar(36), "agent_version_id" varchar(36), "digest" varchar(71) NOT NULL, "approved_by" varchar(64) NOT NULL, "created_at" bigint NOT NULL, CONSTRAINT "uq_version_approvals_agent" UNIQUE ("agent_version_id", "approved_by", "digest"), CONSTRAINT "uq_version_approvals_skill" UNIQUE ("skill_version_id", "approved_by", "digest"), CONSTRAINT "ck_version_approvals_kind" CHECK (("kind" = \'skill\' AND "skill_version_id" IS NOT NULL AND "agent_version_id" IS NULL) OR ("kind" = \'agent\' AND "agent_version_id" IS NOT NULL AND "skill_version_id" IS NULL)), CONSTRAINT "FK_1c42390e1471ba8b1744a96e88c" FOREIGN KEY ("project_id") REFERENCES "projects" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, CONSTRAINT "FK_f24ea38e8e10d1b01c321e4700c" FOREIGN KEY ("skill_version_id") REFERENCES "skill_versions" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, CONSTRAINT "FK_ffa1db895d1fceb8f1438c666b5" FOREIGN KEY ("agent_version_id") REFERENCES "agent_versions" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)',
    );
    await queryRunner.query(
      'INSERT INTO "temporary_version_approvals"("id", "project_id", "kind", "skill_version_id", "agent_version_id", "digest", "approved_by", "created_at") SELECT "id", "project_id", "kind", "skill_version_id", "agent_version_id", "digest", "approved_by", "created_at" FROM "version_approvals"',
    );
    await queryRunner.query('DROP TABLE "version_approvals"');
    await queryRunner.query('ALTER TABLE "temporary_version_approvals" RENAME TO "version_approvals"');
    await queryRunner.query('CREATE INDEX "idx_version_approvals_project" ON "version_approvals" ("project_id") ');
    // AP-2: who last edited each draft, from the audit entries its edits wrote (AD-1), so an earlier editor's own
    // approval is refused as a new one's is.
    await queryRunner.query(
      `UPDATE "skill_versions" SET "updated_by" = (SELECT "a"."actor" FROM "audit_entries" "a" WHERE "a"."resource_type" = 'skill' AND "a"."action" = 'update' AND "a"."resource_id" = "skill_versions"."id" ORDER BY "a"."id" DESC LIMIT 1)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX "idx_version_approvals_project"');
    await queryRunner.query('ALTER TABLE "version_approvals" RENAME TO "temporary_version_approvals"');
    await queryRunner.query(
      'CREATE TABLE "version_approvals" ("id" varchar(36) PRIMARY KEY NOT NULL, "project_id" varchar(36) NOT NULL, "kind" varchar(8) NOT NULL, "skill_version_id" varchar(36), "agent_version_id" varchar(36), "digest" varchar(71) NOT NULL, "approved_by" varchar(64) NOT NULL, "created_at" bigint NOT NULL, CONSTRAINT "uq_version_approvals_agent" UNIQUE ("agent_version_id", "approved_by", "digest"), CONSTRAINT "uq_version_approvals_skill" UNIQUE ("skill_version_id", "approved_by", "digest"), CONSTRAINT "ck_version_approvals_kind" CHECK (("kind" = \'skill\' AND "skill_version_id" IS NOT NULL AND "agent_version_id" IS NULL) OR ("kind" = \'agent\' AND "agent_version_id" IS NOT NULL AND "skill_version_id" IS NULL)))',
    );
    await queryRunner.query(
      'INSERT INTO "version_approvals"("id", "project_id", "kind", "skill_version_id", "agent_version_id", "digest", "approved_by", "created_at") SELECT "id", "project_id", "kind", "skill_version_id", "agent_version_id", "digest", "approved_by", "created_at" FROM "temporary_version_approvals"',
    );
    await queryRunner.query('DROP TABLE "temporary_version_approvals"');
    await queryRunner.query('CREATE INDEX "idx_version_approvals_project" ON "version_approvals" ("project_id") ');
    await queryRunner.query('ALTER TABLE "publish_policies" RENAME TO "temporary_publish_policies"');
    await queryRunner.query(
      'CREATE TABLE "publish_policies" ("project_id" varchar(36) PRIMARY KEY NOT NULL, "required_approvals" integer NOT NULL, "allow_self_approval" boolean NOT NULL, "updated_by" varchar(64) NOT NULL, "updated_at" bigint NOT NULL, CONSTRAINT "ck_publish_policies_required" CHECK ("required_approvals" >= 0 AND "required_approvals" <= 5))',
    );
    await queryRunner.query(
      'INSERT INTO "publish_policies"("project_id", "required_approvals", "allow_self_approval", "updated_by", "updated_at") SELECT "project_id", "required_approvals", "allow_self_approval", "updated_by", "updated_at" FROM "temporary_publish_policies"',
    );
    await queryRunner.query('DROP TABLE "temporary_publish_policies"');
    await queryRunner.query('DROP INDEX "idx_skill_versions_skill"');
    await queryRunner.query('DROP INDEX "idx_skill_versions_project_state"');
    await queryRunner.query('DROP INDEX "uq_skill_versions_one_published"');
    await queryRunner.query('ALTER TABLE "skill_versions" RENAME TO "temporary_skill_versions"');
    await queryRunner.query(
      'CREATE TABLE "skill_versions" ("id" varchar(36) PRIMARY KEY NOT NULL, "project_id" varchar(36) NOT NULL, "skill_id" varchar(36) NOT NULL, "name" varchar(64) NOT NULL, "version" integer NOT NULL, "state" varchar(16) NOT NULL, "description" text NOT NULL, "skill_md" text NOT NULL, "instructions" text NOT NULL, "frontmatter" text NOT NULL, "warnings" text NOT NULL, "tools" text NOT NULL, "knowledge_bases" text NOT NULL, "created_by" varchar(64) NOT NULL, "created_at" bigint NOT NULL, "updated_at" bigint NOT NULL, "published_at" bigint, "archived_at" bigint, CONSTRAINT "uq_skill_versions_number" UNIQUE ("project_id", "name", "version"), CONSTRAINT "FK_1ef1caf0168b78a96ece715646d" FOREIGN KEY ("skill_id") REFERENCES "skills" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, CONSTRAINT "FK_96ab14598f260d9e7f70b1d7f1e" FOREIGN KEY ("project_id") REFERENCES "projects" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)',
    );
    await queryRunner.query(
      'INSERT INTO "skill_versions"("id", "project_id", "skill_id", "name", "version", "state", "description", "skill_md", "instructions", "frontmatter", "warnings", "tools", "knowledge_bases", "created_by", "created_at", "updated_at", "published_at", "archived_at") SELECT "id", "project_id", "skill_id", "name", "version", "state", "description", "skill_md", "instructions", "frontmatter", "warnings", "tools", "knowledge_bases", "created_by", "created_at", "updated_at", "published_at", "archived_at" FROM "temporary_skill_versions"',
    );
    await queryRunner.query('DROP TABLE "temporary_skill_versions"');
    await queryRunner.query('CREATE INDEX "idx_skill_versions_skill" ON "skill_versions" ("skill_id") ');
    await queryRunner.query(
      'CREATE INDEX "idx_skill_versions_project_state" ON "skill_versions" ("project_id", "state", "name") ',
    );
    await queryRunner.query(
      'CREATE UNIQUE INDEX "uq_skill_versions_one_published" ON "skill_versions" ("project_id", "name") WHERE state = \'published\'',
    );
    await queryRunner.query('DROP INDEX "idx_version_approvals_project"');
    await queryRunner.query('DROP TABLE "version_approvals"');
    await queryRunner.query('DROP TABLE "publish_policies"');
  }
}
