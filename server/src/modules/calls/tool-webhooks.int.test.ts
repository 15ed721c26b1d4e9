import { randomBytes } from "node:crypto";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, expect, it } from "vitest";
import { refusal } from "../../../test/support/agents";
import {
  END_CALL,
  READ_CALL,
  loadSkill,
  publishAgent,
  publishSkill,
  runToolRaw,
  startCall,
  type CallView,
  type Invocation,
} from "../../../test/support/calls";
import { startReceiver, type Receiver } from "../../../test/support/receiver";
import { TOOL_ANSWER_MAX_BYTES } from "./tool-answer";
import { describeEachDialect } from "../../../test/support/test-app";

// ---- a real receiver for tool webhooks that verifies Standard Webhooks signatures ---------------------------------

type ToolCallBody = { tool?: unknown; call_id?: unknown; arguments?: unknown };

interface ToolRoute {
  /** The key handed to `new Webhook(key)`: a `whsec_…` secret, or the base64 of a plain secret's UTF-8 bytes. */
  verifyWith: string;
  status?: number;
  delayMs?: number;
  /** The JSON answered; a function sees the request body. */
  answer?: unknown;
}

/** Unsigned or unknown paths are refused (401, 404); a signed one gets its route's answer. */
const startToolReceiver = () =>
  startReceiver<ToolCallBody>({ respond: () => ({ status: 404, body: { error: "refused" } }) });

function route(receiver: Receiver<ToolCallBody>, path: string, { verifyWith, status, delayMs, answer }: ToolRoute) {
  receiver.signed(path, verifyWith, (request) => ({
    status,
    delayMs,
    body: (typeof answer === "function" ? (answer as (b: unknown) => unknown)(request.body) : answer) ?? { ok: true },
  }));
}

// ---- secrets, schemas, fixtures ---------------------------------------------------------------------------------

const whsec = () => `whsec_${randomBytes(24).toString("base64")}`;
/** A plain secret is used as its UTF-8 bytes (api.md); the verifier takes those bytes in base64. */
const plainSecret = () => `plain secret ✓ ${randomBytes(6).toString("hex")}`;
const utf8Key = (secret: string) => Buffer.from(secret, "utf8").toString("base64");

const ORDER_PARAMETERS = {
  type: "object",
  properties: {
    order_id: { type: "string", pattern: "^A\\d+$" },
    include_items: { type: "boolean" },
    address: { type: "object", properties: { zip: { type: "string" } }, required: ["zip"] },
  },
  required: ["order_id"],
  additionalProperties: false,
};
const TEXT_PARAMETERS = { type: "object", properties: { text: { type: "string" } }, required: ["text"] };

const TOOL_TIMEOUT_MS = 400;
const SLOW_RECEIVER_MS = 2500;

