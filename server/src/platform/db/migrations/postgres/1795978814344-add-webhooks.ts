import type { MigrationInterface, QueryRunner } from "typeorm";

export class AddWebhooks1795978814344 implements MigrationInterface {
  name = "AddWebhooks1795978814344";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE "webhook_deliveries" ("id" character varying(36) NOT NULL, "project_id" character varying(36) NOT NULL, "subscription_id" character varying(36) NOT NULL, "webhook_id" character varying(64) NOT NULL, "event_id" character varying(64) NOT NULL, "event_type" character varying(64) NOT NULL, "payload" text NOT NULL, "status" character varying(16) NOT NULL, "attempts" integer NOT NULL DEFAULT \'0\', "attempt_log" text NOT NULL, "last_error" text, "next_attempt_at" bigint, "delivered_at" bigint, "locked_until" bigint, "claimed_by" character varying(64), "created_at" bigint NOT NULL, CONSTRAINT "uq_webhook_deliveries_webhook_id" UNIQUE ("webhook_id"), CONSTRAINT "uq_webhook_deliveries_subscription_event" UNIQUE ("subscription_id", "event_id"), CONSTRAINT "PK_535dd409947fb6d8fc6dfc0112a" PRIMARY KEY ("id"))',
    );
    await queryRunner.query(
      'CREATE INDEX "idx_webhook_deliveries_project_subscription" ON "webhook_deliveries"  ("project_id", "subscription_id", "created_at") ',
    );
    await queryRunner.query(
      'CREATE INDEX "idx_webhook_deliveries_project" ON "webhook_deliveries"  ("project_id", "created_at") ',
    );
    await queryRunner.query(
      'CREATE INDEX "idx_webhook_deliveries_due" ON "webhook_deliveries"  ("status", "next_attempt_at") ',
    );
    await queryRunner.query(
      'CREATE TABLE "webhook_subscriptions" ("id" character varying(36) NOT NULL, "project_id" character varying(36) NOT NULL, "url" text NOT NULL, "event_types" text NOT NULL, "sealed_secret" text NOT NULL, "created_at" bigint NOT NULL, "deleted_at" bigint, CONSTRAINT "PK_bf631ae77d39849d599817fb6f4" PRIMARY KEY ("id"))',
    );
    await queryRunner.query(
      'CREATE INDEX "idx_webhook_subscriptions_project" ON "webhook_subscriptions"  ("project_id", "created_at") ',
    );
    await queryRunner.query(
      'ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "FK_f67c27fff9248e08a37ad8aac99" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "FK_23eb2b6ae801c52cfb79a556b8a" FOREIGN KEY ("subscription_id") REFERENCES "webhook_subscriptions"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "webhook_subscriptions" ADD CONSTRAINT "FK_7536ac8ded802c28bcf5ad713fe" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "webhook_subscriptions" DROP CONSTRAINT "FK_7536ac8ded802c28bcf5ad713fe"');
    await queryRunner.query('ALTER TABLE "webhook_deliveries" DROP CONSTRAINT "FK_23eb2b6ae801c52cfb79a556b8a"');
    await queryRunner.query('ALTER TABLE "webhook_deliveries" DROP CONSTRAINT "FK_f67c27fff9248e08a37ad8aac99"');
    await queryRunner.query('DROP INDEX "public"."idx_webhook_subscriptions_project"');
    await queryRunner.query('DROP TABLE "webhook_subscriptions"');
    await queryRunner.query('DROP INDEX "public"."idx_webhook_deliveries_due"');
    await queryRunner.query('DROP INDEX "public"."idx_webhook_deliveries_project"');
    await queryRunner.query('DROP INDEX "public"."idx_webhook_deliveries_project_subscription"');
    await queryRunner.query('DROP TABLE "webhook_deliveries"');
  }
}
