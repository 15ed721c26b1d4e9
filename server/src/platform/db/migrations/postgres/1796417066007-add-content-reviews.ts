import type { MigrationInterface, QueryRunner } from "typeorm";

export class AddContentReviews1796417066007 implements MigrationInterface {
  name = "AddContentReviews1796417066007";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE "content_reviews" ("version_id" character varying(36) NOT NULL, "project_id" character varying(36) NOT NULL, "rules_version" character varying(32) NOT NULL, "highest" character varying(8), "findings" text NOT NULL, "reviewed_at" bigint NOT NULL, CONSTRAINT "PK_05282c1a0ae8e0fcb203b204fe7" PRIMARY KEY ("version_id"))',
    );
    await queryRunner.query('CREATE INDEX "idx_content_reviews_rules" ON "content_reviews"  ("rules_version") ');
    await queryRunner.query(
      'CREATE TABLE "finding_suppressions" ("version_id" character varying(36) NOT NULL, "finding_id" character varying(32) NOT NULL, "project_id" character varying(36) NOT NULL, "digest" character varying(80) NOT NULL, "reason" character varying(1000) NOT NULL, "suppressed_by" character varying(64) NOT NULL, "created_at" bigint NOT NULL, CONSTRAINT "PK_1fd2da7d93dde411acbd3a9706b" PRIMARY KEY ("version_id", "finding_id"))',
    );
    await queryRunner.query(
      'ALTER TABLE "publish_policies" ADD "block_severity" character varying(8) DEFAULT \'HIGH\'',
    );
    await queryRunner.query(
      'ALTER TABLE "content_reviews" ADD CONSTRAINT "FK_05282c1a0ae8e0fcb203b204fe7" FOREIGN KEY ("version_id") REFERENCES "skill_versions"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "finding_suppressions" ADD CONSTRAINT "FK_7d759a11f8d99585e322ce12906" FOREIGN KEY ("version_id") REFERENCES "skill_versions"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "finding_suppressions" DROP CONSTRAINT "FK_7d759a11f8d99585e322ce12906"');
    await queryRunner.query('ALTER TABLE "content_reviews" DROP CONSTRAINT "FK_05282c1a0ae8e0fcb203b204fe7"');
    await queryRunner.query('ALTER TABLE "publish_policies" DROP COLUMN "block_severity"');
    await queryRunner.query('DROP TABLE "finding_suppressions"');
    await queryRunner.query('DROP INDEX "public"."idx_content_reviews_rules"');
    await queryRunner.query('DROP TABLE "content_reviews"');
  }
}
