import type { MigrationInterface, QueryRunner } from "typeorm";

export class AddCalls1795980129115 implements MigrationInterface {
  name = "AddCalls1795980129115";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE "calls" ("id" character varying(36) NOT NULL, "project_id" character varying(36) NOT NULL, "agent_id" character varying(36), "agent_name" character varying(200) NOT NULL, "status" character varying(16) NOT NULL, "state" text NOT NULL, "warnings" text NOT NULL, "sealed_secrets" text NOT NULL, "started_at" bigint NOT NULL, "ended_at" bigint, "events_expire_at" bigint NOT NULL, "events_expired" boolean NOT NULL DEFAULT false, CONSTRAINT "PK_d9171d91f8dd1a649659f1b6a20" PRIMARY KEY ("id"))',
    );
    await queryRunner.query('CREATE INDEX "idx_calls_project_agent" ON "calls"  ("project_id", "agent_id") ');
    await queryRunner.query('CREATE INDEX "idx_calls_project_started" ON "calls"  ("project_id", "started_at") ');
    await queryRunner.query(
      'CREATE TABLE "call_skills" ("call_id" character varying(36) NOT NULL, "position" integer NOT NULL, "project_id" character varying(36) NOT NULL, "name" character varying(64) NOT NULL, "version" integer NOT NULL, "version_id" character varying(36) NOT NULL, "pinned" boolean NOT NULL, "loaded" boolean NOT NULL, CONSTRAINT "PK_06e3014a1f19e2a34ae000ef13f" PRIMARY KEY ("call_id", "position"))',
    );
    await queryRunner.query('CREATE INDEX "idx_call_skills_project_name" ON "call_skills"  ("project_id", "name") ');
    await queryRunner.query('CREATE INDEX "idx_call_skills_version" ON "call_skills"  ("version_id") ');
    await queryRunner.query(
      'CREATE TABLE "call_events" ("id" character varying(36) NOT NULL, "call_id" character varying(36) NOT NULL, "project_id" character varying(36) NOT NULL, "seq" integer NOT NULL, "type" character varying(32) NOT NULL, "data" text NOT NULL, "loaded_after" text NOT NULL, "segment" integer NOT NULL, "at" bigint NOT NULL, "expires_at" bigint NOT NULL, CONSTRAINT "PK_ae7349495543762c8be7de28b7f" PRIMARY KEY ("id"))',
    );
    await queryRunner.query('CREATE INDEX "idx_call_events_expiry" ON "call_events"  ("expires_at") ');
    await queryRunner.query('CREATE UNIQUE INDEX "idx_call_events_call_seq" ON "call_events"  ("call_id", "seq") ');
    await queryRunner.query(
      'CREATE TABLE "tool_invocations" ("id" character varying(36) NOT NULL, "call_id" character varying(36) NOT NULL, "project_id" character varying(36) NOT NULL, "tool" character varying(128) NOT NULL, "source" character varying(200) NOT NULL, "arguments" text NOT NULL, "status" character varying(16) NOT NULL, "result" text, "error" text, "latency_ms" integer NOT NULL, "at" bigint NOT NULL, CONSTRAINT "PK_71b88646ed1141f08adafcadac3" PRIMARY KEY ("id"))',
    );
    await queryRunner.query('CREATE INDEX "idx_tool_invocations_call" ON "tool_invocations"  ("call_id", "at") ');
    await queryRunner.query(
      'ALTER TABLE "skill_version_files" ADD CONSTRAINT "FK_75fdad3d58099eacf63541f3c8c" FOREIGN KEY ("sha256") REFERENCES "blobs"("sha256") ON DELETE RESTRICT ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "calls" ADD CONSTRAINT "FK_03051d7aa5d9ac9c08a9610f189" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "call_skills" ADD CONSTRAINT "FK_3f093d5e4f6acf501b28627a1b8" FOREIGN KEY ("call_id") REFERENCES "calls"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "call_events" ADD CONSTRAINT "FK_c4f8fb033e6fc8bb81ff892b41b" FOREIGN KEY ("call_id") REFERENCES "calls"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "tool_invocations" ADD CONSTRAINT "FK_86d166d88b8f7f533ac61f5cd4b" FOREIGN KEY ("call_id") REFERENCES "calls"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "tool_invocations" DROP CONSTRAINT "FK_86d166d88b8f7f533ac61f5cd4b"');
    await queryRunner.query('ALTER TABLE "call_events" DROP CONSTRAINT "FK_c4f8fb033e6fc8bb81ff892b41b"');
    await queryRunner.query('ALTER TABLE "call_skills" DROP CONSTRAINT "FK_3f093d5e4f6acf501b28627a1b8"');
    await queryRunner.query('ALTER TABLE "calls" DROP CONSTRAINT "FK_03051d7aa5d9ac9c08a9610f189"');
    await queryRunner.query('ALTER TABLE "skill_version_files" DROP CONSTRAINT "FK_75fdad3d58099eacf63541f3c8c"');
    await queryRunner.query('DROP INDEX "public"."idx_tool_invocations_call"');
    await queryRunner.query('DROP TABLE "tool_invocations"');
    await queryRunner.query('DROP INDEX "public"."idx_call_events_call_seq"');
    await queryRunner.query('DROP INDEX "public"."idx_call_events_expiry"');
    await queryRunner.query('DROP TABLE "call_events"');
    await queryRunner.query('DROP INDEX "public"."idx_call_skills_version"');
    await queryRunner.query('DROP INDEX "public"."idx_call_skills_project_name"');
    await queryRunner.query('DROP TABLE "call_skills"');
    await queryRunner.query('DROP INDEX "public"."idx_calls_project_started"');
    await queryRunner.query('DROP INDEX "public"."idx_calls_project_agent"');
    await queryRunner.query('DROP TABLE "calls"');
  }
}
