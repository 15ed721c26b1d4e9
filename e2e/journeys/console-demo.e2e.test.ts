import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { AgentEditor, AgentsList } from "../pages/agents";
import { ConsoleFrame } from "../pages/console-frame";
import { SkillEditor, SkillsList } from "../pages/skills";
import { repoRoot } from "../support/paths";
import { useConsoleSession } from "../support/session";

const EXPLAIN_BILL = readFileSync(join(repoRoot, "examples", "skills", "explain-bill", "SKILL.md"), "utf8");

// The journey a newcomer takes after `npm install && npm start`: the seeded demo project, signed in with the key the
// server printed. Its screenshots of the editor, the usage graph and the impact preview are the README's.
describe("console journey: the demo project on a fresh install (UX-1, UX-3, UX-4, UX-7)", () => {
  const s = useConsoleSession({ journey: "demo", server: { env: { SEED_DEMO: "true" } } });
  let billingLine = "";

  it("UX-4 the printed demo key signs in to published skills and two published agents", async () => {
    const demoKey = /sgk_[A-Za-z0-9]+/.exec(s.server.output())?.[0];
    expect(demoKey, "the server printed the demo project's key").toBeDefined();
    const frame = new ConsoleFrame(s.page);
    await frame.signIn(demoKey!);
    expect(await frame.project()).toBe("Demo");
    const skills = new SkillsList(s.page);
    await skills.table.getByRole("link", { name: "explain-bill" }).waitFor();
    expect(await skills.rows().count()).toBe(4);
    // keyboard focus is visible: the first stops of Tab draw an outline
    for (let i = 0; i < 3; i++) {
      await s.page.keyboard.press("Tab");
      const focus = await s.page.evaluate(() => {
        const style = getComputedStyle(document.activeElement!);
        return { tag: document.activeElement!.tagName, outline: style.outlineStyle, width: style.outlineWidth };
      });
      expect(focus.outline, `focus on a ${focus.tag}`).not.toBe("none");
      expect(Number.parseFloat(focus.width)).toBeGreaterThan(0);
    }
    await s.check("01-skills");
    await frame.open("Agents");
    const agents = new AgentsList(s.page);
    await agents.table.waitFor();
    expect(await agents.row("billing-line").textContent()).toContain("explain-bill (pinned)");
    await s.check("02-agents");
  });

  it("UX-7 explain-bill is used by both demo agents: listed, and drawn around it with the pin drawn differently", async () => {
    await new ConsoleFrame(s.page).open("Skills");
    await new SkillsList(s.page).openSkill("explain-bill");
    const editor = new SkillEditor(s.page);
    expect(await editor.tab(/^Used by/).textContent()).toBe("Used by (2)");
    const { list, graph, summary } = await editor.usedBy("explain-bill");
    expect(await summary.textContent()).toBe("Used by 2 agent versions: 1 following the live version, 1 pinned.");
    expect(await list.getByRole("row", { name: /support-desk/ }).textContent()).toMatch(/follows live.*version 1/);
    expect(await list.getByRole("row", { name: /billing-line/ }).textContent()).toMatch(/pinned to version 1/);

    expect(await graph.labels("agent")).toEqual(["billing-line", "support-desk"]);
    expect(await graph.labels("skill")).toEqual(["explain-bill"]);
    expect(await graph.root.locator('.usage-node[data-live="true"] .usage-node__label').allTextContents()).toEqual([
      "explain-bill v1",
    ]);
    expect(await graph.edges("follows")).toEqual(["support-desk follows the live version of explain-bill"]);
    expect(await graph.edges("pinned")).toEqual(["billing-line is pinned to version 1 of explain-bill"]);
    // "pinned to v1" and "follows live" are drawn differently: a solid, wider line against a dashed one
    const pinned = await graph.stroke("pinned");
    const follows = await graph.stroke("follows");
    expect(pinned.dash).toBe("none");
    expect(follows.dash).not.toBe("none");
    expect(pinned.color).not.toBe(follows.color);
    expect(Number.parseFloat(pinned.width)).toBeGreaterThan(Number.parseFloat(follows.width));
    await s.check("03-usage-graph");

    // zoom and fit
    const before = await graph.transform();
    await graph.zoomIn();
    await expect.poll(() => graph.transform()).not.toBe(before);
    await graph.fit();

    // a click on an agent opens it
    await graph.open("billing-line");
    await s.page.waitForURL(/\/agents\/v\//);
    billingLine = new URL(s.page.url()).pathname;
    await new AgentEditor(s.page).heading("billing-line · version 1").waitFor();
  });

  it("UX-7 the same graph centred on billing-line: its pinned skill, and the other agent that uses it", async () => {
    const agent = new AgentEditor(s.page);
    const graph = await agent.graph("billing-line");
    expect(await graph.root.locator(".usage-node--focus .usage-node__label").allTextContents()).toEqual([
      "billing-line",
    ]);
    expect(await graph.labels("agent")).toEqual(["billing-line", "support-desk"]);
    expect(await graph.edges("pinned")).toEqual(["billing-line is pinned to version 1 of explain-bill"]);
    expect(s.page.url()).toContain("tab=graph");
    await s.check("04-agent-graph");
    await graph.open("support-desk");
    await agent.heading("support-desk · version 1").waitFor();
  });

  it("UX-4 a save the server refuses shows the reason on its fields; unpinning then saves a new draft", async () => {
    await s.page.goto(billingLine);
    const agent = new AgentEditor(s.page);
    await agent.heading("billing-line · version 1").waitFor();
    // An agent tool named like explain-bill's own tool: the pinned version would collide with it (AG-2).
    await agent.addTool("get_invoices");
    await agent.save();
    const refusal = /its tool 'get_invoices' .* has the name of the agent's tool tools\[0\]/;
    await expect.poll(() => agent.errorOf(agent.picker("explain-bill"))).toMatch(refusal);
    const toolName = s.page.getByLabel("Tool 1", { exact: true }).getByRole("textbox", { name: "Name" });
    expect(await agent.errorOf(toolName)).toMatch(refusal);
    expect(s.page.url()).toContain(billingLine); // nothing was saved
    await s.check("05-save-refused");

    await s.page.getByRole("button", { name: "Remove tool get_invoices" }).click();
    await agent.unpin("explain-bill");
    expect(await agent.picker("explain-bill").inputValue()).toBe("Follow live (now version 1)");
    await agent.save();
    await agent.heading("billing-line · version 2").waitFor();
    expect(await agent.picker("explain-bill").inputValue()).toBe("Follow live (now version 1)");
    await s.check("06-unpinned-draft");
  });

  it("UX-1 a new version of explain-bill: the server's problem on its line, then fixed", async () => {
    await new ConsoleFrame(s.page).open("Skills");
    await new SkillsList(s.page).openSkill("explain-bill");
    const editor = new SkillEditor(s.page);
    await editor.newDraftFromThis();
    await editor.type(EXPLAIN_BILL.replace("name: explain-bill", "name: Explain Bill"));
    await editor.problems.waitFor({ timeout: 15_000 });
    expect(await editor.problems.textContent()).toMatch(/Line 2/);
    // "Line 2" takes the author to the line, underlined there
    await editor.problems.getByRole("button", { name: "Line 2" }).click();
    await s.page.locator(".cm-lintRange-error").first().waitFor();
    await s.check("07-editor-problem");
    await editor.type(EXPLAIN_BILL.replace(/\n*$/, "\n\nAlways end by asking whether the explanation was clear.\n"));
    await editor.heading(/explain-bill · version 2/).waitFor({ timeout: 15_000 });
    await expect.poll(() => editor.status.textContent()).not.toMatch(/Not saved|Checking/);
    expect(await editor.problems.count()).toBe(0);
    await s.check("08-editor-draft");
  });

  it("UX-3 its impact preview names both demo agents as reached now that billing-line's draft follows live", async () => {
    await s.page.keyboard.press("ControlOrMeta+Enter");
    const dialog = await new SkillEditor(s.page).impact();
    expect(await dialog.list("Reached").textContent()).toContain("support-desk");
    expect(await dialog.list("Reached").textContent()).toContain("billing-line");
    expect(await dialog.list("Pinned").textContent()).toContain("billing-line");
    await s.check("09-impact-dialog");
    await dialog.cancel();
  });
});
