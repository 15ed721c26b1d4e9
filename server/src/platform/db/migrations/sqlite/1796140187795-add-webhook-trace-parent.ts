import type { MigrationInterface, QueryRunner } from "typeorm";

export class AddWebhookTraceParent1796140187795 implements MigrationInterface {
  name = "AddWebhookTraceParent1796140187795";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX "idx_webhook_deliveries_due"');
    await queryRunner.query('DROP INDEX "idx_webhook_deliveries_project"');
    await queryRunner.query('DROP INDEX "idx_webhook_deliveries_project_subscription"');
    await queryRunner.query(
      'CREATE TABLE "temporary_webhook_deliveries" ("id" varchar(36) PRIMARY KEY NOT NULL, "project_id" varchar(36) NOT NULL, "subscription_id" varchar(36) NOT NULL, "webhook_id" varchar(64) NOT NULL, "event_id" varchar(64) NOT NULL, "event_type" varchar(64) NOT NULL, "payload" text NOT NULL, "status" varchar(16) NOT NULL, "attempts" integer NOT NULL DEFAULT (0), "attempt_log" text NOT NULL, "last_error" text, "next_attempt_at" bigint, "delivered_at" bigint, "locked_until" bigint, "claimed_by" varchar(64), "created_at" bigint NOT NULL, "trace_parent" varchar(64), CONSTRAINT "uq_webhook_deliveries_subscription_event" UNIQUE ("subscription_id", "event_id"), CONSTRAINT "uq_webhook_deliveries_webhook_id" UNIQUE ("webhook_id"), CONSTRAINT "FK_23eb2b6ae801c52cfb79a556b8a" FOREIGN KEY ("subscription_id") REFERENCES "webhook_subscriptions" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, CONSTRAINT "FK_f67c27fff9248e08a37ad8aac99" FOREIGN KEY ("project_id") REFERENCES "projects" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)',
    );
    await queryRunner.query(
      'INSERT INTO "temporary_webhook_deliveries"("id", "project_id", "subscription_id", "webhook_id", "event_id", "event_type", "payload", "status", "attempts", "attempt_log", "last_error", "next_attempt_at", "delivered_at", "locked_until", "claimed_by", "created_at") SELECT "id", "project_id", "subscription_id", "webhook_id", "event_id", "event_type", "payload", "status", "attempts", "attempt_log", "last_error", "next_attempt_at", "delivered_at", "locked_until", "claimed_by", "created_at" FROM "webhook_deliveries"',
    );
    await queryRunner.query('DROP TABLE "webhook_deliveries"');
    await queryRunner.query('ALTER TABLE "temporary_webhook_deliveries" RENAME TO "webhook_deliveries"');
    await queryRunner.query(
      'CREATE INDEX "idx_webhook_deliveries_due" ON "webhook_deliveries" ("status", "next_attempt_at") ',
    );
    await queryRunner.query(
      'CREATE INDEX "idx_webhook_deliveries_project" ON "webhook_deliveries" ("project_id", "created_at") ',
    );
    await queryRunner.query(
      'CREATE INDEX "idx_webhook_deliveries_project_subscription" ON "webhook_deliveries" ("project_id", "subscription_id", "created_at") ',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX "idx_webhook_deliveries_project_subscription"');
    await queryRunner.query('DROP INDEX "idx_webhook_deliveries_project"');
    await queryRunner.query('DROP INDEX "idx_webhook_deliveries_due"');
    await queryRunner.query('ALTER TABLE "webhook_deliveries" RENAME TO "temporary_webhook_deliveries"');
    await queryRunner.query(
      'CREATE TABLE "webhook_deliveries" ("id" varchar(36) PRIMARY KEY NOT NULL, "project_id" varchar(36) NOT NULL, "subscription_id" varchar(36) NOT NULL, "webhook_id" varchar(64) NOT NULL, "event_id" varchar(64) NOT NULL, "event_type" varchar(64) NOT NULL, "payload" text NOT NULL, "status" varchar(16) NOT NULL, "attempts" integer NOT NULL DEFAULT (0), "attempt_log" text NOT NULL, "last_error" text, "next_attempt_at" bigint, "delivered_at" bigint, "locked_until" bigint, "claimed_by" varchar(64), "created_at" bigint NOT NULL, CONSTRAINT "uq_webhook_deliveries_subscription_event" UNIQUE ("subscription_id", "event_id"), CONSTRAINT "uq_webhook_deliveries_webhook_id" UNIQUE ("webhook_id"), CONSTRAINT "FK_23eb2b6ae801c52cfb79a556b8a" FOREIGN KEY ("subscription_id") REFERENCES "webhook_subscriptions" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, CONSTRAINT "FK_f67c27fff9248e08a37ad8aac99" FOREIGN KEY ("project_id") REFERENCES "projects" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)',
    );
    await queryRunner.query(
      'INSERT INTO "webhook_deliveries"("id", "project_id", "subscription_id", "webhook_id", "event_id", "event_type", "payload", "status", "attempts", "attempt_log", "last_error", "next_attempt_at", "delivered_at", "locked_until", "claimed_by", "created_at") SELECT "id", "project_id", "subscription_id", "webhook_id", "event_id", "event_type", "payload", "status", "attempts", "attempt_log", "last_error", "next_attempt_at", "delivered_at", "locked_until", "claimed_by", "created_at" FROM "temporary_webhook_deliveries"',
    );
    await queryRunner.query('DROP TABLE "temporary_webhook_deliveries"');
    await queryRunner.query(
      'CREATE INDEX "idx_webhook_deliveries_project_subscription" ON "webhook_deliveries" ("project_id", "subscription_id", "created_at") ',
    );
    await queryRunner.query(
      'CREATE INDEX "idx_webhook_deliveries_project" ON "webhook_deliveries" ("project_id", "created_at") ',
    );
    await queryRunner.query(
      'CREATE INDEX "idx_webhook_deliveries_due" ON "webhook_deliveries" ("status", "next_attempt_at") ',
    );
  }
}
