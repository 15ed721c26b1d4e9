import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * SEC-22: a model's tool-call ids and an MCP server's tool names are kept whole. Written by hand: the generator drops
 * and re-adds a column whose type changes, which would lose what is stored; ALTER … TYPE keeps it.
 */
export class WholeOutsideValues1796137887959 implements MigrationInterface {
  name = "WholeOutsideValues1796137887959";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "tool_invocations" ALTER COLUMN "tool" TYPE text');
    await queryRunner.query('ALTER TABLE "chat_messages" ALTER COLUMN "tool_call_id" TYPE text');
    await queryRunner.query('ALTER TABLE "chat_tool_invocations" ALTER COLUMN "tool" TYPE text');
  }

  // Fails (rather than cutting) while a longer value is stored.
  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "chat_tool_invocations" ALTER COLUMN "tool" TYPE character varying(128)');
    await queryRunner.query('ALTER TABLE "chat_messages" ALTER COLUMN "tool_call_id" TYPE character varying(128)');
    await queryRunner.query('ALTER TABLE "tool_invocations" ALTER COLUMN "tool" TYPE character varying(128)');
  }
}
