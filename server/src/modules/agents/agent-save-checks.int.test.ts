import { beforeAll, expect, it } from "vitest";
import { SAVE_AGENT, refusal, saveAgent, skillVersion, tool } from "../../../test/support/agents";
import { describeEachDialect } from "../../../test/support/test-app";

const DELETE_SKILL = `mutation($id: ID!) { deleteSkillVersion(id: $id) }`;

describeEachDialect("agent save checks", (t) => {
  let key: string;

  beforeAll(async () => {
    key = (await t.project()).adminKey;
  });

  const refused = async (input: Record<string, unknown>, agentId?: string) =>
    refusal(await t.gql(SAVE_AGENT, { input, agentId }, key));

  it("AG-2 a name with no published version is refused naming skills[i].name and the skill", async () => {
    await skillVersion(t, key, "ag2-draft-only");
    const res = await refused({ name: "ag2-a", skills: [{ name: "ag2-draft-only" }] });
    expect(res.code).toBe("BAD_USER_INPUT");
    expect(res.details).toMatchObject({ field: "skills[0].name", skill: "ag2-draft-only" });
    expect(res.message).toContain(
      "skills[0] 'ag2-draft-only': 'ag2-draft-only' has no published version in this project",
    );
    const unknown = await refused({ name: "ag2-a", skills: [{ name: "ag2-never-made" }] });
    expect(unknown.details).toMatchObject({ field: "skills[0].name", skill: "ag2-never-made" });
  });

  it("AG-2 a pin to a draft is refused naming skills[0].version_id", async () => {
    await skillVersion(t, key, "ag2-pin", { publish: true });
    const draft = await skillVersion(t, key, "ag2-pin");
    const res = await refused({ name: "ag2-b", skills: [{ name: "ag2-pin", versionId: draft.id }] });
    expect(res.code).toBe("BAD_USER_INPUT");
    expect(res.details).toMatchObject({ field: "skills[0].version_id", skill: "ag2-pin", version_id: draft.id });
    expect(res.message).toMatch(/draft/);
  });

  it("AG-2 a pin that is not a version of that skill in the project is refused naming skills[i].version_id", async () => {
    const other = await skillVersion(t, key, "ag2-other-skill", { publish: true });
    await skillVersion(t, key, "ag2-target", { publish: true });
    const elsewhere = await t.project("ag2 elsewhere");
    const foreign = await skillVersion(t, elsewhere.adminKey, "ag2-target", { publish: true });
    for (const versionId of [other.id, foreign.id, "00000000-0000-0000-0000-000000000000"]) {
      const res = await refused({ name: "ag2-c", skills: [{ name: "ag2-target", versionId }] });
      expect(res.details).toMatchObject({ field: "skills[0].version_id", skill: "ag2-target", version_id: versionId });
      expect(res.message).toContain(`'${versionId}' is not a version of 'ag2-target' in this project`);
    }
  });

  it("AG-2 a skill with no published version may be pinned to an archived version of it, never to a draft", async () => {
    const v1 = await skillVersion(t, key, "ag2-archived", { publish: true });
    const v2 = await skillVersion(t, key, "ag2-archived", { publish: true });
    await t.ok(DELETE_SKILL, { id: v2.id }, key); // v1 archived, nothing live
    const pinned = await saveAgent(t, key, { name: "ag2-d", skills: [{ name: "ag2-archived", versionId: v1.id }] });
    expect(pinned.skills).toEqual([{ name: "ag2-archived", versionId: v1.id }]);
    const following = await refused({ name: "ag2-d2", skills: [{ name: "ag2-archived" }] });
    expect(following.details.field).toBe("skills[0].name");
  });

  it("AG-2 a tool collision is caught for a pinned version's tools, not the live one's", async () => {
    const v1 = await skillVersion(t, key, "ag2-collide", { tools: ["lookup"], publish: true });
    await skillVersion(t, key, "ag2-collide", { tools: ["other"], publish: true }); // v2 live, v1 archived
    const pinnedClash = await refused({
      name: "ag2-e",
      tools: [tool("notify"), tool("lookup")],
      skills: [{ name: "ag2-collide", versionId: v1.id }],
    });
    expect(pinnedClash.code).toBe("BAD_USER_INPUT");
    expect(pinnedClash.details).toMatchObject({
      field: "skills[0].version_id",
      skill: "ag2-collide",
      version_id: v1.id,
      tool: "lookup",
      collides_with: "tools[1]",
    });
    // following the live version (v2, no 'lookup') the same agent tools save
    await saveAgent(t, key, {
      name: "ag2-e",
      tools: [tool("notify"), tool("lookup")],
      skills: [{ name: "ag2-collide" }],
    });
    // and an agent tool named like the live version's tool is fine for an entry pinned to v1
    await saveAgent(t, key, {
      name: "ag2-e2",
      tools: [tool("other")],
      skills: [{ name: "ag2-collide", versionId: v1.id }],
    });
    const liveClash = await refused({ name: "ag2-e3", tools: [tool("other")], skills: [{ name: "ag2-collide" }] });
    expect(liveClash.details).toMatchObject({
      field: "skills[0].name",
      skill: "ag2-collide",
      tool: "other",
      collides_with: "tools[0]",
    });
    expect(liveClash.details.version_id).toBeUndefined();
  });

  it("AG-2 all problems of one save are reported together, each with its fields", async () => {
    await skillVersion(t, key, "ag2-many", { tools: ["lookup"], publish: true });
    const draft = await skillVersion(t, key, "ag2-many-draft");
    const res = await refused({
      name: "ag2-f",
      maxLoadedSkills: 0,
      tools: [tool("lookup"), tool("load_skill")],
      skills: [
        { name: "ag2-many" },
        { name: "ag2-missing" },
        { name: "ag2-many-draft", versionId: draft.id },
        { name: "ag2-many" },
      ],
    });
    expect(res.code).toBe("BAD_USER_INPUT");
    const problems = res.details.problems!;
    expect(problems.map((p) => p.path)).toEqual([
      "max_loaded_skills",
      "skills[0].name",
      "skills[1].name",
      "skills[2].version_id",
      "skills[3].name",
      "tools[1].name",
    ]);
    expect(problems[1]).toMatchObject({ skill: "ag2-many", tool: "lookup", collides_with: "tools[0]" });
    expect(problems[2]).toMatchObject({ skill: "ag2-missing" });
    expect(problems[3]).toMatchObject({ skill: "ag2-many-draft", version_id: draft.id });
    expect(problems[4]!.message).toMatch(/already listed at skills\[0\]/);
    // the first problem's fields are at the top level too
    expect(res.details.field).toBe("max_loaded_skills");
    expect(res.message).toMatch(/^The agent was refused with 6 problems: /);
  });

  it("AG-3 an agent tool named load_skill is refused", async () => {
    const res = await refused({ name: "ag3", tools: [tool("load_skill")] });
    expect(res).toMatchObject({ code: "BAD_USER_INPUT", details: { field: "tools[0].name", tool: "load_skill" } });
    expect(res.message).toMatch(/offered automatically/);
  });

  it("AG-2 an update is checked too, and nothing is written when refused", async () => {
    await skillVersion(t, key, "ag2-update", { publish: true });
    const v1 = await saveAgent(t, key, { name: "ag2-g", skills: [{ name: "ag2-update" }] });
    const res = await refused({ name: "ag2-g", skills: [{ name: "ag2-update" }, { name: "ag2-nope" }] }, v1.agentId);
    expect(res.details.field).toBe("skills[1].name");
    const v2 = await saveAgent(t, key, { name: "ag2-g", skills: [] }, v1.agentId);
    expect(v2.version).toBe(2);
  });
});
