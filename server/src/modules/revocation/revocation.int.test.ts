import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ResourceListChangedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { beforeAll, expect, it } from "vitest";
import { z } from "zod";
import { codeOf, HANDOFF, publishAgent, publishSkill, startCall } from "../../../test/support/calls";
import { skillMd } from "../../../test/support/skill-md";
import { describeEachDialect, type GqlResponse, type TestApp } from "../../../test/support/test-app";
import { until } from "../../../test/support/wait";
import { REVOKE, revoke, type Revoked } from "../../../test/support/revocation";

const HOOKS = "hooks.example.com";
const CREATE = `mutation($input: SkillVersionInput!) { createSkillVersion(input: $input) { id } }`;
const PUBLISH = `mutation($id: ID!) { publishSkillVersion(id: $id) { id } }`;
const ROLLBACK = `mutation($name: String!, $to: ID!) { rollbackSkill(name: $name, toVersionId: $to) { id } }`;
const VERSION = `query($id: ID!) { skillVersion(id: $id) { id state revoked revokedReason revokedAt digest } }`;
const LIVE = `query($name: String!) { skills(name: $name, state: PUBLISHED) { items { id } } }`;
async function draft(t: TestApp, key: string, name: string, body: string): Promise<string> {
  return (
    await t.ok<{ createSkillVersion: { id: string } }>(CREATE, { input: { skillMd: skillMd(name, { body }) } }, key)
  ).createSkillVersion.id;
}

const liveIds = async (t: TestApp, key: string, name: string) =>
  (await t.ok<{ skills: { items: Array<{ id: string }> } }>(LIVE, { name }, key)).skills.items.map((v) => v.id);

const refusal = (res: GqlResponse) => ({ code: codeOf(res), reason: res.errors?.[0]?.extensions?.details?.reason });

