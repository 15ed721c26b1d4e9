import type { MigrationInterface, QueryRunner } from "typeorm";

export class AddDiscoverySettings1796436060000 implements MigrationInterface {
  name = "AddDiscoverySettings1796436060000";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query("CREATE TABLE \"discovery_settings\" (\"key\" varchar(16) PRIMARY KEY NOT NULL, \"project_id\" varchar(36), \"updated_at\" bigint NOT NULL)");
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query("DROP TABLE \"discovery_settings\"");
  }
}
