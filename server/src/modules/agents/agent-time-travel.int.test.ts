import { expect, it } from "vitest";
import { publishAgent, saveAgent, skillVersion } from "../../../test/support/agents";
import { describeEachDialect } from "../../../test/support/test-app";

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
