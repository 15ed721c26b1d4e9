import type { MigrationInterface, QueryRunner } from "typeorm";

export class AddRollouts1796149642974 implements MigrationInterface {
  name = "AddRollouts1796149642974";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE "rollouts" ("id" varchar(36) PRIMARY KEY NOT NULL, "project_id" varchar(36) NOT NULL, "skill_name" varchar(64) NOT NULL, "candidate_version_id" varchar(36) NOT NULL, "candidate_version" integer NOT NULL, "live_version_id" varchar(36) NOT NULL, "live_version" integer NOT NULL, "status" varchar(16) NOT NULL, "percent" integer NOT NULL, "steps" text NOT NULL, "step_index" integer NOT NULL, "step_minutes" integer NOT NULL, "guards" text NOT NULL, "eval_tag" varchar(200), "step_started_at" bigint NOT NULL, "started_by" varchar(200) NOT NULL, "started_at" bigint NOT NULL, "ended_at" bigint, "end_reason" varchar(1000), "updated_at" bigint NOT NULL)',
    );
    await queryRunner.query('CREATE INDEX "idx_rollouts_project_started" ON "rollouts" ("project_id", "started_at") ');
    await queryRunner.query('CREATE INDEX "idx_rollouts_status" ON "rollouts" ("status") ');
    await queryRunner.query(
      'CREATE UNIQUE INDEX "uq_rollouts_one_active" ON "rollouts" ("project_id", "skill_name") WHERE status IN (\'running\', \'paused\')',
    );
    await queryRunner.query(
      'CREATE TABLE "rollout_events" ("id" varchar(36) PRIMARY KEY NOT NULL, "rollout_id" varchar(36) NOT NULL, "seq" integer NOT NULL, "kind" varchar(32) NOT NULL, "percent" integer NOT NULL, "detail" text, "at" bigint NOT NULL)',
    );
    await queryRunner.query(
      'CREATE UNIQUE INDEX "idx_rollout_events_rollout_seq" ON "rollout_events" ("rollout_id", "seq") ',
    );
    await queryRunner.query('DROP INDEX "idx_rollouts_project_started"');
    await queryRunner.query('DROP INDEX "idx_rollouts_status"');
    await queryRunner.query('DROP INDEX "uq_rollouts_one_active"');
    await queryRunner.query(
      'CREATE TABLE "temporary_rollouts" ("id" varchar(36) PRIMARY KEY NOT NULL, "project_id" varchar(36) NOT NULL, "skill_name" varchar(64) NOT NULL, "candidate_version_id" varchar(36) NOT NULL, "candidate_version" integer NOT NULL, "live_version_id" varchar(36) NOT NULL, "live_version" integer NOT NULL, "status" varchar(16) NOT NULL, "percent" integer NOT NULL, "steps" text NOT NULL, "step_index" integer NOT NULL, "step_minutes" integer NOT NULL, "guards" text NOT NULL, "eval_tag" varchar(200), "step_started_at" bigint NOT NULL, "started_by" varchar(200) NOT NULL, "started_at" bigint NOT NULL, "ended_at" bigint, "end_reason" varchar(1000), "updated_at" bigint NOT NULL, CONSTRAINT "FK_e00600ccdd946389573f08e7f56" FOREIGN KEY ("project_id") REFERENCES "projects" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)',
    );
    await queryRunner.query(
      'INSERT INTO "temporary_rollouts"("id", "project_id", "skill_name", "candidate_version_id", "candidate_version", "live_version_id", "live_version", "status", "percent", "steps", "step_index", "step_minutes", "guards", "eval_tag", "step_started_at", "started_by", "started_at", "ended_at", "end_reason", "updated_at") SELECT "id", "project_id", "skill_name", "candidate_version_id", "candidate_version", "live_version_id", "live_version", "status", "percent", "steps", "step_index", "step_minutes", "guards", "eval_tag", "step_started_at", "started_by", "started_at", "ended_at", "end_reason", "updated_at" FROM "rollouts"',
    );
    await queryRunner.query('DROP TABLE "rollouts"');
    await queryRunner.query('ALTER TABLE "temporary_rollouts" RENAME TO "rollouts"');
    await queryRunner.query('CREATE INDEX "idx_rollouts_project_started" ON "rollouts" ("project_id", "started_at") ');
    await queryRunner.query('CREATE INDEX "idx_rollouts_status" ON "rollouts" ("status") ');
    await queryRunner.query(
      'CREATE UNIQUE INDEX "uq_rollouts_one_active" ON "rollouts" ("project_id", "skill_name") WHERE status IN (\'running\', \'paused\')',
    );
    await queryRunner.query('DROP INDEX "idx_rollout_events_rollout_seq"');
    await queryRunner.query(
      'CREATE TABLE "temporary_rollout_events" ("id" varchar(36) PRIMARY KEY NOT NULL, "rollout_id" varchar(36) NOT NULL, "seq" integer NOT NULL, "kind" varchar(32) NOT NULL, "percent" integer NOT NULL, "detail" text, "at" bigint NOT NULL, CONSTRAINT "FK_ab5d53e07d30b61fc85b81ccc7e" FOREIGN KEY ("rollout_id") REFERENCES "rollouts" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)',
    );
    await queryRunner.query(
      'INSERT INTO "temporary_rollout_events"("id", "rollout_id", "seq", "kind", "percent", "detail", "at") SELECT "id", "rollout_id", "seq", "kind", "percent", "detail", "at" FROM "rollout_events"',
    );
    await queryRunner.query('DROP TABLE "rollout_events"');
    await queryRunner.query('ALTER TABLE "temporary_rollout_events" RENAME TO "rollout_events"');
    await queryRunner.query(
      'CREATE UNIQUE INDEX "idx_rollout_events_rollout_seq" ON "rollout_events" ("rollout_id", "seq") ',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX "idx_rollout_events_rollout_seq"');
    await queryRunner.query('ALTER TABLE "rollout_events" RENAME TO "temporary_rollout_events"');
    await queryRunner.query(
      'CREATE TABLE "rollout_events" ("id" varchar(36) PRIMARY KEY NOT NULL, "rollout_id" varchar(36) NOT NULL, "seq" integer NOT NULL, "kind" varchar(32) NOT NULL, "percent" integer NOT NULL, "detail" text, "at" bigint NOT NULL)',
    );
    await queryRunner.query(
      'INSERT INTO "rollout_events"("id", "rollout_id", "seq", "kind", "percent", "detail", "at") SELECT "id", "rollout_id", "seq", "kind", "percent", "detail", "at" FROM "temporary_rollout_events"',
    );
    await queryRunner.query('DROP TABLE "temporary_rollout_events"');
    await queryRunner.query(
      'CREATE UNIQUE INDEX "idx_rollout_events_rollout_seq" ON "rollout_events" ("rollout_id", "seq") ',
    );
    await queryRunner.query('DROP INDEX "uq_rollouts_one_active"');
    await queryRunner.query('DROP INDEX "idx_rollouts_status"');
    await queryRunner.query('DROP INDEX "idx_rollouts_project_started"');
    await queryRunner.query('ALTER TABLE "rollouts" RENAME TO "temporary_rollouts"');
    await queryRunner.query(
      'CREATE TABLE "rollouts" ("id" varchar(36) PRIMARY KEY NOT NULL, "project_id" varchar(36) NOT NULL, "skill_name" varchar(64) NOT NULL, "candidate_version_id" varchar(36) NOT NULL, "candidate_version" integer NOT NULL, "live_version_id" varchar(36) NOT NULL, "live_version" integer NOT NULL, "status" varchar(16) NOT NULL, "percent" integer NOT NULL, "steps" text NOT NULL, "step_index" integer NOT NULL, "step_minutes" integer NOT NULL, "guards" text NOT NULL, "eval_tag" varchar(200), "step_started_at" bigint NOT NULL, "started_by" varchar(200) NOT NULL, "started_at" bigint NOT NULL, "ended_at" bigint, "end_reason" varchar(1000), "updated_at" bigint NOT NULL)',
    );
    await queryRunner.query(
      'INSERT INTO "rollouts"("id", "project_id", "skill_name", "candidate_version_id", "candidate_version", "live_version_id", "live_version", "status", "percent", "steps", "step_index", "step_minutes", "guards", "eval_tag", "step_started_at", "started_by", "started_at", "ended_at", "end_reason", "updated_at") SELECT "id", "project_id", "skill_name", "candidate_version_id", "candidate_version", "live_version_id", "live_version", "status", "percent", "steps", "step_index", "step_minutes", "guards", "eval_tag", "step_started_at", "started_by", "started_at", "ended_at", "end_reason", "updated_at" FROM "temporary_rollouts"',
    );
    await queryRunner.query('DROP TABLE "temporary_rollouts"');
    await queryRunner.query(
      'CREATE UNIQUE INDEX "uq_rollouts_one_active" ON "rollouts" ("project_id", "skill_name") WHERE status IN (\'running\', \'paused\')',
    );
    await queryRunner.query('CREATE INDEX "idx_rollouts_status" ON "rollouts" ("status") ');
    await queryRunner.query('CREATE INDEX "idx_rollouts_project_started" ON "rollouts" ("project_id", "started_at") ');
    await queryRunner.query('DROP INDEX "idx_rollout_events_rollout_seq"');
    await queryRunner.query('DROP TABLE "rollout_events"');
    await queryRunner.query('DROP INDEX "uq_rollouts_one_active"');
    await queryRunner.query('DROP INDEX "idx_rollouts_status"');
    await queryRunner.query('DROP INDEX "idx_rollouts_project_started"');
    await queryRunner.query('DROP TABLE "rollouts"');
  }
}
