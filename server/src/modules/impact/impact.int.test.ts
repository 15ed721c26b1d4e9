import { expect, it } from "vitest";
import { linkLibrary, publishAgent, refusal, saveAgent, skillVersion, tool } from "../../../test/support/agents";
import { loadSkill, startCall } from "../../../test/support/calls";
import { describeEachDialect, type TestApp } from "../../../test/support/test-app";

const USAGE_FIELDS = `agentId agentVersionId agentName agentVersion agentState projectId pinned resolvesTo { id version }`;
const PREVIEW_FIELDS = `version { id version } live { id version } reaches { ${USAGE_FIELDS} } pinned { ${USAGE_FIELDS} }
  toolCollisions { agentId agentName agentVersion agentVersionId tool }`;
const PUBLISH_PREVIEW = `query($id: ID!) { publishPreview(versionId: $id) { ${PREVIEW_FIELDS} } }`;
const ROLLBACK_PREVIEW = `query($name: String!, $to: ID!) { rollbackPreview(name: $name, toVersionId: $to) { ${PREVIEW_FIELDS} } }`;
const PUBLISH = `mutation($id: ID!) { publishSkillVersion(id: $id) { id } }`;
const ROLLBACK = `mutation($name: String!, $to: ID!) { rollbackSkill(name: $name, toVersionId: $to) { id } }`;

interface UsageRow {
  agentId: string;
  agentVersionId: string;
  agentName: string;
  agentState: string;
  projectId: string;
  pinned: boolean;
  resolvesTo: { id: string; version: number } | null;
}
interface Preview {
  version: { id: string; version: number };
  live: { id: string; version: number } | null;
  reaches: UsageRow[];
  pinned: UsageRow[];
  toolCollisions: Array<{
    agentId: string;
    agentName: string;
    agentVersion: number;
    agentVersionId: string;
    tool: string;
  }>;
}

/** Saves and publishes an agent version; returns it. */
async function liveAgent(t: TestApp, key: string, input: Record<string, unknown>) {
  const saved = await saveAgent(t, key, input);
  await publishAgent(t, key, saved.id);
  return saved;
}