describeEachDialect("tool webhooks", { outboundAllowHosts: ["127.0.0.1"], toolTimeoutMs: TOOL_TIMEOUT_MS }, (t) => {
  let key: string;
  let receiver: Receiver<ToolCallBody>;
  const secrets = { lookupOrder: whsec(), note: plainSecret(), checkBalance: plainSecret(), payBill: whsec() };
  let agentId: string;

  const runTool = (callId: string, name: string, args: unknown) => runToolRaw(t, key, callId, name, args);
  const run = async (callId: string, name: string, args: unknown): Promise<Invocation> => {
    const res = await runTool(callId, name, args);
    expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
    return res.data!.runTool;
  };
  const readCall = async (id: string): Promise<CallView> =>
    (await t.ok<{ call: CallView }>(READ_CALL, { id }, key)).call;

  beforeAll(async () => {
    key = (await t.project("Tool webhooks")).adminKey;
    receiver = await startToolReceiver();
    const echo = (name: string) => (body: { arguments?: unknown }) => ({ from: name, echoed: body.arguments });
    route(receiver, "/agent/lookup_order", { verifyWith: secrets.lookupOrder, answer: echo("lookup_order") });
    route(receiver, "/agent/note", { verifyWith: utf8Key(secrets.note), answer: echo("note") });
    route(receiver, "/skill/check_balance", {
      verifyWith: utf8Key(secrets.checkBalance),
      answer: { balance: { amount: 42.5, currency: "EUR" }, overdue: false },
    });
    route(receiver, "/skill/pay_bill", { verifyWith: secrets.payBill, answer: echo("pay_bill") });
    route(receiver, "/agent/flaky", { verifyWith: secrets.lookupOrder, status: 500, answer: { error: "ledger down" } });
    route(receiver, "/agent/slow", { verifyWith: secrets.lookupOrder, delayMs: SLOW_RECEIVER_MS });

    await publishSkill(t, key, "billing", {
      description: "Use for bills.",
      tools: [
        {
          name: "check_balance",
          description: "Reads the balance.",
          parameters: { type: "object", properties: { account: { type: "string" } }, required: ["account"] },
          webhookUrl: `${receiver.url}/skill/check_balance`,
          webhookSecret: secrets.checkBalance,
        },
        {
          name: "pay_bill",
          description: "Pays a bill.",
          parameters: { type: "object", properties: { amount: { type: "number", minimum: 0 } } },
          webhookUrl: `${receiver.url}/skill/pay_bill`,
          webhookSecret: secrets.payBill,
        },
      ],
    });
    agentId = await publishAgent(t, key, {
      name: "desk",
      prompt: "You help.",
      skills: [{ name: "billing" }],
      tools: [
        {
          name: "lookup_order",
          description: "Finds an order.",
          parameters: ORDER_PARAMETERS,
          webhookUrl: `${receiver.url}/agent/lookup_order`,
          webhookSecret: secrets.lookupOrder,
        },
        {
          name: "note",
          description: "Takes a note.",
          parameters: TEXT_PARAMETERS,
          webhookUrl: `${receiver.url}/agent/note`,
          webhookSecret: secrets.note,
        },
        {
          name: "flaky",
          description: "Fails.",
          webhookUrl: `${receiver.url}/agent/flaky`,
          webhookSecret: secrets.lookupOrder,
        },
        {
          name: "slow",
          description: "Answers late.",
          webhookUrl: `${receiver.url}/agent/slow`,
          webhookSecret: secrets.lookupOrder,
        },
        {
          // SEC-13: 127.0.0.2 is loopback too, and only 127.0.0.1 is allow-listed.
          name: "internal",
          description: "Reaches inside.",
          webhookUrl: `http://127.0.0.2:${receiver.port}/agent/internal`,
          webhookSecret: secrets.lookupOrder,
        },
      ],
    });
  });
  afterAll(async () => {
    await receiver?.close();
  });

  it("RT-7 an agent's own webhook tool is signed with its whsec_ secret (base64 after the prefix) and its plain secret (UTF-8 bytes); the response JSON is the result", async () => {
    const call = await startCall(t, key, { agentId });
    const before = receiver.requests.length;

    const order = await run(call.id, "lookup_order", { order_id: "A17", include_items: true });
    expect(order).toMatchObject({
      tool: "lookup_order",
      source: "agent",
      arguments: { order_id: "A17", include_items: true },
      status: "ok",
      result: { from: "lookup_order", echoed: { order_id: "A17", include_items: true } },
      error: null,
    });
    expect(order.latencyMs).toBeGreaterThanOrEqual(0);

    const note = await run(call.id, "note", { text: "Grüße, 日本" });
    expect(note).toMatchObject({
      source: "agent",
      status: "ok",
      result: { from: "note", echoed: { text: "Grüße, 日本" } },
    });

    const hits = receiver.requests.slice(before);
    expect(hits.map((h) => [h.path, h.verified])).toEqual([
      ["/agent/lookup_order", true],
      ["/agent/note", true],
    ]);
    expect(hits[0]!.body).toEqual({
      tool: "lookup_order",
      call_id: call.id,
      arguments: { order_id: "A17", include_items: true },
    });
    expect(hits[1]!.body).toEqual({ tool: "note", call_id: call.id, arguments: { text: "Grüße, 日本" } });
    for (const hit of hits) {
      expect(hit.headers["webhook-id"]).toMatch(/\S/);
      expect(hit.headers["webhook-signature"]).toMatch(/^v1,/);
      expect(Math.abs(Number(hit.headers["webhook-timestamp"]) - Date.now() / 1000)).toBeLessThan(30);
    }
    // The other reading of each secret does not verify: the whsec_ one is not its text, the plain one not base64.
    expect(() => new Webhook(utf8Key(secrets.lookupOrder)).verify(hits[0]!.raw, hits[0]!.headers)).toThrow();
    expect(() => new Webhook(secrets.lookupOrder).verify(hits[1]!.raw, hits[1]!.headers)).toThrow();
  });

  it("RT-7 an inline agent's own webhook tool is signed with the secret given at call start", async () => {
    const secret = whsec();
    route(receiver, "/inline/lookup", { verifyWith: secret, answer: { found: true } });
    const call = await startCall(t, key, {
      inlineAgent: {
        name: "inline-desk",
        tools: [
          {
            name: "lookup",
            description: "Finds.",
            webhookUrl: `${receiver.url}/inline/lookup`,
            webhookSecret: secret,
          },
        ],
      },
    });
    const invocation = await run(call.id, "lookup", { q: "x" });
    expect(invocation).toMatchObject({ source: "agent", status: "ok", result: { found: true } });
    expect(receiver.on("/inline/lookup").map((h) => h.verified)).toEqual([true]);
  });

  it("RT-7 a loaded skill's webhook tools run like the agent's own: signed (plain and whsec_ secrets), result recorded; before the load the name is not offered (BAD_USER_INPUT field name)", async () => {
    const call = await startCall(t, key, { agentId });
    const before = receiver.requests.length;
    const early = refusal(await runTool(call.id, "check_balance", { account: "X-1" }));
    expect(early.code).toBe("BAD_USER_INPUT");
    expect(early.details.field).toBe("name");
    expect(early.message).toContain("check_balance");
    const unknown = refusal(await runTool(call.id, "no_such_tool", {}));
    expect(unknown.code).toBe("BAD_USER_INPUT");
    expect(unknown.details.field).toBe("name");
    expect(receiver.requests.length).toBe(before);

    const loaded = await loadSkill(t, key, call.id, "billing");
    expect(loaded.call.tools.filter((x) => x.source === "skill:billing").map((x) => x.name)).toEqual([
      "check_balance",
      "pay_bill",
    ]);
    const balance = await run(call.id, "check_balance", { account: "X-1" });
    expect(balance).toMatchObject({
      tool: "check_balance",
      source: "skill:billing",
      arguments: { account: "X-1" },
      status: "ok",
      result: { balance: { amount: 42.5, currency: "EUR" }, overdue: false },
      error: null,
    });
    const paid = await run(call.id, "pay_bill", { amount: 12 });
    expect(paid).toMatchObject({
      source: "skill:billing",
      status: "ok",
      result: { from: "pay_bill", echoed: { amount: 12 } },
    });

    const hits = receiver.requests.slice(before);
    expect(hits.map((h) => [h.path, h.verified])).toEqual([
      ["/skill/check_balance", true],
      ["/skill/pay_bill", true],
    ]);
    expect(hits[0]!.body).toEqual({ tool: "check_balance", call_id: call.id, arguments: { account: "X-1" } });
  });

  it("RT-7 a receiver answering 500 is status error, one slower than the tool timeout is status timeout, and every run is recorded", async () => {
    const call = await startCall(t, key, { agentId });
    const flaky = await run(call.id, "flaky", {});
    expect(flaky).toMatchObject({ tool: "flaky", source: "agent", status: "error", result: { error: "ledger down" } });
    expect(flaky.error).toContain("500");

    const started = Date.now();
    const slow = await run(call.id, "slow", { wait: true });
    const took = Date.now() - started;
    expect(slow).toMatchObject({ tool: "slow", status: "timeout", result: null });
    expect(slow.error).toMatch(/\S/);
    expect(slow.latencyMs).toBeGreaterThanOrEqual(TOOL_TIMEOUT_MS - 50);
    expect(took).toBeLessThan(SLOW_RECEIVER_MS);
    expect(receiver.on("/agent/slow").at(-1)?.verified).toBe(true);
  });

  it("SEC-13 RT-7 a tool webhook on a loopback address that is not allow-listed is status refused and never called", async () => {
    const call = await startCall(t, key, { agentId });
    const before = receiver.requests.length;
    const refused = await run(call.id, "internal", { q: 1 });
    expect(refused).toMatchObject({ tool: "internal", source: "agent", status: "refused", result: null });
    expect(refused.error).toContain("127.0.0.2");
    expect(receiver.requests.length).toBe(before);
  });

  it("RT-7 arguments are checked against the tool's JSON Schema before the webhook runs (BAD_USER_INPUT, problems at arguments.<key>)", async () => {
    const call = await startCall(t, key, { agentId });
    const before = receiver.requests.length;
    const cases: Array<[unknown, string[]]> = [
      [{ order_id: 17 }, ["arguments.order_id"]],
      [{}, ["arguments.order_id"]],
      [{ order_id: "B1" }, ["arguments.order_id"]],
      [{ order_id: "A1", include_items: "yes" }, ["arguments.include_items"]],
      [{ order_id: "A1", coupon: "FREE" }, ["arguments.coupon"]],
      [{ order_id: "A1", address: {} }, ["arguments.address.zip"]],
      [{ order_id: 5, include_items: 1 }, ["arguments.order_id", "arguments.include_items"]],
    ];
    for (const [args, paths] of cases) {
      const refused = refusal(await runTool(call.id, "lookup_order", args));
      expect(refused.code, JSON.stringify(args)).toBe("BAD_USER_INPUT");
      expect(
        (refused.details.problems ?? []).map((p) => p.path),
        JSON.stringify(args),
      ).toEqual(paths);
    }
    const notObject = refusal(await runTool(call.id, "lookup_order", ["A1"]));
    expect(notObject.code).toBe("BAD_USER_INPUT");
    expect(notObject.details.field).toBe("arguments");
    expect(receiver.requests.length).toBe(before);
    expect((await readCall(call.id)).toolInvocations).toEqual([]);
  });

  it("RT-6 RT-7 AG-5 when a loaded skill's tool has the name of the agent's own tool, the agent's runs (its URL, its secret)", async () => {
    const agentSecret = whsec();
    const skillSecret = whsec();
    route(receiver, "/agent/track", { verifyWith: agentSecret, answer: { by: "agent" } });
    route(receiver, "/skill/track", { verifyWith: skillSecret, answer: { by: "skill" } });
    const tracking = (extra: unknown[]) => ({
      description: "Use for parcels.",
      tools: [
        {
          name: "parcel_status",
          description: "Parcel status.",
          webhookUrl: `${receiver.url}/skill/parcel_status`,
          webhookSecret: skillSecret,
        },
        ...extra,
      ],
    });
    await publishSkill(t, key, "tracking", tracking([]));
    const precedenceAgent = await publishAgent(t, key, {
      name: "tracker",
      skills: [{ name: "tracking" }],
      tools: [
        {
          name: "track",
          description: "Agent tracking.",
          webhookUrl: `${receiver.url}/agent/track`,
          webhookSecret: agentSecret,
        },
      ],
    });
    // AG-5: a version published after the agent was saved may bring a tool of the agent's tool's name.
    await publishSkill(
      t,
      key,
      "tracking",
      tracking([
        {
          name: "track",
          description: "Skill tracking.",
          webhookUrl: `${receiver.url}/skill/track`,
          webhookSecret: skillSecret,
        },
      ]),
    );
    const call = await startCall(t, key, { agentId: precedenceAgent });
    expect(call.skills).toEqual([expect.objectContaining({ name: "tracking", version: 2 })]);
    const loaded = await loadSkill(t, key, call.id, "tracking");
    expect(loaded.call.tools.filter((x) => x.name === "track")).toEqual([
      { name: "track", description: "Agent tracking.", source: "agent" },
    ]);

    const invocation = await run(call.id, "track", { parcel: "P-1" });
    expect(invocation).toMatchObject({ tool: "track", source: "agent", status: "ok", result: { by: "agent" } });
    expect(receiver.on("/agent/track").map((h) => h.verified)).toEqual([true]);
    expect(receiver.on("/skill/track")).toEqual([]);
  });

  it("RT-7 SEC-22 an answer larger than the tool's response limit is status error naming the limit, never a result cut short", async () => {
    const big = { text: "x".repeat(TOOL_ANSWER_MAX_BYTES) };
    route(receiver, "/agent/hoard", { verifyWith: secrets.lookupOrder, answer: big });
    const hoarder = await publishAgent(t, key, {
      name: "hoarder",
      prompt: "You hoard.",
      tools: [
        {
          name: "hoard",
          description: "Answers too much.",
          webhookUrl: `${receiver.url}/agent/hoard`,
          webhookSecret: secrets.lookupOrder,
        },
      ],
    });
    const call = await startCall(t, key, { agentId: hoarder });
    const hoarded = await run(call.id, "hoard", {});
    expect(hoarded).toMatchObject({ tool: "hoard", status: "error", result: null });
    expect(hoarded.error).toContain(`${TOOL_ANSWER_MAX_BYTES} bytes`);
    expect((await readCall(call.id)).toolInvocations).toEqual([hoarded]);
  });

  it("RT-7 a call that ended runs no tool (CONFLICT), and the receiver is not called", async () => {
    const call = await startCall(t, key, { agentId });
    await t.ok(END_CALL, { callId: call.id }, key);
    const before = receiver.requests.length;
    const ended = refusal(await runTool(call.id, "lookup_order", { order_id: "A1" }));
    expect(ended.code).toBe("CONFLICT");
    expect(receiver.requests.length).toBe(before);
  });

  it("RT-7 every run is in Call.toolInvocations, oldest first, with arguments, status, result and latency", async () => {
    const call = await startCall(t, key, { agentId });
    await loadSkill(t, key, call.id, "billing");
    const runs: Invocation[] = [];
    runs.push(await run(call.id, "lookup_order", { order_id: "A2" }));
    runs.push(await run(call.id, "flaky", {}));
    runs.push(await run(call.id, "check_balance", { account: "Z" }));
    runs.push(await run(call.id, "slow", {}));
    runs.push(await run(call.id, "internal", {}));
    runs.push(await run(call.id, "load_skill", { name: "billing" }));
    const read = await readCall(call.id);
    expect(read.toolInvocations.map((i) => [i.tool, i.source, i.status])).toEqual([
      ["lookup_order", "agent", "ok"],
      ["flaky", "agent", "error"],
      ["check_balance", "skill:billing", "ok"],
      ["slow", "agent", "timeout"],
      ["internal", "agent", "refused"],
      ["load_skill", "builtin", "ok"],
    ]);
    expect(read.toolInvocations).toEqual(runs);
    expect(read.toolInvocations[0]).toMatchObject({
      arguments: { order_id: "A2" },
      result: { from: "lookup_order", echoed: { order_id: "A2" } },
      error: null,
    });
    expect(read.toolInvocations[2]!.result).toEqual({ balance: { amount: 42.5, currency: "EUR" }, overdue: false });
    expect(read.toolInvocations[5]!.result).toMatchObject({ status: "ALREADY_LOADED" });
    for (const invocation of read.toolInvocations) {
      expect(Number.isInteger(invocation.latencyMs)).toBe(true);
      expect(invocation.latencyMs).toBeGreaterThanOrEqual(0);
    }
  });
});
