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
});
