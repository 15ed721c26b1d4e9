import { expect, it } from "vitest";
import { linkLibrary, publishAgent, refusal, saveAgent, skillVersion } from "../support/agents";
import { READ_CALL, START_CALL, type CallView } from "../support/calls";
import { skillMd } from "../support/skill-md";
import { describeEachDialect } from "../support/test-app";

const UPDATE = `mutation($id: ID!, $input: SkillVersionInput!) { updateSkillVersion(id: $id, input: $input) { id } }`;
const DELETE = `mutation($id: ID!) { deleteSkillVersion(id: $id) }`;
const ROLLBACK = `mutation($name: String!, $to: ID!) { rollbackSkill(name: $name, toVersionId: $to) { id state } }`;

describeEachDialect("spec rules probing found unproven", (t) => {
  it("SV-2 an archived version refuses an edit (CONFLICT) and keeps its text", async () => {
    const { adminKey } = await t.project();
    const v1 = await skillVersion(t, adminKey, "archived-edit", { publish: true, body: "first" });
    await skillVersion(t, adminKey, "archived-edit", { publish: true, body: "second" });
    const edit = await t.gql(
      UPDATE,
      { id: v1.id, input: { skillMd: skillMd("archived-edit", { body: "changed" }) } },
      adminKey,
    );
    const refused = refusal(edit);
    expect(refused.code).toBe("CONFLICT");
    expect(refused.details.state).toBe("archived");
    const read = await t.ok<{ skillVersion: { state: string; instructions: string } }>(
      `query($id: ID!) { skillVersion(id: $id) { state instructions } }`,
      { id: v1.id },
      adminKey,
    );
    expect(read.skillVersion.state).toBe("ARCHIVED");
    expect(read.skillVersion.instructions).toContain("first");
  });

  it("SV-7 a call that ran a version keeps its record after that version is deleted", async () => {
    const { adminKey } = await t.project();
    const v1 = await skillVersion(t, adminKey, "deleted-later", { publish: true });
    // An inline agent: no stored agent names the skill, so the delete is allowed (SV-7's guard is about agents).
    const started = await t.ok<{ startCall: CallView }>(
      START_CALL,
      { input: { inlineAgent: { name: "inline", skills: [{ name: "deleted-later" }] } } },
      adminKey,
    );
    await t.ok(DELETE, { id: v1.id }, adminKey);
    const gone = await t.ok<{ skillVersion: unknown }>(
      `query($id: ID!) { skillVersion(id: $id) { id } }`,
      { id: v1.id },
      adminKey,
    );
    expect(gone.skillVersion).toBeNull();
    const call = await t.ok<{ call: CallView }>(READ_CALL, { id: started.startCall.id }, adminKey);
    expect(call.call.skills).toEqual([
      { name: "deleted-later", version: 1, versionId: v1.id, pinned: false, loaded: false },
    ]);
    expect(call.call.systemPrompt).toContain("deleted-later");
  });

  it("SV-4 SV-9 a rollback moves the live pointer back; the history lists publish, publish, rollback", async () => {
    const { adminKey } = await t.project();
    const v1 = await skillVersion(t, adminKey, "travel", { publish: true });
    await skillVersion(t, adminKey, "travel", { publish: true });
    const rolled = await t.ok<{ rollbackSkill: { id: string; state: string } }>(
      ROLLBACK,
      { name: "travel", to: v1.id },
      adminKey,
    );
    expect(rolled.rollbackSkill).toEqual({ id: v1.id, state: "PUBLISHED" });
    const history = await t.ok<{ skillPointerHistory: Array<{ action: string; version: number | null }> }>(
      `{ skillPointerHistory(name: "travel") { action version } }`,
      {},
      adminKey,
    );
    expect(history.skillPointerHistory.map((m) => `${m.action} ${m.version}`)).toEqual([
      "publish 1",
      "publish 2",
      "rollback 1",
    ]);
  });

  it("LB-7 a call started after its library was deleted skips the library's skills with a warning", async () => {
    const library = await t.project("library");
    const linked = await t.project("linked");
    await skillVersion(t, library.adminKey, "shared-skill", { publish: true });
    await linkLibrary(t, linked.id, library.id);
    const inline = { inlineAgent: { name: "reader", skills: [{ name: "shared-skill" }] } };
    const before = await t.ok<{ startCall: CallView }>(START_CALL, { input: inline }, linked.adminKey);
    expect(before.startCall.skills.map((s) => s.name)).toEqual(["shared-skill"]);
    await t.ok(`mutation($id: ID!) { deleteProject(id: $id) { id } }`, { id: library.id }, t.platformToken);
    const after = await t.ok<{ startCall: CallView }>(START_CALL, { input: inline }, linked.adminKey);
    expect(after.startCall.skills).toEqual([]);
    expect(after.startCall.warnings.join(" ")).toMatch(/shared-skill/);
  });
});

