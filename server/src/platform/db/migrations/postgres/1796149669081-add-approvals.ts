import type { MigrationInterface, QueryRunner } from "typeorm";

export class AddApprovals1796149669081 implements MigrationInterface {
  name = "AddApprovals1796149669081";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE "publish_policies" ("project_id" character varying(36) NOT NULL, "required_approvals" integer NOT NULL, "allow_self_approval" boolean NOT NULL, "updated_by" character varying(64) NOT NULL, "updated_at" bigint NOT NULL, CONSTRAINT "ck_publish_policies_required" CHECK ("required_approvals" >= 0 AND "required_approvals" <= 5), CONSTRAINT "PK_fdabd7e442907648cca142289c4" PRIMARY KEY ("project_id"))',
    );
    await queryRunner.query(
      'CREATE TABLE "version_approvals" ("id" character varying(36) NOT NULL, "project_id" character varying(36) NOT NULL, "kind" character varying(8) NOT NULL, "skill_version_id" character varying(36), "agent_version_id" character varying(36), "digest" character varying(71) NOT NULL, "approved_by" character varying(64) NOT NULL, "created_at" bigint NOT NULL, CONSTRAINT "uq_version_approvals_agent" UNIQUE ("agent_version_id", "approved_by", "digest"), CONSTRAINT "uq_version_approvals_skill" UNIQUE ("skill_version_id", "approved_by", "digest"), CONSTRAINT "ck_version_approvals_kind" CHECK (("kind" = \'skill\' AND "skill_version_id" IS NOT NULL AND "agent_version_id" IS NULL) OR ("kind" = \'agent\' AND "agent_version_id" IS NOT NULL AND "skill_version_id" IS NULL)), CONSTRAINT "PK_3008efe41c6f6c9f5502f3a2a9f" PRIMARY KEY ("id"))',
    );
    await queryRunner.query('CREATE INDEX "idx_version_approvals_project" ON "version_approvals"  ("project_id") ');
    await queryRunner.query('ALTER TABLE "skill_versions" ADD "updated_by" character varying(64)');
    await queryRunner.query(
      'ALTER TABLE "publish_policies" ADD CONSTRAINT "FK_fdabd7e442907648cca142289c4" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "version_approvals" ADD CONSTRAINT "FK_1c42390e1471ba8b1744a96e88c" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "version_approvals" ADD CONSTRAINT "FK_f24ea38e8e10d1b01c321e4700c" FOREIGN KEY ("skill_version_id") REFERENCES "skill_versions"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "version_approvals" ADD CONSTRAINT "FK_ffa1db895d1fceb8f1438c666b5" FOREIGN KEY ("agent_version_id") REFERENCES "agent_versions"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    // AP-2: who last edited each draft, from the audit entries its edits wrote (AD-1), so an earlier editor's own
    // approval is refused as a new one's is.
    await queryRunner.query(
      `UPDATE "skill_versions" SET "updated_by" = (SELECT "a"."actor" FROM "audit_entries" "a" WHERE "a"."resource_type" = 'skill' AND "a"."action" = 'update' AND "a"."resource_id" = "skill_versions"."id" ORDER BY "a"."id" DESC LIMIT 1)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "version_approvals" DROP CONSTRAINT "FK_ffa1db895d1fceb8f1438c666b5"');
    await queryRunner.query('ALTER TABLE "version_approvals" DROP CONSTRAINT "FK_f24ea38e8e10d1b01c321e4700c"');
    await queryRunner.query('ALTER TABLE "version_approvals" DROP CONSTRAINT "FK_1c42390e1471ba8b1744a96e88c"');
    await queryRunner.query('ALTER TABLE "publish_policies" DROP CONSTRAINT "FK_fdabd7e442907648cca142289c4"');
    await queryRunner.query('ALTER TABLE "skill_versions" DROP COLUMN "updated_by"');
    await queryRunner.query('DROP INDEX "public"."idx_version_approvals_project"');
    await queryRunner.query('DROP TABLE "version_approvals"');
    await queryRunner.query('DROP TABLE "publish_policies"');
  }
}
