import path from "node:path";
import { expect, it } from "vitest";
import { describeEachDialect } from "../../../test/support/test-app";
import { seedDemoProject } from "./demo-seed";

const EXAMPLES = path.resolve(__dirname, "..", "..", "..", "..", "examples", "skills");
const AGENTS = `{ agents(state: PUBLISHED) { items { name skills { name versionId } } } }`;

describeEachDialect("the demo seed", (t) => {
  it("UX-4 a fresh install has published skills and agents to explore: one follows every skill, one pins a version", async () => {
    const demo = await seedDemoProject(t.app.services, EXAMPLES);
    expect(demo?.skills.map((s) => s.name)).toEqual([
      "explain-bill",
      "refund-policy",
      "schedule-callback",
      "verify-identity",
    ]);
    expect(demo?.agents.map((a) => a.name)).toEqual(["support-desk", "billing-line"]);
    const { agents } = await t.ok<{
      agents: { items: Array<{ name: string; skills: Array<{ name: string; versionId: string | null }> }> };
    }>(AGENTS, {}, demo!.apiKey);
    const byName = new Map(agents.items.map((a) => [a.name, a.skills]));
    expect(byName.get("support-desk")?.map((s) => s.versionId)).toEqual([null, null, null, null]);
    const bill = demo!.skills.find((s) => s.name === "explain-bill")!;
    expect(byName.get("billing-line")).toEqual([{ name: "explain-bill", versionId: bill.id }]);

    // GW-1: the gateway lists them as models
    const res = await fetch(`${t.url}/v1/models`, { headers: { authorization: `Bearer ${demo!.apiKey}` } });
    const models = (await res.json()) as { data: Array<{ id: string }> };
    expect(models.data.map((m) => m.id).sort()).toEqual(["billing-line", "support-desk"]);

    // only ever on an empty database
    expect(await seedDemoProject(t.app.services, EXAMPLES)).toBeNull();
  });
});
