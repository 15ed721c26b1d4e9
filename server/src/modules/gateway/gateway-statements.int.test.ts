import { afterAll, beforeAll, expect, it } from "vitest";
import { startGatewayKit, toolAnswers, type GatewayKit } from "../../../test/support/gateway-kit";
import { statementsDuring } from "../../../test/support/sql-statements";
import { describeEachDialect } from "../../../test/support/test-app";

/**
 * The gateway's hot path (the gateway's latency target, docs/benchmarks.md): once the caches are warm, a turn that replays a loaded skill and
 * a file it read sends no statement to the database: the key, the agent, its resolved skills, their files and texts
 * all come from caches that a change invalidates.
 */
describeEachDialect.withOwnApps("statements of a gateway turn", (dialect) => {
  let kit: GatewayKit;
  const conversation = (turn: number) => ({
    model: "billing",
    metadata: { chat_session_id: "statements" },
    messages: Array.from({ length: turn }, (_, i) => [
      { role: "user" as const, content: `question ${i + 1}` },
      ...(i + 1 < turn ? [{ role: "assistant" as const, content: `answer ${i + 1}` }] : []),
    ]).flat(),
  });

  beforeAll(async () => {
    kit = await startGatewayKit(dialect, { sessionStore: "memory" });
    await kit.skill("explain-bill", {
      body: "Explain each line of the bill.",
      files: { "references/rates.md": "Peak rate: 0.31 per kWh." },
    });
    await kit.agent({ name: "billing", skills: [{ name: "explain-bill" }] });
    kit.upstream.reply(
      { toolCalls: [{ name: "load_skill", arguments: { name: "explain-bill" } }] },
      { toolCalls: [{ name: "read_skill_file", arguments: { skill: "explain-bill", path: "references/rates.md" } }] },
      { text: "first answer" },
      { text: "warm-up" },
    );
    await kit.client().chat.completions.create(conversation(1));
    await kit.client().chat.completions.create(conversation(2));
    kit.upstream.reset();
  });
  afterAll(() => kit.close());

  it("GW-5 a warm turn replays a load and a file read without a single SQL statement", async () => {
    kit.upstream.reply({ text: "third answer" });
    const sent = await statementsDuring(kit.t, () => kit.client().chat.completions.create(conversation(3)));
    expect(toolAnswers(kit.upstream.requests[0]!.body).map((a) => a.tool)).toEqual(["load_skill", "read_skill_file"]);
    expect(sent).toEqual([]);
  });
});
