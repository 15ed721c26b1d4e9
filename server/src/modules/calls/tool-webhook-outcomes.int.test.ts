import { beforeAll, expect, it } from "vitest";
import { refusal } from "../../../test/support/agents";
import { END_CALL, loadSkill, publishAgent, startCall, type Invocation } from "../../../test/support/calls";
import type { Receiver } from "../../../test/support/receiver";
import { describeEachDialect } from "../../../test/support/test-app";
import {
  route,
  SLOW_RECEIVER_MS,
  TOOL_TIMEOUT_MS,
  type ToolCallBody,
  webhookDesk,
} from "../../../test/support/tool-webhooks";
import { TOOL_ANSWER_MAX_BYTES } from "./tool-answer";

/** RT-7 how a run ends (error, timeout, refused, too large, refused arguments, ended call) and what is recorded. */
describeEachDialect(
  "tool webhooks: outcomes and records",
  { outboundAllowHosts: ["127.0.0.1"], toolTimeoutMs: TOOL_TIMEOUT_MS },
  (t) => {
    const desk = webhookDesk(t, "Tool webhooks");
    const { secrets, run, runTool, readCall } = desk;
    let key: string;
    let receiver: Receiver<ToolCallBody>;
    let agentId: string;
    beforeAll(() => {
      ({ key, receiver, agentId } = desk);
    });

    it("RT-7 a receiver answering 500 is status error, one slower than the tool timeout is status timeout, and every run is recorded", async () => {
      const call = await startCall(t, key, { agentId });
      const flaky = await run(call.id, "flaky", {});
      expect(flaky).toMatchObject({
        tool: "flaky",
        source: "agent",
        status: "error",
        result: { error: "ledger down" },
      });
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
  },
);
