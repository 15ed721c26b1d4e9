import type { MigrationInterface, QueryRunner } from "typeorm";

export class AddSkillSignals1796149747507 implements MigrationInterface {
  name = "AddSkillSignals1796149747507";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE "outcomes" ("id" character varying(36) NOT NULL, "project_id" character varying(36) NOT NULL, "call_id" character varying(36), "session_id" character varying(36), "success" boolean NOT NULL, "score" double precision, "note" character varying(2000), "reported_at" bigint NOT NULL, CONSTRAINT "ck_outcomes_score" CHECK (score IS NULL OR (score >= 0 AND score <= 1)), CONSTRAINT "ck_outcomes_one_owner" CHECK ((call_id IS NULL) <> (session_id IS NULL)), CONSTRAINT "PK_f5b8391e8300f8962eb1842dfca" PRIMARY KEY ("id"))',
    );
    await queryRunner.query('CREATE UNIQUE INDEX "uq_outcomes_session" ON "outcomes"  ("session_id") ');
    await queryRunner.query('CREATE UNIQUE INDEX "uq_outcomes_call" ON "outcomes"  ("call_id") ');
    await queryRunner.query(
      'CREATE TABLE "skill_signal_deltas" ("starts" integer NOT NULL DEFAULT \'0\', "loads" integer NOT NULL DEFAULT \'0\', "evictions" integer NOT NULL DEFAULT \'0\', "tool_runs" integer NOT NULL DEFAULT \'0\', "tool_errors" integer NOT NULL DEFAULT \'0\', "outcomes" integer NOT NULL DEFAULT \'0\', "successes" integer NOT NULL DEFAULT \'0\', "max_loaded" integer NOT NULL DEFAULT \'0\', "id" SERIAL NOT NULL, "project_id" character varying(36) NOT NULL, "skill" character varying(64) NOT NULL, "agent_key" character varying(36) NOT NULL, "hour" bigint NOT NULL, CONSTRAINT "PK_848013ceede805fc382c178cc14" PRIMARY KEY ("id"))',
    );
    await queryRunner.query(
      'CREATE TABLE "skill_signal_hours" ("starts" integer NOT NULL DEFAULT \'0\', "loads" integer NOT NULL DEFAULT \'0\', "evictions" integer NOT NULL DEFAULT \'0\', "tool_runs" integer NOT NULL DEFAULT \'0\', "tool_errors" integer NOT NULL DEFAULT \'0\', "outcomes" integer NOT NULL DEFAULT \'0\', "successes" integer NOT NULL DEFAULT \'0\', "max_loaded" integer NOT NULL DEFAULT \'0\', "project_id" character varying(36) NOT NULL, "skill" character varying(64) NOT NULL, "agent_key" character varying(36) NOT NULL, "hour" bigint NOT NULL, CONSTRAINT "PK_01a03c86e3ba37fd2ecc3d669b2" PRIMARY KEY ("project_id", "skill", "agent_key", "hour"))',
    );
    await queryRunner.query(
      'CREATE INDEX "idx_skill_signal_hours_project_hour" ON "skill_signal_hours"  ("project_id", "hour") ',
    );
    await queryRunner.query(
      'CREATE TABLE "session_skills" ("project_id" character varying(36) NOT NULL, "name" character varying(64) NOT NULL, "version" integer NOT NULL, "version_id" character varying(36) NOT NULL, "pinned" boolean NOT NULL, "loaded" boolean NOT NULL, "rollout_id" character varying(36), "arm" character varying(16), "tool_runs" integer NOT NULL DEFAULT \'0\', "tool_errors" integer NOT NULL DEFAULT \'0\', "session_id" character varying(36) NOT NULL, "position" integer NOT NULL, CONSTRAINT "ck_session_skills_arm" CHECK ((rollout_id IS NULL AND arm IS NULL) OR (rollout_id IS NOT NULL AND arm IN (\'live\', \'candidate\'))), CONSTRAINT "PK_688404a9a26d4aff02367ce47dc" PRIMARY KEY ("session_id", "position"))',
    );
    await queryRunner.query('CREATE INDEX "idx_session_skills_rollout" ON "session_skills"  ("rollout_id", "arm") ');
    await queryRunner.query(
      'CREATE INDEX "idx_session_skills_project_name" ON "session_skills"  ("project_id", "name") ',
    );
    await queryRunner.query('CREATE INDEX "idx_session_skills_version" ON "session_skills"  ("version_id") ');
    await queryRunner.query('ALTER TABLE "call_skills" ADD "rollout_id" character varying(36)');
    await queryRunner.query('ALTER TABLE "call_skills" ADD "arm" character varying(16)');
    await queryRunner.query('ALTER TABLE "call_skills" ADD "tool_runs" integer NOT NULL DEFAULT \'0\'');
    await queryRunner.query('ALTER TABLE "call_skills" ADD "tool_errors" integer NOT NULL DEFAULT \'0\'');
    await queryRunner.query('CREATE INDEX "idx_call_skills_rollout" ON "call_skills"  ("rollout_id", "arm") ');
    await queryRunner.query(
      "ALTER TABLE \"call_skills\" ADD CONSTRAINT \"ck_call_skills_arm\" CHECK ((rollout_id IS NULL AND arm IS NULL) OR (rollout_id IS NOT NULL AND arm IN ('live', 'candidate')))",
    );
    await queryRunner.query(
      'ALTER TABLE "outcomes" ADD CONSTRAINT "FK_42e0fffbbfa7e440dcb13481d16" FOREIGN KEY ("call_id") REFERENCES "calls"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "outcomes" ADD CONSTRAINT "FK_9f4242bc40dbc4569dc30e4c4f8" FOREIGN KEY ("session_id") REFERENCES "chat_sessions"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "session_skills" ADD CONSTRAINT "FK_7ed6a31b446768e7e783eb5dd11" FOREIGN KEY ("session_id") REFERENCES "chat_sessions"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "session_skills" DROP CONSTRAINT "FK_7ed6a31b446768e7e783eb5dd11"');
    await queryRunner.query('ALTER TABLE "outcomes" DROP CONSTRAINT "FK_9f4242bc40dbc4569dc30e4c4f8"');
    await queryRunner.query('ALTER TABLE "outcomes" DROP CONSTRAINT "FK_42e0fffbbfa7e440dcb13481d16"');
    await queryRunner.query('ALTER TABLE "call_skills" DROP CONSTRAINT "ck_call_skills_arm"');
    await queryRunner.query('DROP INDEX "public"."idx_call_skills_rollout"');
    await queryRunner.query('ALTER TABLE "call_skills" DROP COLUMN "tool_errors"');
    await queryRunner.query('ALTER TABLE "call_skills" DROP COLUMN "tool_runs"');
    await queryRunner.query('ALTER TABLE "call_skills" DROP COLUMN "arm"');
    await queryRunner.query('ALTER TABLE "call_skills" DROP COLUMN "rollout_id"');
    await queryRunner.query('DROP INDEX "public"."idx_session_skills_version"');
    await queryRunner.query('DROP INDEX "public"."idx_session_skills_project_name"');
    await queryRunner.query('DROP INDEX "public"."idx_session_skills_rollout"');
    await queryRunner.query('DROP TABLE "session_skills"');
    await queryRunner.query('DROP INDEX "public"."idx_skill_signal_hours_project_hour"');
    await queryRunner.query('DROP TABLE "skill_signal_hours"');
    await queryRunner.query('DROP TABLE "skill_signal_deltas"');
    await queryRunner.query('DROP INDEX "public"."uq_outcomes_call"');
    await queryRunner.query('DROP INDEX "public"."uq_outcomes_session"');
    await queryRunner.query('DROP TABLE "outcomes"');
  }
}
