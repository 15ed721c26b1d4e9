import type { MigrationInterface, QueryRunner } from "typeorm";

export class AddCallCatalogs1796439600000 implements MigrationInterface {
  name = "AddCallCatalogs1796439600000";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query("CREATE TABLE \"call_catalogs\" (\"call_id\" varchar(36) PRIMARY KEY NOT NULL, \"project_id\" varchar(36) NOT NULL, \"context_hash\" varchar(64) NOT NULL)");
    await queryRunner.query("CREATE TABLE \"call_context_skills\" (\"hash\" varchar(64) NOT NULL, \"position\" integer NOT NULL, \"project_id\" varchar(36) NOT NULL, \"name\" varchar(64) NOT NULL, \"version_id\" varchar(36) NOT NULL, PRIMARY KEY (\"hash\", \"position\"))");
    await queryRunner.query("CREATE INDEX \"idx_call_context_skills_version\" ON \"call_context_skills\" (\"hash\", \"version_id\") ");
    await queryRunner.query("CREATE INDEX \"idx_call_context_skills_name\" ON \"call_context_skills\" (\"hash\", \"name\") ");
    await queryRunner.query("CREATE TABLE \"temporary_call_catalogs\" (\"call_id\" varchar(36) PRIMARY KEY NOT NULL, \"project_id\" varchar(36) NOT NULL, \"context_hash\" varchar(64) NOT NULL, CONSTRAINT \"FK_ae1a3ee743907bdb1f1268194e6\" FOREIGN KEY (\"call_id\") REFERENCES \"calls\" (\"id\") ON DELETE CASCADE ON UPDATE NO ACTION)");
    await queryRunner.query("INSERT INTO \"temporary_call_catalogs\"(\"call_id\", \"project_id\", \"context_hash\") SELECT \"call_id\", \"project_id\", \"context_hash\" FROM \"call_catalogs\"");
    await queryRunner.query("DROP TABLE \"call_catalogs\"");
    await queryRunner.query("ALTER TABLE \"temporary_call_catalogs\" RENAME TO \"call_catalogs\"");
    await queryRunner.query("DROP INDEX \"idx_call_context_skills_version\"");
    await queryRunner.query("DROP INDEX \"idx_call_context_skills_name\"");
    await queryRunner.query("CREATE TABLE \"temporary_call_context_skills\" (\"hash\" varchar(64) NOT NULL, \"position\" integer NOT NULL, \"project_id\" varchar(36) NOT NULL, \"name\" varchar(64) NOT NULL, \"version_id\" varchar(36) NOT NULL, CONSTRAINT \"FK_f9febd46fe9d79132f1d573ac7f\" FOREIGN KEY (\"hash\") REFERENCES \"call_contexts\" (\"hash\") ON DELETE CASCADE ON UPDATE NO ACTION, PRIMARY KEY (\"hash\", \"position\"))");
    await queryRunner.query("INSERT INTO \"temporary_call_context_skills\"(\"hash\", \"position\", \"project_id\", \"name\", \"version_id\") SELECT \"hash\", \"position\", \"project_id\", \"name\", \"version_id\" FROM \"call_context_skills\"");
    await queryRunner.query("DROP TABLE \"call_context_skills\"");
    await queryRunner.query("ALTER TABLE \"temporary_call_context_skills\" RENAME TO \"call_context_skills\"");
    await queryRunner.query("CREATE INDEX \"idx_call_context_skills_version\" ON \"call_context_skills\" (\"hash\", \"version_id\") ");
    await queryRunner.query("CREATE INDEX \"idx_call_context_skills_name\" ON \"call_context_skills\" (\"hash\", \"name\") ");
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query("DROP INDEX \"idx_call_context_skills_name\"");
    await queryRunner.query("DROP INDEX \"idx_call_context_skills_version\"");
    await queryRunner.query("ALTER TABLE \"call_context_skills\" RENAME TO \"temporary_call_context_skills\"");
    await queryRunner.query("CREATE TABLE \"call_context_skills\" (\"hash\" varchar(64) NOT NULL, \"position\" integer NOT NULL, \"project_id\" varchar(36) NOT NULL, \"name\" varchar(64) NOT NULL, \"version_id\" varchar(36) NOT NULL, PRIMARY KEY (\"hash\", \"position\"))");
    await queryRunner.query("INSERT INTO \"call_context_skills\"(\"hash\", \"position\", \"project_id\", \"name\", \"version_id\") SELECT \"hash\", \"position\", \"project_id\", \"name\", \"version_id\" FROM \"temporary_call_context_skills\"");
    await queryRunner.query("DROP TABLE \"temporary_call_context_skills\"");
    await queryRunner.query("CREATE INDEX \"idx_call_context_skills_name\" ON \"call_context_skills\" (\"hash\", \"name\") ");
    await queryRunner.query("CREATE INDEX \"idx_call_context_skills_version\" ON \"call_context_skills\" (\"hash\", \"version_id\") ");
    await queryRunner.query("ALTER TABLE \"call_catalogs\" RENAME TO \"temporary_call_catalogs\"");
    await queryRunner.query("CREATE TABLE \"call_catalogs\" (\"call_id\" varchar(36) PRIMARY KEY NOT NULL, \"project_id\" varchar(36) NOT NULL, \"context_hash\" varchar(64) NOT NULL)");
    await queryRunner.query("INSERT INTO \"call_catalogs\"(\"call_id\", \"project_id\", \"context_hash\") SELECT \"call_id\", \"project_id\", \"context_hash\" FROM \"temporary_call_catalogs\"");
    await queryRunner.query("DROP TABLE \"temporary_call_catalogs\"");
    await queryRunner.query("DROP INDEX \"idx_call_context_skills_name\"");
    await queryRunner.query("DROP INDEX \"idx_call_context_skills_version\"");
    await queryRunner.query("DROP TABLE \"call_context_skills\"");
    await queryRunner.query("DROP TABLE \"call_catalogs\"");
  }
}
