import type { MigrationInterface, QueryRunner } from "typeorm";

export class AddRollouts1796149642974 implements MigrationInterface {
  name = "AddRollouts1796149642974";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE "rollouts" ("id" character varying(36) NOT NULL, "project_id" character varying(36) NOT NULL, "skill_name" character varying(64) NOT NULL, "candidate_version_id" character varying(36) NOT NULL, "candidate_version" integer NOT NULL, "live_version_id" character varying(36) NOT NULL, "live_version" integer NOT NULL, "status" character varying(16) NOT NULL, "percent" integer NOT NULL, "steps" text NOT NULL, "step_index" integer NOT NULL, "step_minutes" integer NOT NULL, "guards" text NOT NULL, "eval_tag" character varying(200), "step_started_at" bigint NOT NULL, "started_by" character varying(200) NOT NULL, "started_at" bigint NOT NULL, "ended_at" bigint, "end_reason" character varying(1000), "updated_at" bigint NOT NULL, CONSTRAINT "PK_835787271e5a8640da0b5d616f1" PRIMARY KEY ("id"))',
    );
    await queryRunner.query('CREATE INDEX "idx_rollouts_project_started" ON "rollouts"  ("project_id", "started_at") ');
    await queryRunner.query('CREATE INDEX "idx_rollouts_status" ON "rollouts"  ("status") ');
    await queryRunner.query(
      'CREATE UNIQUE INDEX "uq_rollouts_one_active" ON "rollouts"  ("project_id", "skill_name") WHERE status IN (\'running\', \'paused\')',
    );
    await queryRunner.query(
      'CREATE TABLE "rollout_events" ("id" character varying(36) NOT NULL, "rollout_id" character varying(36) NOT NULL, "seq" integer NOT NULL, "kind" character varying(32) NOT NULL, "percent" integer NOT NULL, "detail" text, "at" bigint NOT NULL, CONSTRAINT "PK_d0ee5c41d925b1b7d230514ab1c" PRIMARY KEY ("id"))',
    );
    await queryRunner.query(
      'CREATE UNIQUE INDEX "idx_rollout_events_rollout_seq" ON "rollout_events"  ("rollout_id", "seq") ',
    );
    await queryRunner.query(
      'ALTER TABLE "rollouts" ADD CONSTRAINT "FK_e00600ccdd946389573f08e7f56" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "rollout_events" ADD CONSTRAINT "FK_ab5d53e07d30b61fc85b81ccc7e" FOREIGN KEY ("rollout_id") REFERENCES "rollouts"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "rollout_events" DROP CONSTRAINT "FK_ab5d53e07d30b61fc85b81ccc7e"');
    await queryRunner.query('ALTER TABLE "rollouts" DROP CONSTRAINT "FK_e00600ccdd946389573f08e7f56"');
    await queryRunner.query('DROP INDEX "public"."idx_rollout_events_rollout_seq"');
    await queryRunner.query('DROP TABLE "rollout_events"');
    await queryRunner.query('DROP INDEX "public"."uq_rollouts_one_active"');
    await queryRunner.query('DROP INDEX "public"."idx_rollouts_status"');
    await queryRunner.query('DROP INDEX "public"."idx_rollouts_project_started"');
    await queryRunner.query('DROP TABLE "rollouts"');
  }
}
