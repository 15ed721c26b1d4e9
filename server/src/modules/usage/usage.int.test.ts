import { expect, it } from "vitest";
import {
  DELETE_AGENT,
  SAVE_AGENT,
  USAGE,
  linkLibrary,
  publishAgent,
  refusal,
  saveAgent,
  skillVersion,
  usage,
} from "../../../test/support/agents";
import { describeEachDialect } from "../../../test/support/test-app";

const DELETE_SKILL = `mutation($id: ID!) { deleteSkillVersion(id: $id) }`;
const ROLLBACK = `mutation($name: String!, $to: ID!) { rollbackSkill(name: $name, toVersionId: $to) { id } }`;

describeEachDialect("who uses a skill", (t) => {
  it("US-1 lists every draft and published agent version that lists the skill, with pinned and resolvesTo", async () => {
    const { id: projectId, adminKey: key } = await t.project("us1");
    const v1 = await skillVersion(t, key, "explain_bill", { publish: true });
    const v2 = await skillVersion(t, key, "explain_bill", { publish: true });
    const follower = await saveAgent(t, key, { name: "follower", skills: [{ name: "explain_bill" }] });
    await publishAgent(t, key, follower.id);
    const followerDraft = await saveAgent(
      t,
      key,
      { name: "follower", skills: [{ name: "explain_bill" }], prompt: "2" },
      follower.agentId,
    );
    const pinned = await saveAgent(t, key, { name: "pinned", skills: [{ name: "explain_bill", versionId: v1.id }] });
    const rows = await usage(t, key, "explain_bill");
    expect(rows).toEqual([
      {
        skill: "explain_bill",
        agentId: follower.agentId,
        agentVersionId: followerDraft.id,
        agentName: "follower",
        agentVersion: 2,
        agentState: "DRAFT",
        projectId,
        pinned: false,
        resolvesTo: { id: v2.id, version: 2, state: "PUBLISHED" },
      },
      {
        skill: "explain_bill",
        agentId: follower.agentId,
        agentVersionId: follower.id,
        agentName: "follower",
        agentVersion: 1,
        agentState: "PUBLISHED",
        projectId,
        pinned: false,
        resolvesTo: { id: v2.id, version: 2, state: "PUBLISHED" },
      },
      {
        skill: "explain_bill",
        agentId: pinned.agentId,
        agentVersionId: pinned.id,
        agentName: "pinned",
        agentVersion: 1,
        agentState: "DRAFT",
        projectId,
        pinned: true,
        resolvesTo: { id: v1.id, version: 1, state: "ARCHIVED" },
      },
    ]);
  });

  it("US-1 archived agent versions and deleted agents are not listed", async () => {
    const { adminKey: key } = await t.project("us1 archived");
    const live = await skillVersion(t, key, "faq", { publish: true });
    const a1 = await saveAgent(t, key, { name: "a", skills: [{ name: "faq" }] });
    await publishAgent(t, key, a1.id);
    const a2 = await saveAgent(t, key, { name: "a", skills: [{ name: "faq" }], prompt: "2" }, a1.agentId);
    await publishAgent(t, key, a2.id); // a1 archived
    const gone = await saveAgent(t, key, { name: "gone", skills: [{ name: "faq" }] });
    await t.ok(DELETE_AGENT, { agentId: gone.agentId }, key);
    const rows = await usage(t, key, "faq");
    expect(rows.map((u) => [u.agentVersionId, u.agentState, u.resolvesTo?.id])).toEqual([
      [a2.id, "PUBLISHED", live.id],
    ]);
  });

  it("US-1 resolvesTo is null when nothing is published where the agent reads its skills", async () => {
    const library = await t.project("us1 null library");
    const reader = await t.project("us1 null reader");
    await skillVersion(t, reader.adminKey, "quotes", { publish: true });
    const agent = await saveAgent(t, reader.adminKey, { name: "quoter", skills: [{ name: "quotes" }] });
    await skillVersion(t, library.adminKey, "quotes"); // the library holds only a draft
    await linkLibrary(t, reader.id, library.id);
    const rows = await usage(t, library.adminKey, "quotes");
    expect(rows).toEqual([
      expect.objectContaining({ agentId: agent.agentId, projectId: reader.id, pinned: false, resolvesTo: null }),
    ]);
  });

  it("US-1 a name the project has no version of is NOT_FOUND, also for another project's skill", async () => {
    const { adminKey: key } = await t.project("us1 missing");
    const other = await t.project("us1 missing other");
    await skillVersion(t, other.adminKey, "theirs", { publish: true });
    expect(refusal(await t.gql(USAGE, { name: "nothing-here" }, key)).code).toBe("NOT_FOUND");
    expect(refusal(await t.gql(USAGE, { name: "theirs" }, key)).code).toBe("NOT_FOUND");
    await skillVersion(t, key, "unused");
    expect(await usage(t, key, "unused")).toEqual([]);
  });

  it("US-2 the entries with pinned: false are exactly who a publish or a rollback reaches", async () => {
    const { adminKey: key } = await t.project("us2");
    const v1 = await skillVersion(t, key, "billing", { publish: true });
    const follower = await saveAgent(t, key, { name: "follows", skills: [{ name: "billing" }] });
    const holder = await saveAgent(t, key, { name: "holds", skills: [{ name: "billing", versionId: v1.id }] });
    const reached = (rows: Awaited<ReturnType<typeof usage>>) => rows.filter((u) => !u.pinned).map((u) => u.agentId);
    expect(reached(await usage(t, key, "billing"))).toEqual([follower.agentId]);
    const v2 = await skillVersion(t, key, "billing", { publish: true });
    const after = await usage(t, key, "billing");
    expect(after.find((u) => u.agentId === follower.agentId)!.resolvesTo!.id).toBe(v2.id);
    expect(after.find((u) => u.agentId === holder.agentId)!.resolvesTo!.id).toBe(v1.id);
    await t.ok(ROLLBACK, { name: "billing", to: v1.id }, key);
    const rolled = await usage(t, key, "billing");
    expect(rolled.find((u) => u.agentId === follower.agentId)!.resolvesTo!.id).toBe(v1.id);
    expect(reached(rolled)).toEqual([follower.agentId]);
  });

  it("US-1 SkillVersion.usage is the same as skillUsage for its name, for every version in a list", async () => {
    const { adminKey: key } = await t.project("us1 field");
    await skillVersion(t, key, "one", { publish: true });
    await skillVersion(t, key, "two", { publish: true });
    await skillVersion(t, key, "three");
    const agent = await saveAgent(t, key, { name: "both", skills: [{ name: "one" }, { name: "two" }] });
    const list = await t.ok<{
      skills: {
        items: Array<{
          name: string;
          usage: Array<{ agentId: string; pinned: boolean; resolvesTo: { name: string } | null }>;
        }>;
      };
    }>(`query { skills { items { name usage { agentId pinned resolvesTo { name } } } } }`, {}, key);
    const byName = Object.fromEntries(list.skills.items.map((v) => [v.name, v.usage]));
    expect(byName).toEqual({
      one: [{ agentId: agent.agentId, pinned: false, resolvesTo: { name: "one" } }],
      two: [{ agentId: agent.agentId, pinned: false, resolvesTo: { name: "two" } }],
      three: [],
    });
    const direct = await usage(t, key, "one");
    expect(direct.map((u) => u.agentId)).toEqual(byName.one!.map((u) => u.agentId));
  });

  it("SV-7 deleting any version of a used skill is CONFLICT with details.agents; unused again, it deletes", async () => {
    const { id: projectId, adminKey: key } = await t.project("sv7");
    const v1 = await skillVersion(t, key, "guarded", { publish: true });
    const v2 = await skillVersion(t, key, "guarded"); // a draft nobody pins
    const a1 = await saveAgent(t, key, { name: "user", skills: [{ name: "guarded" }] });
    await publishAgent(t, key, a1.id);
    for (const id of [v1.id, v2.id]) {
      const res = refusal(await t.gql(DELETE_SKILL, { id }, key));
      expect(res.code).toBe("CONFLICT");
      expect(res.details.agents).toEqual([
        { agent_id: a1.agentId, project_id: projectId, name: "user", version: 1, state: "published" },
      ]);
      expect(res.message).toContain("'user' version 1 (published)");
    }
    const a2 = await saveAgent(t, key, { name: "user", skills: [] }, a1.agentId);
    await publishAgent(t, key, a2.id); // a1 archived: nobody lists the skill now
    expect(await t.ok(DELETE_SKILL, { id: v2.id }, key)).toEqual({ deleteSkillVersion: v2.id });
  });

  it("SV-7 a deleted agent does not hold a skill", async () => {
    const { adminKey: key } = await t.project("sv7 deleted agent");
    const v1 = await skillVersion(t, key, "freed", { publish: true });
    const agent = await saveAgent(t, key, { name: "leaver", skills: [{ name: "freed", versionId: v1.id }] });
    expect(refusal(await t.gql(DELETE_SKILL, { id: v1.id }, key)).code).toBe("CONFLICT");
    await t.ok(DELETE_AGENT, { agentId: agent.agentId }, key);
    expect(await t.ok(DELETE_SKILL, { id: v1.id }, key)).toEqual({ deleteSkillVersion: v1.id });
  });

  it("SV-7 a save racing the delete of a skill's only version: either the save is refused or the delete is", async () => {
    const { adminKey: key } = await t.project("sv7 race");
    for (let round = 0; round < 5; round++) {
      const name = `raced-${round}`;
      const v1 = await skillVersion(t, key, name, { publish: true });
      const [saved, deleted] = await Promise.all([
        t.gql(SAVE_AGENT, { input: { name: `racer-${round}`, skills: [{ name }] } }, key),
        t.gql(DELETE_SKILL, { id: v1.id }, key),
      ]);
      const outcome = [saved.errors?.[0]?.extensions?.code ?? "ok", deleted.errors?.[0]?.extensions?.code ?? "ok"];
      expect([
        ["ok", "CONFLICT"],
        ["BAD_USER_INPUT", "ok"],
      ]).toContainEqual(outcome);
    }
  });

  it("UX-7 AgentVersion.skillUsage: who uses each skill the agent lists, itself included, pinned or following", async () => {
    const { adminKey: key } = await t.project("ux7 agent graph");
    const v1 = await skillVersion(t, key, "bills", { publish: true });
    const v2 = await skillVersion(t, key, "bills", { publish: true });
    await skillVersion(t, key, "quotes", { publish: true });
    const centre = await saveAgent(t, key, { name: "centre", skills: [{ name: "bills" }, { name: "quotes" }] });
    const pinner = await saveAgent(t, key, { name: "pinner", skills: [{ name: "bills", versionId: v1.id }] });
    await saveAgent(t, key, { name: "elsewhere", skills: [{ name: "quotes" }] });
    await skillVersion(t, key, "unrelated", { publish: true });
    await saveAgent(t, key, { name: "unrelated-user", skills: [{ name: "unrelated" }] });
    const res = await t.ok<{
      agentVersion: {
        skillUsage: Array<{
          skill: string;
          agentName: string;
          agentVersionId: string;
          pinned: boolean;
          resolvesTo: { id: string } | null;
        }>;
      };
    }>(
      `query($id: ID!) { agentVersion(id: $id) { skillUsage { skill agentName agentVersionId pinned resolvesTo { id } } } }`,
      { id: centre.id },
      key,
    );
    const rows = res.agentVersion.skillUsage.map((u) => [u.skill, u.agentName, u.pinned, u.resolvesTo?.id]);
    expect(rows).toEqual([
      ["bills", "centre", false, v2.id],
      ["bills", "pinner", true, v1.id],
      ["quotes", "centre", false, expect.any(String)],
      ["quotes", "elsewhere", false, expect.any(String)],
    ]);
    expect(res.agentVersion.skillUsage.find((u) => u.agentName === "pinner")?.agentVersionId).toBe(pinner.id);
  });
});
