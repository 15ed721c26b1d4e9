import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  ADDED_PER_MESSAGE,
  catalogCost,
  catalogLine,
  firstCatalog,
  nextCatalog,
  omittedSkills,
  rankForCatalog,
} from "./catalog-budget";
import { assembleModelContext } from "./model-context";
import { loadSkill } from "./loaded-set";
import { agentSnapshot, resolvedSkill } from "../../../test/support/runtime-fixtures";

// Names of one length, so every catalog line here costs the same.
const skills = ["alpha", "bravo", "carol", "delta", "ember", "fable"].map((name) =>
  resolvedSkill(name, { description: `The ${name} skill does ${name} things for you, every time.` }),
);
const line = catalogLine(skills[0]!).length + 1;
const noRanking = { relevance: new Map<string, number>() };

describe("firstCatalog", () => {
  it("CT-1 when every line fits the budget the catalog is the whole list (null)", () => {
    const all = catalogCost(skills.map((s) => catalogLine(s)));
    expect(firstCatalog({ resolved: skills, budget: all, variables: {}, ranking: noRanking })).toBeNull();
  });

  it("CT-1 past the budget it shows the most relevant skills first, never an alphabetical cut", () => {
    const shown = firstCatalog({
      resolved: skills,
      budget: 3 * line + 5,
      variables: {},
      ranking: {
        relevance: new Map([
          ["fable", 2],
          ["delta", 1],
        ]),
      },
    });
    expect(shown).toEqual(["fable", "delta", "alpha"]);
  });

  it("CT-1 among skills the conversation does not tell apart, the agent's most loaded come first, then its order", () => {
    const shown = firstCatalog({
      resolved: skills,
      budget: 3 * line + 5,
      variables: {},
      ranking: {
        relevance: new Map(),
        recentLoads: new Map([
          ["ember", 7],
          ["carol", 3],
        ]),
      },
    });
    expect(shown).toEqual(["ember", "carol", "alpha"]);
  });

  it("CT-1 a skill whose line does not fit what is left is passed over for shorter ones", () => {
    const long = resolvedSkill("long", { description: "x".repeat(500) });
    const shown = firstCatalog({
      resolved: [long, ...skills],
      budget: 2 * line + 10,
      variables: {},
      ranking: { relevance: new Map([["long", 5]]) },
    });
    expect(shown).toEqual(["alpha", "bravo"]);
  });

  it("CT-1 a conversation's first catalog fills only its share, keeping room for later messages", () => {
    const shown = firstCatalog({
      resolved: skills,
      budget: 4 * line + 5,
      variables: {},
      ranking: noRanking,
      share: 0.5,
    });
    expect(shown).toEqual(["alpha", "bravo"]);
  });

  it("CT-1 descriptions are measured as the prompt shows them, variables rendered", () => {
    const templated = resolvedSkill("greet", { description: "Greets {{who}}." });
    expect(catalogLine(templated)).toBe("- greet: Greets {{who}}.");
    const all = catalogCost([catalogLine(templated)]);
    const resolved = [templated];
    expect(firstCatalog({ resolved, budget: all, variables: { who: "y".repeat(50) }, ranking: noRanking })).toEqual([]);
  });

  it("CT-1 property: the shown lines never take more than the budget, and shown and omitted split the skills", () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ maxLength: 120 }), { minLength: 1, maxLength: 12 }),
        fc.nat({ max: 1200 }),
        (descriptions, budget) => {
          const resolved = descriptions.map((description, i) => resolvedSkill(`s${i}`, { description }));
          const shown = firstCatalog({ resolved, budget, variables: {}, ranking: noRanking });
          const listed = shown ?? resolved.map((s) => s.name);
          const cost = catalogCost(listed.map((name) => catalogLine(resolved.find((s) => s.name === name)!)));
          expect(cost).toBeLessThanOrEqual(shown === null ? Number.POSITIVE_INFINITY : budget);
          expect([...listed, ...omittedSkills(resolved, shown)].sort()).toEqual(resolved.map((s) => s.name).sort());
        },
      ),
    );
  });
});

