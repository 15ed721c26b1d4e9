import { Webhook } from "standardwebhooks";
import { beforeAll, expect, it } from "vitest";
import { refusal } from "../../../test/support/agents";
import { loadSkill, publishAgent, publishSkill, startCall } from "../../../test/support/calls";
import type { Receiver } from "../../../test/support/receiver";
import { describeEachDialect } from "../../../test/support/test-app";
import {
  route,
  whsec,
  utf8Key,
  TOOL_TIMEOUT_MS,
  type ToolCallBody,
  webhookDesk,
} from "../../../test/support/tool-webhooks";

/** RT-7 signatures (agent, inline agent, skill tools) and RT-6 precedence between same-named tools. */
describeEachDialect(
  "tool webhooks: signing and whose tool runs",
  { outboundAllowHosts: ["127.0.0.1"], toolTimeoutMs: TOOL_TIMEOUT_MS },
  (t) => {
    const desk = webhookDesk(t, "Tool webhooks");
    const { secrets, run, runTool } = desk;
    let key: string;
    let receiver: Receiver<ToolCallBody>;
    let agentId: string;
    beforeAll(() => {
      ({ key, receiver, agentId } = desk);
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
  },
);
