import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { publishSkill } from "../../../test/support/calls";
import { CATALOG_SKILLS as SKILLS, listedSkills as listed, toolNames } from "../../../test/support/catalog";
import { startGatewayKit, UPSTREAM_MODEL, type GatewayKit } from "../../../test/support/gateway-kit";
import { describeEachDialect } from "../../../test/support/test-app";

const BUDGET = 420;

/** CT-1 on gateway turns: the catalog is worked out from the conversation the client sends, the same every turn. */
describeEachDialect.withOwnApps("budgeted catalogs on gateway turns", (dialect) => {
  let kit: GatewayKit;
  beforeAll(async () => {
    kit = await startGatewayKit(dialect);
    for (const [name, description] of SKILLS)
      await publishSkill(kit.t, kit.key, name, { description, body: `${name} steps.` });
    await kit.agent({ name: "gw-desk", catalogBudget: BUDGET, skills: SKILLS.map(([name]) => ({ name })) });
  });
  afterAll(() => kit?.close());
  beforeEach(() => kit.upstream.reset());

  it("CT-1 a turn lists the relevant skills within the budget, offers find_skills, and the next turn keeps them", async () => {
    kit.upstream.reply({ text: "Refund started." }, { text: "It will rain." });
    const first = [{ role: "user" as const, content: "I returned my order and want a refund" }];
    await kit.client().chat.completions.create({ model: "gw-desk", messages: first });
    const before = listed(kit.upstream.requests[0]);
    expect(before[0]).toBe("refund-desk");
    expect(before.length).toBeLessThan(SKILLS.length);
    expect(toolNames(kit.upstream.requests[0])).toEqual(["load_skill", "read_skill_file", "find_skills"]);
    await kit.client().chat.completions.create({
      model: "gw-desk",
      messages: [
        ...first,
        { role: "assistant", content: "Refund started." },
        { role: "user", content: "and what is the forecast in Lisbon?" },
      ],
    });
    const after = listed(kit.upstream.requests[1]);
    expect(after.slice(0, before.length)).toEqual(before);
    expect(after).toContain("weather-desk");
    expect(kit.upstream.requests[1]!.body.model).toBe(UPSTREAM_MODEL);
  });

  it("CT-2 find_skills on a gateway turn answers the agent's best matches, and an omitted skill loads", async () => {
    kit.upstream.reply(
      { toolCalls: [{ name: "find_skills", arguments: { query: "commit and push" } }] },
      { toolCalls: [{ name: "load_skill", arguments: { name: "git-helper" } }] },
      { text: "Pushed." },
    );
    await kit.client().chat.completions.create({
      model: "gw-desk",
      messages: [{ role: "user", content: "my parcel never arrived" }],
    });
    const answers = kit.upstream.requests[2]!.body.messages.filter((m) => m.role === "tool").map((m) => m.content);
    expect((JSON.parse(String(answers[0])) as Array<{ name: string }>)[0]!.name).toBe("git-helper");
    expect(String(answers[1])).toContain("git-helper steps.");
  });
});
