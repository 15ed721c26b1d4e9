import type { MigrationInterface, QueryRunner } from "typeorm";

export class AddRolloutEvals1796160617806 implements MigrationInterface {
  name = "AddRolloutEvals1796160617806";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE "rollout_evals" ("rollout_id" varchar(36) NOT NULL, "step_index" integer NOT NULL, "status" varchar(16) NOT NULL, "claimed_by" varchar(36), "lease_until" bigint, "live_runs" integer NOT NULL DEFAULT (0), "live_passes" integer NOT NULL DEFAULT (0), "candidate_runs" integer NOT NULL DEFAULT (0), "candidate_passes" integer NOT NULL DEFAULT (0), "error" varchar(1000), "updated_at" bigint NOT NULL, PRIMARY KEY ("rollout_id", "step_index"))',
    );
    await queryRunner.query(
      'CREATE TABLE "temporary_rollout_evals" ("rollout_id" varchar(36) NOT NULL, "step_index" integer NOT NULL, "status" varchar(16) NOT NULL, "claimed_by" varchar(36), "lease_until" bigint, "live_runs" integer NOT NULL DEFAULT (0), "live_passes" integer NOT NULL DEFAULT (0), "candidate_runs" integer NOT NULL DEFAULT (0), "candidate_passes" integer NOT NULL DEFAULT (0), "error" varchar(1000), "updated_at" bigint NOT NULL, CONSTRAINT "FK_f881f29dfa06f95248d491f8628" FOREIGN KEY ("rollout_id") REFERENCES "rollouts" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, PRIMARY KEY ("rollout_id", "step_index"))',
    );
    await queryRunner.query(
      'INSERT INTO "temporary_rollout_evals"("rollout_id", "step_index", "status", "claimed_by", "lease_until", "live_runs", "live_passes", "candidate_runs", "candidate_passes", "error", "updated_at") SELECT "rollout_id", "step_index", "status", "claimed_by", "lease_until", "live_runs", "live_passes", "candidate_runs", "candidate_passes", "error", "updated_at" FROM "rollout_evals"',
    );
    await queryRunner.query('DROP TABLE "rollout_evals"');
    await queryRunner.query('ALTER TABLE "temporary_rollout_evals" RENAME TO "rollout_evals"');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "rollout_evals" RENAME TO "temporary_rollout_evals"');
    await queryRunner.query(
      'CREATE TABLE "rollout_evals" ("rollout_id" varchar(36) NOT NULL, "step_index" integer NOT NULL, "status" varchar(16) NOT NULL, "claimed_by" varchar(36), "lease_until" bigint, "live_runs" integer NOT NULL DEFAULT (0), "live_passes" integer NOT NULL DEFAULT (0), "candidate_runs" integer NOT NULL DEFAULT (0), "candidate_passes" integer NOT NULL DEFAULT (0), "error" varchar(1000), "updated_at" bigint NOT NULL, PRIMARY KEY ("rollout_id", "step_index"))',
    );
    await queryRunner.query(
      'INSERT INTO "rollout_evals"("rollout_id", "step_index", "status", "claimed_by", "lease_until", "live_runs", "live_passes", "candidate_runs", "candidate_passes", "error", "updated_at") SELECT "rollout_id", "step_index", "status", "claimed_by", "lease_until", "live_runs", "live_passes", "candidate_runs", "candidate_passes", "error", "updated_at" FROM "temporary_rollout_evals"',
    );
    await queryRunner.query('DROP TABLE "temporary_rollout_evals"');
    await queryRunner.query('DROP TABLE "rollout_evals"');
  }
}
