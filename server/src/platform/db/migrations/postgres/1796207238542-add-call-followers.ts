import type { MigrationInterface, QueryRunner } from "typeorm";

/** UX-5: open live timelines per call, so a load sends its NOTIFY only while one is open. */
export class AddCallFollowers1796207238542 implements MigrationInterface {
  name = "AddCallFollowers1796207238542";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "calls" ADD "followers" integer NOT NULL DEFAULT 0');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "calls" DROP COLUMN "followers"');
  }
}
