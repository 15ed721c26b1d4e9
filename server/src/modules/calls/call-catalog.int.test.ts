import { beforeAll, expect, it } from "vitest";
import { linkLibrary, refusal } from "../../../test/support/agents";
import {
  CALL_FIELDS,
  loadSkill,
  publishAgent,
  publishSkill,
  runTool,
  skillsSection,
  toolsOf,
  type CallView,
} from "../../../test/support/calls";
import { CATALOG_SKILLS as SKILLS } from "../../../test/support/catalog";
import { describeEachDialect } from "../../../test/support/test-app";

const BUDGET = 320;

const CATALOG_CALL = `${CALL_FIELDS} catalog { shown omitted budget }`;
const START = `mutation($input: StartCallInput!) { startCall(input: $input) { ${CATALOG_CALL} } }`;
const READ = `query($id: ID!) { call(id: $id) { ${CATALOG_CALL} } }`;
const HANDOFF = `mutation($callId: ID!, $agentId: ID!) { handoffCall(callId: $callId, agentId: $agentId) { ${CATALOG_CALL} } }`;
const SEARCH = `query($agentId: ID!, $query: String!, $limit: Int) {
  agentSkillSearch(agentId: $agentId, query: $query, limit: $limit) { name description score } }`;

type CatalogCall = CallView & { catalog: { shown: string[]; omitted: string[]; budget: number } };
type Match = { name: string; description: string; score: number };

/** The catalog's lines in a system prompt: the skills section's "- name: description" lines. */
function catalogLines(prompt: string): string[] {
  const section = prompt.split("# Skills\n")[1] ?? "";
  return section
    .split("\n\n")[1]!
    .split("\n")
    .filter((line) => line.startsWith("- "));
}

