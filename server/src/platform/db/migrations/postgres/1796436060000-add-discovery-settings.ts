import type { MigrationInterface, QueryRunner } from "typeorm";

export class AddDiscoverySettings1796436060000 implements MigrationInterface {
  name = "AddDiscoverySettings1796436060000";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query("CREATE TABLE \"discovery_settings\" (\"key\" character varying(16) NOT NULL, \"project_id\" character varying(36), \"updated_at\" bigint NOT NULL, CONSTRAINT \"PK_7356af33a144f7b93bda3c6a5a2\" PRIMARY KEY (\"key\"))");
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query("DROP TABLE \"discovery_settings\"");
  }
}
