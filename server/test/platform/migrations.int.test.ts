import { expect, it } from "vitest";
import { describeEachDialect, openTestDatabase } from "../support/test-app";

describeEachDialect.withOwnApps("migrations", (dialect) => {
  it("the committed migrations create exactly what the entities describe (no drift)", async () => {
    const { db, drop } = await openTestDatabase(dialect);
    try {
      await db.migrate();
      const pending = await db.dataSource.driver.createSchemaBuilder().log();
      expect(pending.upQueries.map((q) => q.query)).toEqual([]);
      expect(await db.ping()).toBe(true);
    } finally {
      await db.close();
      await drop();
    }
  });

  it("every migration can be undone, back to an empty database", async () => {
    const { db, drop } = await openTestDatabase(dialect);
    try {
      await db.migrate();
      for (let i = 0; i < db.dataSource.migrations.length; i++)
        await db.dataSource.undoLastMigration({ transaction: "each" });
      const tables = (await db.dataSource.query(
        dialect === "postgres"
          ? `SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public'`
          : `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`,
      )) as Array<{ name: string }>;
      expect(tables.map((t) => t.name)).toEqual(["migrations"]);
      expect(await db.ping()).toBe(false);
    } finally {
      await db.close();
      await drop();
    }
  });

  it("EV-4 scenario tags saved before normalisation are migrated: trimmed, NFKC, duplicates merged in first order", async () => {
    const { db, drop } = await openTestDatabase(dialect);
    const p = (n: number) => (dialect === "postgres" ? `$${n}` : "?");
    try {
      await db.migrate();
      const q = (sql: string, params: unknown[] = []) => db.dataSource.query(sql, params) as Promise<unknown[]>;
      await q(`INSERT INTO "projects" ("id", "name", "created_at") VALUES (${p(1)}, ${p(2)}, ${p(3)})`, [
        "00000000-0000-4000-8000-000000000001",
        "tags",
        Date.now(),
      ]);
      const composed = "skill:caf\u00e9";
      const decomposed = "skill:cafe\u0301";
      const stored: Record<string, unknown[]> = {
        a: [decomposed, composed, " billing ", "billing", "\uff21\uff22"],
        b: ["skill:plain", "other"],
        c: [],
        d: ["  ", decomposed],
      };
      for (const [name, tags] of Object.entries(stored)) {
        await q(
          `INSERT INTO "eval_scenarios" ("id", "project_id", "name", "tags", "turns", "expectations", "mocks", "created_at", "updated_at")
           VALUES (${p(1)}, ${p(2)}, ${p(3)}, ${p(4)}, '["hi"]', '[]', '[]', ${p(5)}, ${p(6)})`,
          [
            `00000000-0000-4000-8000-00000000000${name.charCodeAt(0) - 96}`,
            "00000000-0000-4000-8000-000000000001",
            name,
            JSON.stringify(tags),
            Date.now(),
            Date.now(),
          ],
        );
      }
      // The migration ran on the empty table; forgotten, it runs again over the rows stored the old way.
      await q(`DELETE FROM "migrations" WHERE "name" = ${p(1)}`, ["NormaliseScenarioTags1796450460000"]);
      await db.migrate();
      const rows = (await q(`SELECT "name", "tags" FROM "eval_scenarios" ORDER BY "name"`)) as Array<{
        name: string;
        tags: string;
      }>;
      expect(Object.fromEntries(rows.map((r) => [r.name, JSON.parse(r.tags) as unknown]))).toEqual({
        a: [composed, "billing", "AB"],
        b: ["skill:plain", "other"],
        c: [],
        d: [composed],
      });
    } finally {
      await db.close();
      await drop();
    }
  });
});
