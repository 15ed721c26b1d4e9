import { expect, it } from "vitest";
import { publishSkill } from "../../../test/support/calls";
import { createTestApp, describeEachDialect } from "../../../test/support/test-app";

describeEachDialect.withOwnApps("the revocation migration", (dialect) => {
  it("PV-3 adding the revocation columns keeps every version and its files (no table rebuild cascading deletes)", async () => {
    const t = await createTestApp(dialect);
    try {
      const key = (await t.project("migration")).adminKey;
      await t.ok(
        `mutation($input: SkillVersionInput!) { createSkillVersion(input: $input) { id } }`,
        {
          input: {
            skillMd: "---\nname: kept\ndescription: Use when kept.\n---\n\nBody.\n",
            files: [{ path: "notes.txt", contentBase64: Buffer.from("hello").toString("base64") }],
          },
        },
        key,
      );
      await publishSkill(t, key, "kept-live");
      const ds = t.app.db.dataSource;
      const counts = async () =>
        Promise.all(
          ["skill_versions", "skill_version_files", "blobs"].map(async (table) =>
            Number(((await ds.query(`SELECT count(*) AS n FROM ${table}`)) as Array<{ n: number }>)[0]!.n),
          ),
        );
      const before = await counts();
      // back to before it (and whatever came after it), then up again
      const undo = ds.migrations.length - ds.migrations.findIndex((m) => m.name === "AddRevocations1796436000000");
      for (let i = 0; i < undo; i++) await ds.undoLastMigration({ transaction: "each" });
      await ds.runMigrations({ transaction: "each" });
      expect(await counts()).toEqual(before);
      expect(before[1]).toBeGreaterThan(0);
    } finally {
      await t.close();
    }
  });
});
