import type { MigrationInterface, QueryRunner } from "typeorm";

export class AddProvenance1796432400000 implements MigrationInterface {
  name = "AddProvenance1796432400000";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query("CREATE TABLE \"signing_keys\" (\"kid\" character varying(64) NOT NULL, \"jwk\" text NOT NULL, \"first_used_at\" bigint NOT NULL, CONSTRAINT \"PK_13362ac3e792c69417e1a53d355\" PRIMARY KEY (\"kid\"))");
    await queryRunner.query("CREATE TABLE \"skill_attestations\" (\"version_id\" character varying(36) NOT NULL, \"project_id\" character varying(36) NOT NULL, \"kid\" character varying(64) NOT NULL, \"envelope\" text NOT NULL, \"signed_at\" bigint NOT NULL, CONSTRAINT \"PK_ca50c8499c8b5644a0139e149b2\" PRIMARY KEY (\"version_id\"))");
    await queryRunner.query("CREATE INDEX \"idx_skill_attestations_project\" ON \"skill_attestations\"  (\"project_id\") ");
    await queryRunner.query("ALTER TABLE \"skill_attestations\" ADD CONSTRAINT \"FK_ca50c8499c8b5644a0139e149b2\" FOREIGN KEY (\"version_id\") REFERENCES \"skill_versions\"(\"id\") ON DELETE CASCADE ON UPDATE NO ACTION");
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query("ALTER TABLE \"skill_attestations\" DROP CONSTRAINT \"FK_ca50c8499c8b5644a0139e149b2\"");
    await queryRunner.query("DROP INDEX \"public\".\"idx_skill_attestations_project\"");
    await queryRunner.query("DROP TABLE \"skill_attestations\"");
    await queryRunner.query("DROP TABLE \"signing_keys\"");
  }
}
