import type { MigrationInterface, QueryRunner } from "typeorm";

/** skill_signal_deltas' id as a 64-bit serial, in place: ids, rows and the sequence's position kept. */
export class WidenSignalDeltaIds1796199743046 implements MigrationInterface {
  name = "WidenSignalDeltaIds1796199743046";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER SEQUENCE "skill_signal_deltas_id_seq" AS bigint');
    await queryRunner.query('ALTER TABLE "skill_signal_deltas" ALTER COLUMN "id" TYPE bigint');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "skill_signal_deltas" ALTER COLUMN "id" TYPE integer');
    await queryRunner.query('ALTER SEQUENCE "skill_signal_deltas_id_seq" AS integer');
  }
}
