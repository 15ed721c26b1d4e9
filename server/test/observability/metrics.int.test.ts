import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import { rolloutArm } from "../../src/modules/runtime";
import { loadSkill, publishAgent, publishSkill, runToolRaw, startCall } from "../support/calls";
import { SEND_MESSAGE } from "../support/chat";
import { saveScenario, startRun } from "../support/evals";
import { postChat, startGatewayKit, UPSTREAM_MODEL, type GatewayKit } from "../support/gateway-kit";
import { grew, parsePrometheus, scrape, series, type Samples } from "../support/prometheus";
import { startReceiver, type Receiver } from "../support/receiver";
import { describeEachDialect } from "../support/test-app";
import { until } from "../support/wait";

/** OB-2: GET /metrics, its token, and what it counts, read back as Prometheus text before and after real operations. */

const TOKEN = `metrics-${randomBytes(12).toString("hex")}`;

describeEachDialect.withOwnApps("OB-2 metrics", (dialect) => {
  let kit: GatewayKit;
  let hooks: Receiver;
  let key: string;
  let agentId: string;
  const read = async (): Promise<Samples> => {
    const res = await scrape(kit.t.url, TOKEN);
    expect(res.status).toBe(200);
    return parsePrometheus(res.text);
  };

  beforeAll(async () => {
    hooks = await startReceiver({
      respond: (request) => (request.path === "/skill/broken" ? { status: 500, body: { error: "down" } } : 200),
    });
    kit = await startGatewayKit(dialect, { metricsToken: TOKEN });
    key = kit.key;
    const secret = `whsec_${randomBytes(24).toString("base64")}`;
    const webhook = (name: string) => ({
      name,
      description: `The ${name} tool.`,
      webhookUrl: `${hooks.url}/skill/${name}`,
      webhookSecret: secret,
    });
    await publishSkill(kit.t, key, "billing", {
      description: "Use for bills.",
      tools: [webhook("check_balance"), webhook("broken")],
    });
    await publishSkill(kit.t, key, "refunds", { description: "Use for refunds." });
    agentId = await publishAgent(kit.t, key, {
      name: "desk",
      prompt: "You help.",
      maxLoadedSkills: 1,
      skills: [{ name: "billing" }, { name: "refunds" }],
    });
  });
  afterAll(async () => {
    await kit?.close();
    await hooks?.close();
  });

  it("OB-2 with METRICS_TOKEN set, /metrics wants its bearer: none or a wrong one is 401 and names no metric", async () => {
    for (const token of [undefined, "wrong", `${TOKEN}x`]) {
      const refused = await scrape(kit.t.url, token);
      expect(refused.status).toBe(401);
      expect(refused.text).not.toContain("skillgraph_");
      expect(refused.text).toContain("METRICS_TOKEN");
    }
    const served = await scrape(kit.t.url, TOKEN);
    expect(served.status).toBe(200);
    expect(served.type).toMatch(/^text\/plain; version=0\.0\.4/);
    const samples = parsePrometheus(served.text);
    const names = [...samples.keys()].map((k) => k.replace(/\{.*$/, ""));
    expect(names.every((name) => name.startsWith("skillgraph_"))).toBe(true);
    // Event-loop lag (Node's monitor) and the eval queue are there before anything ran.
    expect(samples.has("skillgraph_nodejs_eventloop_lag_seconds")).toBe(true);
    expect(samples.get("skillgraph_eval_runs_queued")).toBe(0);
    expect(samples.has(series("skillgraph_db_pool_connections", { state: "total" }))).toBe(dialect === "postgres");
  });

  it("OB-2 SEC-28 call starts, loads and evictions, tool runs and errors by origin (no skill or tool name), and GraphQL and HTTP durations by operation and route", async () => {
    const before = await read();
    const calls = [await startCall(kit.t, key, { agentId }), await startCall(kit.t, key, { agentId })];
    await loadSkill(kit.t, key, calls[0]!.id, "billing");
    await loadSkill(kit.t, key, calls[0]!.id, "billing"); // already loaded: no second load
    await loadSkill(kit.t, key, calls[0]!.id, "refunds"); // the cap of 1 evicts billing
    await loadSkill(kit.t, key, calls[1]!.id, "billing");
    expect((await runToolRaw(kit.t, key, calls[1]!.id, "check_balance", {})).data?.runTool).toMatchObject({
      status: "ok",
    });
    expect((await runToolRaw(kit.t, key, calls[1]!.id, "broken", {})).data?.runTool).toMatchObject({
      status: "error",
    });
    const after = await read();

    const count = (name: string, labels: Record<string, string>) => grew(before, after, series(name, labels));
    expect(count("skillgraph_call_starts_total", { kind: "call" })).toBe(2);
    // SEC-28: per-skill figures live in the project-scoped insights API; here skills and tools are counted in total.
    expect(count("skillgraph_skill_starts_total", {})).toBe(4);
    expect(count("skillgraph_skill_loads_total", {})).toBe(3);
    expect(count("skillgraph_skill_evictions_total", {})).toBe(1);
    expect(count("skillgraph_tool_runs_total", { origin: "skill" })).toBe(2);
    expect(count("skillgraph_tool_errors_total", { origin: "skill" })).toBe(1);
    // The support helpers' operations are anonymous: counted under the empty operation name, by type.
    const graphql = { operation: "", type: "mutation", outcome: "ok" };
    expect(count("skillgraph_graphql_request_duration_seconds_count", graphql)).toBe(8);
    const http = { route: "/graphql", method: "POST", status: "200" };
    expect(count("skillgraph_http_request_duration_seconds_count", http)).toBe(8);
    // SEC-28 label sets stay bounded and hold no tenant data: no call id, skill or tool name is a label value.
    const text = (await scrape(kit.t.url, TOKEN)).text;
    for (const value of [...calls.map((call) => call.id), "billing", "refunds", "check_balance", "broken"])
      expect(text).not.toContain(`"${value}"`);
  });

  it("OB-2 RO-2 SEC-28 call starts under a staged rollout, by arm (no skill name)", async () => {
    const draft = await kit.t.ok<{ createSkillVersion: { id: string } }>(
      `mutation($input: SkillVersionInput!) { createSkillVersion(input: $input) { id } }`,
      { input: { skillMd: "---\nname: refunds\ndescription: Use for refunds, version two.\n---\nRefund in 14 days." } },
      key,
    );
    const { startRollout } = await kit.t.ok<{ startRollout: { id: string } }>(
      `mutation($v: ID!) { startRollout(input: { versionId: $v, steps: [50, 100], stepMinutes: 0 }) { id } }`,
      { v: draft.createSkillVersion.id },
      key,
    );
    const before = await read();
    const keys = Array.from({ length: 40 }, (_, i) => `caller-${i}`);
    const arms = keys.map((k) => rolloutArm(startRollout.id, k, 50));
    for (const rolloutKey of keys) await startCall(kit.t, key, { agentId, rolloutKey });
    const after = await read();
    // Only refunds has a rollout: billing's starts are counted under no arm.
    const count = (arm: string) => grew(before, after, series("skillgraph_rollout_arm_starts_total", { arm }));
    expect(count("candidate")).toBe(arms.filter((a) => a === "candidate").length);
    expect(count("live")).toBe(arms.filter((a) => a === "live").length);
    expect(count("candidate")).toBeGreaterThan(0);
    expect(count("live")).toBeGreaterThan(0);
    await kit.t.ok(
      `mutation($id: ID!) { abortRollout(id: $id, reason: "test done") { status } }`,
      { id: startRollout.id },
      key,
    );
  });

  it("OB-2 chat sessions, gateway turns and the upstream latency, counted as they happen", async () => {
    const before = await read();
    kit.upstream.reply({ text: "Hello." }, { text: "Hello again." });
    const sent = await kit.t.ok<{ sendMessage: { session: { id: string } } }>(
      SEND_MESSAGE,
      { input: { agentId, content: "hi" } },
      key,
    );
    expect(sent.sendMessage.session.id).toBeTruthy();
    expect((await postChat(kit, "desk", "hi")).status).toBe(200);
    kit.upstream.reply({ fail: 503 });
    expect((await postChat(kit, "desk", "hi")).status).toBe(502);
    const after = await read();
    const count = (name: string, labels: Record<string, string>) => grew(before, after, series(name, labels));
    expect(count("skillgraph_call_starts_total", { kind: "chat" })).toBe(1);
    expect(count("skillgraph_skill_starts_total", {})).toBe(2); // billing and refunds
    expect(count("skillgraph_gateway_turns_total", { outcome: "ok" })).toBe(1);
    expect(count("skillgraph_gateway_turns_total", { outcome: "error" })).toBe(1);
    const upstream = "skillgraph_upstream_request_duration_seconds_count";
    expect(count(upstream, { model: UPSTREAM_MODEL, outcome: "ok" })).toBe(2);
    expect(count(upstream, { model: UPSTREAM_MODEL, outcome: "error" })).toBe(1);
    expect(
      count("skillgraph_http_request_duration_seconds_count", {
        route: "/v1/chat/completions",
        method: "POST",
        status: "502",
      }),
    ).toBe(1);
  });

  it("OB-2 CT-2 skills analysed for the search index, by where (here the event loop: the tests run no compiled worker)", async () => {
    await publishSkill(kit.t, key, "invoices", { description: "Use for invoices." });
    const searched = await publishAgent(kit.t, key, {
      name: "searched",
      prompt: "You help.",
      skills: [{ name: "billing" }, { name: "invoices" }],
    });
    const before = await read();
    const search = `query($agentId: ID!) { agentSkillSearch(agentId: $agentId, query: "invoices", limit: 5) { name } }`;
    await kit.t.ok(search, { agentId: searched }, key);
    await kit.t.ok(search, { agentId: searched }, key);
    const after = await read();
    // two versions read once: the second search uses the index built by the first
    expect(grew(before, after, series("skillgraph_skills_analysed", { where: "event_loop" }))).toBe(2);
    expect(grew(before, after, series("skillgraph_skills_analysed", { where: "thread" }))).toBe(0);
  });

  it("OB-2 webhook deliveries by status and the pending queue, the eval queue's depth", async () => {
    await kit.t.ok(
      `mutation($url: String!) { createWebhookSubscription(url: $url, eventTypes: ["call.ended"]) { subscription { id } } }`,
      { url: `${hooks.url}/events` },
      key,
    );
    const scenario = await saveScenario(kit.t, key, { name: "greets", turns: ["Hi"], expectations: [] });
    const before = await read();
    const call = await startCall(kit.t, key, { agentId });
    await kit.t.ok(`mutation($callId: ID!) { endCall(callId: $callId) { id } }`, { callId: call.id }, key);
    await startRun(kit.t, key, { target: { agentId }, scenarioIds: [scenario.id] });
    const queued = await read();
    expect(queued.get("skillgraph_webhook_deliveries_pending")).toBe(1);
    expect(grew(before, queued, "skillgraph_eval_runs_queued")).toBe(1);

    kit.t.app.webhookWorker.start({ pollIntervalMs: 50 });
    try {
      await hooks.waitFor((requests) => requests.some((r) => r.path === "/events"));
      // by time, not by a count of reads: a loaded machine's worker may take longer than 100 reads. The counter moves
      // once the attempt's row has committed, so a scrape in between sees the queue empty and the counter not yet moved.
      const deliveredSeries = series("skillgraph_webhook_deliveries_total", { status: "delivered" });
      const delivered = await until(async () => {
        const now = await read();
        return now.get("skillgraph_webhook_deliveries_pending") === 0 && grew(before, now, deliveredSeries) > 0 && now;
      });
      expect(delivered.get("skillgraph_webhook_deliveries_pending")).toBe(0);
      expect(grew(before, delivered, deliveredSeries)).toBe(1);
    } finally {
      await kit.t.app.webhookWorker.stop();
    }
  });
});
