import { randomBytes } from "node:crypto";
import { promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { CATALOG_SKILLS as SKILLS, listedSkills as listed, toolNames } from "../../../test/support/catalog";
import { startGatewayKit, type GatewayKit } from "../../../test/support/gateway-kit";
import { skillMd } from "../../../test/support/skill-md";
import { createTestApp, describeEachDialect } from "../../../test/support/test-app";

const BUDGET = 420;

/** The catalog's skills as local sources, and a TOML serving them as `desk` (with `budget`) and nothing else. */
async function configTree(budget: string | null): Promise<{ root: string; config: string }> {
  const root = path.join(os.tmpdir(), `sg-gw-catalog-${randomBytes(6).toString("hex")}`);
  for (const [name, description] of SKILLS) {
    await fs.mkdir(path.join(root, "skills", name), { recursive: true });
    await fs.writeFile(
      path.join(root, "skills", name, "SKILL.md"),
      skillMd(name, { description, body: `${name} steps.` }),
    );
  }
  const config = path.join(root, "aura.toml");
  await fs.writeFile(
    config,
    [
      "[agent]",
      'name = "desk"',
      'system_prompt = "Desk."',
      ...(budget === null ? [] : [`catalog_budget = ${budget}`]),
      "[agent.skills]",
      `local = [{ source = "${path.join(root, "skills")}" }]`,
    ].join("\n"),
  );
  return { root, config };
}

/** CT-1 for GATEWAY_CONFIG's agent: `[agent] catalog_budget` budgets its catalog as an agent's catalogBudget does. */
describeEachDialect.withOwnApps("budgeted catalogs of GATEWAY_CONFIG's agent", (dialect) => {
  let tree: { root: string; config: string };
  let roomy: { root: string; config: string };
  let kit: GatewayKit;
  let roomyKit: GatewayKit;
  beforeAll(async () => {
    tree = await configTree(String(BUDGET));
    roomy = await configTree(null);
    kit = await startGatewayKit(dialect, { gatewayConfig: tree.config });
    roomyKit = await startGatewayKit(dialect, { gatewayConfig: roomy.config });
  });
  afterAll(async () => {
    await kit?.close();
    await roomyKit?.close();
    for (const t of [tree, roomy]) if (t) await fs.rm(t.root, { recursive: true, force: true });
  });
  beforeEach(() => {
    kit.upstream.reset();
    roomyKit.upstream.reset();
  });

  it("CT-1 catalog_budget: the turn lists the relevant skills within the budget and offers find_skills; one left out loads", async () => {
    kit.upstream.reply(
      { toolCalls: [{ name: "find_skills", arguments: { query: "rain forecast for a city" } }] },
      { toolCalls: [{ name: "load_skill", arguments: { name: "weather-desk" } }] },
      { text: "Rain." },
    );
    await kit.client(kit.t.platformToken).chat.completions.create({
      model: "desk",
      messages: [{ role: "user", content: "I want a refund for my order" }],
    });
    const shown = listed(kit.upstream.requests[0]);
    expect(shown[0]).toBe("refund-desk");
    expect(shown.length).toBeLessThan(SKILLS.length);
    expect(shown).not.toContain("weather-desk");
    const lines = SKILLS.filter(([n]) => shown.includes(n)).map(([n, d]) => `- ${n}: ${d}`.length + 1);
    expect(lines.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(BUDGET);
    expect(toolNames(kit.upstream.requests[0])).toEqual(["load_skill", "read_skill_file", "find_skills"]);
    const answers = kit.upstream.requests[2]!.body.messages.filter((m) => m.role === "tool").map((m) => m.content);
    expect((JSON.parse(String(answers[0])) as Array<{ name: string }>)[0]!.name).toBe("weather-desk");
    expect(String(answers[1])).toContain("weather-desk steps.");
  });

  it("CT-1 without catalog_budget the default applies: every skill fits and is listed, no find_skills", async () => {
    roomyKit.upstream.reply({ text: "Hello." });
    await roomyKit
      .client(roomyKit.t.platformToken)
      .chat.completions.create({ model: "desk", messages: [{ role: "user", content: "hi" }] });
    // local sources are discovered in their folder's order
    expect(listed(roomyKit.upstream.requests[0])).toEqual(SKILLS.map(([n]) => n).sort());
    expect(toolNames(roomyKit.upstream.requests[0])).toEqual(["load_skill", "read_skill_file"]);
  });

  it("CT-1 a catalog_budget that is not a whole number of characters stops the start", async () => {
    const bad = await configTree('"lots"');
    try {
      await expect(createTestApp(dialect, { gatewayConfig: bad.config })).rejects.toThrow(/catalog_budget/);
    } finally {
      await fs.rm(bad.root, { recursive: true, force: true });
    }
  });
});
