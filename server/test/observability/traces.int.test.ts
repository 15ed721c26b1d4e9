import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import { rolloutArm } from "../../src/modules/runtime";
import { publishAgent, publishSkill } from "../support/calls";
import { postChat, startGatewayKit, UPSTREAM_MODEL, type GatewayKit } from "../support/gateway-kit";
import {
  callerTrace,
  parseTraceparent,
  SPAN_KIND,
  startOtlpReceiver,
  type OtlpReceiver,
  type ReceivedSpan,
} from "../support/otlp-receiver";
import { startReceiver, type Receiver } from "../support/receiver";
import { describeEachDialect, createTestApp, type TestApp } from "../support/test-app";
import { until } from "../support/wait";

/** One GraphQL operation over HTTP with the caller's `traceparent` (or none). */
async function tracedGql<T>(
  t: TestApp,
  key: string,
  query: string,
  variables: Record<string, unknown>,
  traceparent?: string,
): Promise<T> {
  const res = await fetch(`${t.url}/graphql`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      authorization: `Bearer ${key}`,
      ...(traceparent ? { traceparent } : {}),
    },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await res.json()) as { data?: T; errors?: unknown };
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
  return body.data!;
}

/** A named operation sent in a new caller trace, and its server span (renamed after the operation). */
async function operationInTrace<T>(
  otlp: OtlpReceiver,
  t: TestApp,
  key: string,
  query: string,
  variables: Record<string, unknown>,
): Promise<{ data: T; caller: ReturnType<typeof callerTrace>; operation: ReceivedSpan }> {
  const caller = callerTrace();
  const data = await tracedGql<T>(t, key, query, variables, caller.traceparent);
  const name = /^(mutation|query) (\w+)/.exec(query)!;
  const operation = await spanNamed(otlp, `${name[1]} ${name[2]}`, caller.traceId);
  return { data, caller, operation };
}

/** The span named `name` whose parent is `parent`. */
const childNamed = (otlp: OtlpReceiver, parent: ReceivedSpan, name: string) =>
  otlp.waitForSpan((s) => s.name === name && s.traceId === parent.traceId && s.parentSpanId === parent.spanId);

const spanNamed = (otlp: OtlpReceiver, name: string, traceId: string) =>
  otlp.waitForSpan((s) => s.name === name && s.traceId === traceId);

const childrenOf = (otlp: OtlpReceiver, parent: ReceivedSpan) =>
  otlp.spans.filter((s) => s.traceId === parent.traceId && s.parentSpanId === parent.spanId);

