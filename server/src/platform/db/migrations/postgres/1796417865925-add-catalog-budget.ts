import type { MigrationInterface, QueryRunner } from "typeorm";

export class AddCatalogBudget1796417865925 implements MigrationInterface {
  name = "AddCatalogBudget1796417865925";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "agent_versions" ADD "catalog_budget" integer NOT NULL DEFAULT \'8000\'');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "agent_versions" DROP COLUMN "catalog_budget"');
  }
}
