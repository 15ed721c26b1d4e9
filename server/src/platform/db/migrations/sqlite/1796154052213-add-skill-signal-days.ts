import type { MigrationInterface, QueryRunner } from "typeorm";

export class AddSkillSignalDays1796154052213 implements MigrationInterface {
  name = "AddSkillSignalDays1796154052213";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE "skill_signal_days" ("starts" integer NOT NULL DEFAULT (0), "loads" integer NOT NULL DEFAULT (0), "evictions" integer NOT NULL DEFAULT (0), "tool_runs" integer NOT NULL DEFAULT (0), "tool_errors" integer NOT NULL DEFAULT (0), "outcomes" integer NOT NULL DEFAULT (0), "successes" integer NOT NULL DEFAULT (0), "max_loaded" integer NOT NULL DEFAULT (0), "project_id" varchar(36) NOT NULL, "skill" varchar(64) NOT NULL, "agent_key" varchar(36) NOT NULL, "day" bigint NOT NULL, PRIMARY KEY ("project_id", "skill", "agent_key", "day"))',
    );
    await queryRunner.query(
      'CREATE INDEX "idx_skill_signal_days_project_day" ON "skill_signal_days" ("project_id", "day") ',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX "idx_skill_signal_days_project_day"');
    await queryRunner.query('DROP TABLE "skill_signal_days"');
  }
}
