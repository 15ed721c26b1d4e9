import type { MigrationInterface, QueryRunner } from "typeorm";

/** UX-5: open live timelines per call (read only where PostgreSQL's NOTIFY carries the notice). */
export class AddCallFollowers1796207238542 implements MigrationInterface {
  name = "AddCallFollowers1796207238542";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "calls" ADD COLUMN "followers" integer NOT NULL DEFAULT (0)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "calls" DROP COLUMN "followers"');
  }
}