async function wellKnown(t: TestApp, path: string, key?: string): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${t.url}${path}`, { headers: key ? { authorization: `Bearer ${key}` } : {} });
  return { status: res.status, body: await res.json() };
}

describeEachDialect("revocation (PV-3)", { outboundAllowHosts: [HOOKS] }, (t) => {
  let key: string;
  beforeAll(async () => {
    key = (await t.project("revocation")).adminKey;
  });

  it("PV-3 revoking the live version with rollbackTo makes that version live in the same step; audited; a second revoke is CONFLICT revoked", async () => {
    const v1 = await publishSkill(t, key, "incident", { body: "Old steps." });
    const v2 = await publishSkill(t, key, "incident", { body: "Hostile steps." });
    const revoked = await revoke(t, key, v2, "hostile script", v1);
    expect(revoked).toMatchObject({ id: v2, state: "ARCHIVED", revoked: true, revokedReason: "hostile script" });
    expect(revoked.revokedAt).not.toBeNull();
    expect(await liveIds(t, key, "incident")).toEqual([v1]);
    const audit = await t.ok<{ auditLog: { items: Array<{ action: string; data: Record<string, unknown> }> } }>(
      `query($id: String!) { auditLog(resourceId: $id, action: "revoke") { items { action data } } }`,
      { id: v2 },
      key,
    );
    expect(audit.auditLog.items).toEqual([
      expect.objectContaining({
        action: "revoke",
        data: expect.objectContaining({ reason: "hostile script", was_live: true, rolled_back_to: v1 }),
      }),
    ]);
    expect(refusal(await t.gql(REVOKE, { id: v2, reason: "again" }, key))).toEqual({
      code: "CONFLICT",
      reason: "revoked",
    });
    const read = await t.ok<{ skillVersion: Revoked }>(VERSION, { id: v1 }, key);
    expect(read.skillVersion).toMatchObject({
      state: "PUBLISHED",
      revoked: false,
      revokedReason: null,
      revokedAt: null,
    });
  });

  it("PV-3 revoking the live version without rollbackTo leaves the skill without a live version; an agent following it starts without it", async () => {
    const v1 = await publishSkill(t, key, "orphaned", { body: "Steps." });
    const agentId = await publishAgent(t, key, { name: "follows-orphaned", skills: [{ name: "orphaned" }] });
    expect((await startCall(t, key, { agentId })).skills.map((s) => s.versionId)).toEqual([v1]);
    await revoke(t, key, v1);
    expect(await liveIds(t, key, "orphaned")).toEqual([]);
    const call = await startCall(t, key, { agentId });
    expect(call.skills).toEqual([]);
    expect(call.warnings).toEqual([expect.stringContaining("skill 'orphaned' skipped: no published version")]);
  });

  it("PV-3 an agent pinned to a revoked version starts (or is handed a call) without that skill, and the call's warning says it was revoked", async () => {
    const old = await publishSkill(t, key, "pinned-bad", { body: "Pinned old." });
    await publishSkill(t, key, "pinned-bad", { body: "Pinned new." });
    const agentId = await publishAgent(t, key, {
      name: "pins-bad",
      skills: [{ name: "pinned-bad", versionId: old }],
    });
    // the pin is cached by the first call
    expect((await startCall(t, key, { agentId })).skills.map((s) => s.versionId)).toEqual([old]);
    await revoke(t, key, old);
    const call = await startCall(t, key, { agentId });
    expect(call.skills).toEqual([]);
    expect(call.warnings).toEqual([
      `skill 'pinned-bad' skipped: pinned version 1 ('${old}') was revoked and is never served`,
    ]);
    expect(call.systemPrompt).not.toContain("Pinned old.");
    // a handoff to the pinned agent resolves as a start does
    const front = await publishAgent(t, key, { name: "front-desk", handoffTargets: [agentId] });
    const started = await startCall(t, key, { agentId: front });
    const handed = (
      await t.ok<{ handoffCall: { skills: unknown[]; warnings: string[] } }>(
        HANDOFF,
        { callId: started.id, agentId },
        key,
      )
    ).handoffCall;
    expect(handed.skills).toEqual([]);
    expect(handed.warnings).toEqual([expect.stringContaining("was revoked and is never served")]);
    // and no agent saves a new pin to it (AG-2)
    const saved = await t.gql(
      `mutation($input: AgentInput!) { saveAgent(input: $input) { id } }`,
      { input: { name: "pins-bad-again", skills: [{ name: "pinned-bad", versionId: old }] } },
      key,
    );
    expect(saved.errors?.[0]?.message).toContain("was revoked and is never served");
  });

  it("PV-3 a revoked version cannot be published, rolled back to, rolled out, exported (pull) or deleted: CONFLICT revoked", async () => {
    const v1 = await publishSkill(t, key, "refused", { body: "One." });
    await publishSkill(t, key, "refused", { body: "Two." });
    await revoke(t, key, v1);
    expect(refusal(await t.gql(ROLLBACK, { name: "refused", to: v1 }, key))).toEqual({
      code: "CONFLICT",
      reason: "revoked",
    });
    const d = await draft(t, key, "refused", "Three.");
    await revoke(t, key, d);
    expect(refusal(await t.gql(PUBLISH, { id: d }, key))).toEqual({ code: "CONFLICT", reason: "revoked" });
    const rollout = await t.gql(
      `mutation($input: StartRolloutInput!) { startRollout(input: $input) { id } }`,
      { input: { versionId: d, steps: [10, 100] } },
      key,
    );
    expect(refusal(rollout)).toEqual({ code: "CONFLICT", reason: "revoked" });
    expect(refusal(await t.gql(`query($id: ID!) { exportSkillBundle(id: $id) }`, { id: v1 }, key))).toEqual({
      code: "CONFLICT",
      reason: "revoked",
    });
    expect(refusal(await t.gql(`mutation($id: ID!) { deleteSkillVersion(id: $id) }`, { id: v1 }, key))).toEqual({
      code: "CONFLICT",
      reason: "revoked",
    });
  });

  it("PV-3 the database refuses a revoked version made live behind the service's back", async () => {
    const v1 = await publishSkill(t, key, "db-check", { body: "One." });
    await revoke(t, key, v1);
    const p = t.dialect === "postgres" ? "$1" : "?";
    await expect(
      t.app.db.write((tx) => tx.manager.query(`UPDATE skill_versions SET state = 'published' WHERE id = ${p}`, [v1])),
    ).rejects.toThrow(/ck_skill_versions_revoked_not_live|CHECK constraint/i);
  });

  it("PV-3 the Skills API refuses a revoked version's content (409); other versions still serve", async () => {
    const v1 = await publishSkill(t, key, "api-served", { body: "One." });
    await publishSkill(t, key, "api-served", { body: "Two." });
    await revoke(t, key, v1);
    const list = (await (
      await fetch(`${t.url}/v1/skills?limit=100`, { headers: { authorization: `Bearer ${key}` } })
    ).json()) as { data: Array<{ id: string; name: string }> };
    const skillId = list.data.find((s) => s.name === "api-served")!.id;
    const headers = { authorization: `Bearer ${key}` };
    expect((await fetch(`${t.url}/v1/skills/${skillId}/versions/1/content`, { headers })).status).toBe(409);
    expect((await fetch(`${t.url}/v1/skills/${skillId}/versions/2/content`, { headers })).status).toBe(200);
  });

  it("PV-3 MCP sessions hear list_changed and no longer list a revoked live version", async () => {
    const own = (await t.project("revocation mcp")).adminKey;
    const v1 = await publishSkill(t, own, "mcp-served", { body: "Served." });
    const client = new Client({ name: "revocation-test", version: "1.0.0" });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${t.url}/mcp`), {
        requestInit: { headers: { authorization: `Bearer ${own}` } },
      }),
    );
    try {
      let changes = 0;
      client.setNotificationHandler(ResourceListChangedNotificationSchema, () => {
        changes++;
      });
      const list = async () =>
        (
          (await client.request(
            { method: "skills/list", params: {} },
            z.object({ skills: z.array(z.object({ uri: z.string() }).passthrough()) }).passthrough(),
          )) as { skills: Array<{ uri: string }> }
        ).skills.map((s) => s.uri);
      expect(await list()).toEqual(["skill://mcp-served/SKILL.md"]);
      await revoke(t, own, v1);
      await until(() => changes >= 1, 5000);
      expect(await list()).toEqual([]);
    } finally {
      await client.close();
    }
  });

  it("PV-3 version.revoked goes out as a webhook with the version, its digest and the reason", async () => {
    const own = (await t.project("revocation hooks")).adminKey;
    await t.ok(
      `mutation { createWebhookSubscription(url: "https://${HOOKS}/revoked", eventTypes: ["version.revoked"]) { secret } }`,
      {},
      own,
    );
    const v1 = await publishSkill(t, own, "hooked", { body: "One." });
    const digest = (await t.ok<{ skillVersion: { digest: string } }>(VERSION, { id: v1 }, own)).skillVersion.digest;
    await revoke(t, own, v1, "compromised");
    const hooks = await t.ok<{
      webhookDeliveries: { items: Array<{ eventType: string; payload: { data: Record<string, unknown> } }> };
    }>(`query { webhookDeliveries(limit: 50) { items { eventType payload } } }`, {}, own);
    expect(hooks.webhookDeliveries.items.map((d) => [d.eventType, d.payload.data])).toEqual([
      [
        "version.revoked",
        {
          version_id: v1,
          name: "hooked",
          version: 1,
          digest,
          reason: "compromised",
          was_live: true,
          live_version_id: null,
        },
      ],
    ]);
  });

  it("PV-3 revocations.json lists the project's revoked digests for its own key only; no key is 401", async () => {
    const a = (await t.project("revocations a")).adminKey;
    const b = (await t.project("revocations b")).adminKey;
    const v1 = await publishSkill(t, a, "listed", { body: "One." });
    const digest = (await t.ok<{ skillVersion: { digest: string } }>(VERSION, { id: v1 }, a)).skillVersion.digest;
    const revoked = await revoke(t, a, v1, "listed reason");
    const path = "/.well-known/skillgraph/revocations.json";
    expect(await wellKnown(t, path, a)).toEqual({
      status: 200,
      body: {
        revoked: [
          { skill: "listed", version: 1, versionId: v1, digest, reason: "listed reason", revokedAt: revoked.revokedAt },
        ],
      },
    });
    expect(await wellKnown(t, path, b)).toEqual({ status: 200, body: { revoked: [] } });
    expect((await wellKnown(t, path)).status).toBe(401);
    expect((await wellKnown(t, path, t.platformToken)).status).toBe(401);
  });

  it("PV-3 only an admin revokes; a reason is required", async () => {
    const v1 = await publishSkill(t, key, "guarded", { body: "One." });
    const editor = await t.ok<{ createApiKey: { key: string } }>(
      `mutation { createApiKey(name: "rev-editor", role: EDITOR) { key } }`,
      {},
      key,
    );
    expect(codeOf(await t.gql(REVOKE, { id: v1, reason: "x" }, editor.createApiKey.key))).toBe("FORBIDDEN");
    expect(codeOf(await t.gql(REVOKE, { id: v1, reason: "  " }, key))).toBe("BAD_USER_INPUT");
    const read = await t.ok<{ skillVersion: Revoked }>(VERSION, { id: v1 }, key);
    expect(read.skillVersion.revoked).toBe(false);
  });
});