describeEachDialect.withOwnApps("OB-1 traces of calls", (dialect) => {
  let otlp: OtlpReceiver;
  let hooks: Receiver;
  let t: TestApp;
  let key: string;
  let agentId: string;
  let versionId: string;
  const secret = `whsec_${randomBytes(24).toString("base64")}`;

  beforeAll(async () => {
    otlp = await startOtlpReceiver();
    hooks = await startReceiver();
    t = await createTestApp(dialect, { outboundAllowHosts: ["127.0.0.1"], tracing: otlp.config() });
    key = (await t.project("Traces")).adminKey;
    versionId = await publishSkill(t, key, "billing", {
      description: "Use for bills.",
      tools: [
        {
          name: "check_balance",
          description: "Reads the balance.",
          parameters: { type: "object", properties: { account: { type: "string" } } },
          webhookUrl: `${hooks.url}/skill/check_balance`,
          webhookSecret: secret,
        },
      ],
    });
    await publishSkill(t, key, "refunds", { description: "Use for refunds." });
    agentId = await publishAgent(t, key, {
      name: "desk",
      prompt: "You help.",
      maxLoadedSkills: 1,
      skills: [{ name: "billing" }, { name: "refunds" }],
    });
  });
  afterAll(async () => {
    await t?.close();
    await hooks?.close();
    await otlp?.close();
  });

  it("OB-1 a call's start, load and webhook tool run continue the caller's trace: invoke_agent and execute_tool spans with the skill's attributes, and the tool webhook carries the trace on", async () => {
    const start = callerTrace();
    const { startCall } = await tracedGql<{ startCall: { id: string } }>(
      t,
      key,
      `mutation StartCall($input: StartCallInput!) { startCall(input: $input) { id } }`,
      { input: { agentId } },
      start.traceparent,
    );
    const operation = await spanNamed(otlp, "mutation StartCall", start.traceId);
    expect(operation).toMatchObject({
      parentSpanId: start.spanId,
      kind: SPAN_KIND.server,
      attributes: {
        "graphql.operation.name": "StartCall",
        "graphql.operation.type": "mutation",
        "http.route": "/graphql",
        "http.response.status_code": 200,
      },
      resource: { "service.name": "skillgraph-test" },
    });
    const invoke = await childNamed(otlp, operation, "invoke_agent desk");
    expect(invoke.attributes).toMatchObject({
      "gen_ai.operation.name": "invoke_agent",
      "gen_ai.agent.name": "desk",
      "gen_ai.agent.id": agentId,
      "gen_ai.conversation.id": startCall.id,
      "skillgraph.skills.resolved": ["billing", "refunds"],
    });

    const load = await operationInTrace(
      otlp,
      t,
      key,
      `mutation LoadSkill($callId: ID!, $name: String!) { loadSkill(callId: $callId, name: $name) { status } }`,
      { callId: startCall.id, name: "billing" },
    );
    const loadSpan = await childNamed(otlp, load.operation, "execute_tool load_skill");
    expect(loadSpan.attributes).toEqual({
      "gen_ai.operation.name": "execute_tool",
      "gen_ai.tool.name": "load_skill",
      "gen_ai.tool.type": "function",
      "skillgraph.tool.source": "builtin",
      "gen_ai.skill.name": "billing",
      "skillgraph.skill.version": 1,
      "skillgraph.skill.version_id": versionId,
      "skillgraph.skill.pinned": false,
      "skillgraph.load.status": "loaded",
      "skillgraph.skills.evicted": [],
    });

    const run = await operationInTrace(
      otlp,
      t,
      key,
      `mutation RunTool($callId: ID!, $name: String!, $arguments: JSON!) { runTool(callId: $callId, name: $name, arguments: $arguments) { status } }`,
      { callId: startCall.id, name: "check_balance", arguments: { account: "ACC-1" } },
    );
    const tool = await childNamed(otlp, run.operation, "execute_tool check_balance");
    expect(tool.attributes).toMatchObject({
      "gen_ai.operation.name": "execute_tool",
      "gen_ai.tool.name": "check_balance",
      "gen_ai.tool.type": "extension",
      "skillgraph.tool.source": "skill:billing",
      "gen_ai.skill.name": "billing",
      "skillgraph.skill.version_id": versionId,
      "skillgraph.tool.status": "ok",
    });
    // The tool webhook went out in the caller's trace, its parent the execute_tool span.
    const hit = hooks.on("/skill/check_balance").at(-1)!;
    expect(parseTraceparent(hit.headers.traceparent)).toEqual({ traceId: run.caller.traceId, parentId: tool.spanId });

    // A runTool of load_skill is one execute_tool span (the load's), not one inside another.
    const again = await operationInTrace(
      otlp,
      t,
      key,
      `mutation RunLoad($callId: ID!) { runTool(callId: $callId, name: "load_skill", arguments: { name: "refunds" }) { status } }`,
      { callId: startCall.id },
    );
    const evicting = await childNamed(otlp, again.operation, "execute_tool load_skill");
    expect(evicting.attributes).toMatchObject({
      "gen_ai.skill.name": "refunds",
      "skillgraph.load.status": "loaded",
      "skillgraph.skills.evicted": ["billing"],
    });
    const tools = otlp.spans.filter((s) => s.traceId === again.caller.traceId && s.name.startsWith("execute_tool"));
    expect(tools).toHaveLength(1);

    // OB-1: no message content without OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT, never a secret.
    const exported = otlp.bodies.join("\n");
    for (const never of [key, secret, "ACC-1", "gen_ai.tool.call.arguments", "gen_ai.input.messages"])
      expect(exported).not.toContain(never);
  });

  it("OB-1 a malformed traceparent starts a new trace (the request still answers)", async () => {
    const malformed = `00-${"z".repeat(32)}-${"1".repeat(16)}-01`;
    await tracedGql(t, key, `query Malformed { agents { total } }`, {}, malformed);
    const span = await otlp.waitForSpan((s) => s.name === "query Malformed");
    expect(span.parentSpanId).toBe("");
    expect(span.traceId).toMatch(/^[0-9a-f]{32}$/);
    // An all-zero trace id is invalid too (W3C): a new trace, not a child of nothing.
    const zeros = `00-${"0".repeat(32)}-${"1".repeat(16)}-01`;
    await tracedGql(t, key, `query Zeros { agents { total } }`, {}, zeros);
    const zeroSpan = await otlp.waitForSpan((s) => s.name === "query Zeros");
    expect([zeroSpan.parentSpanId, zeroSpan.traceId === "0".repeat(32)]).toEqual(["", false]);
  });

  it("OB-1 /mcp continues the caller's trace (its server span the caller's child)", async () => {
    const caller = callerTrace();
    const res = await fetch(`${t.url}/mcp`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        authorization: `Bearer ${key}`,
        traceparent: caller.traceparent,
      },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "initialize",
        params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "curl", version: "1" } },
      }),
    });
    expect(res.status).toBe(200);
    await res.text();
    const span = await spanNamed(otlp, "POST /mcp", caller.traceId);
    expect(span).toMatchObject({ parentSpanId: caller.spanId, kind: SPAN_KIND.server });
  });

  it("OB-1 a webhook delivery is a span of the trace that queued it, and carries its traceparent", async () => {
    const subscribed = await t.ok<{ createWebhookSubscription: { subscription: { id: string } } }>(
      `mutation($url: String!) { createWebhookSubscription(url: $url, eventTypes: ["call.ended"]) { subscription { id } } }`,
      { url: `${hooks.url}/events` },
      key,
    );
    expect(subscribed.createWebhookSubscription.subscription.id).toBeTruthy();
    const { startCall } = await tracedGql<{ startCall: { id: string } }>(
      t,
      key,
      `mutation($input: StartCallInput!) { startCall(input: $input) { id } }`,
      { input: { agentId } },
    );
    const end = await operationInTrace(
      otlp,
      t,
      key,
      `mutation EndCall($callId: ID!) { endCall(callId: $callId) { id } }`,
      { callId: startCall.id },
    );
    t.app.webhookWorker.start({ pollIntervalMs: 50 });
    try {
      const [delivered] = await hooks.waitFor((requests) => requests.some((r) => r.path === "/events"));
      const sent = hooks.on("/events").at(-1)!;
      expect(delivered).toBeTruthy();
      const attempt = await childNamed(otlp, end.operation, "webhook call.ended");
      expect(attempt).toMatchObject({
        kind: SPAN_KIND.client,
        attributes: { "skillgraph.webhook.event_type": "call.ended", "http.response.status_code": 200 },
      });
      expect(parseTraceparent(sent.headers.traceparent)).toEqual({
        traceId: end.caller.traceId,
        parentId: attempt.spanId,
      });
    } finally {
      await t.app.webhookWorker.stop();
    }
  });

  it("OB-1 RO-2 a load under a staged rollout names the rollout and its arm (skillgraph.rollout.id, skillgraph.rollout.arm)", async () => {
    const draft = await t.ok<{ createSkillVersion: { id: string } }>(
      `mutation($input: SkillVersionInput!) { createSkillVersion(input: $input) { id } }`,
      { input: { skillMd: "---\nname: refunds\ndescription: Use for refunds, version two.\n---\nRefund in 14 days." } },
      key,
    );
    const candidateId = draft.createSkillVersion.id;
    const { startRollout } = await t.ok<{ startRollout: { id: string } }>(
      `mutation($v: ID!) { startRollout(input: { versionId: $v, steps: [50, 100], stepMinutes: 0 }) { id } }`,
      { v: candidateId },
      key,
    );
    // Keys the pure arm decision puts on each side at 50 %.
    const keys = Array.from({ length: 64 }, (_, i) => `caller-${i}`);
    const candidateKey = keys.find((k) => rolloutArm(startRollout.id, k, 50) === "candidate")!;
    const liveKey = keys.find((k) => rolloutArm(startRollout.id, k, 50) === "live")!;
    for (const [rolloutKey, arm] of [
      [candidateKey, "candidate"],
      [liveKey, "live"],
    ] as const) {
      const { startCall } = await tracedGql<{ startCall: { id: string } }>(
        t,
        key,
        `mutation StartCall($input: StartCallInput!) { startCall(input: $input) { id } }`,
        { input: { agentId, rolloutKey } },
      );
      const load = await operationInTrace(
        otlp,
        t,
        key,
        `mutation LoadSkill($callId: ID!, $name: String!) { loadSkill(callId: $callId, name: $name) { status } }`,
        { callId: startCall.id, name: "refunds" },
      );
      const span = await childNamed(otlp, load.operation, "execute_tool load_skill");
      expect(span.attributes).toMatchObject({
        "gen_ai.skill.name": "refunds",
        "skillgraph.rollout.id": startRollout.id,
        "skillgraph.rollout.arm": arm,
      });
      if (arm === "candidate") expect(span.attributes["skillgraph.skill.version_id"]).toBe(candidateId);
      else expect(span.attributes["skillgraph.skill.version_id"]).not.toBe(candidateId);
    }
    await t.ok(
      `mutation($id: ID!) { abortRollout(id: $id, reason: "test done") { status } }`,
      { id: startRollout.id },
      key,
    );
  });
});