describeEachDialect("impact preview", (t) => {
  it("UX-3 US-2 the publish preview names followers (here and in linked projects) as reached, pins as pinned, and calls started after the publish resolve exactly that", async () => {
    const library = await t.project("impact library");
    const reader = await t.project("impact reader");
    await linkLibrary(t, reader.id, library.id);
    const v1 = await skillVersion(t, library.adminKey, "refunds", { publish: true });
    const follower = await liveAgent(t, library.adminKey, { name: "follower", skills: [{ name: "refunds" }] });
    const pinned = await liveAgent(t, library.adminKey, {
      name: "pinned",
      skills: [{ name: "refunds", versionId: v1.id }],
    });
    const linked = await liveAgent(t, reader.adminKey, { name: "linked follower", skills: [{ name: "refunds" }] });
    const v2 = await skillVersion(t, library.adminKey, "refunds");

    const preview = (await t.ok<{ publishPreview: Preview }>(PUBLISH_PREVIEW, { id: v2.id }, library.adminKey))
      .publishPreview;
    expect(preview.version).toEqual(v2);
    expect(preview.live).toEqual(v1);
    expect(preview.reaches.map((u) => [u.agentName, u.projectId]).sort()).toEqual([
      ["follower", library.id],
      ["linked follower", reader.id],
    ]);
    expect(preview.pinned.map((u) => [u.agentName, u.resolvesTo?.id])).toEqual([["pinned", v1.id]]);
    expect(preview.toolCollisions).toEqual([]);

    await t.ok(PUBLISH, { id: v2.id }, library.adminKey);
    const keyOf = new Map([
      [library.id, library.adminKey],
      [reader.id, reader.adminKey],
    ]);
    // Every agent reached resolves the candidate in a call started now; every pinned one still resolves its pin.
    for (const u of preview.reaches) {
      const call = await startCall(t, keyOf.get(u.projectId)!, { agentId: u.agentId });
      expect(call.skills.find((s) => s.name === "refunds")?.versionId, u.agentName).toBe(preview.version.id);
    }
    for (const u of preview.pinned) {
      const call = await startCall(t, keyOf.get(u.projectId)!, { agentId: u.agentId });
      expect(call.skills.find((s) => s.name === "refunds")?.versionId, u.agentName).toBe(v1.id);
    }
    expect(new Set(preview.reaches.map((u) => u.agentId))).toEqual(new Set([follower.agentId, linked.agentId]));
    expect(preview.pinned[0]?.agentId).toBe(pinned.agentId);
  });

  it("UX-3 US-2 the rollback preview reaches the followers, and calls started after the rollback resolve the version rolled back to", async () => {
    const { adminKey: key } = await t.project("impact rollback");
    const v1 = await skillVersion(t, key, "faq", { publish: true });
    const v2 = await skillVersion(t, key, "faq", { publish: true });
    const follower = await liveAgent(t, key, { name: "follower", skills: [{ name: "faq" }] });
    await liveAgent(t, key, { name: "pinned", skills: [{ name: "faq", versionId: v2.id }] });

    const preview = (await t.ok<{ rollbackPreview: Preview }>(ROLLBACK_PREVIEW, { name: "faq", to: v1.id }, key))
      .rollbackPreview;
    expect(preview.version).toEqual(v1);
    expect(preview.live).toEqual(v2);
    expect(preview.reaches.map((u) => u.agentId)).toEqual([follower.agentId]);
    expect(preview.pinned.map((u) => u.agentName)).toEqual(["pinned"]);

    await t.ok(ROLLBACK, { name: "faq", to: v1.id }, key);
    const call = await startCall(t, key, { agentId: follower.agentId });
    expect(call.skills.find((s) => s.name === "faq")?.versionId).toBe(v1.id);
  });

  it("AG-5 the preview lists each tool of the candidate a reached agent version would skip, and the call indeed skips it", async () => {
    const { adminKey: key } = await t.project("impact collisions");
    await skillVersion(t, key, "billing", { publish: true, tools: ["lookup_invoice"] });
    const agent = await liveAgent(t, key, {
      name: "billing agent",
      skills: [{ name: "billing" }],
      tools: [tool("refund")],
    });
    const pinnedAgent = await liveAgent(t, key, { name: "other", tools: [tool("refund")] });
    expect(pinnedAgent.skills).toEqual([]);
    const v2 = await skillVersion(t, key, "billing", { tools: ["lookup_invoice", "refund"] });

    const preview = (await t.ok<{ publishPreview: Preview }>(PUBLISH_PREVIEW, { id: v2.id }, key)).publishPreview;
    expect(preview.toolCollisions).toEqual([
      { agentId: agent.agentId, agentName: "billing agent", agentVersion: 1, agentVersionId: agent.id, tool: "refund" },
    ]);
    await t.ok(PUBLISH, { id: v2.id }, key);
    const call = await startCall(t, key, { agentId: agent.agentId });
    const loaded = await loadSkill(t, key, call.id, "billing");
    const offered = loaded.call.tools.map((x) => x.name);
    expect(offered.filter((name) => name === "refund")).toHaveLength(1);
    expect(offered).toContain("lookup_invoice");
  });

  it("UX-3 a preview refuses what the change would refuse, with the same code and details", async () => {
    const { adminKey: key } = await t.project("impact refusals");
    const v1 = await skillVersion(t, key, "faq", { publish: true });
    const draft = await skillVersion(t, key, "faq");
    const other = await skillVersion(t, key, "other", { publish: true });
    const cases: Array<[string, Record<string, unknown>, string, Record<string, unknown>]> = [
      [PUBLISH_PREVIEW, { id: v1.id }, PUBLISH, { id: v1.id }],
      [ROLLBACK_PREVIEW, { name: "faq", to: draft.id }, ROLLBACK, { name: "faq", to: draft.id }],
      [ROLLBACK_PREVIEW, { name: "faq", to: v1.id }, ROLLBACK, { name: "faq", to: v1.id }],
      [ROLLBACK_PREVIEW, { name: "faq", to: other.id }, ROLLBACK, { name: "faq", to: other.id }],
    ];
    for (const [preview, previewVars, change, changeVars] of cases) {
      const previewed = refusal(await t.gql(preview, previewVars, key));
      const changed = refusal(await t.gql(change, changeVars, key));
      expect(previewed).toEqual(changed);
      expect(previewed.code).toMatch(/CONFLICT|BAD_USER_INPUT/);
    }
  });

  it("UX-3 a viewer key cannot preview a publish, as it cannot publish", async () => {
    const { adminKey: key } = await t.project("impact viewer");
    const draft = await skillVersion(t, key, "faq");
    const viewer = await t.ok<{ createApiKey: { key: string } }>(
      `mutation { createApiKey(name: "v", role: VIEWER) { key } }`,
      {},
      key,
    );
    const res = refusal(await t.gql(PUBLISH_PREVIEW, { id: draft.id }, viewer.createApiKey.key));
    expect(res.code).toBe("FORBIDDEN");
  });
});
