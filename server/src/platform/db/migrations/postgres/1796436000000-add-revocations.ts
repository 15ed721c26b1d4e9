import type { MigrationInterface, QueryRunner } from "typeorm";

/*
 * PV-3: the revocation columns, and the database's own refusal of a revoked version that is (or becomes) live. A
 * trigger rather than a CHECK, as on SQLite: the entities declare no check for it, since SQLite adds one only by
 * rebuilding the table (see the SQLite migration).
 */
export class AddRevocations1796436000000 implements MigrationInterface {
  name = "AddRevocations1796436000000";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "skill_versions" ADD "revoked_at" bigint`);
    await queryRunner.query(`ALTER TABLE "skill_versions" ADD "revoked_reason" character varying(1000)`);
    await queryRunner.query(`ALTER TABLE "skill_versions" ADD "revoked_by" character varying(64)`);
    await queryRunner.query(`ALTER TABLE "skill_versions" ADD "revoked_digest" character varying(80)`);
    await queryRunner.query(
      `CREATE FUNCTION skill_versions_revoked_not_live() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN
         IF NEW.revoked_at IS NOT NULL AND NEW.state = 'published' THEN
           RAISE EXCEPTION 'ck_skill_versions_revoked_not_live: a revoked skill version is never live'
             USING ERRCODE = 'check_violation';
         END IF;
         RETURN NEW;
       END $$`,
    );
    await queryRunner.query(
      `CREATE TRIGGER trg_skill_versions_revoked_not_live BEFORE INSERT OR UPDATE OF state, revoked_at
       ON "skill_versions" FOR EACH ROW EXECUTE FUNCTION skill_versions_revoked_not_live()`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER trg_skill_versions_revoked_not_live ON "skill_versions"`);
    await queryRunner.query(`DROP FUNCTION skill_versions_revoked_not_live()`);
    await queryRunner.query(`ALTER TABLE "skill_versions" DROP COLUMN "revoked_digest"`);
    await queryRunner.query(`ALTER TABLE "skill_versions" DROP COLUMN "revoked_by"`);
    await queryRunner.query(`ALTER TABLE "skill_versions" DROP COLUMN "revoked_reason"`);
    await queryRunner.query(`ALTER TABLE "skill_versions" DROP COLUMN "revoked_at"`);
  }
}
