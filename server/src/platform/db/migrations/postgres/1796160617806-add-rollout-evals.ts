import type { MigrationInterface, QueryRunner } from "typeorm";

export class AddRolloutEvals1796160617806 implements MigrationInterface {
  name = "AddRolloutEvals1796160617806";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE "rollout_evals" ("rollout_id" character varying(36) NOT NULL, "step_index" integer NOT NULL, "status" character varying(16) NOT NULL, "claimed_by" character varying(36), "lease_until" bigint, "live_runs" integer NOT NULL DEFAULT \'0\', "live_passes" integer NOT NULL DEFAULT \'0\', "candidate_runs" integer NOT NULL DEFAULT \'0\', "candidate_passes" integer NOT NULL DEFAULT \'0\', "error" character varying(1000), "updated_at" bigint NOT NULL, CONSTRAINT "PK_2afab25124780e1ca624e805c21" PRIMARY KEY ("rollout_id", "step_index"))',
    );
    await queryRunner.query(
      'ALTER TABLE "rollout_evals" ADD CONSTRAINT "FK_f881f29dfa06f95248d491f8628" FOREIGN KEY ("rollout_id") REFERENCES "rollouts"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "rollout_evals" DROP CONSTRAINT "FK_f881f29dfa06f95248d491f8628"');
    await queryRunner.query('DROP TABLE "rollout_evals"');
  }
}