/** CT-1, CT-2 through GraphQL: budgeted catalogs on calls, find_skills, agentSkillSearch, tenancy. */
describeEachDialect("budgeted catalogs", (t) => {
  let key: string;
  let projectId: string;
  let agentId: string;
  let roomyAgentId: string;
  const pinned: Record<string, string> = {};
  beforeAll(async () => {
    ({ id: projectId, adminKey: key } = await t.project("catalog"));
    for (const [name, description] of SKILLS)
      pinned[name] = await publishSkill(t, key, name, { description, body: `How to do ${name} work.` });
    // a second live version of one skill: the agent pins the first (CT-1: pinned and follow-live entries alike)
    await publishSkill(t, key, "git-helper", { description: "Newer git helper.", body: "v2" });
    const skills = SKILLS.map(([name]) => (name === "git-helper" ? { name, versionId: pinned[name] } : { name }));
    agentId = await publishAgent(t, key, { name: "big-desk", prompt: "Desk.", catalogBudget: BUDGET, skills });
    roomyAgentId = await publishAgent(t, key, { name: "roomy-desk", prompt: "Desk.", skills });
  });

  const start = async (input: Record<string, unknown>) =>
    (await t.ok<{ startCall: CatalogCall }>(START, { input }, key)).startCall;
  const search = async (query: string, limit?: number, as = key, agent = agentId) =>
    (await t.ok<{ agentSkillSearch: Match[] }>(SEARCH, { agentId: agent, query, limit }, as)).agentSkillSearch;

  it("CT-1 when every skill fits the budget the catalog is as it always was: all listed, no find_skills", async () => {
    const call = await start({ agentId: roomyAgentId });
    expect(call.systemPrompt).toBe(["Desk.", skillsSection(SKILLS)].join("\n\n"));
    expect(toolsOf(call.tools)).toEqual(["load_skill:builtin"]);
    expect(call.catalog).toEqual({ shown: SKILLS.map(([n]) => n), omitted: [], budget: 8000 });
  });

  it("CT-1 past the budget the prompt's catalog stays within it, and the call records what it showed and left out", async () => {
    const call = await start({ agentId, variables: { topic: "weather" } });
    const lines = catalogLines(call.systemPrompt);
    expect(lines.reduce((sum, line) => sum + line.length + 1, 0)).toBeLessThanOrEqual(BUDGET);
    expect(lines.map((line) => line.slice(2, line.indexOf(":")))).toEqual(call.catalog.shown);
    expect(call.catalog.omitted.length).toBeGreaterThan(0);
    expect([...call.catalog.shown, ...call.catalog.omitted].sort()).toEqual(SKILLS.map(([n]) => n).sort());
    expect(call.catalog.budget).toBe(BUDGET);
    expect(call.systemPrompt).toContain(`${call.catalog.omitted.length} more are not`);
    const read = (await t.ok<{ call: CatalogCall }>(READ, { id: call.id }, key)).call;
    expect(read.catalog).toEqual(call.catalog);
  });

  it("CT-1 the catalog is ranked for the conversation: a call's variables put the relevant skill first", async () => {
    const refund = await start({ agentId, variables: { request: "I returned my order, where is my refund?" } });
    expect(refund.catalog.shown[0]).toBe("refund-desk");
    const parcel = await start({ agentId, variables: { request: "my parcel is lost, track the shipment" } });
    expect(parcel.catalog.shown[0]).toBe("shipping-desk");
  });

  it("CT-1 find_skills is offered only when the catalog leaves skills out; load_skill then takes any skill", async () => {
    const roomy = await start({ agentId: roomyAgentId });
    expect(toolsOf(roomy.tools)).not.toContain("find_skills:builtin");
    const call = await start({ agentId, variables: { request: "weather in Lisbon" } });
    expect(toolsOf(call.tools)).toEqual(["load_skill:builtin", "find_skills:builtin"]);
    const omitted = call.catalog.omitted[0]!;
    const loaded = await loadSkill(t, key, call.id, omitted);
    expect(loaded).toMatchObject({ status: "LOADED", skill: omitted });
    expect(loaded.call.systemPrompt).toContain(`<skill name="${omitted}">`);
    const unknown = await loadSkill(t, key, call.id, "no-such-skill");
    expect(unknown.status).toBe("UNKNOWN_SKILL");
    expect(unknown.message).toContain("find_skills");
  });

  it("CT-2 find_skills answers exactly what agentSkillSearch answers, best first, at most five", async () => {
    const call = await start({ agentId, variables: { request: "weather" } });
    const found = await runTool(t, key, call.id, "find_skills", { query: "merge two pdf files" });
    expect(found.status).toBe("ok");
    const matches = found.result as Match[];
    expect(matches[0]).toMatchObject({ name: "pdf-tools", description: SKILLS[0]![1] });
    expect(matches.length).toBeLessThanOrEqual(5);
    expect(await search("merge two pdf files")).toEqual(matches);
    expect((await search("merge two pdf files", 1)).map((m) => m.name)).toEqual(["pdf-tools"]);
  });

  it("CT-2 a pinned entry is searched at the version it pins", async () => {
    const [git] = await search("commit and push my changes", 1);
    expect(git).toMatchObject({ name: "git-helper", description: SKILLS[6]![1] });
  });

  it("CT-1 a handoff's target gets its own catalog, recorded on the call", async () => {
    const call = await start({ agentId: roomyAgentId, variables: { request: "refund for my returned order" } });
    const after = (await t.ok<{ handoffCall: CatalogCall }>(HANDOFF, { callId: call.id, agentId }, key)).handoffCall;
    expect(after.catalog.budget).toBe(BUDGET);
    expect(after.catalog.shown[0]).toBe("refund-desk");
    expect(after.catalog.omitted.length).toBeGreaterThan(0);
  });

  it("CT-2 agentSkillSearch refuses a limit out of range", async () => {
    const res = await t.gql(SEARCH, { agentId, query: "pdf", limit: 0 }, key);
    expect(refusal(res)).toMatchObject({ code: "BAD_USER_INPUT" });
  });

  it("CT-2 tenancy: another project's key cannot search this agent, and its skills are never searched here", async () => {
    const other = await t.project("catalog-other");
    await publishSkill(t, other.adminKey, "pdf-tools", { description: "Other project's PDF helper, merge anything." });
    const otherAgent = await publishAgent(t, other.adminKey, { name: "other-desk", skills: [{ name: "pdf-tools" }] });
    expect(refusal(await t.gql(SEARCH, { agentId, query: "pdf" }, other.adminKey)).message).toContain(agentId);
    const here = await search("merge pdf");
    expect(here.find((m) => m.name === "pdf-tools")?.description).toBe(SKILLS[0]![1]);
    expect(refusal(await t.gql(SEARCH, { agentId: otherAgent, query: "pdf" }, key)).message).toContain(otherAgent);
  });

  it("CT-1 a linked project's agent searches and budgets its library's skills", async () => {
    const library = await t.project("catalog-library");
    const linked = await t.project("catalog-linked");
    await linkLibrary(t, linked.id, library.id);
    for (const [name, description] of SKILLS) await publishSkill(t, library.adminKey, name, { description });
    const linkedAgent = await publishAgent(t, linked.adminKey, {
      name: "linked-desk",
      catalogBudget: BUDGET,
      skills: SKILLS.map(([name]) => ({ name })),
    });
    const call = (
      await t.ok<{ startCall: CatalogCall }>(
        START,
        { input: { agentId: linkedAgent, variables: { request: "book a meeting next week" } } },
        linked.adminKey,
      )
    ).startCall;
    expect(call.catalog.shown[0]).toBe("calendar-desk");
    const [first] = await search("cancel my meeting", 1, linked.adminKey, linkedAgent);
    expect(first!.name).toBe("calendar-desk");
    expect(projectId).not.toBe(linked.id);
  });
});
