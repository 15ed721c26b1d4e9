import type { MigrationInterface, QueryRunner } from "typeorm";

export class WholeOutsideValues1796137887959 implements MigrationInterface {
  name = "WholeOutsideValues1796137887959";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX "idx_tool_invocations_call"');
    await queryRunner.query(
      'CREATE TABLE "temporary_tool_invocations" ("id" varchar(36) PRIMARY KEY NOT NULL, "call_id" varchar(36) NOT NULL, "project_id" varchar(36) NOT NULL, "tool" varchar(128) NOT NULL, "source" varchar(200) NOT NULL, "arguments" text NOT NULL, "status" varchar(16) NOT NULL, "result" text, "error" text, "latency_ms" integer NOT NULL, "at" bigint NOT NULL, CONSTRAINT "FK_86d166d88b8f7f533ac61f5cd4b" FOREIGN KEY ("call_id") REFERENCES "calls" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)',
    );
    await queryRunner.query(
      'INSERT INTO "temporary_tool_invocations"("id", "call_id", "project_id", "tool", "source", "arguments", "status", "result", "error", "latency_ms", "at") SELECT "id", "call_id", "project_id", "tool", "source", "arguments", "status", "result", "error", "latency_ms", "at" FROM "tool_invocations"',
    );
    await queryRunner.query('DROP TABLE "tool_invocations"');
    await queryRunner.query('ALTER TABLE "temporary_tool_invocations" RENAME TO "tool_invocations"');
    await queryRunner.query('CREATE INDEX "idx_tool_invocations_call" ON "tool_invocations" ("call_id", "at") ');
    await queryRunner.query('DROP INDEX "idx_chat_messages_session_seq"');
    await queryRunner.query(
      'CREATE TABLE "temporary_chat_messages" ("id" varchar(36) PRIMARY KEY NOT NULL, "session_id" varchar(36) NOT NULL, "project_id" varchar(36) NOT NULL, "seq" integer NOT NULL, "role" varchar(16) NOT NULL, "content" text, "tool_calls" text, "tool_call_id" varchar(128), "reply_to" varchar(36), "at" bigint NOT NULL, CONSTRAINT "FK_0672782561e44d43febcfba2984" FOREIGN KEY ("session_id") REFERENCES "chat_sessions" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)',
    );
    await queryRunner.query(
      'INSERT INTO "temporary_chat_messages"("id", "session_id", "project_id", "seq", "role", "content", "tool_calls", "tool_call_id", "reply_to", "at") SELECT "id", "session_id", "project_id", "seq", "role", "content", "tool_calls", "tool_call_id", "reply_to", "at" FROM "chat_messages"',
    );
    await queryRunner.query('DROP TABLE "chat_messages"');
    await queryRunner.query('ALTER TABLE "temporary_chat_messages" RENAME TO "chat_messages"');
    await queryRunner.query(
      'CREATE UNIQUE INDEX "idx_chat_messages_session_seq" ON "chat_messages" ("session_id", "seq") ',
    );
    await queryRunner.query('DROP INDEX "idx_chat_tool_invocations_session"');
    await queryRunner.query(
      'CREATE TABLE "temporary_chat_tool_invocations" ("id" varchar(36) PRIMARY KEY NOT NULL, "session_id" varchar(36) NOT NULL, "project_id" varchar(36) NOT NULL, "message_id" varchar(36) NOT NULL, "tool" varchar(128) NOT NULL, "source" varchar(200) NOT NULL, "arguments" text NOT NULL, "status" varchar(16) NOT NULL, "result" text, "error" text, "latency_ms" integer NOT NULL, "at" bigint NOT NULL, CONSTRAINT "FK_5c7117cd94d7b7f98a72b8523bb" FOREIGN KEY ("session_id") REFERENCES "chat_sessions" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)',
    );
    await queryRunner.query(
      'INSERT INTO "temporary_chat_tool_invocations"("id", "session_id", "project_id", "message_id", "tool", "source", "arguments", "status", "result", "error", "latency_ms", "at") SELECT "id", "session_id", "project_id", "message_id", "tool", "source", "arguments", "status", "result", "error", "latency_ms", "at" FROM "chat_tool_invocations"',
    );
    await queryRunner.query('DROP TABLE "chat_tool_invocations"');
    await queryRunner.query('ALTER TABLE "temporary_chat_tool_invocations" RENAME TO "chat_tool_invocations"');
    await queryRunner.query(
      'CREATE INDEX "idx_chat_tool_invocations_session" ON "chat_tool_invocations" ("session_id", "at") ',
    );
    await queryRunner.query('DROP INDEX "idx_tool_invocations_call"');
    await queryRunner.query(
      'CREATE TABLE "temporary_tool_invocations" ("id" varchar(36) PRIMARY KEY NOT NULL, "call_id" varchar(36) NOT NULL, "project_id" varchar(36) NOT NULL, "tool" text NOT NULL, "source" varchar(200) NOT NULL, "arguments" text NOT NULL, "status" varchar(16) NOT NULL, "result" text, "error" text, "latency_ms" integer NOT NULL, "at" bigint NOT NULL, CONSTRAINT "FK_86d166d88b8f7f533ac61f5cd4b" FOREIGN KEY ("call_id") REFERENCES "calls" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)',
    );
    await queryRunner.query(
      'INSERT INTO "temporary_tool_invocations"("id", "call_id", "project_id", "tool", "source", "arguments", "status", "result", "error", "latency_ms", "at") SELECT "id", "call_id", "project_id", "tool", "source", "arguments", "status", "result", "error", "latency_ms", "at" FROM "tool_invocations"',
    );
    await queryRunner.query('DROP TABLE "tool_invocations"');
    await queryRunner.query('ALTER TABLE "temporary_tool_invocations" RENAME TO "tool_invocations"');
    await queryRunner.query('CREATE INDEX "idx_tool_invocations_call" ON "tool_invocations" ("call_id", "at") ');
    await queryRunner.query('DROP INDEX "idx_chat_messages_session_seq"');
    await queryRunner.query(
      'CREATE TABLE "temporary_chat_messages" ("id" varchar(36) PRIMARY KEY NOT NULL, "session_id" varchar(36) NOT NULL, "project_id" varchar(36) NOT NULL, "seq" integer NOT NULL, "role" varchar(16) NOT NULL, "content" text, "tool_calls" text, "tool_call_id" text, "reply_to" varchar(36), "at" bigint NOT NULL, CONSTRAINT "FK_0672782561e44d43febcfba2984" FOREIGN KEY ("session_id") REFERENCES "chat_sessions" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)',
    );
    await queryRunner.query(
      'INSERT INTO "temporary_chat_messages"("id", "session_id", "project_id", "seq", "role", "content", "tool_calls", "tool_call_id", "reply_to", "at") SELECT "id", "session_id", "project_id", "seq", "role", "content", "tool_calls", "tool_call_id", "reply_to", "at" FROM "chat_messages"',
    );
    await queryRunner.query('DROP TABLE "chat_messages"');
    await queryRunner.query('ALTER TABLE "temporary_chat_messages" RENAME TO "chat_messages"');
    await queryRunner.query(
      'CREATE UNIQUE INDEX "idx_chat_messages_session_seq" ON "chat_messages" ("session_id", "seq") ',
    );
    await queryRunner.query('DROP INDEX "idx_chat_tool_invocations_session"');
    await queryRunner.query(
      'CREATE TABLE "temporary_chat_tool_invocations" ("id" varchar(36) PRIMARY KEY NOT NULL, "session_id" varchar(36) NOT NULL, "project_id" varchar(36) NOT NULL, "message_id" varchar(36) NOT NULL, "tool" text NOT NULL, "source" varchar(200) NOT NULL, "arguments" text NOT NULL, "status" varchar(16) NOT NULL, "result" text, "error" text, "latency_ms" integer NOT NULL, "at" bigint NOT NULL, CONSTRAINT "FK_5c7117cd94d7b7f98a72b8523bb" FOREIGN KEY ("session_id") REFERENCES "chat_sessions" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)',
    );
    await queryRunner.query(
      'INSERT INTO "temporary_chat_tool_invocations"("id", "session_id", "project_id", "message_id", "tool", "source", "arguments", "status", "result", "error", "latency_ms", "at") SELECT "id", "session_id", "project_id", "message_id", "tool", "source", "arguments", "status", "result", "error", "latency_ms", "at" FROM "chat_tool_invocations"',
    );
    await queryRunner.query('DROP TABLE "chat_tool_invocations"');
    await queryRunner.query('ALTER TABLE "temporary_chat_tool_invocations" RENAME TO "chat_tool_invocations"');
    await queryRunner.query(
      'CREATE INDEX "idx_chat_tool_invocations_session" ON "chat_tool_invocations" ("session_id", "at") ',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX "idx_chat_tool_invocations_session"');
    await queryRunner.query('ALTER TABLE "chat_tool_invocations" RENAME TO "temporary_chat_tool_invocations"');
    await queryRunner.query(
      'CREATE TABLE "chat_tool_invocations" ("id" varchar(36) PRIMARY KEY NOT NULL, "session_id" varchar(36) NOT NULL, "project_id" varchar(36) NOT NULL, "message_id" varchar(36) NOT NULL, "tool" varchar(128) NOT NULL, "source" varchar(200) NOT NULL, "arguments" text NOT NULL, "status" varchar(16) NOT NULL, "result" text, "error" text, "latency_ms" integer NOT NULL, "at" bigint NOT NULL, CONSTRAINT "FK_5c7117cd94d7b7f98a72b8523bb" FOREIGN KEY ("session_id") REFERENCES "chat_sessions" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)',
    );
    await queryRunner.query(
      'INSERT INTO "chat_tool_invocations"("id", "session_id", "project_id", "message_id", "tool", "source", "arguments", "status", "result", "error", "latency_ms", "at") SELECT "id", "session_id", "project_id", "message_id", "tool", "source", "arguments", "status", "result", "error", "latency_ms", "at" FROM "temporary_chat_tool_invocations"',
    );
    await queryRunner.query('DROP TABLE "temporary_chat_tool_invocations"');
    await queryRunner.query(
      'CREATE INDEX "idx_chat_tool_invocations_session" ON "chat_tool_invocations" ("session_id", "at") ',
    );
    await queryRunner.query('DROP INDEX "idx_chat_messages_session_seq"');
    await queryRunner.query('ALTER TABLE "chat_messages" RENAME TO "temporary_chat_messages"');
    await queryRunner.query(
      'CREATE TABLE "chat_messages" ("id" varchar(36) PRIMARY KEY NOT NULL, "session_id" varchar(36) NOT NULL, "project_id" varchar(36) NOT NULL, "seq" integer NOT NULL, "role" varchar(16) NOT NULL, "content" text, "tool_calls" text, "tool_call_id" varchar(128), "reply_to" varchar(36), "at" bigint NOT NULL, CONSTRAINT "FK_0672782561e44d43febcfba2984" FOREIGN KEY ("session_id") REFERENCES "chat_sessions" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)',
    );
    await queryRunner.query(
      'INSERT INTO "chat_messages"("id", "session_id", "project_id", "seq", "role", "content", "tool_calls", "tool_call_id", "reply_to", "at") SELECT "id", "session_id", "project_id", "seq", "role", "content", "tool_calls", "tool_call_id", "reply_to", "at" FROM "temporary_chat_messages"',
    );
    await queryRunner.query('DROP TABLE "temporary_chat_messages"');
    await queryRunner.query(
      'CREATE UNIQUE INDEX "idx_chat_messages_session_seq" ON "chat_messages" ("session_id", "seq") ',
    );
    await queryRunner.query('DROP INDEX "idx_tool_invocations_call"');
    await queryRunner.query('ALTER TABLE "tool_invocations" RENAME TO "temporary_tool_invocations"');
    await queryRunner.query(
      'CREATE TABLE "tool_invocations" ("id" varchar(36) PRIMARY KEY NOT NULL, "call_id" varchar(36) NOT NULL, "project_id" varchar(36) NOT NULL, "tool" varchar(128) NOT NULL, "source" varchar(200) NOT NULL, "arguments" text NOT NULL, "status" varchar(16) NOT NULL, "result" text, "error" text, "latency_ms" integer NOT NULL, "at" bigint NOT NULL, CONSTRAINT "FK_86d166d88b8f7f533ac61f5cd4b" FOREIGN KEY ("call_id") REFERENCES "calls" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)',
    );
    await queryRunner.query(
      'INSERT INTO "tool_invocations"("id", "call_id", "project_id", "tool", "source", "arguments", "status", "result", "error", "latency_ms", "at") SELECT "id", "call_id", "project_id", "tool", "source", "arguments", "status", "result", "error", "latency_ms", "at" FROM "temporary_tool_invocations"',
    );
    await queryRunner.query('DROP TABLE "temporary_tool_invocations"');
    await queryRunner.query('CREATE INDEX "idx_tool_invocations_call" ON "tool_invocations" ("call_id", "at") ');
    await queryRunner.query('DROP INDEX "idx_chat_tool_invocations_session"');
    await queryRunner.query('ALTER TABLE "chat_tool_invocations" RENAME TO "temporary_chat_tool_invocations"');
    await queryRunner.query(
      'CREATE TABLE "chat_tool_invocations" ("id" varchar(36) PRIMARY KEY NOT NULL, "session_id" varchar(36) NOT NULL, "project_id" varchar(36) NOT NULL, "message_id" varchar(36) NOT NULL, "tool" varchar(128) NOT NULL, "source" varchar(200) NOT NULL, "arguments" text NOT NULL, "status" varchar(16) NOT NULL, "result" text, "error" text, "latency_ms" integer NOT NULL, "at" bigint NOT NULL, CONSTRAINT "FK_5c7117cd94d7b7f98a72b8523bb" FOREIGN KEY ("session_id") REFERENCES "chat_sessions" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)',
    );
    await queryRunner.query(
      'INSERT INTO "chat_tool_invocations"("id", "session_id", "project_id", "message_id", "tool", "source", "arguments", "status", "result", "error", "latency_ms", "at") SELECT "id", "session_id", "project_id", "message_id", "tool", "source", "arguments", "status", "result", "error", "latency_ms", "at" FROM "temporary_chat_tool_invocations"',
    );
    await queryRunner.query('DROP TABLE "temporary_chat_tool_invocations"');
    await queryRunner.query(
      'CREATE INDEX "idx_chat_tool_invocations_session" ON "chat_tool_invocations" ("session_id", "at") ',
    );
    await queryRunner.query('DROP INDEX "idx_chat_messages_session_seq"');
    await queryRunner.query('ALTER TABLE "chat_messages" RENAME TO "temporary_chat_messages"');
    await queryRunner.query(
      'CREATE TABLE "chat_messages" ("id" varchar(36) PRIMARY KEY NOT NULL, "session_id" varchar(36) NOT NULL, "project_id" varchar(36) NOT NULL, "seq" integer NOT NULL, "role" varchar(16) NOT NULL, "content" text, "tool_calls" text, "tool_call_id" varchar(128), "reply_to" varchar(36), "at" bigint NOT NULL, CONSTRAINT "FK_0672782561e44d43febcfba2984" FOREIGN KEY ("session_id") REFERENCES "chat_sessions" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)',
    );
    await queryRunner.query(
      'INSERT INTO "chat_messages"("id", "session_id", "project_id", "seq", "role", "content", "tool_calls", "tool_call_id", "reply_to", "at") SELECT "id", "session_id", "project_id", "seq", "role", "content", "tool_calls", "tool_call_id", "reply_to", "at" FROM "temporary_chat_messages"',
    );
    await queryRunner.query('DROP TABLE "temporary_chat_messages"');
    await queryRunner.query(
      'CREATE UNIQUE INDEX "idx_chat_messages_session_seq" ON "chat_messages" ("session_id", "seq") ',
    );
    await queryRunner.query('DROP INDEX "idx_tool_invocations_call"');
    await queryRunner.query('ALTER TABLE "tool_invocations" RENAME TO "temporary_tool_invocations"');
    await queryRunner.query(
      'CREATE TABLE "tool_invocations" ("id" varchar(36) PRIMARY KEY NOT NULL, "call_id" varchar(36) NOT NULL, "project_id" varchar(36) NOT NULL, "tool" varchar(128) NOT NULL, "source" varchar(200) NOT NULL, "arguments" text NOT NULL, "status" varchar(16) NOT NULL, "result" text, "error" text, "latency_ms" integer NOT NULL, "at" bigint NOT NULL, CONSTRAINT "FK_86d166d88b8f7f533ac61f5cd4b" FOREIGN KEY ("call_id") REFERENCES "calls" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)',
    );
    await queryRunner.query(
      'INSERT INTO "tool_invocations"("id", "call_id", "project_id", "tool", "source", "arguments", "status", "result", "error", "latency_ms", "at") SELECT "id", "call_id", "project_id", "tool", "source", "arguments", "status", "result", "error", "latency_ms", "at" FROM "temporary_tool_invocations"',
    );
    await queryRunner.query('DROP TABLE "temporary_tool_invocations"');
    await queryRunner.query('CREATE INDEX "idx_tool_invocations_call" ON "tool_invocations" ("call_id", "at") ');
  }
}
