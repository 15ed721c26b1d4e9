import { beforeAll, describe, expect, it } from "vitest";
import { startScriptedModel, type ScriptedModel } from "../../server/test/support/scripted-model";
import { CATALOG_SKILLS } from "../../server/test/support/catalog";
import { AgentEditor } from "../pages/agents";
import { ConsoleFrame } from "../pages/console-frame";
import { useConsoleSession } from "../support/session";

const skillMd = (name: string, description: string) =>
  ["---", `name: ${name}`, `description: ${description}`, "---", "", `# ${name}`, "", "1. Follow the steps."].join(
    "\n",
  );

const START = `mutation($input: StartCallInput!) { startCall(input: $input) { id } }`;
const SEND = `mutation($input: SendMessageInput!) { sendMessage(input: $input) { session { id } } }`;
const VERSIONS = `{ agents(latest: true, page: 1, limit: 10) { items { id name } } }`;
/** Skills published after the catalog's: the agent "big desk" lists shelf-001 … shelf-060 of them. */
const SHELF = Array.from({ length: 210 }, (_, i) => `shelf-${String(i).padStart(3, "0")}`);

// Catalogs at scale (CT-1, CT-2): an agent whose skills do not all fit its budget, as its author and its calls see it.
describe("console journey: a budgeted catalog in the agent editor, a call and a session (CT-1, CT-2)", () => {
  let model: ScriptedModel;
  const s = useConsoleSession({
    journey: "catalog",
    timeout: 15_000,
    server: async () => {
      model = await startScriptedModel({ respond: () => ({ text: "Happy to help." }) });
      return { env: { MODEL_BASE_URL: model.baseUrl, MODEL_NAME: "scripted", OUTBOUND_ALLOW_HOSTS: "127.0.0.1" } };
    },
  });
  let key = "";
  let agentId = "";
  let versionId = "";
  let bigVersionId = "";
  let bigCallId = "";
  let callId = "";
  let sessionId = "";

  beforeAll(async () => {
    key = (await s.project("Acme catalog")).key;
    for (const [name, description] of CATALOG_SKILLS) await s.publishSkill(key, skillMd(name, description));
    agentId = await s.publishAgent(key, {
      name: "help desk",
      prompt: "You help customers.",
      catalogBudget: 320,
      skills: CATALOG_SKILLS.map(([name]) => ({ name })),
    });
    for (const name of SHELF) await s.publishSkill(key, skillMd(name, `Keeps the ${name} tidy.`));
    const bigDesk = await s.publishAgent(key, {
      name: "big desk",
      prompt: "You keep the shelves.",
      catalogBudget: 400,
      skills: SHELF.slice(1, 61).map((name) => ({ name })),
    });
    bigCallId = (await s.gql<{ startCall: { id: string } }>(key, START, { input: { agentId: bigDesk } })).startCall.id;
    await s.gql(key, `mutation($id: ID!) { loadSkill(callId: $id, name: "shelf-060") { skill } }`, { id: bigCallId });
    const versions = await s.gql<{ agents: { items: Array<{ id: string; name: string }> } }>(key, VERSIONS);
    versionId = versions.agents.items.find((v) => v.name === "help desk")!.id;
    bigVersionId = versions.agents.items.find((v) => v.name === "big desk")!.id;
    callId = (
      await s.gql<{ startCall: { id: string } }>(key, START, {
        input: { agentId, variables: { request: "my parcel is lost, please track the shipment" } },
      })
    ).startCall.id;
    sessionId = (
      await s.gql<{ sendMessage: { session: { id: string } } }>(key, SEND, {
        input: { agentId, content: "I returned my order, where is my refund?" },
      })
    ).sendMessage.session.id;
    await new ConsoleFrame(s.page).signIn(key);
    return () => model?.close();
  });

  it("CT-1 the agent editor shows the budget, how many skills fit now and which are left out", async () => {
    await s.page.goto(`/agents/v/${versionId}`);
    const catalog = s.page.getByRole("region", { name: "Catalog" });
    await catalog.waitFor();
    await expect.poll(() => catalog.getByTestId("catalog-fit").textContent()).toMatch(/^\d of 8 skills fit in 320/);
    expect(await catalog.getByRole("textbox", { name: /Catalog budget/ }).inputValue()).toBe("320");
    expect(
      await s.page.getByLabel("Skills left out of the catalog").locator(".mantine-Badge-root").count(),
    ).toBeGreaterThan(0);
    await catalog.scrollIntoViewIfNeeded();
    await s.check("01-agent-catalog");
  });

  it("CT-2 'test the catalog' shows the ranking find_skills would answer for a request", async () => {
    const box = s.page.getByRole("form", { name: "Test the catalog" });
    await box.getByRole("textbox", { name: "Test the catalog" }).fill("merge two pdf files into one");
    await box.getByRole("button", { name: "Search" }).click();
    const ranking = box.getByRole("table", { name: "find_skills ranking" });
    await ranking.waitFor();
    await expect.poll(() => ranking.locator("tbody tr").first().textContent()).toContain("pdf-tools");
    await ranking.scrollIntoViewIfNeeded();
    await s.check("02-test-the-catalog");
  });

  it("CT-1 UX-4 an agent of 60 skills: the editor shows them 20 at a time with a filter, reads their live versions in one request (no request per skill), and adds any of 218 published skills by searching", async () => {
    const operations: string[] = [];
    const seen = (request: { url(): string; postData(): string | null }) => {
      const name = /"operationName":"(\w+)"/.exec(request.postData() ?? "")?.[1];
      if (request.url().endsWith("/graphql") && name) operations.push(name);
    };
    s.page.on("request", seen);
    try {
      await s.page.goto(`/agents/v/${bigVersionId}`);
      const editor = new AgentEditor(s.page);
      await s.page.getByRole("heading", { name: "Skills (60)" }).waitFor();
      // most of the 60 are left out of a 400-character catalog: the first 24 are named, the rest on demand
      const leftOut = s.page.getByLabel("Skills left out of the catalog");
      await expect.poll(() => leftOut.locator(".mantine-Badge-root").count()).toBe(24);
      const showAll = leftOut.getByRole("button", { name: /^Show all \d+$/ });
      const omitted = Number(/\d+/.exec((await showAll.textContent()) ?? "")?.[0]);
      expect(omitted).toBeGreaterThan(24);
      await showAll.click();
      await expect.poll(() => leftOut.locator(".mantine-Badge-root").count()).toBe(omitted);
      const entries = s.page.locator('[aria-label^="Skill entry "]');
      await expect.poll(() => entries.count()).toBe(20);
      await expect.poll(() => editor.picker("shelf-001").inputValue()).toBe("Follow live (now version 1)");
      expect(operations.filter((name) => name === "SkillVersionsForPicker")).toEqual([]);
      expect(operations.filter((name) => name === "LiveVersionsOf")).toHaveLength(1);

      const pages = s.page.getByRole("navigation", { name: "Pages of the agent's skills" });
      await pages.getByRole("button", { name: "Next page" }).click();
      await editor.entry("shelf-021").waitFor();
      await expect.poll(() => editor.picker("shelf-040").inputValue()).toBe("Follow live (now version 1)");

      await s.page.getByRole("textbox", { name: "Filter the agent's skills" }).fill("shelf-05");
      await expect.poll(() => entries.count()).toBe(10);
      await editor.entry("shelf-059").waitFor();

      // a skill's versions are read when its list is opened
      await editor.picker("shelf-055").click();
      await s.page.getByRole("option", { name: "Pin version 1 (published)" }).waitFor();
      expect(operations.filter((name) => name === "SkillVersionsForPicker")).toHaveLength(1);
      await s.page.keyboard.press("Escape");

      // shelf-000 is older than the newest 200 published skills: found by its name all the same
      await editor.addSkill("shelf-000");
      await s.page.getByRole("heading", { name: "Skills (61)" }).waitFor();
      // the filter is cleared and the last page shown, where the new entry is
      expect(await s.page.getByRole("textbox", { name: "Filter the agent's skills" }).inputValue()).toBe("");
      await expect.poll(() => entries.count()).toBe(1);
      await editor.entry("shelf-000").scrollIntoViewIfNeeded();
      await s.check("05-many-skills");

      // the skills graph's list of who uses the same skills: 50 rows a page
      await s.page.getByRole("tab", { name: "Skills graph" }).click();
      const usedBy = s.page.getByRole("table", { name: "Used by" });
      await expect.poll(() => usedBy.locator("tbody tr").count()).toBe(50);
      expect(await s.page.getByText("1–50 of 60").count()).toBe(1);
      await s.check("06-many-skills-graph");
    } finally {
      s.page.off("request", seen);
    }
  });

  it("CT-3 the skills list finds skills by part of their name among 218", async () => {
    await s.page.goto("/skills");
    await s.page.getByRole("textbox", { name: "Skill name" }).fill("shelf-00");
    const rows = s.page.getByRole("table", { name: "Skills" }).locator("tbody tr");
    await expect.poll(() => rows.count()).toBe(10);
    for (const row of await rows.all()) expect(await row.textContent()).toMatch(/^shelf-00\d/);
    await s.check("07-skills-by-part-of-a-name");
  });

  it("CT-1 a call of the 60-skill agent lists its resolved skills 25 a page, the loaded one first", async () => {
    await s.page.goto(`/calls/${bigCallId}`);
    const skills = s.page.getByRole("region", { name: "Resolved skills" });
    await skills.waitFor();
    await expect.poll(() => skills.locator("tbody tr").count()).toBe(25);
    expect(await skills.locator("tbody tr").first().textContent()).toMatch(/^shelf-060.*loaded/);
    const pages = s.page.getByRole("navigation", { name: "Pages of resolved skills" });
    expect(await s.page.getByText("1–25 of 60").count()).toBe(1);
    await pages.getByRole("button", { name: "3" }).click();
    await expect.poll(() => skills.locator("tbody tr").count()).toBe(10);
    await s.check("08-many-resolved-skills");
  });

  it("CT-1 the call page says what the catalog listed and which skills it left out", async () => {
    await s.page.goto(`/calls/${callId}`);
    const summary = s.page.getByTestId("catalog-summary");
    await summary.waitFor();
    expect(await summary.textContent()).toMatch(/listed \d of 8 skills within its budget of 320 characters/);
    const skills = s.page.getByRole("region", { name: "Resolved skills" });
    expect(await skills.locator("tr", { hasText: "shipping-desk" }).textContent()).toContain("listed");
    expect(await skills.getByText("left out", { exact: true }).count()).toBeGreaterThan(0);
    await s.check("03-call-catalog");
  });

  it("CT-1 the session page shows the same for a chat session, ranked for its first message", async () => {
    await s.page.goto(`/sessions/${sessionId}`);
    const skills = s.page.getByRole("region", { name: "Resolved skills" });
    await skills.waitFor();
    await s.page.getByTestId("catalog-summary").waitFor();
    expect(await skills.locator("tr", { hasText: "refund-desk" }).textContent()).toContain("listed");
    expect(await skills.getByText("left out", { exact: true }).count()).toBeGreaterThan(0);
    await s.check("04-session-catalog");
  });
});
