import type { MigrationInterface, QueryRunner } from "typeorm";

export class AddSkillDisplayName1796450400000 implements MigrationInterface {
  name = "AddSkillDisplayName1796450400000";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "skills" ADD COLUMN "display_name" varchar(255)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "skills" DROP COLUMN "display_name"');
  }
}