const AT = `query($agentId: ID!, $at: DateTime!) { agentSkillsAt(agentId: $agentId, at: $at) {
  agentVersion skills { name pinned version versionId } } }`;
const tick = () => new Promise((resolve) => setTimeout(resolve, 25));

describeEachDialect("time travel for agents", (t) => {
  it("SV-9 what agent X would have resolved at time T: its published version then and its pins and live versions then", async () => {
    const { adminKey } = await t.project();
    const followed1 = await skillVersion(t, adminKey, "followed", { publish: true });
    const pinned = await skillVersion(t, adminKey, "pinned", { publish: true });
    await tick();
    const beforeAgent = new Date();
    await tick();
    const agent = await saveAgent(t, adminKey, {
      name: "time-traveller",
      skills: [{ name: "followed" }, { name: "pinned", versionId: pinned.id }],
    });
    await publishAgent(t, adminKey, agent.id);
    await tick();
    const firstPeriod = new Date();
    await tick();
    const followed2 = await skillVersion(t, adminKey, "followed", { publish: true });
    await skillVersion(t, adminKey, "pinned", { publish: true });
    await tick();
    const secondPeriod = new Date();
    await tick();
    const v2 = await saveAgent(t, adminKey, { name: "time-traveller", skills: [] }, agent.agentId);
    await publishAgent(t, adminKey, v2.id);
    await tick();
    const thirdPeriod = new Date();

    const at = async (when: Date) =>
      (await t.ok<{ agentSkillsAt: unknown }>(AT, { agentId: agent.agentId, at: when.toISOString() }, adminKey))
        .agentSkillsAt;
    expect(await at(beforeAgent)).toEqual({ agentVersion: null, skills: [] });
    expect(await at(firstPeriod)).toEqual({
      agentVersion: 1,
      skills: [
        { name: "followed", pinned: false, version: 1, versionId: followed1.id },
        { name: "pinned", pinned: true, version: 1, versionId: pinned.id },
      ],
    });
    expect(await at(secondPeriod)).toEqual({
      agentVersion: 1,
      skills: [
        { name: "followed", pinned: false, version: 2, versionId: followed2.id },
        { name: "pinned", pinned: true, version: 1, versionId: pinned.id },
      ],
    });
    expect(await at(thirdPeriod)).toEqual({ agentVersion: 2, skills: [] });
  });
});

describeEachDialect("time travel for an agent that is not there", (t) => {
  it("SV-9 PJ-1 agentSkillsAt for an agent id not in the project (another project's, deleted, or none) is NOT_FOUND, unlike an agent with no version published then", async () => {
    const mine = await t.project("time travel mine");
    const theirs = await t.project("time travel theirs");
    const draftOnly = await saveAgent(t, mine.adminKey, { name: "not-yet" });
    const theirAgent = await saveAgent(t, theirs.adminKey, { name: "theirs" });
    await publishAgent(t, theirs.adminKey, theirAgent.id);
    const gone = await saveAgent(t, mine.adminKey, { name: "gone" });
    await publishAgent(t, mine.adminKey, gone.id);
    await t.ok(`mutation($agentId: ID!) { deleteAgent(agentId: $agentId) }`, { agentId: gone.agentId }, mine.adminKey);
    const at = new Date(Date.now() + 60_000).toISOString();

    // An agent of the project with nothing published then: an empty answer, not an error.
    const empty = await t.ok<{ agentSkillsAt: unknown }>(AT, { agentId: draftOnly.agentId, at }, mine.adminKey);
    expect(empty.agentSkillsAt).toEqual({ agentVersion: null, skills: [] });
    for (const agentId of [theirAgent.agentId, gone.agentId, "00000000-0000-4000-8000-000000000000"]) {
      const res = await t.gql(AT, { agentId, at }, mine.adminKey);
      expect(res.errors?.[0]?.extensions?.code, agentId).toBe("NOT_FOUND");
      expect(res.data, agentId).toBeNull();
    }
  });
});
