import type { MigrationInterface, QueryRunner } from "typeorm";

export class AddSkillSignals1796149747507 implements MigrationInterface {
  name = "AddSkillSignals1796149747507";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE "outcomes" ("id" varchar(36) PRIMARY KEY NOT NULL, "project_id" varchar(36) NOT NULL, "call_id" varchar(36), "session_id" varchar(36), "success" boolean NOT NULL, "score" double precision, "note" varchar(2000), "reported_at" bigint NOT NULL, CONSTRAINT "ck_outcomes_score" CHECK (score IS NULL OR (score >= 0 AND score <= 1)), CONSTRAINT "ck_outcomes_one_owner" CHECK ((call_id IS NULL) <> (session_id IS NULL)))',
    );
    await queryRunner.query('CREATE UNIQUE INDEX "uq_outcomes_session" ON "outcomes" ("session_id") ');
    await queryRunner.query('CREATE UNIQUE INDEX "uq_outcomes_call" ON "outcomes" ("call_id") ');
    await queryRunner.query(
      'CREATE TABLE "skill_signal_deltas" ("starts" integer NOT NULL DEFAULT (0), "loads" integer NOT NULL DEFAULT (0), "evictions" integer NOT NULL DEFAULT (0), "tool_runs" integer NOT NULL DEFAULT (0), "tool_errors" integer NOT NULL DEFAULT (0), "outcomes" integer NOT NULL DEFAULT (0), "successes" integer NOT NULL DEFAULT (0), "max_loaded" integer NOT NULL DEFAULT (0), "id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "project_id" varchar(36) NOT NULL, "skill" varchar(64) NOT NULL, "agent_key" varchar(36) NOT NULL, "hour" bigint NOT NULL)',
    );
    await queryRunner.query(
      'CREATE TABLE "skill_signal_hours" ("starts" integer NOT NULL DEFAULT (0), "loads" integer NOT NULL DEFAULT (0), "evictions" integer NOT NULL DEFAULT (0), "tool_runs" integer NOT NULL DEFAULT (0), "tool_errors" integer NOT NULL DEFAULT (0), "outcomes" integer NOT NULL DEFAULT (0), "successes" integer NOT NULL DEFAULT (0), "max_loaded" integer NOT NULL DEFAULT (0), "project_id" varchar(36) NOT NULL, "skill" varchar(64) NOT NULL, "agent_key" varchar(36) NOT NULL, "hour" bigint NOT NULL, PRIMARY KEY ("project_id", "skill", "agent_key", "hour"))',
    );
    await queryRunner.query(
      'CREATE INDEX "idx_skill_signal_hours_project_hour" ON "skill_signal_hours" ("project_id", "hour") ',
    );
    await queryRunner.query(
      'CREATE TABLE "session_skills" ("project_id" varchar(36) NOT NULL, "name" varchar(64) NOT NULL, "version" integer NOT NULL, "version_id" varchar(36) NOT NULL, "pinned" boolean NOT NULL, "loaded" boolean NOT NULL, "rollout_id" varchar(36), "arm" varchar(16), "tool_runs" integer NOT NULL DEFAULT (0), "tool_errors" integer NOT NULL DEFAULT (0), "session_id" varchar(36) NOT NULL, "position" integer NOT NULL, CONSTRAINT "ck_session_skills_arm" CHECK ((rollout_id IS NULL AND arm IS NULL) OR (rollout_id IS NOT NULL AND arm IN (\'live\', \'candidate\'))), PRIMARY KEY ("session_id", "position"))',
    );
    await queryRunner.query('CREATE INDEX "idx_session_skills_rollout" ON "session_skills" ("rollout_id", "arm") ');
    await queryRunner.query(
      'CREATE INDEX "idx_session_skills_project_name" ON "session_skills" ("project_id", "name") ',
    );
    await queryRunner.query('CREATE INDEX "idx_session_skills_version" ON "session_skills" ("version_id") ');
    await queryRunner.query('DROP INDEX "idx_call_skills_version"');
    await queryRunner.query('DROP INDEX "idx_call_skills_project_name"');
    await queryRunner.query(
      'CREATE TABLE "temporary_call_skills" ("call_id" varchar(36) NOT NULL, "position" integer NOT NULL, "project_id" varchar(36) NOT NULL, "name" varchar(64) NOT NULL, "version" integer NOT NULL, "version_id" varchar(36) NOT NULL, "pinned" boolean NOT NULL, "loaded" boolean NOT NULL, "rollout_id" varchar(36), "arm" varchar(16), "tool_runs" integer NOT NULL DEFAULT (0), "tool_errors" integer NOT NULL DEFAULT (0), CONSTRAINT "FK_3f093d5e4f6acf501b28627a1b8" FOREIGN KEY ("call_id") REFERENCES "calls" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, PRIMARY KEY ("call_id", "position"))',
    );
    await queryRunner.query(
      'INSERT INTO "temporary_call_skills"("call_id", "position", "project_id", "name", "version", "version_id", "pinned", "loaded") SELECT "call_id", "position", "project_id", "name", "version", "version_id", "pinned", "loaded" FROM "call_skills"',
    );
    await queryRunner.query('DROP TABLE "call_skills"');
    await queryRunner.query('ALTER TABLE "temporary_call_skills" RENAME TO "call_skills"');
    await queryRunner.query('CREATE INDEX "idx_call_skills_version" ON "call_skills" ("version_id") ');
    await queryRunner.query('CREATE INDEX "idx_call_skills_project_name" ON "call_skills" ("project_id", "name") ');
    await queryRunner.query('CREATE INDEX "idx_call_skills_rollout" ON "call_skills" ("rollout_id", "arm") ');
    await queryRunner.query('DROP INDEX "idx_call_skills_version"');
    await queryRunner.query('DROP INDEX "idx_call_skills_project_name"');
    await queryRunner.query('DROP INDEX "idx_call_skills_rollout"');
    await queryRunner.query(
      'CREATE TABLE "temporary_call_skills" ("call_id" varchar(36) NOT NULL, "position" integer NOT NULL, "project_id" varchar(36) NOT NULL, "name" varchar(64) NOT NULL, "version" integer NOT NULL, "version_id" varchar(36) NOT NULL, "pinned" boolean NOT NULL, "loaded" boolean NOT NULL, "rollout_id" varchar(36), "arm" varchar(16), "tool_runs" integer NOT NULL DEFAULT (0), "tool_errors" integer NOT NULL DEFAULT (0), CONSTRAINT "ck_call_skills_arm" CHECK ((rollout_id IS NULL AND arm IS NULL) OR (rollout_id IS NOT NULL AND arm IN (\'live\', \'candidate\'))), CONSTRAINT "FK_3f093d5e4f6acf501b28627a1b8" FOREIGN KEY ("call_id") REFERENCES "calls" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, PRIMARY KEY ("call_id", "position"))',
    );
    await queryRunner.query(
      'INSERT INTO "temporary_call_skills"("call_id", "position", "project_id", "name", "version", "version_id", "pinned", "loaded", "rollout_id", "arm", "tool_runs", "tool_errors") SELECT "call_id", "position", "project_id", "name", "version", "version_id", "pinned", "loaded", "rollout_id", "arm", "tool_runs", "tool_errors" FROM "call_skills"',
    );
    await queryRunner.query('DROP TABLE "call_skills"');
    await queryRunner.query('ALTER TABLE "temporary_call_skills" RENAME TO "call_skills"');
    await queryRunner.query('CREATE INDEX "idx_call_skills_version" ON "call_skills" ("version_id") ');
    await queryRunner.query('CREATE INDEX "idx_call_skills_project_name" ON "call_skills" ("project_id", "name") ');
    await queryRunner.query('CREATE INDEX "idx_call_skills_rollout" ON "call_skills" ("rollout_id", "arm") ');
    await queryRunner.query('DROP INDEX "uq_outcomes_session"');
    await queryRunner.query('DROP INDEX "uq_outcomes_call"');
    await queryRunner.query(
      'CREATE TABLE "temporary_outcomes" ("id" varchar(36) PRIMARY KEY NOT NULL, "project_id" varchar(36) NOT NULL, "call_id" varchar(36), "session_id" varchar(36), "success" boolean NOT NULL, "score" double precision, "note" varchar(2000), "reported_at" bigint NOT NULL, CONSTRAINT "ck_outcomes_score" CHECK (score IS NULL OR (score >= 0 AND score <= 1)), CONSTRAINT "ck_outcomes_one_owner" CHECK ((call_id IS NULL) <> (session_id IS NULL)), CONSTRAINT "FK_42e0fffbbfa7e440dcb13481d16" FOREIGN KEY ("call_id") REFERENCES "calls" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, CONSTRAINT "FK_9f4242bc40dbc4569dc30e4c4f8" FOREIGN KEY ("session_id") REFERENCES "chat_sessions" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)',
    );
    await queryRunner.query(
      'INSERT INTO "temporary_outcomes"("id", "project_id", "call_id", "session_id", "success", "score", "note", "reported_at") SELECT "id", "project_id", "call_id", "session_id", "success", "score", "note", "reported_at" FROM "outcomes"',
    );
    await queryRunner.query('DROP TABLE "outcomes"');
    await queryRunner.query('ALTER TABLE "temporary_outcomes" RENAME TO "outcomes"');
    await queryRunner.query('CREATE UNIQUE INDEX "uq_outcomes_session" ON "outcomes" ("session_id") ');
    await queryRunner.query('CREATE UNIQUE INDEX "uq_outcomes_call" ON "outcomes" ("call_id") ');
    await queryRunner.query('DROP INDEX "idx_session_skills_rollout"');
    await queryRunner.query('DROP INDEX "idx_session_skills_project_name"');
    await queryRunner.query('DROP INDEX "idx_session_skills_version"');
    await queryRunner.query(
      'CREATE TABLE "temporary_session_skills" ("project_id" varchar(36) NOT NULL, "name" varchar(64) NOT NULL, "version" integer NOT NULL, "version_id" varchar(36) NOT NULL, "pinned" boolean NOT NULL, "loaded" boolean NOT NULL, "rollout_id" varchar(36), "arm" varchar(16), "tool_runs" integer NOT NULL DEFAULT (0), "tool_errors" integer NOT NULL DEFAULT (0), "session_id" varchar(36) NOT NULL, "position" integer NOT NULL, CONSTRAINT "ck_session_skills_arm" CHECK ((rollout_id IS NULL AND arm IS NULL) OR (rollout_id IS NOT NULL AND arm IN (\'live\', \'candidate\'))), CONSTRAINT "FK_7ed6a31b446768e7e783eb5dd11" FOREIGN KEY ("session_id") REFERENCES "chat_sessions" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, PRIMARY KEY ("session_id", "position"))',
    );
    await queryRunner.query(
      'INSERT INTO "temporary_session_skills"("project_id", "name", "version", "version_id", "pinned", "loaded", "rollout_id", "arm", "tool_runs", "tool_errors", "session_id", "position") SELECT "project_id", "name", "version", "version_id", "pinned", "loaded", "rollout_id", "arm", "tool_runs", "tool_errors", "session_id", "position" FROM "session_skills"',
    );
    await queryRunner.query('DROP TABLE "session_skills"');
    await queryRunner.query('ALTER TABLE "temporary_session_skills" RENAME TO "session_skills"');
    await queryRunner.query('CREATE INDEX "idx_session_skills_rollout" ON "session_skills" ("rollout_id", "arm") ');
    await queryRunner.query(
      'CREATE INDEX "idx_session_skills_project_name" ON "session_skills" ("project_id", "name") ',
    );
    await queryRunner.query('CREATE INDEX "idx_session_skills_version" ON "session_skills" ("version_id") ');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX "idx_session_skills_version"');
    await queryRunner.query('DROP INDEX "idx_session_skills_project_name"');
    await queryRunner.query('DROP INDEX "idx_session_skills_rollout"');
    await queryRunner.query('ALTER TABLE "session_skills" RENAME TO "temporary_session_skills"');
    await queryRunner.query(
      'CREATE TABLE "session_skills" ("project_id" varchar(36) NOT NULL, "name" varchar(64) NOT NULL, "version" integer NOT NULL, "version_id" varchar(36) NOT NULL, "pinned" boolean NOT NULL, "loaded" boolean NOT NULL, "rollout_id" varchar(36), "arm" varchar(16), "tool_runs" integer NOT NULL DEFAULT (0), "tool_errors" integer NOT NULL DEFAULT (0), "session_id" varchar(36) NOT NULL, "position" integer NOT NULL, CONSTRAINT "ck_session_skills_arm" CHECK ((rollout_id IS NULL AND arm IS NULL) OR (rollout_id IS NOT NULL AND arm IN (\'live\', \'candidate\'))), PRIMARY KEY ("session_id", "position"))',
    );
    await queryRunner.query(
      'INSERT INTO "session_skills"("project_id", "name", "version", "version_id", "pinned", "loaded", "rollout_id", "arm", "tool_runs", "tool_errors", "session_id", "position") SELECT "project_id", "name", "version", "version_id", "pinned", "loaded", "rollout_id", "arm", "tool_runs", "tool_errors", "session_id", "position" FROM "temporary_session_skills"',
    );
    await queryRunner.query('DROP TABLE "temporary_session_skills"');
    await queryRunner.query('CREATE INDEX "idx_session_skills_version" ON "session_skills" ("version_id") ');
    await queryRunner.query(
      'CREATE INDEX "idx_session_skills_project_name" ON "session_skills" ("project_id", "name") ',
    );
    await queryRunner.query('CREATE INDEX "idx_session_skills_rollout" ON "session_skills" ("rollout_id", "arm") ');
    await queryRunner.query('DROP INDEX "uq_outcomes_call"');
    await queryRunner.query('DROP INDEX "uq_outcomes_session"');
    await queryRunner.query('ALTER TABLE "outcomes" RENAME TO "temporary_outcomes"');
    await queryRunner.query(
      'CREATE TABLE "outcomes" ("id" varchar(36) PRIMARY KEY NOT NULL, "project_id" varchar(36) NOT NULL, "call_id" varchar(36), "session_id" varchar(36), "success" boolean NOT NULL, "score" double precision, "note" varchar(2000), "reported_at" bigint NOT NULL, CONSTRAINT "ck_outcomes_score" CHECK (score IS NULL OR (score >= 0 AND score <= 1)), CONSTRAINT "ck_outcomes_one_owner" CHECK ((call_id IS NULL) <> (session_id IS NULL)))',
    );
    await queryRunner.query(
      'INSERT INTO "outcomes"("id", "project_id", "call_id", "session_id", "success", "score", "note", "reported_at") SELECT "id", "project_id", "call_id", "session_id", "success", "score", "note", "reported_at" FROM "temporary_outcomes"',
    );
    await queryRunner.query('DROP TABLE "temporary_outcomes"');
    await queryRunner.query('CREATE UNIQUE INDEX "uq_outcomes_call" ON "outcomes" ("call_id") ');
    await queryRunner.query('CREATE UNIQUE INDEX "uq_outcomes_session" ON "outcomes" ("session_id") ');
    await queryRunner.query('DROP INDEX "idx_call_skills_rollout"');
    await queryRunner.query('DROP INDEX "idx_call_skills_project_name"');
    await queryRunner.query('DROP INDEX "idx_call_skills_version"');
    await queryRunner.query('ALTER TABLE "call_skills" RENAME TO "temporary_call_skills"');
    await queryRunner.query(
      'CREATE TABLE "call_skills" ("call_id" varchar(36) NOT NULL, "position" integer NOT NULL, "project_id" varchar(36) NOT NULL, "name" varchar(64) NOT NULL, "version" integer NOT NULL, "version_id" varchar(36) NOT NULL, "pinned" boolean NOT NULL, "loaded" boolean NOT NULL, "rollout_id" varchar(36), "arm" varchar(16), "tool_runs" integer NOT NULL DEFAULT (0), "tool_errors" integer NOT NULL DEFAULT (0), CONSTRAINT "FK_3f093d5e4f6acf501b28627a1b8" FOREIGN KEY ("call_id") REFERENCES "calls" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, PRIMARY KEY ("call_id", "position"))',
    );
    await queryRunner.query(
      'INSERT INTO "call_skills"("call_id", "position", "project_id", "name", "version", "version_id", "pinned", "loaded", "rollout_id", "arm", "tool_runs", "tool_errors") SELECT "call_id", "position", "project_id", "name", "version", "version_id", "pinned", "loaded", "rollout_id", "arm", "tool_runs", "tool_errors" FROM "temporary_call_skills"',
    );
    await queryRunner.query('DROP TABLE "temporary_call_skills"');
    await queryRunner.query('CREATE INDEX "idx_call_skills_rollout" ON "call_skills" ("rollout_id", "arm") ');
    await queryRunner.query('CREATE INDEX "idx_call_skills_project_name" ON "call_skills" ("project_id", "name") ');
    await queryRunner.query('CREATE INDEX "idx_call_skills_version" ON "call_skills" ("version_id") ');
    await queryRunner.query('DROP INDEX "idx_call_skills_rollout"');
    await queryRunner.query('DROP INDEX "idx_call_skills_project_name"');
    await queryRunner.query('DROP INDEX "idx_call_skills_version"');
    await queryRunner.query('ALTER TABLE "call_skills" RENAME TO "temporary_call_skills"');
    await queryRunner.query(
      'CREATE TABLE "call_skills" ("call_id" varchar(36) NOT NULL, "position" integer NOT NULL, "project_id" varchar(36) NOT NULL, "name" varchar(64) NOT NULL, "version" integer NOT NULL, "version_id" varchar(36) NOT NULL, "pinned" boolean NOT NULL, "loaded" boolean NOT NULL, CONSTRAINT "FK_3f093d5e4f6acf501b28627a1b8" FOREIGN KEY ("call_id") REFERENCES "calls" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, PRIMARY KEY ("call_id", "position"))',
    );
    await queryRunner.query(
      'INSERT INTO "call_skills"("call_id", "position", "project_id", "name", "version", "version_id", "pinned", "loaded") SELECT "call_id", "position", "project_id", "name", "version", "version_id", "pinned", "loaded" FROM "temporary_call_skills"',
    );
    await queryRunner.query('DROP TABLE "temporary_call_skills"');
    await queryRunner.query('CREATE INDEX "idx_call_skills_project_name" ON "call_skills" ("project_id", "name") ');
    await queryRunner.query('CREATE INDEX "idx_call_skills_version" ON "call_skills" ("version_id") ');
    await queryRunner.query('DROP INDEX "idx_session_skills_version"');
    await queryRunner.query('DROP INDEX "idx_session_skills_project_name"');
    await queryRunner.query('DROP INDEX "idx_session_skills_rollout"');
    await queryRunner.query('DROP TABLE "session_skills"');
    await queryRunner.query('DROP INDEX "idx_skill_signal_hours_project_hour"');
    await queryRunner.query('DROP TABLE "skill_signal_hours"');
    await queryRunner.query('DROP TABLE "skill_signal_deltas"');
    await queryRunner.query('DROP INDEX "uq_outcomes_call"');
    await queryRunner.query('DROP INDEX "uq_outcomes_session"');
    await queryRunner.query('DROP TABLE "outcomes"');
  }
}
