import type { MigrationInterface, QueryRunner } from "typeorm";

export class AddProvenance1796432400000 implements MigrationInterface {
  name = "AddProvenance1796432400000";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query("CREATE TABLE \"signing_keys\" (\"kid\" varchar(64) PRIMARY KEY NOT NULL, \"jwk\" text NOT NULL, \"first_used_at\" bigint NOT NULL)");
    await queryRunner.query("CREATE TABLE \"skill_attestations\" (\"version_id\" varchar(36) PRIMARY KEY NOT NULL, \"project_id\" varchar(36) NOT NULL, \"kid\" varchar(64) NOT NULL, \"envelope\" text NOT NULL, \"signed_at\" bigint NOT NULL)");
    await queryRunner.query("CREATE INDEX \"idx_skill_attestations_project\" ON \"skill_attestations\" (\"project_id\") ");
    await queryRunner.query("DROP INDEX \"idx_skill_attestations_project\"");
    await queryRunner.query("CREATE TABLE \"temporary_skill_attestations\" (\"version_id\" varchar(36) PRIMARY KEY NOT NULL, \"project_id\" varchar(36) NOT NULL, \"kid\" varchar(64) NOT NULL, \"envelope\" text NOT NULL, \"signed_at\" bigint NOT NULL, CONSTRAINT \"FK_ca50c8499c8b5644a0139e149b2\" FOREIGN KEY (\"version_id\") REFERENCES \"skill_versions\" (\"id\") ON DELETE CASCADE ON UPDATE NO ACTION)");
    await queryRunner.query("INSERT INTO \"temporary_skill_attestations\"(\"version_id\", \"project_id\", \"kid\", \"envelope\", \"signed_at\") SELECT \"version_id\", \"project_id\", \"kid\", \"envelope\", \"signed_at\" FROM \"skill_attestations\"");
    await queryRunner.query("DROP TABLE \"skill_attestations\"");
    await queryRunner.query("ALTER TABLE \"temporary_skill_attestations\" RENAME TO \"skill_attestations\"");
    await queryRunner.query("CREATE INDEX \"idx_skill_attestations_project\" ON \"skill_attestations\" (\"project_id\") ");
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query("DROP INDEX \"idx_skill_attestations_project\"");
    await queryRunner.query("ALTER TABLE \"skill_attestations\" RENAME TO \"temporary_skill_attestations\"");
    await queryRunner.query("CREATE TABLE \"skill_attestations\" (\"version_id\" varchar(36) PRIMARY KEY NOT NULL, \"project_id\" varchar(36) NOT NULL, \"kid\" varchar(64) NOT NULL, \"envelope\" text NOT NULL, \"signed_at\" bigint NOT NULL)");
    await queryRunner.query("INSERT INTO \"skill_attestations\"(\"version_id\", \"project_id\", \"kid\", \"envelope\", \"signed_at\") SELECT \"version_id\", \"project_id\", \"kid\", \"envelope\", \"signed_at\" FROM \"temporary_skill_attestations\"");
    await queryRunner.query("DROP TABLE \"temporary_skill_attestations\"");
    await queryRunner.query("CREATE INDEX \"idx_skill_attestations_project\" ON \"skill_attestations\" (\"project_id\") ");
    await queryRunner.query("DROP INDEX \"idx_skill_attestations_project\"");
    await queryRunner.query("DROP TABLE \"skill_attestations\"");
    await queryRunner.query("DROP TABLE \"signing_keys\"");
  }
}
