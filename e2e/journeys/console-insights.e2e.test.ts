import { stat } from "node:fs/promises";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { ConsoleFrame } from "../pages/console-frame";
import { updateDocsImage } from "../support/console";
import { repoRoot } from "../support/paths";
import { useConsoleSession } from "../support/session";

const skillMd = (name: string, description: string) =>
  ["---", `name: ${name}`, `description: ${description}`, "---", "", `# ${name}`, "", "1. Follow the steps."].join(
    "\n",
  );

const START = `mutation($input: StartCallInput!) { startCall(input: $input) { id } }`;
const LOAD = `mutation($callId: ID!, $name: String!) { loadSkill(callId: $callId, name: $name) { status } }`;
const REPORT = `mutation($input: ReportOutcomeInput!) { reportOutcome(input: $input) { success } }`;

// Skill insights (OB-3, UX-9): calls made through the API, then the Insights page, cap advice and a skill's own chart.
describe("console journey: skill insights from real calls (OB-3, UX-9)", () => {
  const s = useConsoleSession({ journey: "insights", timeout: 15_000 });
  let key = "";

  beforeAll(async () => {
    key = (await s.project("Acme insights")).key;
    await s.publishSkill(key, skillMd("refunds", "Use when the caller asks for a refund."));
    await s.publishSkill(key, skillMd("billing", "Use when the caller asks about a bill."));
    await s.publishSkill(key, skillMd("shipping", "Use when the caller asks where a parcel is."));
    await s.publishSkill(key, skillMd("legacy-faq", "Old answers nobody asks for."));
    const desk = await s.publishAgent(key, {
      name: "support desk",
      prompt: "You help.",
      maxLoadedSkills: 1,
      skills: [{ name: "refunds" }, { name: "billing" }, { name: "legacy-faq" }],
    });
    const courier = await s.publishAgent(key, {
      name: "courier bot",
      prompt: "You track parcels.",
      maxLoadedSkills: 3,
      skills: [{ name: "shipping" }, { name: "refunds" }],
    });
    const call = async (agentId: string, loads: string[], success: boolean | null) => {
      const id = (await s.gql<{ startCall: { id: string } }>(key, START, { input: { agentId } })).startCall.id;
      for (const name of loads) await s.gql(key, LOAD, { callId: id, name });
      if (success !== null) await s.gql(key, REPORT, { input: { callId: id, success } });
      return id;
    };
    for (let i = 0; i < 6; i++) await call(desk, i % 2 ? ["refunds", "billing"] : ["refunds"], i % 3 !== 0);
    for (let i = 0; i < 4; i++) await call(courier, i < 3 ? ["shipping"] : [], i !== 1);
    await new ConsoleFrame(s.page).signIn(key);
  });

  it("OB-3 UX-9 the Insights page: starts and load rate per skill, outcomes, the never-loaded list and cap advice (its docs picture only with UPDATE_DOCS_IMAGES=1)", async () => {
    await s.page.getByRole("link", { name: "Insights" }).click();
    await s.page.waitForURL(/\/insights$/);
    const summary = s.page.getByRole("table", { name: "Skills in this range" });
    await summary.waitFor();
    await expect.poll(() => summary.locator("tbody tr").count()).toBe(4);
    const refunds = summary.locator("tbody tr", { hasText: "refunds" });
    // refunds: 6 desk calls + 4 courier calls started it, the 6 desk calls loaded it
    await expect.poll(() => refunds.locator("td").nth(1).textContent()).toBe("10");
    await expect.poll(() => refunds.locator("td").nth(2).textContent()).toBe("60 %");
    // starts, load rate and outcomes are charts; no skill ran its own tools, so the tool error rate says so
    expect(await s.page.locator(".recharts-surface").count()).toBeGreaterThanOrEqual(3);
    await s.page.getByText("No skill ran one of its own tools in this range.").waitFor();
    await expect.poll(() => s.page.getByText("legacy-faq", { exact: true }).count()).toBeGreaterThan(0);
    const advice = s.page.getByRole("table", { name: "Agents whose cap evicted skills" });
    await expect.poll(() => advice.locator("tbody tr").first().textContent()).toContain("support desk");
    await s.check("01-insights");
    const docsImage = join(repoRoot, "docs/images/console-insights.png");
    const before = (await stat(docsImage)).mtimeMs;
    await updateDocsImage("insights", "01-insights", "console-insights.png");
    // a run leaves the tree's docs alone unless asked (UPDATE_DOCS_IMAGES=1)
    if (process.env.UPDATE_DOCS_IMAGES !== "1") expect((await stat(docsImage)).mtimeMs).toBe(before);
  });

  it("OB-3 cap advice links to the agent's editor; a skill's page shows its own chart", async () => {
    await s.page
      .getByRole("table", { name: "Agents whose cap evicted skills" })
      .getByRole("link", { name: "support desk" })
      .click();
    await s.page.waitForURL(/\/agents\/v\//);
    await s.page
      .getByRole("heading", { name: /support desk/ })
      .first()
      .waitFor();
    await s.check("02-agent-editor-from-cap-advice");
    await s.page.goto("/insights");
    await s.page.getByRole("table", { name: "Skills in this range" }).getByRole("link", { name: "refunds" }).click();
    await s.page.waitForURL(/\/skills\/refunds\/history$/);
    await s.page.getByText("Last 30 days").waitFor();
    await s.page
      .getByRole("application", { name: /Starts and loads of refunds/ })
      .or(s.page.locator(".recharts-surface"))
      .first()
      .waitFor();
    await s.check("03-skill-chart");
  });

  it("CT-3 OB-3 a year by day shows a page of skills, and 'Load more skills' appends the next one", async () => {
    // three more skills with calls: seven in all, past the five a year by day shows a page
    for (const name of ["alpha", "beta", "gamma"]) await s.publishSkill(key, skillMd(name, `Use for ${name}.`));
    const wide = await s.publishAgent(key, {
      name: "wide desk",
      prompt: "You help.",
      maxLoadedSkills: 3,
      skills: [{ name: "alpha" }, { name: "beta" }, { name: "gamma" }],
    });
    await s.gql(key, START, { input: { agentId: wide } });
    await s.page.goto("/insights");
    await s.page.getByText("Last year", { exact: true }).click();
    const summary = s.page.getByRole("table", { name: "Skills in this range" });
    const names = () => summary.locator("tbody tr td:first-child").allTextContents();
    await expect.poll(names).toEqual(["alpha", "beta", "billing", "gamma", "legacy-faq"]);
    await s.page.getByRole("button", { name: "Load more skills" }).click();
    await expect.poll(names).toEqual(["alpha", "beta", "billing", "gamma", "legacy-faq", "refunds", "shipping"]);
    expect(await s.page.getByRole("button", { name: "Load more skills" }).count()).toBe(0);
    await s.check("04-insights-load-more");
  });
});
