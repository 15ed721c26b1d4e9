import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import {
  startScriptedModel,
  type RecordedRequest,
  type ScriptedModel,
  type ScriptedReply,
} from "../../server/test/support/scripted-model";
import { ConsoleFrame } from "../pages/console-frame";
import { EvalPages } from "../pages/evals";
import { SkillEditor } from "../pages/skills";
import { repoRoot } from "../support/paths";
import { useConsoleSession } from "../support/session";

const SKILL = "explain-bill";
const SHORT_DRAFT = [
  "---",
  `name: ${SKILL}`,
  "description: Explains a customer's bill line by line. Use when a caller asks about their bill.",
  "---",
  "",
  "# Explain a bill",
  "",
  "Walk the caller through each charge, then say what changed.",
  "",
].join("\n");

/**
 * The model loads explain-bill when asked about a bill, then answers; asked for an invoice, it calls get_invoices
 * (which no skill offers, so the call fails) and apologises; anything else gets a greeting.
 */
function reply(request: RecordedRequest): ScriptedReply {
  const messages = request.body.messages;
  const user = String(messages.filter((m) => m.role === "user").at(-1)?.content ?? "");
  const answered = messages.some((m) => m.role === "tool");
  if (/invoice/i.test(user) && !answered)
    return { toolCalls: [{ name: "get_invoices", arguments: { account_id: "A-17", limit: 2 } }] };
  if (/invoice/i.test(user)) return { text: "Sorry, I could not fetch your invoices right now." };
  if (/bill/i.test(user) && !answered) return { toolCalls: [{ name: "load_skill", arguments: { name: SKILL } }] };
  return { text: /bill/i.test(user) ? "Your bill went up because of the new rate." : "Hello!" };
}

