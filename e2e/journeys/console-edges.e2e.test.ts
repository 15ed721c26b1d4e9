import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { ConsoleFrame } from "../pages/console-frame";
import { UsageGraph } from "../pages/usage-graph";
import { useConsoleSession } from "../support/session";

const BIG_AGENT =
  "An agent that lists sixty skills, with a name long enough to need two lines in any table that shows it whole";
const PHONE = { width: 390, height: 844 };
const md = (name: string) => `---\nname: ${name}\ndescription: Use when ${name} comes up.\n---\n\nSteps for ${name}.\n`;
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** How tall a node's name is drawn on screen (px): under ~9 px nobody reads it. */
const drawnHeight = async (graph: UsageGraph, label: string) =>
  (await graph.node(label).locator(".usage-node__label").boundingBox())?.height ?? 0;

/** Whether the node is drawn whole inside the graph's box (not cut off at its edge). */
const inView = async (graph: UsageGraph, label: string) => {
  const [box, node] = [await graph.root.boundingBox(), await graph.node(label).boundingBox()];
  if (!box || !node) return false;
  return (
    node.x >= box.x &&
    node.y >= box.y &&
    node.x + node.width <= box.x + box.width &&
    node.y + node.height <= box.y + box.height
  );
};

describe("console journey: addresses that lead nowhere, and a skill many agents use (UX-2, UX-4, UX-5, UX-7, UX-8)", () => {
  const s = useConsoleSession({ journey: "edges" });
  let key = "";
  let deletedDraft = "";
  let live = "";

  beforeAll(async () => {
    key = (await s.project("Edges")).key;
    live = await s.publishSkill(key, md("explain-bill"));
    for (let i = 1; i <= 26; i++) {
      const entry = i % 3 === 0 ? { name: "explain-bill", versionId: live } : { name: "explain-bill" };
      await s.publishAgent(key, { name: `line-${i}`, skills: [entry] });
    }
    const draft = await s.gql<{ createSkillVersion: { id: string } }>(
      key,
      `mutation($md: String!) { createSkillVersion(input: { skillMd: $md }) { id } }`,
      { md: md("short-lived") },
    );
    deletedDraft = draft.createSkillVersion.id;
    await s.gql(key, `mutation($id: ID!) { deleteSkillVersion(id: $id) }`, { id: deletedDraft });
    const many: Array<{ name: string }> = [];
    for (let i = 1; i <= 60; i++) {
      const name = `step-${String(i).padStart(2, "0")}-of-the-long-procedure`;
      await s.publishSkill(key, md(name));
      many.push({ name });
    }
    await s.publishAgent(key, { name: BIG_AGENT, skills: many });
    await new ConsoleFrame(s.page).signIn(key);
  });

  it("UX-9 the console served is React's production build (journeys built it in development mode: 2 s frozen a poll on a long session)", async () => {
    const index = await (await fetch(`${s.server.baseUrl}/`)).text();
    const scripts = [...index.matchAll(/src="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    for (const path of scripts) {
      const code = await (await fetch(`${s.server.baseUrl}${path}`)).text();
      // React's development build tracks every element it renders as a console task
      expect(code.includes("console.createTask"), path).toBe(false);
    }
  });

  it("UX-2 UX-4 UX-5 UX-8 a page whose subject does not exist (deleted, or a mistyped address) says so and leads back to its list", async () => {
    const cases: Array<[string, string, RegExp, string, string]> = [
      ["deleted-draft", `/skills/v/${deletedDraft}`, /No skill version has id/, "Back to skills", "/skills"],
      [
        "deleted-skill-history",
        "/skills/short-lived/history",
        /No skill is named short-lived/,
        "Back to skills",
        "/skills",
      ],
      ["agent", "/agents/v/nope", /No agent version has id nope/, "Back to agents", "/agents"],
      ["call", "/calls/nope", /No call has id nope/, "Back to calls", "/calls"],
      ["try-it", "/agents/nope/try", /No agent has id nope/, "Back to agents", "/agents"],
      ["agent-by-id", "/agents/by-id/nope", /No agent has id nope/, "Back to agents", "/agents"],
      ["rollout", "/rollouts/nope", /No rollout has id nope/, "Back to skills", "/skills"],
      ["knowledge-base", "/knowledge/nope", /No knowledge base has id nope/, "Back to knowledge bases", "/knowledge"],
    ];
    let step = 1;
    for (const [name, path, says, back, list] of cases) {
      await s.page.goto(path);
      const heading = s.page.getByRole("heading", { level: 1, name: says });
      await heading.waitFor();
      // not an alarm: nothing failed, the thing is not there (and "Try again" would find it no more)
      expect(await s.page.getByRole("alert").count(), path).toBe(0);
      expect(await s.page.getByText(/may have been deleted/).count(), path).toBe(1);
      // the history of a skill that is not there draws no empty chart and offers no comparison
      expect(await s.page.getByRole("button", { name: /Compare selected/ }).count(), path).toBe(0);
      // "Try it" of an agent that is not there offers no call to start
      expect(await s.page.getByRole("button", { name: /Start call/ }).count(), path).toBe(0);
      await s.check(`0${step++}-not-found-${name}`);
      await s.page.getByRole("link", { name: back }).click();
      await s.page.waitForURL((url) => url.pathname === list);
    }
  });

  it("OB-3 UX-9 insights with no call yet say how signals start, and nothing claims every skill was loaded", async () => {
    await s.page.goto("/insights");
    await s.page.getByText(/No call or chat session resolved a skill in this range/).waitFor();
    // what to do next: call an agent (its "Try it"), or look further back
    await s.page.getByRole("link", { name: "Try an agent" }).click();
    await s.page.waitForURL((url) => url.pathname === "/agents");
    await s.page.goBack();
    await s.page.getByText(/No call or chat session resolved a skill/).waitFor();
    // agents that were never called leave every skill they list unloaded: not a verdict on each one's description
    await s.page.getByText(/Nothing to say without calls/).waitFor();
    expect(await s.page.getByText(/Listed by a published agent, never loaded/).count()).toBe(0);
    await s.check("08-insights-no-calls");
    // a new project: no agent, no call — "every skill a published agent lists was loaded" was said of none
    const empty = await s.project("Nothing yet");
    await new ConsoleFrame(s.page).signIn(empty.key);
    await s.page.goto("/insights");
    await s.page.getByText(/Nothing to say without calls/).waitFor();
    expect(await s.page.getByText(/Every skill a published agent lists was loaded/).count()).toBe(0);
    await s.check("09-insights-new-project");
    await new ConsoleFrame(s.page).signIn(key);
  });

  it("UX-4 the agents list keeps an agent of 60 skills and a long name to a compact row, every column readable", async () => {
    await s.page.goto("/agents");
    const table = s.page.getByRole("table", { name: "Agents" });
    const row = table.getByRole("row").filter({ has: s.page.getByRole("link", { name: BIG_AGENT, exact: true }) });
    await row.waitFor();
    // the skills are summed up, not all 60 in a column one word wide (the row was 5,000 px tall)
    expect(await row.getByText(/and 5\d more/).count()).toBe(1);
    expect((await row.boundingBox())?.height ?? 0).toBeLessThan(160);
    // the try link says its agent's name to a screen reader, not on screen (its column took half the width)
    const name = await row.getByRole("cell").first().boundingBox();
    expect(name?.width ?? 0).toBeGreaterThan(180);
    await row.getByRole("link", { name: `Try ${BIG_AGENT}` }).waitFor();
    await s.check("07-agents-list-long");
  });

  it("UX-7 a skill 26 agents use: the Used by list sorts names naturally, the usage graph's names stay readable, and its whole can still be fitted", async () => {
    await s.page.goto(`/skills/v/${live}`);
    await s.page.getByRole("tab", { name: /Used by/ }).click();
    const graph = new UsageGraph(s.page, /explain-bill/);
    await graph.root.waitFor();
    await graph.node("explain-bill").waitFor();
    // fitted whole, 28 nodes in a 640 px box drew names 4 px tall
    expect(await drawnHeight(graph, "explain-bill")).toBeGreaterThanOrEqual(12);
    await expect.poll(() => graph.node("explain-bill").locator(".usage-node__label").isVisible()).toBe(true);
    expect(await s.page.getByText(/drag to see the rest/i).count()).toBe(1);
    // the skill and the agents beside it are in the picture (centred on the skill alone, agents fell off the left)
    expect(await inView(graph, "explain-bill")).toBe(true);
    expect(await inView(graph, "explain-bill v1")).toBe(true);
    expect(await inView(graph, "line-13")).toBe(true);
    await s.check("10-usage-graph-many");
    // the list reads line-1, line-2, … line-10 (text order put line-10 right after line-1)
    const agents = await s.page
      .getByRole("table", { name: "Used by" })
      .locator("tbody tr td:first-child")
      .allTextContents();
    expect(agents.slice(0, 4)).toEqual(["line-1", "line-2", "line-3", "line-4"]);
    expect(agents.indexOf("line-10")).toBe(9);
    const before = await graph.transform();
    await graph.fit();
    await expect.poll(() => graph.transform()).not.toBe(before);
  });

  it("UX-7 at 390 px the same graph keeps readable names and the page its width", async () => {
    await s.page.setViewportSize(PHONE);
    await s.page.reload();
    const graph = new UsageGraph(s.page, /explain-bill/);
    await graph.node("explain-bill").waitFor();
    // a little smaller than at 1280 px, so that the skill and its version fit the narrow box side by side
    expect(await drawnHeight(graph, "explain-bill")).toBeGreaterThanOrEqual(10);
    // the skill and the version the agents reach share the narrow box (the skill alone was centred in it)
    expect(await inView(graph, "explain-bill")).toBe(true);
    expect(await inView(graph, "explain-bill v1")).toBe(true);
    expect(await overflow(s.page)).toBe(0);
    await s.check("11-usage-graph-phone");
    await s.page.setViewportSize({ width: 1280, height: 860 });
  });
  it("UX-6 a 'Skip to content' link is the first thing Tab reaches, shows when focused, and takes focus to the page", async () => {
    await s.page.goto("/skills");
    await s.page.getByRole("heading", { level: 1 }).first().waitFor();
    await s.page.keyboard.press("Tab");
    const skip = s.page.getByRole("link", { name: "Skip to content" });
    await expect.poll(() => skip.evaluate((el) => el === document.activeElement)).toBe(true);
    const box = await skip.boundingBox();
    expect(box?.width ?? 0).toBeGreaterThan(40);
    expect(box?.y ?? -1).toBeGreaterThanOrEqual(0);
    await s.check("12-skip-link-focused");
    await s.page.keyboard.press("Enter");
    await expect.poll(() => s.page.evaluate(() => document.activeElement?.tagName)).toBe("MAIN");
    expect(new URL(s.page.url()).pathname).toBe("/skills");
  });

  it("UX-4 an agent saved without a name says 'Name is required' on the field, in the console's words", async () => {
    await s.page.goto("/agents/new");
    const name = s.page.getByRole("textbox", { name: "Name" });
    await name.waitFor();
    await name.fill("");
    await s.page.getByRole("button", { name: "Create agent" }).click();
    // the field's own message (Mantine ties it to the input by aria-describedby)
    const errorOf = async () => {
      const id = (await name.getAttribute("aria-describedby"))?.split(" ").find((d) => d.endsWith("-error"));
      return id ? s.page.locator(`[id="${id}"]`).textContent() : null;
    };
    await expect.poll(errorOf).toBe("Name is required");
    expect(await s.page.getByText(/1 to 200 characters/).count()).toBe(0);
    await s.check("13-agent-name-required");
  });

  it("UX-4 UX-5 UX-9 the agents list and the agent filter of calls and sessions reach any agent, past the 200 newest agent versions", async () => {
    const save = `mutation($input: AgentInput!, $agentId: ID) { saveAgent(input: $input, agentId: $agentId) { agentId } }`;
    const chatty = await s.gql<{ saveAgent: { agentId: string } }>(key, save, { input: { name: "chatty" } });
    for (let i = 0; i < 200; i++) {
      await s.gql(key, save, { input: { name: "chatty" }, agentId: chatty.saveAgent.agentId });
    }
    const line7 = await s.gql<{ agents: { items: Array<{ agentId: string }> } }>(
      key,
      `query { agents(latest: true, search: "line-7", limit: 1) { items { agentId } } }`,
    );
    for (const list of ["Calls", "Sessions"]) {
      await new ConsoleFrame(s.page).open(list);
      const filter = s.page.getByRole("combobox", { name: "Agent" });
      await filter.click();
      await filter.fill("line-7");
      await s.page.getByRole("option", { name: "line-7" }).click();
      await expect.poll(() => s.page.url()).toContain(`agent=${line7.agents.items[0]?.agentId}`);
      await expect.poll(() => filter.inputValue()).toBe("line-7");
      await s.check(`14-agent-filter-${list.toLowerCase()}`);
    }
    // the agents list pages agents, not versions: an agent behind 201 newer versions of another is still listed, once
    await new ConsoleFrame(s.page).open("Agents");
    const agents = s.page.getByRole("table", { name: "Agents" });
    await expect.poll(() => agents.getByRole("link", { name: "line-7", exact: true }).count()).toBe(1);
    expect(await agents.getByRole("link", { name: "chatty", exact: true }).count()).toBe(1);
    await s.check("15-agents-list-past-200-versions");
  });
});
