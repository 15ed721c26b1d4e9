import type { MigrationInterface, QueryRunner } from "typeorm";

export class AddCalls1795980129115 implements MigrationInterface {
  name = "AddCalls1795980129115";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE "calls" ("id" varchar(36) PRIMARY KEY NOT NULL, "project_id" varchar(36) NOT NULL, "agent_id" varchar(36), "agent_name" varchar(200) NOT NULL, "status" varchar(16) NOT NULL, "state" text NOT NULL, "warnings" text NOT NULL, "sealed_secrets" text NOT NULL, "started_at" bigint NOT NULL, "ended_at" bigint, "events_expire_at" bigint NOT NULL, "events_expired" boolean NOT NULL DEFAULT (0))',
    );
    await queryRunner.query('CREATE INDEX "idx_calls_project_agent" ON "calls" ("project_id", "agent_id") ');
    await queryRunner.query('CREATE INDEX "idx_calls_project_started" ON "calls" ("project_id", "started_at") ');
    await queryRunner.query(
      'CREATE TABLE "call_skills" ("call_id" varchar(36) NOT NULL, "position" integer NOT NULL, "project_id" varchar(36) NOT NULL, "name" varchar(64) NOT NULL, "version" integer NOT NULL, "version_id" varchar(36) NOT NULL, "pinned" boolean NOT NULL, "loaded" boolean NOT NULL, PRIMARY KEY ("call_id", "position"))',
    );
    await queryRunner.query('CREATE INDEX "idx_call_skills_project_name" ON "call_skills" ("project_id", "name") ');
    await queryRunner.query('CREATE INDEX "idx_call_skills_version" ON "call_skills" ("version_id") ');
    await queryRunner.query(
      'CREATE TABLE "call_events" ("id" varchar(36) PRIMARY KEY NOT NULL, "call_id" varchar(36) NOT NULL, "project_id" varchar(36) NOT NULL, "seq" integer NOT NULL, "type" varchar(32) NOT NULL, "data" text NOT NULL, "loaded_after" text NOT NULL, "segment" integer NOT NULL, "at" bigint NOT NULL, "expires_at" bigint NOT NULL)',
    );
    await queryRunner.query('CREATE INDEX "idx_call_events_expiry" ON "call_events" ("expires_at") ');
    await queryRunner.query('CREATE UNIQUE INDEX "idx_call_events_call_seq" ON "call_events" ("call_id", "seq") ');
    await queryRunner.query(
      'CREATE TABLE "tool_invocations" ("id" varchar(36) PRIMARY KEY NOT NULL, "call_id" varchar(36) NOT NULL, "project_id" varchar(36) NOT NULL, "tool" varchar(128) NOT NULL, "source" varchar(200) NOT NULL, "arguments" text NOT NULL, "status" varchar(16) NOT NULL, "result" text, "error" text, "latency_ms" integer NOT NULL, "at" bigint NOT NULL)',
    );
    await queryRunner.query('CREATE INDEX "idx_tool_invocations_call" ON "tool_invocations" ("call_id", "at") ');
    await queryRunner.query('DROP INDEX "idx_skill_version_files_sha"');
    await queryRunner.query(
      'CREATE TABLE "temporary_skill_version_files" ("version_id" varchar(36) NOT NULL, "path" varchar(512) NOT NULL, "sha256" varchar(64) NOT NULL, "size" integer NOT NULL, CONSTRAINT "FK_6385a4eb83bdbdb4a9ada7929ea" FOREIGN KEY ("version_id") REFERENCES "skill_versions" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, CONSTRAINT "FK_75fdad3d58099eacf63541f3c8c" FOREIGN KEY ("sha256") REFERENCES "blobs" ("sha256") ON DELETE RESTRICT ON UPDATE NO ACTION, PRIMARY KEY ("version_id", "path"))',
    );
    await queryRunner.query(
      'INSERT INTO "temporary_skill_version_files"("version_id", "path", "sha256", "size") SELECT "version_id", "path", "sha256", "size" FROM "skill_version_files"',
    );
    await queryRunner.query('DROP TABLE "skill_version_files"');
    await queryRunner.query('ALTER TABLE "temporary_skill_version_files" RENAME TO "skill_version_files"');
    await queryRunner.query('CREATE INDEX "idx_skill_version_files_sha" ON "skill_version_files" ("sha256") ');
    await queryRunner.query('DROP INDEX "idx_calls_project_agent"');
    await queryRunner.query('DROP INDEX "idx_calls_project_started"');
    await queryRunner.query(
      'CREATE TABLE "temporary_calls" ("id" varchar(36) PRIMARY KEY NOT NULL, "project_id" varchar(36) NOT NULL, "agent_id" varchar(36), "agent_name" varchar(200) NOT NULL, "status" varchar(16) NOT NULL, "state" text NOT NULL, "warnings" text NOT NULL, "sealed_secrets" text NOT NULL, "started_at" bigint NOT NULL, "ended_at" bigint, "events_expire_at" bigint NOT NULL, "events_expired" boolean NOT NULL DEFAULT (0), CONSTRAINT "FK_03051d7aa5d9ac9c08a9610f189" FOREIGN KEY ("project_id") REFERENCES "projects" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)',
    );
    await queryRunner.query(
      'INSERT INTO "temporary_calls"("id", "project_id", "agent_id", "agent_name", "status", "state", "warnings", "sealed_secrets", "started_at", "ended_at", "events_expire_at", "events_expired") SELECT "id", "project_id", "agent_id", "agent_name", "status", "state", "warnings", "sealed_secrets", "started_at", "ended_at", "events_expire_at", "events_expired" FROM "calls"',
    );
    await queryRunner.query('DROP TABLE "calls"');
    await queryRunner.query('ALTER TABLE "temporary_calls" RENAME TO "calls"');
    await queryRunner.query('CREATE INDEX "idx_calls_project_agent" ON "calls" ("project_id", "agent_id") ');
    await queryRunner.query('CREATE INDEX "idx_calls_project_started" ON "calls" ("project_id", "started_at") ');
    await queryRunner.query('DROP INDEX "idx_call_skills_project_name"');
    await queryRunner.query('DROP INDEX "idx_call_skills_version"');
    await queryRunner.query(
      'CREATE TABLE "temporary_call_skills" ("call_id" varchar(36) NOT NULL, "position" integer NOT NULL, "project_id" varchar(36) NOT NULL, "name" varchar(64) NOT NULL, "version" integer NOT NULL, "version_id" varchar(36) NOT NULL, "pinned" boolean NOT NULL, "loaded" boolean NOT NULL, CONSTRAINT "FK_3f093d5e4f6acf501b28627a1b8" FOREIGN KEY ("call_id") REFERENCES "calls" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, PRIMARY KEY ("call_id", "position"))',
    );
    await queryRunner.query(
      'INSERT INTO "temporary_call_skills"("call_id", "position", "project_id", "name", "version", "version_id", "pinned", "loaded") SELECT "call_id", "position", "project_id", "name", "version", "version_id", "pinned", "loaded" FROM "call_skills"',
    );
    await queryRunner.query('DROP TABLE "call_skills"');
    await queryRunner.query('ALTER TABLE "temporary_call_skills" RENAME TO "call_skills"');
    await queryRunner.query('CREATE INDEX "idx_call_skills_project_name" ON "call_skills" ("project_id", "name") ');
    await queryRunner.query('CREATE INDEX "idx_call_skills_version" ON "call_skills" ("version_id") ');
    await queryRunner.query('DROP INDEX "idx_call_events_expiry"');
    await queryRunner.query('DROP INDEX "idx_call_events_call_seq"');
    await queryRunner.query(
      'CREATE TABLE "temporary_call_events" ("id" varchar(36) PRIMARY KEY NOT NULL, "call_id" varchar(36) NOT NULL, "project_id" varchar(36) NOT NULL, "seq" integer NOT NULL, "type" varchar(32) NOT NULL, "data" text NOT NULL, "loaded_after" text NOT NULL, "segment" integer NOT NULL, "at" bigint NOT NULL, "expires_at" bigint NOT NULL, CONSTRAINT "FK_c4f8fb033e6fc8bb81ff892b41b" FOREIGN KEY ("call_id") REFERENCES "calls" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)',
    );
    await queryRunner.query(
      'INSERT INTO "temporary_call_events"("id", "call_id", "project_id", "seq", "type", "data", "loaded_after", "segment", "at", "expires_at") SELECT "id", "call_id", "project_id", "seq", "type", "data", "loaded_after", "segment", "at", "expires_at" FROM "call_events"',
    );
    await queryRunner.query('DROP TABLE "call_events"');
    await queryRunner.query('ALTER TABLE "temporary_call_events" RENAME TO "call_events"');
    await queryRunner.query('CREATE INDEX "idx_call_events_expiry" ON "call_events" ("expires_at") ');
    await queryRunner.query('CREATE UNIQUE INDEX "idx_call_events_call_seq" ON "call_events" ("call_id", "seq") ');
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
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX "idx_tool_invocations_call"');
    await queryRunner.query('ALTER TABLE "tool_invocations" RENAME TO "temporary_tool_invocations"');
    await queryRunner.query(
      'CREATE TABLE "tool_invocations" ("id" varchar(36) PRIMARY KEY NOT NULL, "call_id" varchar(36) NOT NULL, "project_id" varchar(36) NOT NULL, "tool" varchar(128) NOT NULL, "source" varchar(200) NOT NULL, "arguments" text NOT NULL, "status" varchar(16) NOT NULL, "result" text, "error" text, "latency_ms" integer NOT NULL, "at" bigint NOT NULL)',
    );
    await queryRunner.query(
      'INSERT INTO "tool_invocations"("id", "call_id", "project_id", "tool", "source", "arguments", "status", "result", "error", "latency_ms", "at") SELECT "id", "call_id", "project_id", "tool", "source", "arguments", "status", "result", "error", "latency_ms", "at" FROM "temporary_tool_invocations"',
    );
    await queryRunner.query('DROP TABLE "temporary_tool_invocations"');
    await queryRunner.query('CREATE INDEX "idx_tool_invocations_call" ON "tool_invocations" ("call_id", "at") ');
    await queryRunner.query('DROP INDEX "idx_call_events_call_seq"');
    await queryRunner.query('DROP INDEX "idx_call_events_expiry"');
    await queryRunner.query('ALTER TABLE "call_events" RENAME TO "temporary_call_events"');
    await queryRunner.query(
      'CREATE TABLE "call_events" ("id" varchar(36) PRIMARY KEY NOT NULL, "call_id" varchar(36) NOT NULL, "project_id" varchar(36) NOT NULL, "seq" integer NOT NULL, "type" varchar(32) NOT NULL, "data" text NOT NULL, "loaded_after" text NOT NULL, "segment" integer NOT NULL, "at" bigint NOT NULL, "expires_at" bigint NOT NULL)',
    );
    await queryRunner.query(
      'INSERT INTO "call_events"("id", "call_id", "project_id", "seq", "type", "data", "loaded_after", "segment", "at", "expires_at") SELECT "id", "call_id", "project_id", "seq", "type", "data", "loaded_after", "segment", "at", "expires_at" FROM "temporary_call_events"',
    );
    await queryRunner.query('DROP TABLE "temporary_call_events"');
    await queryRunner.query('CREATE UNIQUE INDEX "idx_call_events_call_seq" ON "call_events" ("call_id", "seq") ');
    await queryRunner.query('CREATE INDEX "idx_call_events_expiry" ON "call_events" ("expires_at") ');
    await queryRunner.query('DROP INDEX "idx_call_skills_version"');
    await queryRunner.query('DROP INDEX "idx_call_skills_project_name"');
    await queryRunner.query('ALTER TABLE "call_skills" RENAME TO "temporary_call_skills"');
    await queryRunner.query(
      'CREATE TABLE "call_skills" ("call_id" varchar(36) NOT NULL, "position" integer NOT NULL, "project_id" varchar(36) NOT NULL, "name" varchar(64) NOT NULL, "version" integer NOT NULL, "version_id" varchar(36) NOT NULL, "pinned" boolean NOT NULL, "loaded" boolean NOT NULL, PRIMARY KEY ("call_id", "position"))',
    );
    await queryRunner.query(
      'INSERT INTO "call_skills"("call_id", "position", "project_id", "name", "version", "version_id", "pinned", "loaded") SELECT "call_id", "position", "project_id", "name", "version", "version_id", "pinned", "loaded" FROM "temporary_call_skills"',
    );
    await queryRunner.query('DROP TABLE "temporary_call_skills"');
    await queryRunner.query('CREATE INDEX "idx_call_skills_version" ON "call_skills" ("version_id") ');
    await queryRunner.query('CREATE INDEX "idx_call_skills_project_name" ON "call_skills" ("project_id", "name") ');
    await queryRunner.query('DROP INDEX "idx_calls_project_started"');
    await queryRunner.query('DROP INDEX "idx_calls_project_agent"');
    await queryRunner.query('ALTER TABLE "calls" RENAME TO "temporary_calls"');
    await queryRunner.query(
      'CREATE TABLE "calls" ("id" varchar(36) PRIMARY KEY NOT NULL, "project_id" varchar(36) NOT NULL, "agent_id" varchar(36), "agent_name" varchar(200) NOT NULL, "status" varchar(16) NOT NULL, "state" text NOT NULL, "warnings" text NOT NULL, "sealed_secrets" text NOT NULL, "started_at" bigint NOT NULL, "ended_at" bigint, "events_expire_at" bigint NOT NULL, "events_expired" boolean NOT NULL DEFAULT (0))',
    );
    await queryRunner.query(
      'INSERT INTO "calls"("id", "project_id", "agent_id", "agent_name", "status", "state", "warnings", "sealed_secrets", "started_at", "ended_at", "events_expire_at", "events_expired") SELECT "id", "project_id", "agent_id", "agent_name", "status", "state", "warnings", "sealed_secrets", "started_at", "ended_at", "events_expire_at", "events_expired" FROM "temporary_calls"',
    );
    await queryRunner.query('DROP TABLE "temporary_calls"');
    await queryRunner.query('CREATE INDEX "idx_calls_project_started" ON "calls" ("project_id", "started_at") ');
    await queryRunner.query('CREATE INDEX "idx_calls_project_agent" ON "calls" ("project_id", "agent_id") ');
    await queryRunner.query('DROP INDEX "idx_skill_version_files_sha"');
    await queryRunner.query('ALTER TABLE "skill_version_files" RENAME TO "temporary_skill_version_files"');
    await queryRunner.query(
      'CREATE TABLE "skill_version_files" ("version_id" varchar(36) NOT NULL, "path" varchar(512) NOT NULL, "sha256" varchar(64) NOT NULL, "size" integer NOT NULL, CONSTRAINT "FK_6385a4eb83bdbdb4a9ada7929ea" FOREIGN KEY ("version_id") REFERENCES "skill_versions" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, PRIMARY KEY ("version_id", "path"))',
    );
    await queryRunner.query(
      'INSERT INTO "skill_version_files"("version_id", "path", "sha256", "size") SELECT "version_id", "path", "sha256", "size" FROM "temporary_skill_version_files"',
    );
    await queryRunner.query('DROP TABLE "temporary_skill_version_files"');
    await queryRunner.query('CREATE INDEX "idx_skill_version_files_sha" ON "skill_version_files" ("sha256") ');
    await queryRunner.query('DROP INDEX "idx_tool_invocations_call"');
    await queryRunner.query('DROP TABLE "tool_invocations"');
    await queryRunner.query('DROP INDEX "idx_call_events_call_seq"');
    await queryRunner.query('DROP INDEX "idx_call_events_expiry"');
    await queryRunner.query('DROP TABLE "call_events"');
    await queryRunner.query('DROP INDEX "idx_call_skills_version"');
    await queryRunner.query('DROP INDEX "idx_call_skills_project_name"');
    await queryRunner.query('DROP TABLE "call_skills"');
    await queryRunner.query('DROP INDEX "idx_calls_project_started"');
    await queryRunner.query('DROP INDEX "idx_calls_project_agent"');
    await queryRunner.query('DROP TABLE "calls"');
  }
}
