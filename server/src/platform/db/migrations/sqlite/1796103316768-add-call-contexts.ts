import type { MigrationInterface, QueryRunner } from "typeorm";

export class AddCallContexts1796103316768 implements MigrationInterface {
  name = "AddCallContexts1796103316768";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE "call_contexts" ("hash" varchar(64) PRIMARY KEY NOT NULL, "project_id" varchar(36) NOT NULL, "body" text NOT NULL)',
    );
    await queryRunner.query('CREATE INDEX "idx_call_contexts_project" ON "call_contexts" ("project_id") ');
    await queryRunner.query('DROP INDEX "idx_call_contexts_project"');
    await queryRunner.query(
      'CREATE TABLE "temporary_call_contexts" ("hash" varchar(64) PRIMARY KEY NOT NULL, "project_id" varchar(36) NOT NULL, "body" text NOT NULL, CONSTRAINT "FK_260f8fe2ae8047a520f52b40412" FOREIGN KEY ("project_id") REFERENCES "projects" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)',
    );
    await queryRunner.query(
      'INSERT INTO "temporary_call_contexts"("hash", "project_id", "body") SELECT "hash", "project_id", "body" FROM "call_contexts"',
    );
    await queryRunner.query('DROP TABLE "call_contexts"');
    await queryRunner.query('ALTER TABLE "temporary_call_contexts" RENAME TO "call_contexts"');
    await queryRunner.query('CREATE INDEX "idx_call_contexts_project" ON "call_contexts" ("project_id") ');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX "idx_call_contexts_project"');
    await queryRunner.query('ALTER TABLE "call_contexts" RENAME TO "temporary_call_contexts"');
    await queryRunner.query(
      'CREATE TABLE "call_contexts" ("hash" varchar(64) PRIMARY KEY NOT NULL, "project_id" varchar(36) NOT NULL, "body" text NOT NULL)',
    );
    await queryRunner.query(
      'INSERT INTO "call_contexts"("hash", "project_id", "body") SELECT "hash", "project_id", "body" FROM "temporary_call_contexts"',
    );
    await queryRunner.query('DROP TABLE "temporary_call_contexts"');
    await queryRunner.query('CREATE INDEX "idx_call_contexts_project" ON "call_contexts" ("project_id") ');
    await queryRunner.query('DROP INDEX "idx_call_contexts_project"');
    await queryRunner.query('DROP TABLE "call_contexts"');
  }
}
