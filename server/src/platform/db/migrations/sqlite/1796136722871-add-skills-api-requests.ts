import type { MigrationInterface, QueryRunner } from "typeorm";

export class AddSkillsApiRequests1796136722871 implements MigrationInterface {
  name = "AddSkillsApiRequests1796136722871";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query("CREATE TABLE \"skills_api_requests\" (\"project_id\" varchar(36) NOT NULL, \"idempotency_key\" varchar(255) NOT NULL, \"request_hash\" varchar(64) NOT NULL, \"claim_token\" varchar(36) NOT NULL, \"status\" integer NOT NULL, \"response\" text, \"created_at\" bigint NOT NULL, PRIMARY KEY (\"project_id\", \"idempotency_key\"))");
    await queryRunner.query("CREATE TABLE \"temporary_skills_api_requests\" (\"project_id\" varchar(36) NOT NULL, \"idempotency_key\" varchar(255) NOT NULL, \"request_hash\" varchar(64) NOT NULL, \"claim_token\" varchar(36) NOT NULL, \"status\" integer NOT NULL, \"response\" text, \"created_at\" bigint NOT NULL, CONSTRAINT \"FK_19ad3ee07b6a474cd2fc0dc57c0\" FOREIGN KEY (\"project_id\") REFERENCES \"projects\" (\"id\") ON DELETE CASCADE ON UPDATE NO ACTION, PRIMARY KEY (\"project_id\", \"idempotency_key\"))");
    await queryRunner.query("INSERT INTO \"temporary_skills_api_requests\"(\"project_id\", \"idempotency_key\", \"request_hash\", \"claim_token\", \"status\", \"response\", \"created_at\") SELECT \"project_id\", \"idempotency_key\", \"request_hash\", \"claim_token\", \"status\", \"response\", \"created_at\" FROM \"skills_api_requests\"");
    await queryRunner.query("DROP TABLE \"skills_api_requests\"");
    await queryRunner.query("ALTER TABLE \"temporary_skills_api_requests\" RENAME TO \"skills_api_requests\"");
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query("ALTER TABLE \"skills_api_requests\" RENAME TO \"temporary_skills_api_requests\"");
    await queryRunner.query("CREATE TABLE \"skills_api_requests\" (\"project_id\" varchar(36) NOT NULL, \"idempotency_key\" varchar(255) NOT NULL, \"request_hash\" varchar(64) NOT NULL, \"claim_token\" varchar(36) NOT NULL, \"status\" integer NOT NULL, \"response\" text, \"created_at\" bigint NOT NULL, PRIMARY KEY (\"project_id\", \"idempotency_key\"))");
    await queryRunner.query("INSERT INTO \"skills_api_requests\"(\"project_id\", \"idempotency_key\", \"request_hash\", \"claim_token\", \"status\", \"response\", \"created_at\") SELECT \"project_id\", \"idempotency_key\", \"request_hash\", \"claim_token\", \"status\", \"response\", \"created_at\" FROM \"temporary_skills_api_requests\"");
    await queryRunner.query("DROP TABLE \"temporary_skills_api_requests\"");
    await queryRunner.query("DROP TABLE \"skills_api_requests\"");
  }
}
