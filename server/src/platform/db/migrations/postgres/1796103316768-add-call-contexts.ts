import type { MigrationInterface, QueryRunner } from "typeorm";

export class AddCallContexts1796103316768 implements MigrationInterface {
  name = "AddCallContexts1796103316768";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE "call_contexts" ("hash" character varying(64) NOT NULL, "project_id" character varying(36) NOT NULL, "body" text NOT NULL, CONSTRAINT "PK_67d91fa6939523dd8ed82d46046" PRIMARY KEY ("hash"))',
    );
    await queryRunner.query('CREATE INDEX "idx_call_contexts_project" ON "call_contexts"  ("project_id") ');
    await queryRunner.query(
      'ALTER TABLE "call_contexts" ADD CONSTRAINT "FK_260f8fe2ae8047a520f52b40412" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "call_contexts" DROP CONSTRAINT "FK_260f8fe2ae8047a520f52b40412"');
    await queryRunner.query('DROP INDEX "public"."idx_call_contexts_project"');
    await queryRunner.query('DROP TABLE "call_contexts"');
  }
}
