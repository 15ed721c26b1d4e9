import type { MigrationInterface, QueryRunner } from "typeorm";

export class AddEvals1796103359001 implements MigrationInterface {
  name = "AddEvals1796103359001";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE "eval_scenarios" ("id" varchar(36) PRIMARY KEY NOT NULL, "project_id" varchar(36) NOT NULL, "name" varchar(200) NOT NULL, "tags" text NOT NULL, "turns" text NOT NULL, "expectations" text NOT NULL, "mocks" text NOT NULL, "mock_only" boolean NOT NULL DEFAULT (0), "variables" text, "created_at" bigint NOT NULL, "updated_at" bigint NOT NULL)',
    );
    await queryRunner.query(
      'CREATE INDEX "idx_eval_scenarios_project_created" ON "eval_scenarios" ("project_id", "created_at") ',
    );
    await queryRunner.query(
      'CREATE TABLE "eval_runs" ("id" varchar(36) PRIMARY KEY NOT NULL, "project_id" varchar(36) NOT NULL, "status" varchar(16) NOT NULL, "target" text NOT NULL, "scenarios" text NOT NULL, "iterations" integer NOT NULL, "plan" text, "resolved_config" text NOT NULL, "warnings" text NOT NULL, "total" integer NOT NULL DEFAULT (0), "completed" integer NOT NULL DEFAULT (0), "passed" integer NOT NULL DEFAULT (0), "error" text, "locked_until" bigint, "claimed_by" varchar(64), "created_at" bigint NOT NULL, "finished_at" bigint)',
    );
    await queryRunner.query('CREATE INDEX "idx_eval_runs_status" ON "eval_runs" ("status", "locked_until") ');
    await queryRunner.query(
      'CREATE INDEX "idx_eval_runs_project_created" ON "eval_runs" ("project_id", "created_at") ',
    );
    await queryRunner.query(
      'CREATE TABLE "eval_results" ("id" varchar(36) PRIMARY KEY NOT NULL, "run_id" varchar(36) NOT NULL, "seq" integer NOT NULL, "scenario_id" varchar(36) NOT NULL, "agent_id" varchar(36), "iteration" integer NOT NULL, "passed" boolean NOT NULL, "transcript" text NOT NULL, "tool_calls" text NOT NULL, "expectations" text NOT NULL, "at" bigint NOT NULL)',
    );
    await queryRunner.query('CREATE UNIQUE INDEX "idx_eval_results_run" ON "eval_results" ("run_id", "seq") ');
    await queryRunner.query('DROP INDEX "idx_eval_scenarios_project_created"');
    await queryRunner.query(
      'CREATE TABLE "temporary_eval_scenarios" ("id" varchar(36) PRIMARY KEY NOT NULL, "project_id" varchar(36) NOT NULL, "name" varchar(200) NOT NULL, "tags" text NOT NULL, "turns" text NOT NULL, "expectations" text NOT NULL, "mocks" text NOT NULL, "mock_only" boolean NOT NULL DEFAULT (0), "variables" text, "created_at" bigint NOT NULL, "updated_at" bigint NOT NULL, CONSTRAINT "FK_cf372a55bc6a33330f561d36c1a" FOREIGN KEY ("project_id") REFERENCES "projects" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)',
    );
    await queryRunner.query(
      'INSERT INTO "temporary_eval_scenarios"("id", "project_id", "name", "tags", "turns", "expectations", "mocks", "mock_only", "variables", "created_at", "updated_at") SELECT "id", "project_id", "name", "tags", "turns", "expectations", "mocks", "mock_only", "variables", "created_at", "updated_at" FROM "eval_scenarios"',
    );
    await queryRunner.query('DROP TABLE "eval_scenarios"');
    await queryRunner.query('ALTER TABLE "temporary_eval_scenarios" RENAME TO "eval_scenarios"');
    await queryRunner.query(
      'CREATE INDEX "idx_eval_scenarios_project_created" ON "eval_scenarios" ("project_id", "created_at") ',
    );
    await queryRunner.query('DROP INDEX "idx_eval_runs_status"');
    await queryRunner.query('DROP INDEX "idx_eval_runs_project_created"');
    await queryRunner.query(
      'CREATE TABLE "temporary_eval_runs" ("id" varchar(36) PRIMARY KEY NOT NULL, "project_id" varchar(36) NOT NULL, "status" varchar(16) NOT NULL, "target" text NOT NULL, "scenarios" text NOT NULL, "iterations" integer NOT NULL, "plan" text, "resolved_config" text NOT NULL, "warnings" text NOT NULL, "total" integer NOT NULL DEFAULT (0), "completed" integer NOT NULL DEFAULT (0), "passed" integer NOT NULL DEFAULT (0), "error" text, "locked_until" bigint, "claimed_by" varchar(64), "created_at" bigint NOT NULL, "finished_at" bigint, CONSTRAINT "FK_d34237725780e1dd95b6d2c8040" FOREIGN KEY ("project_id") REFERENCES "projects" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)',
    );
    await queryRunner.query(
      'INSERT INTO "temporary_eval_runs"("id", "project_id", "status", "target", "scenarios", "iterations", "plan", "resolved_config", "warnings", "total", "completed", "passed", "error", "locked_until", "claimed_by", "created_at", "finished_at") SELECT "id", "project_id", "status", "target", "scenarios", "iterations", "plan", "resolved_config", "warnings", "total", "completed", "passed", "error", "locked_until", "claimed_by", "created_at", "finished_at" FROM "eval_runs"',
    );
    await queryRunner.query('DROP TABLE "eval_runs"');
    await queryRunner.query('ALTER TABLE "temporary_eval_runs" RENAME TO "eval_runs"');
    await queryRunner.query('CREATE INDEX "idx_eval_runs_status" ON "eval_runs" ("status", "locked_until") ');
    await queryRunner.query(
      'CREATE INDEX "idx_eval_runs_project_created" ON "eval_runs" ("project_id", "created_at") ',
    );
    await queryRunner.query('DROP INDEX "idx_eval_results_run"');
    await queryRunner.query(
      'CREATE TABLE "temporary_eval_results" ("id" varchar(36) PRIMARY KEY NOT NULL, "run_id" varchar(36) NOT NULL, "seq" integer NOT NULL, "scenario_id" varchar(36) NOT NULL, "agent_id" varchar(36), "iteration" integer NOT NULL, "passed" boolean NOT NULL, "transcript" text NOT NULL, "tool_calls" text NOT NULL, "expectations" text NOT NULL, "at" bigint NOT NULL, CONSTRAINT "FK_1e223cf28c6e753bff5d5779eba" FOREIGN KEY ("run_id") REFERENCES "eval_runs" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)',
    );
    await queryRunner.query(
      'INSERT INTO "temporary_eval_results"("id", "run_id", "seq", "scenario_id", "agent_id", "iteration", "passed", "transcript", "tool_calls", "expectations", "at") SELECT "id", "run_id", "seq", "scenario_id", "agent_id", "iteration", "passed", "transcript", "tool_calls", "expectations", "at" FROM "eval_results"',
    );
    await queryRunner.query('DROP TABLE "eval_results"');
    await queryRunner.query('ALTER TABLE "temporary_eval_results" RENAME TO "eval_results"');
    await queryRunner.query('CREATE UNIQUE INDEX "idx_eval_results_run" ON "eval_results" ("run_id", "seq") ');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX "idx_eval_results_run"');
    await queryRunner.query('ALTER TABLE "eval_results" RENAME TO "temporary_eval_results"');
    await queryRunner.query(
      'CREATE TABLE "eval_results" ("id" varchar(36) PRIMARY KEY NOT NULL, "run_id" varchar(36) NOT NULL, "seq" integer NOT NULL, "scenario_id" varchar(36) NOT NULL, "agent_id" varchar(36), "iteration" integer NOT NULL, "passed" boolean NOT NULL, "transcript" text NOT NULL, "tool_calls" text NOT NULL, "expectations" text NOT NULL, "at" bigint NOT NULL)',
    );
    await queryRunner.query(
      'INSERT INTO "eval_results"("id", "run_id", "seq", "scenario_id", "agent_id", "iteration", "passed", "transcript", "tool_calls", "expectations", "at") SELECT "id", "run_id", "seq", "scenario_id", "agent_id", "iteration", "passed", "transcript", "tool_calls", "expectations", "at" FROM "temporary_eval_results"',
    );
    await queryRunner.query('DROP TABLE "temporary_eval_results"');
    await queryRunner.query('CREATE UNIQUE INDEX "idx_eval_results_run" ON "eval_results" ("run_id", "seq") ');
    await queryRunner.query('DROP INDEX "idx_eval_runs_project_created"');
    await queryRunner.query('DROP INDEX "idx_eval_runs_status"');
    await queryRunner.query('ALTER TABLE "eval_runs" RENAME TO "temporary_eval_runs"');
    await queryRunner.query(
      'CREATE TABLE "eval_runs" ("id" varchar(36) PRIMARY KEY NOT NULL, "project_id" varchar(36) NOT NULL, "status" varchar(16) NOT NULL, "target" text NOT NULL, "scenarios" text NOT NULL, "iterations" integer NOT NULL, "plan" text, "resolved_config" text NOT NULL, "warnings" text NOT NULL, "total" integer NOT NULL DEFAULT (0), "completed" integer NOT NULL DEFAULT (0), "passed" integer NOT NULL DEFAULT (0), "error" text, "locked_until" bigint, "claimed_by" varchar(64), "created_at" bigint NOT NULL, "finished_at" bigint)',
    );
    await queryRunner.query(
      'INSERT INTO "eval_runs"("id", "project_id", "status", "target", "scenarios", "iterations", "plan", "resolved_config", "warnings", "total", "completed", "passed", "error", "locked_until", "claimed_by", "created_at", "finished_at") SELECT "id", "project_id", "status", "target", "scenarios", "iterations", "plan", "resolved_config", "warnings", "total", "completed", "passed", "error", "locked_until", "claimed_by", "created_at", "finished_at" FROM "temporary_eval_runs"',
    );
    await queryRunner.query('DROP TABLE "temporary_eval_runs"');
    await queryRunner.query(
      'CREATE INDEX "idx_eval_runs_project_created" ON "eval_runs" ("project_id", "created_at") ',
    );
    await queryRunner.query('CREATE INDEX "idx_eval_runs_status" ON "eval_runs" ("status", "locked_until") ');
    await queryRunner.query('DROP INDEX "idx_eval_scenarios_project_created"');
    await queryRunner.query('ALTER TABLE "eval_scenarios" RENAME TO "temporary_eval_scenarios"');
    await queryRunner.query(
      'CREATE TABLE "eval_scenarios" ("id" varchar(36) PRIMARY KEY NOT NULL, "project_id" varchar(36) NOT NULL, "name" varchar(200) NOT NULL, "tags" text NOT NULL, "turns" text NOT NULL, "expectations" text NOT NULL, "mocks" text NOT NULL, "mock_only" boolean NOT NULL DEFAULT (0), "variables" text, "created_at" bigint NOT NULL, "updated_at" bigint NOT NULL)',
    );
    await queryRunner.query(
      'INSERT INTO "eval_scenarios"("id", "project_id", "name", "tags", "turns", "expectations", "mocks", "mock_only", "variables", "created_at", "updated_at") SELECT "id", "project_id", "name", "tags", "turns", "expectations", "mocks", "mock_only", "variables", "created_at", "updated_at" FROM "temporary_eval_scenarios"',
    );
    await queryRunner.query('DROP TABLE "temporary_eval_scenarios"');
    await queryRunner.query(
      'CREATE INDEX "idx_eval_scenarios_project_created" ON "eval_scenarios" ("project_id", "created_at") ',
    );
    await queryRunner.query('DROP INDEX "idx_eval_results_run"');
    await queryRunner.query('DROP TABLE "eval_results"');
    await queryRunner.query('DROP INDEX "idx_eval_runs_project_created"');
    await queryRunner.query('DROP INDEX "idx_eval_runs_status"');
    await queryRunner.query('DROP TABLE "eval_runs"');
    await queryRunner.query('DROP INDEX "idx_eval_scenarios_project_created"');
    await queryRunner.query('DROP TABLE "eval_scenarios"');
  }
}
