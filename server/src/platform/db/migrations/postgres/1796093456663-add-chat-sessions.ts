import type { MigrationInterface, QueryRunner } from "typeorm";

export class AddChatSessions1796093456663 implements MigrationInterface {
  name = "AddChatSessions1796093456663";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE "chat_sessions" ("id" character varying(36) NOT NULL, "project_id" character varying(36) NOT NULL, "agent_id" character varying(36), "agent_name" character varying(200) NOT NULL, "state" text NOT NULL, "warnings" text NOT NULL, "model" text, "sealed_secrets" text NOT NULL, "message_seq" integer NOT NULL, "created_at" bigint NOT NULL, "updated_at" bigint NOT NULL, CONSTRAINT "PK_efc151a4aafa9a28b73dedc485f" PRIMARY KEY ("id"))',
    );
    await queryRunner.query(
      'CREATE INDEX "idx_chat_sessions_project_agent" ON "chat_sessions"  ("project_id", "agent_id") ',
    );
    await queryRunner.query(
      'CREATE INDEX "idx_chat_sessions_project_created" ON "chat_sessions"  ("project_id", "created_at") ',
    );
    await queryRunner.query(
      'CREATE TABLE "chat_messages" ("id" character varying(36) NOT NULL, "session_id" character varying(36) NOT NULL, "project_id" character varying(36) NOT NULL, "seq" integer NOT NULL, "role" character varying(16) NOT NULL, "content" text, "tool_calls" text, "tool_call_id" character varying(128), "reply_to" character varying(36), "at" bigint NOT NULL, CONSTRAINT "PK_40c55ee0e571e268b0d3cd37d10" PRIMARY KEY ("id"))',
    );
    await queryRunner.query(
      'CREATE UNIQUE INDEX "idx_chat_messages_session_seq" ON "chat_messages"  ("session_id", "seq") ',
    );
    await queryRunner.query(
      'CREATE TABLE "chat_tool_invocations" ("id" character varying(36) NOT NULL, "session_id" character varying(36) NOT NULL, "project_id" character varying(36) NOT NULL, "message_id" character varying(36) NOT NULL, "tool" character varying(128) NOT NULL, "source" character varying(200) NOT NULL, "arguments" text NOT NULL, "status" character varying(16) NOT NULL, "result" text, "error" text, "latency_ms" integer NOT NULL, "at" bigint NOT NULL, CONSTRAINT "PK_df70f317244d34974b80cd12bcf" PRIMARY KEY ("id"))',
    );
    await queryRunner.query(
      'CREATE INDEX "idx_chat_tool_invocations_session" ON "chat_tool_invocations"  ("session_id", "at") ',
    );
    await queryRunner.query(
      'ALTER TABLE "chat_sessions" ADD CONSTRAINT "FK_22dfbe50775595c7316aa93eb07" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "chat_messages" ADD CONSTRAINT "FK_0672782561e44d43febcfba2984" FOREIGN KEY ("session_id") REFERENCES "chat_sessions"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "chat_tool_invocations" ADD CONSTRAINT "FK_5c7117cd94d7b7f98a72b8523bb" FOREIGN KEY ("session_id") REFERENCES "chat_sessions"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "chat_tool_invocations" DROP CONSTRAINT "FK_5c7117cd94d7b7f98a72b8523bb"');
    await queryRunner.query('ALTER TABLE "chat_messages" DROP CONSTRAINT "FK_0672782561e44d43febcfba2984"');
    await queryRunner.query('ALTER TABLE "chat_sessions" DROP CONSTRAINT "FK_22dfbe50775595c7316aa93eb07"');
    await queryRunner.query('DROP INDEX "public"."idx_chat_tool_invocations_session"');
    await queryRunner.query('DROP TABLE "chat_tool_invocations"');
    await queryRunner.query('DROP INDEX "public"."idx_chat_messages_session_seq"');
    await queryRunner.query('DROP TABLE "chat_messages"');
    await queryRunner.query('DROP INDEX "public"."idx_chat_sessions_project_created"');
    await queryRunner.query('DROP INDEX "public"."idx_chat_sessions_project_agent"');
    await queryRunner.query('DROP TABLE "chat_sessions"');
  }
}
