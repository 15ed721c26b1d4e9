import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, expect } from "vitest";
import { READ_CALL, publishAgent, publishSkill, runToolRaw, type CallView, type Invocation } from "./calls";
import { startReceiver, type Receiver } from "./receiver";
import type { TestApp } from "./test-app";

// ---- a real receiver for tool webhooks that verifies Standard Webhooks signatures ---------------------------------

export type ToolCallBody = { tool?: unknown; call_id?: unknown; arguments?: unknown };

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

export function route(
  receiver: Receiver<ToolCallBody>,
  path: string,
  { verifyWith, status, delayMs, answer }: ToolRoute,
) {
  receiver.signed(path, verifyWith, (request) => ({
    status,
    delayMs,
    body: (typeof answer === "function" ? (answer as (b: unknown) => unknown)(request.body) : answer) ?? { ok: true },
  }));
}

// ---- secrets, schemas, fixtures ---------------------------------------------------------------------------------

export const whsec = () => `whsec_${randomBytes(24).toString("base64")}`;
/** A plain secret is used as its UTF-8 bytes (api.md); the verifier takes those bytes in base64. */
export const plainSecret = () => `plain secret ✓ ${randomBytes(6).toString("hex")}`;
export const utf8Key = (secret: string) => Buffer.from(secret, "utf8").toString("base64");

export const ORDER_PARAMETERS = {
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

export const TOOL_TIMEOUT_MS = 400;
export const SLOW_RECEIVER_MS = 2500;

/**
 * The project both tool webhook suites share: a receiver that verifies signatures, a skill `billing` with two webhook
 * tools, and an agent `desk` with five (lookup_order, note, flaky, slow, internal), published before the suite's
 * tests. `key`, `receiver` and `agentId` are set once its beforeAll ran.
 */
export function webhookDesk(t: TestApp, projectName: string) {
  const secrets = { lookupOrder: whsec(), note: plainSecret(), checkBalance: plainSecret(), payBill: whsec() };
  const desk = {
    key: "",
    receiver: undefined as unknown as Receiver<ToolCallBody>,
    agentId: "",
    secrets,
    runTool: (callId: string, name: string, args: unknown) => runToolRaw(t, desk.key, callId, name, args),
    run: async (callId: string, name: string, args: unknown): Promise<Invocation> => {
      const res = await desk.runTool(callId, name, args);
      expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
      return res.data!.runTool;
    },
    readCall: async (id: string): Promise<CallView> =>
      (await t.ok<{ call: CallView }>(READ_CALL, { id }, desk.key)).call,
  };

  beforeAll(async () => {
    desk.key = (await t.project(projectName)).adminKey;
    const receiver = await startToolReceiver();
    desk.receiver = receiver;
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

    await publishSkill(t, desk.key, "billing", {
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
    desk.agentId = await publishAgent(t, desk.key, {
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
    await desk.receiver?.close();
  });
  return desk;
}
