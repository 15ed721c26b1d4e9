import { beforeAll, describe, expect, it } from "vitest";
import { startScriptedModel, type ScriptedModel } from "../../server/test/support/scripted-model";
import { CATALOG_SKILLS } from "../../server/test/support/catalog";
import { ConsoleFrame } from "../pages/console-frame";
import { useConsoleSession } from "../support/session";

const skillMd = (name: string, description: string) =>
  ["---", `name: ${name}`, `description: ${description}`, "---", "", `# ${name}`, "", "1. Follow the steps."].join(
    "\n",
  );

const START = `mutation($input: StartCallInput!) { startCall(input: $input) { id } }`;
const SEND = `mutation($input: SendMessageInput!) { sendMessage(input: $input) { session { id } } }`;
const VERSIONS = `{ agents(latest: true, page: 1, limit: 10) { items { id name } } }`;

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
    const versions = await s.gql<{ agents: { items: Array<{ id: string; name: string }> } }>(key, VERSIONS);
    versionId = versions.agents.items.find((v) => v.name === "help desk")!.id;
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
