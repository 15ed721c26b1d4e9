import type { MigrationInterface, QueryRunner } from "typeorm";

/*
 * PV-3: the revocation columns, and the database's own refusal of a revoked version that is (or becomes) live.
 * Written by hand: SQLite adds a CHECK only by rebuilding the table, and dropping skill_versions in a migration runs
 * its ON DELETE CASCADE (foreign keys stay on inside the migration's transaction), emptying its files and approvals.
 * Added columns and triggers leave every row where it is. A later rebuild of skill_versions must create the triggers
 * again (DROP TABLE drops them).
 */
const REFUSE = "SELECT RAISE(ABORT, 'ck_skill_versions_revoked_not_live: a revoked skill version is never live')";

export class AddRevocations1796436000000 implements MigrationInterface {
  name = "AddRevocations1796436000000";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "skill_versions" ADD COLUMN "revoked_at" bigint`);
    await queryRunner.query(`ALTER TABLE "skill_versions" ADD COLUMN "revoked_reason" varchar(1000)`);
    await queryRunner.query(`ALTER TABLE "skill_versions" ADD COLUMN "revoked_by" varchar(64)`);
    await queryRunner.query(`ALTER TABLE "skill_versions" ADD COLUMN "revoked_digest" varchar(80)`);
    for (const [name, event] of [
      ["trg_skill_versions_revoked_not_live_insert", "INSERT"],
      ["trg_skill_versions_revoked_not_live_update", `UPDATE OF "state", "revoked_at"`],
    ]) {
      await queryRunner.query(
        `CREATE TRIGGER "${name}" BEFORE ${event} ON "skill_versions"
         WHEN NEW.revoked_at IS NOT NULL AND NEW.state = 'published' BEGIN ${REFUSE}; END`,
      );
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER "trg_skill_versions_revoked_not_live_update"`);
    await queryRunner.query(`DROP TRIGGER "trg_skill_versions_revoked_not_live_insert"`);
    await queryRunner.query(`ALTER TABLE "skill_versions" DROP COLUMN "revoked_digest"`);
    await queryRunner.query(`ALTER TABLE "skill_versions" DROP COLUMN "revoked_by"`);
    await queryRunner.query(`ALTER TABLE "skill_versions" DROP COLUMN "revoked_reason"`);
    await queryRunner.query(`ALTER TABLE "skill_versions" DROP COLUMN "revoked_at"`);
  }
}
