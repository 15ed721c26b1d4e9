import { afterAll, beforeAll, expect, it } from "vitest";
import { loadSkill, publishAgent, publishSkill, startCall } from "../support/calls";
import { describeEachDialect, createTestApp, type TestApp } from "../support/test-app";

const SKILLS = `query($state: VersionState, $page: Int!, $limit: Int!) {
  skills(state: $state, page: $page, limit: $limit) { total items { id name version state } } }`;
const CALLS = `query($agentId: ID, $skillName: String, $page: Int!, $limit: Int!) {
  calls(agentId: $agentId, skillName: $skillName, page: $page, limit: $limit) { total items { id agentId startedAt } } }`;

interface Page<T> {
  total: number;
  items: T[];
}

/**
 * CT-3: the skills list and an agent's calls read newest first in index order and count their total apart from the
 * page. Walking every page in small windows gives each row once, in the order of the whole list read at once, and
 * every page states the same total — with and without the filters the console sends.
 */
describeEachDialect.withOwnApps("list pages", (dialect) => {
  let t: TestApp;
  let key: string;
  let agents: string[];

  beforeAll(async () => {
    t = await createTestApp(dialect);
    key = (await t.project("list pages")).adminKey;
    for (const name of ["a", "b", "c", "d"]) await publishSkill(t, key, name, { body: `${name} one.` });
    // second versions: b and d published again (their first versions archived), c left as a draft
    await publishSkill(t, key, "b", { body: "b two." });
    await publishSkill(t, key, "d", { body: "d two." });
    await t.ok(
      `mutation($input: SkillVersionInput!) { createSkillVersion(input: $input) { id } }`,
      { input: { skillMd: `---\nname: c\ndescription: c draft.\n---\nc two.\n` } },
      key,
    );
    agents = [
      await publishAgent(t, key, { name: "one", skills: [{ name: "a" }, { name: "b" }] }),
      await publishAgent(t, key, { name: "two", skills: [{ name: "c" }, { name: "d" }] }),
    ];
    for (let i = 0; i < 7; i++) {
      const call = await startCall(t, key, { agentId: agents[i % 2]! });
      if (i % 3 === 0) await loadSkill(t, key, call.id, i % 2 === 0 ? "a" : "d");
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  async function walk<T>(
    query: string,
    field: "skills" | "calls",
    vars: Record<string, unknown>,
  ): Promise<{ all: Page<T>; paged: T[]; totals: number[] }> {
    const read = async (page: number, limit: number) =>
      (await t.ok<Record<string, Page<T>>>(query, { ...vars, page, limit }, key))[field]!;
    const all = await read(1, 100);
    const paged: T[] = [];
    const totals: number[] = [];
    for (let page = 1; page <= Math.ceil(all.total / 2) + 1; page++) {
      const p = await read(page, 2);
      paged.push(...p.items);
      totals.push(p.total);
    }
    return { all, paged, totals };
  }

  it("CT-3 the skills list pages newest first, every version once, the same total on every page", async () => {
    for (const state of [null, "PUBLISHED", "ARCHIVED", "DRAFT"]) {
      const { all, paged, totals } = await walk<{ id: string }>(SKILLS, "skills", { state });
      expect(paged, String(state)).toEqual(all.items);
      expect(new Set(totals), String(state)).toEqual(new Set([all.total]));
      expect(all.items.length, String(state)).toBe(all.total);
    }
    const counts = await Promise.all(
      [null, "PUBLISHED", "ARCHIVED", "DRAFT"].map(
        async (state) => (await walk<{ id: string }>(SKILLS, "skills", { state })).all.total,
      ),
    );
    expect(counts).toEqual([7, 4, 2, 1]);
  });

  it("CT-3 an agent's calls page newest first with their total, also filtered by a skill they loaded", async () => {
    const cases: Array<[Record<string, unknown>, number]> = [
      [{}, 7],
      [{ agentId: agents[0] }, 4],
      [{ agentId: agents[1] }, 3],
      [{ agentId: agents[0], skillName: "a" }, 4],
      [{ skillName: "d" }, 3],
    ];
    for (const [vars, expected] of cases) {
      const { all, paged, totals } = await walk<{ id: string; startedAt: string }>(CALLS, "calls", vars);
      expect(all.total, JSON.stringify(vars)).toBe(expected);
      expect(paged, JSON.stringify(vars)).toEqual(all.items);
      expect(new Set(totals)).toEqual(new Set([expected]));
      const starts = all.items.map((c) => Date.parse(c.startedAt));
      expect(starts).toEqual([...starts].sort((x, y) => y - x));
    }
  });
});
