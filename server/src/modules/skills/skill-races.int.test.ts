import { beforeAll, expect, it } from "vitest";
import { describeEachDialect } from "../../../test/support/test-app";
import { skillMd } from "../../../test/support/skill-md";

const CREATE = `mutation($input: SkillVersionInput!) { createSkillVersion(input: $input) { id version } }`;
const PUBLISH = `mutation($id: ID!) { publishSkillVersion(id: $id) { id } }`;
const ROLLBACK = `mutation($name: String!, $to: ID!) { rollbackSkill(name: $name, toVersionId: $to) { id } }`;
const STATES = `query($name: String!) { skills(name: $name, limit: 200) { items { id version state } } }`;

type Row = { id: string; version: number; state: string };

describeEachDialect("racing writes", (t, dialect) => {
  let key: string;

  beforeAll(async () => {
    key = (await t.project()).adminKey;
  });

  const states = async (name: string) => (await t.ok<{ skills: { items: Row[] } }>(STATES, { name }, key)).skills.items;

  it("SV-1 SEC-15 concurrent creates of one new name get distinct version numbers 1..n", async () => {
    const created = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        t.ok<{ createSkillVersion: Row }>(
          CREATE,
          { input: { skillMd: skillMd("race-create", { body: `v${i}` }) } },
          key,
        ),
      ),
    );
    expect(created.map((c) => c.createSkillVersion.version).sort((a, b) => a - b)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10,
    ]);
  });

  it("SV-3 SEC-15 racing publishes leave exactly one live version and every other archived", async () => {
    const drafts: Row[] = [];
    for (let i = 0; i < 8; i++)
      drafts.push(
        (
          await t.ok<{ createSkillVersion: Row }>(
            CREATE,
            { input: { skillMd: skillMd("race-publish", { body: `v${i}` }) } },
            key,
          )
        ).createSkillVersion,
      );
    const results = await Promise.all(drafts.map((d) => t.gql(PUBLISH, { id: d.id }, key)));
    expect(results.every((r) => !r.errors)).toBe(true);
    const rows = await states("race-publish");
    expect(rows.filter((r) => r.state === "PUBLISHED")).toHaveLength(1);
    expect(rows.filter((r) => r.state === "ARCHIVED")).toHaveLength(7);
    const history = await t.ok<{ skillPointerHistory: Array<{ versionId: string }> }>(
      `query { skillPointerHistory(name: "race-publish") { versionId } }`,
      {},
      key,
    );
    expect(history.skillPointerHistory).toHaveLength(8);
    expect(history.skillPointerHistory.at(-1)!.versionId).toBe(rows.find((r) => r.state === "PUBLISHED")!.id);
  });

  it("SV-4 SEC-15 racing rollbacks and publishes leave exactly one live version", async () => {
    const versions: Row[] = [];
    for (let i = 0; i < 6; i++)
      versions.push(
        (
          await t.ok<{ createSkillVersion: Row }>(
            CREATE,
            { input: { skillMd: skillMd("race-mixed", { body: `v${i}` }) } },
            key,
          )
        ).createSkillVersion,
      );
    for (const v of versions.slice(0, 3)) await t.ok(PUBLISH, { id: v.id }, key);
    const ops = [
      ...versions.slice(0, 2).map((v) => t.gql(ROLLBACK, { name: "race-mixed", to: v.id }, key)),
      ...versions.slice(3).map((v) => t.gql(PUBLISH, { id: v.id }, key)),
    ];
    const results = await Promise.all(ops);
    for (const r of results) if (r.errors) expect(r.errors[0]!.extensions!.code).toBe("CONFLICT");
    const rows = await states("race-mixed");
    expect(rows.filter((r) => r.state === "PUBLISHED")).toHaveLength(1);
    expect(rows.filter((r) => r.state === "DRAFT")).toHaveLength(0);
  });

  it("SV-3 the database itself refuses a second published version of a skill", async () => {
    const a = (
      await t.ok<{ createSkillVersion: Row }>(CREATE, { input: { skillMd: skillMd("db-guard", { body: "a" }) } }, key)
    ).createSkillVersion;
    const b = (
      await t.ok<{ createSkillVersion: Row }>(CREATE, { input: { skillMd: skillMd("db-guard", { body: "b" }) } }, key)
    ).createSkillVersion;
    await t.ok(PUBLISH, { id: a.id }, key);
    const sql =
      dialect === "postgres"
        ? `UPDATE skill_versions SET state = 'published' WHERE id = $1`
        : `UPDATE skill_versions SET state = 'published' WHERE id = ?`;
    await expect(t.app.db.dataSource.query(sql, [b.id])).rejects.toThrow(/unique|UNIQUE/);
  });
});