describeEachDialect.withOwnApps("OB-1 traces of gateway turns", (dialect) => {
  let otlp: OtlpReceiver;
  let kit: GatewayKit;
  let versionId: string;
  let agentId: string;

  beforeAll(async () => {
    otlp = await startOtlpReceiver();
    kit = await startGatewayKit(dialect, { tracing: otlp.config() });
    versionId = await kit.skill("explain-bill", { body: "Explain each line of the bill." });
    ({ agentId } = await kit.agent({ name: "billing", prompt: "You help.", skills: [{ name: "explain-bill" }] }));
  });
  afterAll(async () => {
    await kit?.close();
    await otlp?.close();
  });

  it("OB-1 a gateway turn is invoke_agent with a chat span per model request (models, tokens, finish reasons) and the load; upstream requests carry the trace", async () => {
    kit.upstream.reply(
      { toolCalls: [{ name: "load_skill", arguments: { name: "explain-bill" } }] },
      { text: "Line 3 is the peak rate." },
    );
    const caller = callerTrace();
    const res = await postChat(kit, "billing", "What is line 3?", caller.traceparent);
    const answer = (await res.json()) as { metadata: { chat_session_id: string } };
    expect(res.status).toBe(200);

    const server = await spanNamed(otlp, "POST /v1/chat/completions", caller.traceId);
    expect(server).toMatchObject({ parentSpanId: caller.spanId, kind: SPAN_KIND.server });
    const invoke = await childNamed(otlp, server, "invoke_agent billing");
    expect(invoke.attributes).toMatchObject({
      "gen_ai.operation.name": "invoke_agent",
      "gen_ai.agent.name": "billing",
      "gen_ai.agent.id": agentId,
      "gen_ai.conversation.id": answer.metadata.chat_session_id,
    });
    const chats = await until(() => {
      const found = childrenOf(otlp, invoke).filter((s) => s.name === `chat ${UPSTREAM_MODEL}`);
      return found.length === 2 && found;
    });
    for (const chat of chats) {
      expect(chat.kind).toBe(SPAN_KIND.client);
      expect(chat.attributes).toMatchObject({
        "gen_ai.operation.name": "chat",
        "gen_ai.provider.name": "openai",
        "gen_ai.request.model": UPSTREAM_MODEL,
        "gen_ai.response.model": UPSTREAM_MODEL,
        "gen_ai.usage.input_tokens": 1,
        "gen_ai.usage.output_tokens": 1,
        "server.address": "127.0.0.1",
      });
    }
    expect(chats.map((c) => c.attributes["gen_ai.response.finish_reasons"]).sort()).toEqual([["stop"], ["tool_calls"]]);
    const load = childrenOf(otlp, invoke).find((s) => s.name === "execute_tool load_skill")!;
    expect(load.attributes).toMatchObject({
      "gen_ai.skill.name": "explain-bill",
      "skillgraph.skill.version": 1,
      "skillgraph.skill.version_id": versionId,
      "skillgraph.skill.pinned": false,
      "skillgraph.load.status": "loaded",
    });
    // Each upstream request carried the trace, its parent the chat span that made it.
    const sent = kit.upstream.requests.map((r) => parseTraceparent(String(r.headers.traceparent)));
    expect(sent.map((s) => s?.traceId)).toEqual([caller.traceId, caller.traceId]);
    expect(sent.map((s) => s?.parentId).sort()).toEqual(chats.map((c) => c.spanId).sort());
    // No message content by default.
    expect(otlp.bodies.join("\n")).not.toContain("What is line 3?");
  });
});
