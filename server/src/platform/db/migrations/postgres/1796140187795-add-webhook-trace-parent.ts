import type { MigrationInterface, QueryRunner } from "typeorm";

export class AddWebhookTraceParent1796140187795 implements MigrationInterface {
  name = "AddWebhookTraceParent1796140187795";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "webhook_deliveries" ADD "trace_parent" character varying(64)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "webhook_deliveries" DROP COLUMN "trace_parent"');
  }
}
