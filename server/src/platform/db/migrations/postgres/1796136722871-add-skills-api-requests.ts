import type { MigrationInterface, QueryRunner } from "typeorm";

export class AddSkillsApiRequests1796136722871 implements MigrationInterface {
  name = "AddSkillsApiRequests1796136722871";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query("CREATE TABLE \"skills_api_requests\" (\"project_id\" character varying(36) NOT NULL, \"idempotency_key\" character varying(255) NOT NULL, \"request_hash\" character varying(64) NOT NULL, \"claim_token\" character varying(36) NOT NULL, \"status\" integer NOT NULL, \"response\" text, \"created_at\" bigint NOT NULL, CONSTRAINT \"PK_178bdb40b77d9818f26bda4c161\" PRIMARY KEY (\"project_id\", \"idempotency_key\"))");
    await queryRunner.query("ALTER TABLE \"skills_api_requests\" ADD CONSTRAINT \"FK_19ad3ee07b6a474cd2fc0dc57c0\" FOREIGN KEY (\"project_id\") REFERENCES \"projects\"(\"id\") ON DELETE CASCADE ON UPDATE NO ACTION");
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query("ALTER TABLE \"skills_api_requests\" DROP CONSTRAINT \"FK_19ad3ee07b6a474cd2fc0dc57c0\"");
    await queryRunner.query("DROP TABLE \"skills_api_requests\"");
  }
}
