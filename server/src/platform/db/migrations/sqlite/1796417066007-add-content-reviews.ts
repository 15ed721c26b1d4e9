import type { MigrationInterface, QueryRunner } from "typeorm";

export class AddContentReviews1796417066007 implements MigrationInterface {
  name = "AddContentReviews1796417066007";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE "content_reviews" ("version_id" varchar(36) PRIMARY KEY NOT NULL, "project_id" varchar(36) NOT NULL, "rules_version" varchar(32) NOT NULL, "highest" varchar(8), "findings" text NOT NULL, "reviewed_at" bigint NOT NULL)',
    );
    await queryRunner.query('CREATE INDEX "idx_content_reviews_rules" ON "content_reviews" ("rules_version") ');
    await queryRunner.query(
      'CREATE TABLE "finding_suppressions" ("version_id" varchar(36) NOT NULL, "finding_id" varchar(32) NOT NULL, "project_id" varchar(36) NOT NULL, "digest" varchar(80) NOT NULL, "reason" varchar(1000) NOT NULL, "suppressed_by" varchar(64) NOT NULL, "created_at" bigint NOT NULL, PRIMARY KEY ("version_id", "finding_id"))',
    );
    await queryRunner.query(
      'CREATE TABLE "temporary_publish_policies" ("project_id" varchar(36) PRIMARY KEY NOT NULL, "required_approvals" integer NOT NULL, "allow_self_approval" boolean NOT NULL, "updated_by" varchar(64) NOT NULL, "updated_at" bigint NOT NULL, "block_severity" varchar(8) DEFAULT (\'HIGH\'), CONSTRAINT "ck_publish_policies_required" CHECK (("required_approvals" >= 0 AND "required_approvals" <= 5)), CONSTRAINT "FK_fdabd7e442907648cca142289c4" FOREIGN KEY ("project_id") REFERENCES "projects" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)',
    );
    await queryRunner.query(
      'INSERT INTO "temporary_publish_policies"("project_id", "required_approvals", "allow_self_approval", "updated_by", "updated_at") SELECT "project_id", "required_approvals", "allow_self_approval", "updated_by", "updated_at" FROM "publish_policies"',
    );
    await queryRunner.query('DROP TABLE "publish_policies"');
    await queryRunner.query('ALTER TABLE "temporary_publish_policies" RENAME TO "publish_policies"');
    await queryRunner.query('DROP INDEX "idx_content_reviews_rules"');
    await queryRunner.query(
      'CREATE TABLE "temporary_content_reviews" ("version_id" varchar(36) PRIMARY KEY NOT NULL, "project_id" varchar(36) NOT NULL, "rules_version" varchar(32) NOT NULL, "highest" varchar(8), "findings" text NOT NULL, "reviewed_at" bigint NOT NULL, CONSTRAINT "FK_05282c1a0ae8e0fcb203b204fe7" FOREIGN KEY ("version_id") REFERENCES "skill_versions" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)',
    );
    await queryRunner.query(
      'INSERT INTO "temporary_content_reviews"("version_id", "project_id", "rules_version", "highest", "findings", "reviewed_at") SELECT "version_id", "project_id", "rules_version", "highest", "findings", "reviewed_at" FROM "content_reviews"',
    );
    await queryRunner.query('DROP TABLE "content_reviews"');
    await queryRunner.query('ALTER TABLE "temporary_content_reviews" RENAME TO "content_reviews"');
    await queryRunner.query('CREATE INDEX "idx_content_reviews_rules" ON "content_reviews" ("rules_version") ');
    await queryRunner.query(
      'CREATE TABLE "temporary_finding_suppressions" ("version_id" varchar(36) NOT NULL, "finding_id" varchar(32) NOT NULL, "project_id" varchar(36) NOT NULL, "digest" varchar(80) NOT NULL, "reason" varchar(1000) NOT NULL, "suppressed_by" varchar(64) NOT NULL, "created_at" bigint NOT NULL, CONSTRAINT "FK_7d759a11f8d99585e322ce12906" FOREIGN KEY ("version_id") REFERENCES "skill_versions" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, PRIMARY KEY ("version_id", "finding_id"))',
    );
    await queryRunner.query(
      'INSERT INTO "temporary_finding_suppressions"("version_id", "finding_id", "project_id", "digest", "reason", "suppressed_by", "created_at") SELECT "version_id", "finding_id", "project_id", "digest", "reason", "suppressed_by", "created_at" FROM "finding_suppressions"',
    );
    await queryRunner.query('DROP TABLE "finding_suppressions"');
    await queryRunner.query('ALTER TABLE "temporary_finding_suppressions" RENAME TO "finding_suppressions"');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "finding_suppressions" RENAME TO "temporary_finding_suppressions"');
    await queryRunner.query(
      'CREATE TABLE "finding_suppressions" ("version_id" varchar(36) NOT NULL, "finding_id" varchar(32) NOT NULL, "project_id" varchar(36) NOT NULL, "digest" varchar(80) NOT NULL, "reason" varchar(1000) NOT NULL, "suppressed_by" varchar(64) NOT NULL, "created_at" bigint NOT NULL, PRIMARY KEY ("version_id", "finding_id"))',
    );
    await queryRunner.query(
      'INSERT INTO "finding_suppressions"("version_id", "finding_id", "project_id", "digest", "reason", "suppressed_by", "created_at") SELECT "version_id", "finding_id", "project_id", "digest", "reason", "suppressed_by", "created_at" FROM "temporary_finding_suppressions"',
    );
    await queryRunner.query('DROP TABLE "temporary_finding_suppressions"');
    await queryRunner.query('DROP INDEX "idx_content_reviews_rules"');
    await queryRunner.query('ALTER TABLE "content_reviews" RENAME TO "temporary_content_reviews"');
    await queryRunner.query(
      'CREATE TABLE "content_reviews" ("version_id" varchar(36) PRIMARY KEY NOT NULL, "project_id" varchar(36) NOT NULL, "rules_version" varchar(32) NOT NULL, "highest" varchar(8), "findings" text NOT NULL, "reviewed_at" bigint NOT NULL)',
    );
    await queryRunner.query(
      'INSERT INTO "content_reviews"("version_id", "project_id", "rules_version", "highest", "findings", "reviewed_at") SELECT "version_id", "project_id", "rules_version", "highest", "findings", "reviewed_at" FROM "temporary_content_reviews"',
    );
    await queryRunner.query('DROP TABLE "temporary_content_reviews"');
    await queryRunner.query('CREATE INDEX "idx_content_reviews_rules" ON "content_reviews" ("rules_version") ');
    await queryRunner.query('ALTER TABLE "publish_policies" RENAME TO "temporary_publish_policies"');
    await queryRunner.query(
      'CREATE TABLE "publish_policies" ("project_id" varchar(36) PRIMARY KEY NOT NULL, "required_approvals" integer NOT NULL, "allow_self_approval" boolean NOT NULL, "updated_by" varchar(64) NOT NULL, "updated_at" bigint NOT NULL, CONSTRAINT "ck_publish_policies_required" CHECK (("required_approvals" >= 0 AND "required_approvals" <= 5)), CONSTRAINT "FK_fdabd7e442907648cca142289c4" FOREIGN KEY ("project_id") REFERENCES "projects" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)',
    );
    await queryRunner.query(
      'INSERT INTO "publish_policies"("project_id", "required_approvals", "allow_self_approval", "updated_by", "updated_at") SELECT "project_id", "required_approvals", "allow_self_approval", "updated_by", "updated_at" FROM "temporary_publish_policies"',
    );
    await queryRunner.query('DROP TABLE "temporary_publish_policies"');
    await queryRunner.query('DROP TABLE "finding_suppressions"');
    await queryRunner.query('DROP INDEX "idx_content_reviews_rules"');
    await queryRunner.query('DROP TABLE "content_reviews"');
  }
}
