import { expect, it } from "vitest";
import { describeEachDialect } from "../../../test/support/test-app";
import { skillMd } from "../../../test/support/skill-md";

const CREATE = `mutation($input: SkillVersionInput!) { createSkillVersion(input: $input) { id version } }`;
const PUBLISH = `mutation($id: ID!) { publishSkillVersion(id: $id) { id } }`;
const LIVE_AT = `query($at: DateTime!, $names: [String!]) { skillsLiveAt(at: $at, names: $names) { name versionId version } }`;
const AUDIT = `query($type: String, $id: String) { auditLog(resourceType: $type, resourceId: $id, limit: 200) { total items { action resourceType resourceId actor at data } } }`;

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describeEachDialect("history and audit", (t) => {
  it("SV-9 every move of the live pointer is kept: which version was live at any moment", async () => {
    const { adminKey: key } = await t.project();
    const v1 = (
      await t.ok<{ createSkillVersion: { id: string } }>(
        CREATE,
        { input: { skillMd: skillMd("tt-skill", { body: "1" }) } },
        key,
      )
    ).createSkillVersion;
    const v2 = (
      await t.ok<{ createSkillVersion: { id: string } }>(
        CREATE,
        { input: { skillMd: skillMd("tt-skill", { body: "2" }) } },
        key,
      )
    ).createSkillVersion;
    const before = new Date();
    await tick();
    await t.ok(PUBLISH, { id: v1.id }, key);
    await tick();
    const afterV1 = new Date();
    await tick();
    await t.ok(PUBLISH, { id: v2.id }, key);
    await tick();
    const afterV2 = new Date();
    await tick();
    await t.ok(`mutation($id: ID!) { rollbackSkill(name: "tt-skill", toVersionId: $id) { id } }`, { id: v1.id }, key);
    await tick();
    const afterRollback = new Date();
    await tick();
    await t.ok(`mutation($id: ID!) { deleteSkillVersion(id: $id) }`, { id: v1.id }, key);

    const at = async (moment: Date) =>
      (
        await t.ok<{ skillsLiveAt: Array<{ versionId: string | null; version: number | null }> }>(
          LIVE_AT,
          { at: moment.toISOString(), names: ["tt-skill"] },
          key,
        )
      ).skillsLiveAt;
    expect(await at(before)).toEqual([]);
    expect(await at(afterV1)).toEqual([{ name: "tt-skill", versionId: v1.id, version: 1 }]);
    expect(await at(afterV2)).toEqual([{ name: "tt-skill", versionId: v2.id, version: 2 }]);
    expect(await at(afterRollback)).toEqual([{ name: "tt-skill", versionId: v1.id, version: 1 }]);
    expect(await at(new Date(Date.now() + 1000))).toEqual([{ name: "tt-skill", versionId: null, version: null }]);
    const history = await t.ok<{ skillPointerHistory: Array<{ action: string; version: number | null }> }>(
      `query { skillPointerHistory(name: "tt-skill") { action version } }`,
      {},
      key,
    );
    expect(history.skillPointerHistory).toEqual([
      { action: "publish", version: 1 },
      { action: "publish", version: 2 },
      { action: "rollback", version: 1 },
      { action: "delete", version: null },
    ]);
  });

  it("AD-1 create, update, publish, rollback and delete are audit entries; a publish or rollback also archives", async () => {
    const { adminKey: key } = await t.project();
    const keyId = (await t.ok<{ apiKeys: Array<{ id: string }> }>(`{ apiKeys { id } }`, {}, key)).apiKeys[0]!.id;
    const v1 = (
      await t.ok<{ createSkillVersion: { id: string } }>(
        CREATE,
        { input: { skillMd: skillMd("ad-skill", { body: "1" }) } },
        key,
      )
    ).createSkillVersion;
    await t.ok(
      `mutation($id: ID!, $input: SkillVersionInput!) { updateSkillVersion(id: $id, input: $input) { id } }`,
      { id: v1.id, input: { skillMd: skillMd("ad-skill", { body: "1b" }) } },
      key,
    );
    const v2 = (
      await t.ok<{ createSkillVersion: { id: string } }>(
        CREATE,
        { input: { skillMd: skillMd("ad-skill", { body: "2" }) } },
        key,
      )
    ).createSkillVersion;
    await t.ok(PUBLISH, { id: v1.id }, key);
    await t.ok(PUBLISH, { id: v2.id }, key);
    await t.ok(`mutation($id: ID!) { rollbackSkill(name: "ad-skill", toVersionId: $id) { id } }`, { id: v1.id }, key);
    await t.ok(`mutation($id: ID!) { deleteSkillVersion(id: $id) }`, { id: v2.id }, key);

    const log = await t.ok<{
      auditLog: {
        total: number;
        items: Array<{ action: string; resourceType: string; resourceId: string; actor: string; at: string }>;
      };
    }>(AUDIT, { type: "skill" }, key);
    const trail = log.auditLog.items.map((e) => `${e.action}:${e.resourceId === v1.id ? "v1" : "v2"}`).reverse();
    expect(trail).toEqual([
      "create:v1",
      "update:v1",
      "create:v2",
      "publish:v1",
      "publish:v2",
      "archived:v1",
      "rollback:v1",
      "archived:v2",
      "delete:v2",
    ]);
    expect(new Set(log.auditLog.items.map((e) => e.actor))).toEqual(new Set([keyId]));
    expect(log.auditLog.items.every((e) => e.resourceType === "skill" && !Number.isNaN(Date.parse(e.at)))).toBe(true);
    const one = await t.ok<{ auditLog: { total: number } }>(AUDIT, { type: "skill", id: v2.id }, key);
    expect(one.auditLog.total).toBe(4);
  });

  it("AD-1 keys and projects are audited too; the log is for admins only", async () => {
    const { adminKey: key } = await t.project();
    const viewer = await t.ok<{ createApiKey: { id: string; key: string } }>(
      `mutation { createApiKey(role: VIEWER, name: "ro") { id key } }`,
      {},
      key,
    );
    await t.ok(`mutation($id: ID!) { revokeApiKey(id: $id) }`, { id: viewer.createApiKey.id }, key);
    const log = await t.ok<{ auditLog: { items: Array<{ action: string; resourceType: string }> } }>(AUDIT, {}, key);
    expect(log.auditLog.items.map((e) => `${e.resourceType}:${e.action}`).reverse()).toEqual([
      "project:create",
      "api_key:create",
      "api_key:create",
      "api_key:revoke",
    ]);
    const editor = await t.ok<{ createApiKey: { key: string } }>(
      `mutation { createApiKey(role: EDITOR) { key } }`,
      {},
      key,
    );
    const refused = await t.gql(AUDIT, {}, editor.createApiKey.key);
    expect(refused.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
  });

  it("AD-1 the audit log is append-only: entries are never rewritten by later changes", async () => {
    const { adminKey: key } = await t.project();
    const v1 = (
      await t.ok<{ createSkillVersion: { id: string } }>(CREATE, { input: { skillMd: skillMd("ad-append") } }, key)
    ).createSkillVersion;
    const first = await t.ok<{ auditLog: { items: unknown[] } }>(AUDIT, { id: v1.id }, key);
    await t.ok(PUBLISH, { id: v1.id }, key);
    await t.ok(`mutation($id: ID!) { deleteSkillVersion(id: $id) }`, { id: v1.id }, key);
    const after = await t.ok<{ auditLog: { items: unknown[] } }>(AUDIT, { id: v1.id }, key);
    expect(after.auditLog.items.slice(-first.auditLog.items.length)).toEqual(first.auditLog.items);
    expect(after.auditLog.items).toHaveLength(3);
  });
});