describe("nextCatalog", () => {
  it("CT-1 a conversation that moves on keeps every shown skill in its place and adds the newly relevant ones", () => {
    const next = nextCatalog({
      resolved: skills,
      shown: ["alpha", "bravo"],
      budget: 4 * line + 5,
      variables: {},
      relevance: new Map([
        ["ember", 3],
        ["bravo", 2],
      ]),
    });
    expect(next).toEqual(["alpha", "bravo", "ember"]);
  });

  it("CT-1 nothing joins that the new message does not relate to, and the same list comes back unchanged", () => {
    const shown = ["alpha", "bravo"];
    expect(nextCatalog({ resolved: skills, shown, budget: 10_000, variables: {}, relevance: new Map() })).toBe(shown);
  });

  it(`CT-1 at most ${ADDED_PER_MESSAGE} skills join per message, and never past the budget`, () => {
    const relevance = new Map(skills.map((s, i) => [s.name, i + 1]));
    expect(nextCatalog({ resolved: skills, shown: ["alpha"], budget: 100_000, variables: {}, relevance })).toEqual([
      "alpha",
      "fable",
      "ember",
      "delta",
    ]);
    expect(nextCatalog({ resolved: skills, shown: ["alpha"], budget: 2 * line + 5, variables: {}, relevance })).toEqual(
      ["alpha", "fable"],
    );
  });

  it("CT-1 a catalog that shows everything stays so", () => {
    expect(
      nextCatalog({ resolved: skills, shown: null, budget: 1, variables: {}, relevance: new Map([["a", 1]]) }),
    ).toBeNull();
  });
});

describe("the catalog in the prompt and tools", () => {
  const agent = agentSnapshot({ skills: skills.map((s) => ({ name: s.name })) });

  it("CT-1 with everything shown the prompt and tools are as before: no find_skills, load_skill lists the names", () => {
    const context = assembleModelContext({ agent, resolved: skills, loaded: [], mcpTools: [], variables: {} });
    expect(context.tools.map((t) => t.name)).toEqual(["load_skill"]);
    expect(context.tools[0]!.parameters).toMatchObject({ properties: { name: { enum: skills.map((s) => s.name) } } });
    expect(context.systemPrompt).not.toContain("find_skills");
  });

  it("CT-1 with skills left out the prompt lists the shown ones, says how many more exist, and offers find_skills", () => {
    const context = assembleModelContext({
      agent,
      resolved: skills,
      loaded: [],
      mcpTools: [],
      variables: {},
      shown: ["ember", "alpha"],
    });
    expect(context.tools.map((t) => t.name)).toEqual(["load_skill", "find_skills"]);
    expect(context.tools[0]!.parameters).not.toHaveProperty("properties.name.enum");
    const listed = context.systemPrompt.split("\n").filter((l) => l.startsWith("- "));
    expect(listed).toEqual([catalogLine(skills[4]!), catalogLine(skills[0]!)]);
    expect(context.systemPrompt).toContain("4 more are not");
  });

  it("CT-1 load_skill accepts a skill the catalog left out, and an unknown name points to find_skills", () => {
    const state = { resolved: skills, loaded: [], cap: 2, shown: ["alpha"] };
    expect(loadSkill(state, "fable")).toMatchObject({ status: "LOADED", skill: "fable" });
    const unknown = loadSkill(state, "zulu");
    expect(unknown.status).toBe("UNKNOWN_SKILL");
    expect(unknown.message).toContain("find_skills");
    expect(unknown.available).toEqual(["alpha"]);
  });

  it("CT-1 ranking ties keep the agent's order", () => {
    expect(rankForCatalog(skills, noRanking).map((s) => s.name)).toEqual(skills.map((s) => s.name));
  });
});
