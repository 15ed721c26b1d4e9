import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import {
  describeEachDialectAndStore,
  seedBillingAgent,
  startGatewayKit,
  storeConfig,
  toolAnswers,
  type GatewayKit,
} from "../../../test/support/gateway-kit";

/** GW-2, SEC-12: what read_skill_file answers for a path it cannot serve. */
describeEachDialectAndStore("gateway read_skill_file answers", (dialect, store) => {
  let kit: GatewayKit;
  beforeAll(async () => {
    kit = await startGatewayKit(dialect, storeConfig(store));
    await seedBillingAgent(kit);
  });
  afterAll(() => kit.close());
  beforeEach(() => kit.upstream.reset());

  it("GW-2 SEC-12 a path leaving the skill gets one refusal whatever the target, unlike a missing file", async () => {
    const paths = ["../refund-policy/SKILL.md", "/etc/passwd", "../../nothing-here", "references/../../x"];
    kit.upstream.reply(
      { toolCalls: [{ name: "load_skill", arguments: { name: "explain-bill" } }] },
      {
        toolCalls: [
          ...paths.map((path) => ({ name: "read_skill_file", arguments: { skill: "explain-bill", path } })),
          { name: "read_skill_file", arguments: { skill: "explain-bill", path: "references/none.md" } },
        ],
      },
      { text: "done" },
    );
    await kit.client().chat.completions.create({ model: "billing", messages: [{ role: "user", content: "x" }] });
    const answers = toolAnswers(kit.upstream.requests[2]!.body).filter((a) => a.tool === "read_skill_file");
    const refusals = new Set(answers.slice(0, paths.length).map((a) => a.content));
    expect(refusals.size).toBe(1);
    const missing = answers[paths.length]!.content;
    expect(missing).toContain("has no file 'references/none.md'");
    expect(refusals.has(missing)).toBe(false);
  });

  it("GW-2 SEC-12 read_skill_file with no path, an empty one or one that is not a string is told a path is required, not refused", async () => {
    const given: Array<Record<string, unknown>> = [
      {},
      { path: "" },
      { path: 7 },
      { path: ["SKILL.md"] },
      { path: null },
    ];
    kit.upstream.reply(
      { toolCalls: [{ name: "load_skill", arguments: { name: "explain-bill" } }] },
      {
        toolCalls: [
          ...given.map((args) => ({ name: "read_skill_file", arguments: { skill: "explain-bill", ...args } })),
          { name: "read_skill_file", arguments: { skill: "explain-bill", path: "../x" } },
        ],
      },
      { text: "done" },
    );
    await kit.client().chat.completions.create({ model: "billing", messages: [{ role: "user", content: "x" }] });
    const answers = toolAnswers(kit.upstream.requests[2]!.body).filter((a) => a.tool === "read_skill_file");
    const refused = answers[given.length]!.content;
    for (const answer of answers.slice(0, given.length)) {
      expect(answer.content).toContain("path is required");
      expect(answer.content).toContain("references/rates.md");
      expect(answer.content).not.toBe(refused);
    }
  });
});