describe("console journey: scenarios, a run against an agent, the publish gate (EV-1..4)", () => {
  let model: ScriptedModel;
  const s = useConsoleSession({
    journey: "evals",
    timeout: 15_000,
    server: async () => {
      model = await startScriptedModel({ respond: reply });
      return {
        env: {
          MODEL_BASE_URL: model.baseUrl,
          MODEL_NAME: "scripted",
          OUTBOUND_ALLOW_HOSTS: "127.0.0.1",
          EVAL_POLL_INTERVAL_MS: "100",
        },
      };
    },
  });
  let key = "";

  beforeAll(async () => {
    key = (await s.project("Acme evals")).key;
    // The example skill, published, and an agent that lists it.
    const skillMd = await readFile(join(repoRoot, "examples", "skills", SKILL, "SKILL.md"), "utf8");
    await s.publishSkill(key, skillMd);
    await s.publishAgent(key, { name: "billing bot", prompt: "You help with bills.", skills: [{ name: SKILL }] });
    await new ConsoleFrame(s.page).signIn(key);
    return () => model?.close();
  });

  it("EV-4 writes a scenario tagged skill:explain-bill in the scenarios editor", async () => {
    await new ConsoleFrame(s.page).open("Evals");
    await s.page.getByRole("link", { name: "Scenarios" }).click();
    await s.page.getByText("No scenarios yet").waitFor();
    await new EvalPages(s.page).writeScenario({
      name: "explains a bill",
      tags: `skill:${SKILL}`,
      turns: "Why is my bill so high?",
      expectations: [
        { kind: "FUNCTION_CALL", tool: "load_skill", arguments: { name: SKILL } },
        { kind: "REPLY_CONTAINS", text: "new rate" },
      ],
    });
    const table = s.page.getByRole("table", { name: "Scenarios" });
    await table.getByText("explains a bill").waitFor();
    expect(await table.textContent()).toContain(`skill:${SKILL}`);
    await s.check("01-scenarios");
  });

  it("EV-1 EV-3 starts a run against the agent and reads its results per scenario and iteration", async () => {
    // A second scenario (untagged, so the publish gate below does not run it) that fails, for the failure reasons.
    await s.gql(key, `mutation($input: EvalScenarioInput!) { saveEvalScenario(input: $input) { id } }`, {
      input: {
        name: "fetches invoices",
        turns: ["Show me my last invoice"],
        expectations: [
          { kind: "FUNCTION_CALL", tool: "load_skill", arguments: { name: SKILL } },
          { kind: "REPLY_CONTAINS", text: "total" },
        ],
      },
    });
    await s.page.goto("/evals");
    const evals = new EvalPages(s.page);
    await evals.startRun("billing bot", 2);
    await expect.poll(() => s.page.getByTestId("run-status").textContent(), { timeout: 20_000 }).toBe("done");
    await expect.poll(() => s.page.getByTestId("run-passed").textContent()).toBe("2/4 passed");
    const results = evals.results;
    expect(await results.getByText("pass", { exact: true }).count()).toBe(2);
    expect(await results.getByText("fail", { exact: true }).count()).toBe(2);
    expect(await s.page.getByText(`Resolved skills: billing bot: ${SKILL} v1`).count()).toBe(1);
    const row = (scenario: string) => evals.resultRow(scenario);

    // A passing result reads as a conversation: the user's words, the load as a tool call, the reply.
    await row("explains a bill").getByRole("button", { name: "Details" }).click();
    const transcript = results.getByRole("region", { name: "Transcript" });
    await transcript.waitFor();
    expect(await transcript.getByTestId("user-message").innerText()).toMatch(/^User\s+Why is my bill so high\?$/);
    const load = transcript.getByTestId("tool-call");
    expect(await load.count()).toBe(1);
    expect(await load.getByText("load_skill", { exact: true }).isVisible()).toBe(true);
    expect(await load.getByText("ok", { exact: true }).isVisible()).toBe(true);
    expect(await transcript.getByTestId("assistant-message").innerText()).toContain("the new rate");
    // Not a JSON dump: no message or tool call is shown as its JSON.
    expect(await results.getByText(/"role":|"tool":/).count()).toBe(0);
    // The arguments open on demand, pretty-printed.
    await load.getByText("Arguments").click();
    await load.getByText(`"name": "${SKILL}"`).waitFor();
    const expectations = results.getByRole("list", { name: "Expectations" });
    expect(await expectations.innerText()).toMatch(/✓ met\s+Calls load_skill with \{"name":"explain-bill"\}/);
    await s.check("02-run-results");

    // A failing one says which expectation failed and why, and shows the tool call's error.
    await row("fetches invoices").getByRole("button", { name: "Details" }).click();
    await transcript.getByText("Show me my last invoice").waitFor();
    const failed = transcript.getByTestId("tool-call");
    expect(await failed.getByText("get_invoices", { exact: true }).isVisible()).toBe(true);
    expect(await failed.getByText(/^Error: No tool named 'get_invoices' is offered/).isVisible()).toBe(true);
    expect(await results.getByTestId("failure-reason").allInnerTexts()).toEqual([
      "load_skill was never called (calls: get_invoices).",
      "The last reply does not contain “total”: it was “Sorry, I could not fetch your invoices right now.”.",
    ]);
    await s.check("02b-run-failure");
    await s.page.getByRole("link", { name: "← Eval runs" }).click();
    await s.page.getByRole("table", { name: "Eval runs" }).getByText("done").waitFor();
    await s.check("03-runs");
  });

  it("the impact dialog evaluates a draft against the live version on demand: candidate 3/3, live 3/3", async () => {
    const draft = await s.gql<{ createSkillVersion: { id: string } }>(
      key,
      `mutation($md: String!) { createSkillVersion(input: { skillMd: $md }) { id } }`,
      // Short, so the editor behind the dialog does not scroll (a long SKILL.md trips axe's scrollable-region rule).
      { md: SHORT_DRAFT },
    );
    await s.page.goto(`/skills/v/${draft.createSkillVersion.id}`);
    const dialog = (await new SkillEditor(s.page).openPublish()).root;
    const before = model.requests.length;
    await dialog.getByRole("button", { name: /^Evaluate/ }).click();
    const evaluation = dialog.getByTestId("evaluation");
    await evaluation.waitFor({ timeout: 20_000 });
    expect(await evaluation.textContent()).toBe("billing bot: candidate 3/3 (loaded 3/3), live 3/3 (loaded 3/3)");
    // Two model requests per iteration (the load, then the answer), candidate and live — once: nothing asks again.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(model.requests.length - before).toBe(12);
    await s.check("04-impact-evaluation");
    await dialog.getByRole("button", { name: "Cancel" }).click();
  });
});
