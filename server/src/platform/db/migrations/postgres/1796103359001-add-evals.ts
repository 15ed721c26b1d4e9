import type { MigrationInterface, QueryRunner } from "typeorm";

export class AddEvals1796103359001 implements MigrationInterface {
  name = "AddEvals1796103359001";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE "eval_scenarios" ("id" character varying(36) NOT NULL, "project_id" character varying(36) NOT NULL, "name" character varying(200) NOT NULL, "tags" text NOT NULL, "turns" text NOT NULL, "expectations" text NOT NULL, "mocks" text NOT NULL, "mock_only" boolean NOT NULL DEFAULT false, "variables" text, "created_at" bigint NOT NULL, "updated_at" bigint NOT NULL, CONSTRAINT "PK_2d9bea4a123a25f5e9dafc7ea16" PRIMARY KEY ("id"))',
    );
    await queryRunner.query(
      'CREATE INDEX "idx_eval_scenarios_project_created" ON "eval_scenarios"  ("project_id", "created_at") ',
    );
    await queryRunner.query(
      'CREATE TABLE "eval_runs" ("id" character varying(36) NOT NULL, "project_id" character varying(36) NOT NULL, "status" character varying(16) NOT NULL, "target" text NOT NULL, "scenarios" text NOT NULL, "iterations" integer NOT NULL, "plan" text, "resolved_config" text NOT NULL, "warnings" text NOT NULL, "total" integer NOT NULL DEFAULT \'0\', "completed" integer NOT NULL DEFAULT \'0\', "passed" integer NOT NULL DEFAULT \'0\', "error" text, "locked_until" bigint, "claimed_by" character varying(64), "created_at" bigint NOT NULL, "finished_at" bigint, CONSTRAINT "PK_101cbfa3f6228653c22118190b6" PRIMARY KEY ("id"))',
    );
    await queryRunner.query('CREATE INDEX "idx_eval_runs_status" ON "eval_runs"  ("status", "locked_until") ');
    await queryRunner.query(
      'CREATE INDEX "idx_eval_runs_project_created" ON "eval_runs"  ("project_id", "created_at") ',
    );
    await queryRunner.query(
      'CREATE TABLE "eval_results" ("id" character varying(36) NOT NULL, "run_id" character varying(36) NOT NULL, "seq" integer NOT NULL, "scenario_id" character varying(36) NOT NULL, "agent_id" character varying(36), "iteration" integer NOT NULL, "passed" boolean NOT NULL, "transcript" text NOT NULL, "tool_calls" text NOT NULL, "expectations" text NOT NULL, "at" bigint NOT NULL, CONSTRAINT "PK_36ac6f7b3237bf9555d6aea6ccb" PRIMARY KEY ("id"))',
    );
    await queryRunner.query('CREATE UNIQUE INDEX "idx_eval_results_run" ON "eval_results"  ("run_id", "seq") ');
    await queryRunner.query(
      'ALTER TABLE "eval_scenarios" ADD CONSTRAINT "FK_cf372a55bc6a33330f561d36c1a" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "eval_runs" ADD CONSTRAINT "FK_d34237725780e1dd95b6d2c8040" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "eval_results" ADD CONSTRAINT "FK_1e223cf28c6e753bff5d5779eba" FOREIGN KEY ("run_id") REFERENCES "eval_runs"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "eval_results" DROP CONSTRAINT "FK_1e223cf28c6e753bff5d5779eba"');
    await queryRunner.query('ALTER TABLE "eval_runs" DROP CONSTRAINT "FK_d34237725780e1dd95b6d2c8040"');
    await queryRunner.query('ALTER TABLE "eval_scenarios" DROP CONSTRAINT "FK_cf372a55bc6a33330f561d36c1a"');
    await queryRunner.query('DROP INDEX "public"."idx_eval_results_run"');
    await queryRunner.query('DROP TABLE "eval_results"');
    await queryRunner.query('DROP INDEX "public"."idx_eval_runs_project_created"');
    await queryRunner.query('DROP INDEX "public"."idx_eval_runs_status"');
    await queryRunner.query('DROP TABLE "eval_runs"');
    await queryRunner.query('DROP INDEX "public"."idx_eval_scenarios_project_created"');
    await queryRunner.query('DROP TABLE "eval_scenarios"');
  }
}
