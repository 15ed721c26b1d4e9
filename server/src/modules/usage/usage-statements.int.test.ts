import { beforeAll, expect, it } from "vitest";
import { USAGE, linkLibrary, saveAgent, skillVersion } from "../../../test/support/agents";
import { describeEachDialect, type TestApp } from "../../../test/support/test-app";
import { statementsDuring as sqlStatementsDuring } from "../../../test/support/sql-statements";

/** Counts the SQL statements the app sends while `fn` runs. */
async function statementsDuring(t: TestApp, fn: () => Promise<unknown>): Promise<number> {
  return (await sqlStatementsDuring(t, fn)).length;
}

const LIST_WITH_USAGE = `query { skills(state: PUBLISHED) { items { name usage { agentId agentName pinned resolvesTo { id version } } } } }`;

describeEachDialect("statements per usage request", (t) => {
  let library: { id: string; adminKey: string };
  let readers: Array<{ id: string; adminKey: string }>;
  const names = ["counted-a", "counted-b", "counted-c"];
  const pins: Record<string, string> = {};

  beforeAll(async () => {
    library = await t.project("statements library");
    readers = [await t.project("statements reader 1"), await t.project("statements reader 2")];
    for (const name of names) {
      pins[name] = (await skillVersion(t, library.adminKey, name, { publish: true })).id;
      await skillVersion(t, library.adminKey, name, { publish: true });
    }
    for (const reader of readers) await linkLibrary(t, reader.id, library.id);
  });

  /** Agents spread over the library and its readers; every third pinned to version 1; some with a second draft. */
  async function addAgents(from: number, to: number): Promise<void> {
    const keys = [library.adminKey, ...readers.map((r) => r.adminKey)];
    for (let i = from; i < to; i++) {
      const key = keys[i % keys.length]!;
      const skills = names.map((name, n) => ((i + n) % 3 === 0 ? { name, versionId: pins[name] } : { name }));
      const agent = await saveAgent(t, key, { name: `agent-${i}`, skills });
      if (i % 4 === 0) await saveAgent(t, key, { name: `agent-${i}`, skills, prompt: "next" }, agent.agentId);
    }
  }

  it("US-1 the number of SQL statements per skillUsage request does not grow with the number of agents", async () => {
    await addAgents(0, 2);
    const request = () => t.ok<{ skillUsage: unknown[] }>(USAGE, { name: "counted-a" }, library.adminKey);
    const withTwo = await statementsDuring(t, request);
    expect((await request()).skillUsage.length).toBeGreaterThanOrEqual(2);
    await addAgents(2, 50);
    const withFifty = await statementsDuring(t, request);
    expect((await request()).skillUsage.length).toBeGreaterThanOrEqual(50);
    expect(withFifty).toBe(withTwo);
    // authentication, the skill's existence, where the project reads skills, the usage query, the resolved versions
    expect(withTwo).toBeGreaterThanOrEqual(4);
    expect(withTwo).toBeLessThanOrEqual(5);
  });

  it("US-1 SkillVersion.usage over a list costs the same statements for 3 skills and any number of agents", async () => {
    const request = () =>
      t.ok<{ skills: { items: Array<{ usage: unknown[] }> } }>(LIST_WITH_USAGE, {}, library.adminKey);
    const before = await statementsDuring(t, request);
    await addAgents(50, 60);
    const after = await statementsDuring(t, request);
    const items = (await request()).skills.items;
    expect(items).toHaveLength(3);
    for (const item of items) expect(item.usage.length).toBeGreaterThanOrEqual(60);
    expect(after).toBe(before);
    expect(before).toBeGreaterThanOrEqual(4);
  });

  it("UX-7 AgentVersion.skillUsage over a list of agents costs the same statements for any number of agents", async () => {
    const AGENTS_WITH_USAGE = `query { agents(limit: 200) { items { id skillUsage { agentId pinned resolvesTo { id } } } } }`;
    const request = () =>
      t.ok<{ agents: { items: Array<{ skillUsage: unknown[] }> } }>(AGENTS_WITH_USAGE, {}, library.adminKey);
    const before = await statementsDuring(t, request);
    await addAgents(60, 70);
    const after = await statementsDuring(t, request);
    const items = (await request()).agents.items;
    expect(items.length).toBeGreaterThan(10);
    for (const item of items) expect(item.skillUsage.length).toBeGreaterThan(0);
    expect(after).toBe(before);
  });
});
