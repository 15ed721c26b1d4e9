import type { MigrationInterface, QueryRunner } from "typeorm";

export class AddCallCatalogs1796439600000 implements MigrationInterface {
  name = "AddCallCatalogs1796439600000";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query("CREATE TABLE \"call_catalogs\" (\"call_id\" character varying(36) NOT NULL, \"project_id\" character varying(36) NOT NULL, \"context_hash\" character varying(64) NOT NULL, CONSTRAINT \"PK_ae1a3ee743907bdb1f1268194e6\" PRIMARY KEY (\"call_id\"))");
    await queryRunner.query("CREATE TABLE \"call_context_skills\" (\"hash\" character varying(64) NOT NULL, \"position\" integer NOT NULL, \"project_id\" character varying(36) NOT NULL, \"name\" character varying(64) NOT NULL, \"version_id\" character varying(36) NOT NULL, CONSTRAINT \"PK_0924fabfad73abb1a929d9520b2\" PRIMARY KEY (\"hash\", \"position\"))");
    await queryRunner.query("CREATE INDEX \"idx_call_context_skills_version\" ON \"call_context_skills\"  (\"hash\", \"version_id\") ");
    await queryRunner.query("CREATE INDEX \"idx_call_context_skills_name\" ON \"call_context_skills\"  (\"hash\", \"name\") ");
    await queryRunner.query("ALTER TABLE \"call_catalogs\" ADD CONSTRAINT \"FK_ae1a3ee743907bdb1f1268194e6\" FOREIGN KEY (\"call_id\") REFERENCES \"calls\"(\"id\") ON DELETE CASCADE ON UPDATE NO ACTION");
    await queryRunner.query("ALTER TABLE \"call_context_skills\" ADD CONSTRAINT \"FK_f9febd46fe9d79132f1d573ac7f\" FOREIGN KEY (\"hash\") REFERENCES \"call_contexts\"(\"hash\") ON DELETE CASCADE ON UPDATE NO ACTION");
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query("ALTER TABLE \"call_context_skills\" DROP CONSTRAINT \"FK_f9febd46fe9d79132f1d573ac7f\"");
    await queryRunner.query("ALTER TABLE \"call_catalogs\" DROP CONSTRAINT \"FK_ae1a3ee743907bdb1f1268194e6\"");
    await queryRunner.query("DROP INDEX \"public\".\"idx_call_context_skills_name\"");
    await queryRunner.query("DROP INDEX \"public\".\"idx_call_context_skills_version\"");
    await queryRunner.query("DROP TABLE \"call_context_skills\"");
    await queryRunner.query("DROP TABLE \"call_catalogs\"");
  }
}
