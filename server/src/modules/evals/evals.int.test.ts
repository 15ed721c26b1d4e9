import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { findInDatabase } from "../../../test/support/db-scan";
import { refusal } from "../../../test/support/agents";
import { publishAgent, publishSkill } from "../../../test/support/calls";
import {
  billingReply,
  readRun,
  saveScenario,
  settledRun,
  startRun,
  systemOf,
  type EvalRunView,
} from "../../../test/support/evals";
import { startReceiver, type Receiver } from "../../../test/support/receiver";
import { startScriptedModel, type ScriptedModel } from "../../../test/support/scripted-model";
import { describeEachDialect } from "../../../test/support/test-app";
import { until } from "../../../test/support/wait";

const BILL = "Explain my bill please";
const START_RUN_QUERY = `mutation($input: StartEvalRunInput!) { startEvalRun(input: $input) { id } }`;
const loadExpectation = { kind: "FUNCTION_CALL", tool: "load_skill", arguments: { name: "explain_bill" } };

describeEachDialect("evals", { outboundAllowHosts: ["127.0.0.1"], chatMaxToolRounds: 5 }, (t) => {
  let model: ScriptedModel;
  let receiver: Receiver;
  let key: string;
  let agentId: string;
  let secondAgentId: string;
  let modelConfig: { baseUrl: string; model: string; apiKey: string | null };

  const invoicesTool = () => ({
    name: "get_invoices",
    description: "Lists invoices.",
    webhookUrl: `${receiver.url}/invoices`,
    parameters: { type: "object", properties: { month: { type: "string" }, account: { type: "string" } } },
  });

  beforeAll(async () => {
    model = await startScriptedModel({ respond: billingReply });
    receiver = await startReceiver({ respond: () => ({ body: { invoices: ["REAL-1"] } }) });
    modelConfig = model.endpoint("billing-model");
    key = (await t.project("evals")).adminKey;
    await publishSkill(t, key, "explain_bill", { body: "Bill instructions v1.", tools: [invoicesTool()] });
    await publishSkill(t, key, "unrelated", { body: "Something else." });
    agentId = await publishAgent(t, key, {
      name: "billing-bot",
      skills: [{ name: "explain_bill" }],
      model: modelConfig,
    });
    secondAgentId = await publishAgent(t, key, {
      name: "second-bot",
      skills: [{ name: "explain_bill" }, { name: "unrelated" }],
      model: modelConfig,
    });
    await publishAgent(t, key, { name: "other-bot", skills: [{ name: "unrelated" }], model: modelConfig });
    t.app.evalWorker.start({ pollIntervalMs: 20 });
  });
  afterAll(async () => {
    await model?.close();
    await receiver?.close();
  });
  beforeEach(() => {
    model.reset();
    receiver.requests.length = 0;
  });

  it("EV-1 a run resolves its skills once before the first iteration: a publish mid-run changes nothing, progress reads while it runs", async () => {
    const { adminKey } = await t.project("evals EV-1");
    await publishSkill(t, adminKey, "explain_bill", { body: "Bill instructions v1.", tools: [invoicesTool()] });
    const agent = await publishAgent(t, adminKey, {
      name: "bot",
      skills: [{ name: "explain_bill" }],
      model: modelConfig,
    });
    const scenario = await saveScenario(t, adminKey, { name: "bill", turns: [BILL], expectations: [loadExpectation] });
    let release!: () => void;
    const held = new Promise<void>((ok) => (release = ok));
    let answered = 0;
    model.respondWith(async (request) => {
      // The second iteration waits until the test published v2.
      if (answered++ === 3) await held;
      return billingReply(request);
    });
    const queued = await startRun(t, adminKey, {
      target: { agentId: agent },
      scenarioIds: [scenario.id],
      iterations: 3,
    });
    expect([queued.status, queued.progress, queued.resolvedConfig, queued.results]).toEqual(["queued", 0, {}, []]);
    let v1: Record<string, unknown> | undefined;
    // A failure here must not leave the model holding the run (the worker runs one run at a time).
    try {
      const running = await until(async () => {
        const run = await readRun(t, adminKey, queued.id);
        return run.status === "running" && run.results.length === 1 ? run : null;
      });
      expect(running.progress).toBeCloseTo(1 / 3);
      expect(running.total).toBe(3);
      [v1] = running.resolvedConfig.resolved_skills!;
      expect(v1).toMatchObject({ name: "explain_bill", version: 1, pinned: false, agent_id: agent });
      await publishSkill(t, adminKey, "explain_bill", { body: "Bill instructions v2.", tools: [invoicesTool()] });
    } finally {
      release();
    }
    const run = await settledRun(t, adminKey, queued.id);
    expect(run.status).toBe("done");
    expect(run.progress).toBe(1);
    expect(run.resolvedConfig.resolved_skills).toEqual([v1]);
    expect(run.results.map((r) => r.iteration)).toEqual([1, 2, 3]);
    for (const result of run.results) {
      const system = result.transcript[0]!;
      expect(system.role).toBe("system");
      expect(system.content).toContain("Bill instructions v1.");
      expect(system.content).not.toContain("v2");
    }
    expect(model.requests.every((r) => !systemOf(r).includes("v2"))).toBe(true);
  });

  it("EV-1 a run's progress, passRate and results are one snapshot: read while the worker stores results, they agree", async () => {
    const { adminKey } = await t.project("evals snapshot");
    await publishSkill(t, adminKey, "explain_bill", { body: "Bill instructions.", tools: [invoicesTool()] });
    const agent = await publishAgent(t, adminKey, {
      name: "bot",
      skills: [{ name: "explain_bill" }],
      model: modelConfig,
    });
    const scenario = await saveScenario(t, adminKey, { name: "bill", turns: [BILL], expectations: [loadExpectation] });
    const ITERATIONS = 24;
    const queued = await startRun(t, adminKey, {
      target: { agentId: agent },
      scenarioIds: [scenario.id],
      iterations: ITERATIONS,
    });
    const PAGE = `query { evalRuns(limit: 1) { items { id status progress passRate total results { passed } } } }`;
    const agree = (run: Pick<EvalRunView, "status" | "progress" | "passRate" | "total" | "results">, how: string) => {
      const passed = run.results.filter((r) => r.passed).length;
      if (run.status === "running") expect(Math.round(run.progress * run.total), how).toBe(run.results.length);
      expect(run.passRate, how).toBe(run.results.length === 0 ? null : passed / run.results.length);
    };
    let reads = 0;
    let status = queued.status;
    // Reads race the worker's writes: the one read, then the page, back to back until the run is done.
    while (status !== "done" && status !== "failed") {
      const [one, page] = await Promise.all([
        readRun(t, adminKey, queued.id),
        t.ok<{ evalRuns: { items: EvalRunView[] } }>(PAGE, {}, adminKey),
      ]);
      agree(one, `evalRun, read ${reads}`);
      agree(page.evalRuns.items[0]!, `evalRuns, read ${reads}`);
      status = one.status;
      reads += 1;
    }
    expect(status).toBe("done");
    const done = await readRun(t, adminKey, queued.id);
    expect([done.progress, done.results.length]).toEqual([1, ITERATIONS]);
    expect(reads).toBeGreaterThan(3);
  });

  it("EV-1 an inline target names skills; one that does not resolve is a skills_skipped warning; its secrets are sealed", async () => {
    const scenario = await saveScenario(t, key, { name: "hello", turns: ["Hi"], expectations: [] });
    const apiKey = `sk-inline-${randomUUID()}`;
    const toolSecret = `whsec-inline-${randomUUID()}`;
    const queued = await startRun(t, key, {
      target: {
        inlineAgent: {
          name: "inline-bot",
          skills: [{ name: "explain_bill" }, { name: "ghost" }],
          tools: [{ ...invoicesTool(), name: "own_tool", webhookSecret: toolSecret }],
          model: { ...modelConfig, apiKey },
        },
      },
      scenarioIds: [scenario.id],
    });
    const run = await settledRun(t, key, queued.id);
    expect(run.status).toBe("done");
    expect(run.resolvedConfig.resolved_skills!.map((s) => [s.name, s.agent_id])).toEqual([["explain_bill", null]]);
    expect(run.warnings.some((w) => w.startsWith("skills_skipped") && w.includes("ghost"))).toBe(true);
    expect(run.results).toHaveLength(1);
    expect(run.results[0]!.agentId).toBeNull();
    // SEC-10: the inline agent's secrets were used (the model got its key) and are in no column of any table.
    expect(model.requests.at(-1)!.headers.authorization).toBe(`Bearer ${apiKey}`);
    for (const secret of [apiKey, toolSecret]) expect(await findInDatabase(t.app.db, secret)).toEqual([]);
  });

  it("EV-2 load_skill is never mocked: a mock naming it is refused when saved", async () => {
    const res = await t.gql(
      `mutation($input: EvalScenarioInput!) { saveEvalScenario(input: $input) { id } }`,
      {
        input: {
          name: "mocked load",
          turns: [BILL],
          expectations: [],
          mocks: [
            { tool: "get_invoices", result: {} },
            { tool: "load_skill", result: { status: "LOADED" } },
          ],
        },
      },
      key,
    );
    const refused = refusal(res);
    expect(refused.code).toBe("BAD_USER_INPUT");
    expect(refused.details.field).toBe("mocks[1].tool");
  });

  it("EV-2 skill tools are mocked (result or error) while load_skill runs for real; the reply reads the mock", async () => {
    const ok = await saveScenario(t, key, {
      name: "mocked invoices",
      turns: [BILL],
      expectations: [loadExpectation, { kind: "REPLY_CONTAINS", text: "MOCK-1" }],
      mocks: [{ tool: "get_invoices", result: { invoices: ["MOCK-1"] } }],
    });
    const failing = await saveScenario(t, key, {
      name: "failing invoices",
      turns: [BILL],
      expectations: [{ kind: "REPLY_CONTAINS", text: "billing system down" }],
      mocks: [{ tool: "get_invoices", error: "billing system down" }],
    });
    const run = await settledRun(
      t,
      key,
      (await startRun(t, key, { target: { agentId }, scenarioIds: [ok.id, failing.id] })).id,
    );
    expect(run.status).toBe("done");
    expect(receiver.requests).toHaveLength(0);
    const [first, second] = run.results;
    expect(first!.toolCalls.map((c) => [c.tool, c.mocked])).toEqual([
      ["load_skill", false],
      ["get_invoices", true],
    ]);
    expect(first!.toolCalls[0]!.result).toMatchObject({ status: "LOADED", skill: "explain_bill" });
    expect(first!.toolCalls[1]).toEqual({
      tool: "get_invoices",
      arguments: { month: "may", account: "A1" },
      result: { invoices: ["MOCK-1"] },
      mocked: true,
    });
    expect(first!.passed).toBe(true);
    expect(second!.toolCalls[1]).toMatchObject({
      mocked: true,
      result: { status: "error", error: "billing system down" },
    });
    expect(second!.passed).toBe(true);
    // The transcript is the conversation as the model saw it, in OpenAI form.
    expect(first!.transcript.map((m) => m.role)).toEqual([
      "system",
      "user",
      "assistant",
      "tool",
      "assistant",
      "tool",
      "assistant",
    ]);
    expect(first!.transcript[3]!.tool_call_id).toBeTruthy();
  });

  it("EV-2 under mockOnly a tool with no mock is refused (its result says so) and the iteration goes on; without it the tool runs", async () => {
    const strict = await saveScenario(t, key, { name: "strict", turns: [BILL], expectations: [], mockOnly: true });
    const open = await saveScenario(t, key, { name: "open", turns: [BILL], expectations: [] });
    const run = await settledRun(
      t,
      key,
      (await startRun(t, key, { target: { agentId }, scenarioIds: [strict.id, open.id] })).id,
    );
    const [refused, ran] = run.results;
    expect(refused!.toolCalls.map((c) => [c.tool, c.mocked])).toEqual([
      ["load_skill", false],
      ["get_invoices", false],
    ]);
    expect(refused!.toolCalls[1]!.result).toMatchObject({
      status: "refused",
      error: expect.stringMatching(/mock_only.*get_invoices/),
    });
    expect(refused!.transcript.at(-1)).toMatchObject({
      role: "assistant",
      content: expect.stringContaining("mock_only"),
    });
    expect(ran!.toolCalls[1]).toMatchObject({ mocked: false, result: { invoices: ["REAL-1"] } });
    expect(receiver.requests.map((r) => r.path)).toEqual(["/invoices"]);
  });

  it("EV-3 a FUNCTION_CALL expectation on load_skill passes when the agent loads the skill and fails when it does not; arguments match as a subset", async () => {
    const bill = await saveScenario(t, key, {
      name: "bill asked",
      turns: [BILL],
      expectations: [
        loadExpectation,
        { kind: "FUNCTION_CALL", tool: "get_invoices", arguments: { month: "may" } },
        { kind: "REPLY_NOT_CONTAINS", text: "Hello" },
      ],
      mocks: [{ tool: "get_invoices", result: { invoices: [] } }],
    });
    const wrong = await saveScenario(t, key, {
      name: "bill, wrong month",
      turns: [BILL],
      expectations: [{ kind: "FUNCTION_CALL", tool: "get_invoices", arguments: { month: "june" } }],
      mocks: [{ tool: "get_invoices", result: { invoices: [] } }],
    });
    const greeting = await saveScenario(t, key, {
      name: "greeting",
      turns: ["Hi there"],
      expectations: [loadExpectation],
    });
    const run = await settledRun(
      t,
      key,
      (await startRun(t, key, { target: { agentId }, scenarioIds: [bill.id, wrong.id, greeting.id], iterations: 2 }))
        .id,
    );
    const passedBy = (id: string) => run.results.filter((r) => r.scenarioId === id).map((r) => r.passed);
    expect(passedBy(bill.id)).toEqual([true, true]);
    expect(passedBy(wrong.id)).toEqual([false, false]);
    expect(passedBy(greeting.id)).toEqual([false, false]);
    expect(run.results.find((r) => r.scenarioId === greeting.id)!.expectations).toEqual([
      { ...loadExpectation, passed: false },
    ]);
    expect(run.passRate).toBeCloseTo(2 / 6);
  });

  it("EV-4 a run can target every agent the skill's usage lists, with the scenarios tagged skill:<name> by default", async () => {
    const tagged = await saveScenario(t, key, {
      name: "tagged",
      tags: ["skill:explain_bill"],
      turns: ["Hi"],
      expectations: [],
    });
    await saveScenario(t, key, { name: "untagged", tags: ["other"], turns: ["Hi"], expectations: [] });
    const listed = await t.ok<{ evalScenarios: { items: Array<{ id: string }>; total: number } }>(
      `query { evalScenarios(tag: "skill:explain_bill") { items { id } total } }`,
      {},
      key,
    );
    expect(listed.evalScenarios.items.map((s) => s.id)).toEqual([tagged.id]);
    const run = await settledRun(t, key, (await startRun(t, key, { target: { skillUsage: "explain_bill" } })).id);
    expect(run.status).toBe("done");
    expect(new Set(run.results.map((r) => r.agentId))).toEqual(new Set([agentId, secondAgentId]));
    expect(new Set(run.results.map((r) => r.scenarioId))).toEqual(new Set([tagged.id]));
    const resolved = run.resolvedConfig.resolved_skills!.map((s) => `${s.agent_id}:${s.name}`).sort();
    expect(resolved).toEqual(
      [`${agentId}:explain_bill`, `${secondAgentId}:explain_bill`, `${secondAgentId}:unrelated`].sort(),
    );
  });

  it("EV-5 an eval run records no call events and sends no webhooks", async () => {
    const { adminKey } = await t.project("evals EV-5");
    await publishSkill(t, adminKey, "explain_bill", { body: "Bill.", tools: [invoicesTool()] });
    const agent = await publishAgent(t, adminKey, {
      name: "bot",
      skills: [{ name: "explain_bill" }],
      model: modelConfig,
    });
    await t.ok(
      `mutation($url: String!) { createWebhookSubscription(url: $url, eventTypes: ["skill.loaded", "skill.unloaded", "call.ended"]) { secret } }`,
      { url: `${receiver.url}/events` },
      adminKey,
    );
    const scenario = await saveScenario(t, adminKey, {
      name: "bill",
      turns: [BILL, "And my bill again"],
      expectations: [loadExpectation],
      mocks: [{ tool: "get_invoices", result: { invoices: [] } }],
    });
    const run = await settledRun(
      t,
      adminKey,
      (await startRun(t, adminKey, { target: { agentId: agent }, scenarioIds: [scenario.id] })).id,
    );
    expect(run.results[0]!.toolCalls.filter((c) => c.tool === "load_skill")).toHaveLength(1);
    const seen = await t.ok<{ calls: { total: number }; webhookDeliveries: { total: number } }>(
      `query { calls { total } webhookDeliveries { total } }`,
      {},
      adminKey,
    );
    expect(seen).toEqual({ calls: { total: 0 }, webhookDeliveries: { total: 0 } });
    const counted = await t.app.db.read((m) => m.query(`SELECT COUNT(*) AS n FROM call_events`));
    expect(Number((counted as Array<{ n: number | string }>)[0]!.n)).toBe(0);
    expect(receiver.requests.filter((r) => r.path === "/events")).toHaveLength(0);
  });

  it("bad input is BAD_USER_INPUT with the field: a FUNCTION_CALL naming no tool, no turns, over 1000 iterations, no target", async () => {
    const scenario = await saveScenario(t, key, { name: "ok", turns: ["Hi"], expectations: [] });
    const cases: Array<[string, Record<string, unknown>, string, RegExp]> = [
      [
        `mutation($input: EvalScenarioInput!) { saveEvalScenario(input: $input) { id } }`,
        { input: { name: "x", turns: ["Hi"], expectations: [{ kind: "FUNCTION_CALL" }] } },
        "expectations[0].tool",
        /names no tool/,
      ],
      [
        `mutation($input: EvalScenarioInput!) { saveEvalScenario(input: $input) { id } }`,
        { input: { name: "x", turns: [], expectations: [] } },
        "turns",
        /at least one turn/,
      ],
      [
        `mutation($input: StartEvalRunInput!) { startEvalRun(input: $input) { id } }`,
        { input: { target: { agentId }, scenarioIds: [scenario.id], iterations: 1001 } },
        "iterations",
        /1 to 1000; it is 1001/,
      ],
      [
        `mutation($input: StartEvalRunInput!) { startEvalRun(input: $input) { id } }`,
        { input: { target: {}, scenarioIds: [scenario.id] } },
        "target",
        /exactly one/,
      ],
    ];
    for (const [query, variables, field, message] of cases) {
      const refused = refusal(await t.gql(query, variables, key));
      expect([refused.code, refused.details.field], field).toEqual(["BAD_USER_INPUT", field]);
      expect(refused.message).toMatch(message);
    }
  });

  it("SEC-22 a scenario turn takes up to 100,000 characters, the one limit its refusal names (a 3,000-character turn saves)", async () => {
    const long = "Explain my bill. ".repeat(180); // about 3,000 characters: a pasted transcript
    const saved = await saveScenario(t, key, { name: "long turn", turns: [long], expectations: [] });
    expect(saved.name).toBe("long turn");
    const refused = refusal(
      await t.gql(
        `mutation($input: EvalScenarioInput!) { saveEvalScenario(input: $input) { id } }`,
        {
          input: { name: "too long", turns: ["x".repeat(100_001)], expectations: [] },
        },
        key,
      ),
    );
    expect(refused.code).toBe("BAD_USER_INPUT");
    expect(refused.message).toMatch(/100,?000/);
  });

  it("EV-4 an empty target.agentId is refused like any unknown agent (BAD_USER_INPUT on target.agentId), never an internal error", async () => {
    const scenario = await saveScenario(t, key, { name: "empty agent id", turns: ["Hi"], expectations: [] });
    for (const agent of ["", "garbage"]) {
      const res = await t.gql(
        START_RUN_QUERY,
        { input: { target: { agentId: agent }, scenarioIds: [scenario.id] } },
        key,
      );
      expect(res.errors?.[0]?.extensions, JSON.stringify(agent)).toMatchObject({
        code: "BAD_USER_INPUT",
        details: { field: "target.agent_id" },
      });
    }
  });

  it("EV-4 SK-1 a skillUsage target is the skill's name after NFKC: its usage and its skill:<name> scenarios are found", async () => {
    const { adminKey } = await t.project("evals EV-4 NFKC");
    await publishSkill(t, adminKey, "explain_bill", { body: "Bill instructions." });
    await publishAgent(t, adminKey, { name: "bot", skills: [{ name: "explain_bill" }], model: modelConfig });
    await saveScenario(t, adminKey, { name: "bill", tags: ["skill:explain_bill"], turns: [BILL], expectations: [] });
    // U+FF45 FULLWIDTH LATIN SMALL LETTER E: NFKC makes it 'e'.
    const run = await startRun(t, adminKey, { target: { skillUsage: "\uFF45xplain_bill" } });
    expect(run.status).toBe("queued");
  });

  it("EV-4 SK-1 a scenario tag names a skill after NFKC: a tag typed in another spelling (decomposed 'café') finds the skill's scenarios", async () => {
    const { adminKey } = await t.project("evals EV-4 tag NFKC");
    await publishSkill(t, adminKey, "caf\u00e9", { body: "Coffee." });
    await publishAgent(t, adminKey, { name: "barista", skills: [{ name: "caf\u00e9" }], model: modelConfig });
    await saveScenario(t, adminKey, { name: "order", tags: ["skill:cafe\u0301"], turns: [BILL], expectations: [] });
    const tagged = await t.ok<{ evalScenarios: { items: Array<{ tags: string[] }> } }>(
      `query($tag: String) { evalScenarios(tag: $tag) { items { tags } } }`,
      { tag: "skill:caf\u00e9" },
      adminKey,
    );
    expect(tagged.evalScenarios.items).toEqual([{ tags: ["skill:caf\u00e9"] }]);
    const run = await startRun(t, adminKey, { target: { skillUsage: "caf\u00e9" } });
    expect(run.status).toBe("queued");
  });

  it("PJ-1 saving a scenario under an id that names none (garbage, empty, another project's) is NOT_FOUND and creates nothing", async () => {
    const { adminKey } = await t.project("evals save unknown id");
    const other = await t.project("evals save unknown id, other");
    const theirs = await saveScenario(t, other.adminKey, { name: "theirs", turns: ["Hi"], expectations: [] });
    const SAVE = `mutation($id: ID, $input: EvalScenarioInput!) { saveEvalScenario(id: $id, input: $input) { id } }`;
    for (const id of ["garbage", "", theirs.id]) {
      const res = await t.gql(SAVE, { id, input: { name: "mine", turns: ["Hi"], expectations: [] } }, adminKey);
      expect(res.errors?.[0]?.extensions?.code, JSON.stringify(id)).toBe("NOT_FOUND");
    }
    const left = await t.ok<{ evalScenarios: { total: number } }>(`query { evalScenarios { total } }`, {}, adminKey);
    expect(left.evalScenarios.total).toBe(0);
  });

  it("SEC-15 a scenario saved while it is deleted is never brought back: when both answer success, it is gone", async () => {
    const { adminKey } = await t.project("evals save-delete race");
    const SAVE = `mutation($id: ID, $input: EvalScenarioInput!) { saveEvalScenario(id: $id, input: $input) { id } }`;
    const LIST = `query { evalScenarios(limit: 200) { items { id name } } }`;
    for (let i = 0; i < 10; i++) {
      const scenario = await saveScenario(t, adminKey, { name: `race ${i}`, turns: ["Hi"], expectations: [] });
      const [deleted, saved] = await Promise.all([
        t.gql(`mutation($id: ID!) { deleteEvalScenario(id: $id) }`, { id: scenario.id }, adminKey),
        t.gql(
          SAVE,
          { id: scenario.id, input: { name: `race ${i} edited`, turns: ["Hi"], expectations: [] } },
          adminKey,
        ),
      ]);
      expect(deleted.errors, JSON.stringify(deleted.errors)).toBeUndefined();
      const left = (await t.ok<{ evalScenarios: { items: Array<{ id: string }> } }>(LIST, {}, adminKey)).evalScenarios
        .items;
      // Either order is fine: the save first (both succeed, the delete removes it) or the delete first (NOT_FOUND).
      expect(saved.errors?.[0]?.extensions?.code ?? "OK").toMatch(/^(OK|NOT_FOUND)$/);
      expect(
        left.map((s) => s.id),
        `round ${i}`,
      ).not.toContain(scenario.id);
    }
  });

  it("an upstream that fails mid-run ends the run failed with the reason; finished iterations are kept", async () => {
    const scenario = await saveScenario(t, key, { name: "greeting", turns: ["Hi"], expectations: [] });
    let answered = 0;
    model.respondWith((request) =>
      answered++ < 2 ? billingReply(request) : { fail: 503, message: "The upstream is overloaded." },
    );
    const run = await settledRun(
      t,
      key,
      (await startRun(t, key, { target: { agentId }, scenarioIds: [scenario.id], iterations: 5 })).id,
    );
    expect(run.status).toBe("failed");
    expect(run.error).toMatch(/503|overloaded/);
    expect(run.results.map((r) => r.iteration)).toEqual([1, 2]);
    expect(run.progress).toBeCloseTo(2 / 5);
    expect(run.finishedAt).not.toBeNull();
  });

  it("roles: a viewer reads scenarios and runs but saves, deletes and starts nothing", async () => {
    const viewer = (
      await t.ok<{ createApiKey: { key: string } }>(
        `mutation { createApiKey(name: "v", role: VIEWER) { key } }`,
        {},
        key,
      )
    ).createApiKey.key;
    const scenario = await saveScenario(t, key, { name: "for viewer", turns: ["Hi"], expectations: [] });
    const reads = await t.gql(`query { evalScenarios { total } evalRuns { total } }`, {}, viewer);
    expect(reads.errors).toBeUndefined();
    const writes = [
      t.gql(`mutation { saveEvalScenario(input: { name: "v", turns: ["Hi"], expectations: [] }) { id } }`, {}, viewer),
      t.gql(`mutation($id: ID!) { deleteEvalScenario(id: $id) }`, { id: scenario.id }, viewer),
      t.gql(
        `mutation($input: StartEvalRunInput!) { startEvalRun(input: $input) { id } }`,
        { input: { target: { agentId }, scenarioIds: [scenario.id] } },
        viewer,
      ),
    ];
    for (const res of await Promise.all(writes)) expect(refusal(res).code).toBe("FORBIDDEN");
    expect(await t.ok(`mutation($id: ID!) { deleteEvalScenario(id: $id) }`, { id: scenario.id }, key)).toEqual({
      deleteEvalScenario: scenario.id,
    });
  });
});
