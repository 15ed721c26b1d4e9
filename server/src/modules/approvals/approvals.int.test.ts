import OpenAI, { toFile } from "openai";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startReceiver, type Receiver } from "../../../test/support/receiver";
import { skillMd } from "../../../test/support/skill-md";
import { keyWithRole, skillFolder } from "../../../test/support/skills-api";
import { describeEachDialect, type GqlResponse } from "../../../test/support/test-app";
import { until } from "../../../test/support/wait";

const POLICY = `mutation($n: Int!, $self: Boolean, $projectId: ID) {
  setPublishPolicy(requiredApprovals: $n, allowSelfApproval: $self, projectId: $projectId) { requiredApprovals allowSelfApproval } }`;
const READ_POLICY = `query($id: ID!) { project(id: $id) { publishPolicy { requiredApprovals allowSelfApproval } } }`;
const APPROVAL_FIELDS = `id versionId digest approvedBy approvedByName current createdAt`;
const CREATE = `mutation($input: SkillVersionInput!) { createSkillVersion(input: $input) { id name version digest } }`;
const UPDATE = `mutation($id: ID!, $input: SkillVersionInput!) { updateSkillVersion(id: $id, input: $input) { id digest } }`;
const PUBLISH = `mutation($id: ID!) { publishSkillVersion(id: $id) { id state } }`;
const ROLLBACK = `mutation($name: String!, $to: ID!) { rollbackSkill(name: $name, toVersionId: $to) { id state } }`;
const APPROVE = `mutation($id: ID!, $digest: String!) { approveVersion(versionId: $id, digest: $digest) { ${APPROVAL_FIELDS} } }`;
const WITHDRAW = `mutation($id: ID!) { withdrawApproval(id: $id) }`;
const SKILL_APPROVALS = `query($id: ID!) { skillVersion(id: $id) { digest approvals { ${APPROVAL_FIELDS} } } }`;
const SAVE_AGENT = `mutation($input: AgentInput!, $agentId: ID) { saveAgent(input: $input, agentId: $agentId) { id agentId digest } }`;
const PUBLISH_AGENT = `mutation($id: ID!) { publishAgentVersion(id: $id) { id state } }`;
const AGENT_APPROVALS = `query($id: ID!) { agentVersion(id: $id) { digest approvals { ${APPROVAL_FIELDS} } } }`;
const AUDIT = `query($type: String) { auditLog(resourceType: $type, limit: 200) { items { resourceId action actor data } } }`;

interface Approval {
  id: string;
  versionId: string;
  digest: string;
  approvedBy: string;
  approvedByName: string | null;
  current: boolean;
}
type Version = { id: string; name: string; version: number; digest: string };
type AgentVersion = { id: string; agentId: string; digest: string };
type Details = Record<string, unknown>;

const refusal = (res: GqlResponse) => ({
  code: res.errors?.[0]?.extensions?.code,
  details: res.errors?.[0]?.extensions?.details as Details | undefined,
  message: res.errors?.[0]?.message ?? "",
});

describeEachDialect("approvals (AP)", { outboundAllowHosts: ["127.0.0.1"] }, (t) => {
  let project: { id: string; adminKey: string };
  let admin: string;
  let author: string;
  let reviewer: string;
  let viewer: string;
  let receiver: Receiver;

  beforeAll(async () => {
    project = await t.project("Approvals");
    admin = project.adminKey;
    author = await keyWithRole(t, admin, "EDITOR");
    reviewer = await keyWithRole(t, admin, "EDITOR");
    viewer = await keyWithRole(t, admin, "VIEWER");
    receiver = await startReceiver();
    t.app.webhookWorker.start({ pollIntervalMs: 50 });
  });
  afterAll(async () => {
    await receiver?.close();
    await t.gql(POLICY, { n: 0 }, admin);
  });

  const policy = (n: number, self = false) => t.ok(POLICY, { n, self }, admin);
  const create = async (name: string, body?: string, key = author) =>
    (await t.ok<{ createSkillVersion: Version }>(CREATE, { input: { skillMd: skillMd(name, { body }) } }, key))
      .createSkillVersion;
  const approve = (id: string, digest: string, key = reviewer) =>
    t.gql<{ approveVersion: Approval }>(APPROVE, { id, digest }, key);
  const approved = async (id: string, digest: string, key = reviewer) => {
    const res = await approve(id, digest, key);
    expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
    return res.data!.approveVersion;
  };
  const approvalsOf = async (id: string) =>
    (await t.ok<{ skillVersion: { digest: string; approvals: Approval[] } }>(SKILL_APPROVALS, { id }, viewer))
      .skillVersion;

  it("AP-1 setPublishPolicy is for admins; requiredApprovals 0–5 else BAD_USER_INPUT naming the field; Project.publishPolicy reads it", async () => {
    const read = async () =>
      (await t.ok<{ project: { publishPolicy: unknown } }>(READ_POLICY, { id: project.id }, viewer)).project
        .publishPolicy;
    expect(await read()).toEqual({ requiredApprovals: 0, allowSelfApproval: false });
    expect(refusal(await t.gql(POLICY, { n: 1 }, reviewer))).toMatchObject({
      code: "FORBIDDEN",
      details: { required_role: "admin" },
    });
    for (const n of [-1, 6]) {
      expect(refusal(await t.gql(POLICY, { n }, admin))).toMatchObject({
        code: "BAD_USER_INPUT",
        details: { field: "required_approvals" },
      });
    }
    expect(await t.ok(POLICY, { n: 2, self: true }, admin)).toEqual({
      setPublishPolicy: { requiredApprovals: 2, allowSelfApproval: true },
    });
    expect(await read()).toEqual({ requiredApprovals: 2, allowSelfApproval: true });
    // the platform credential names the project, as an admin
    await t.ok(POLICY, { n: 2, self: false, projectId: project.id }, t.platformToken);
    expect(await read()).toEqual({ requiredApprovals: 2, allowSelfApproval: false });
    const audit = await t.ok<{ auditLog: { items: Array<{ action: string; data: Details }> } }>(
      AUDIT,
      { type: "project" },
      admin,
    );
    const changes = audit.auditLog.items.filter((e) => e.action === "set_publish_policy");
    expect(changes).toHaveLength(2);
    expect(changes.map((e) => e.data)).toContainEqual({
      required_approvals: 2,
      allow_self_approval: true,
      block_severity: "HIGH",
      before: { required_approvals: 0, allow_self_approval: false, block_severity: "HIGH" },
    });
  });

  it("AP-1 a publish is FORBIDDEN approval_required { required, current } until the version holds enough current approvals", async () => {
    await policy(2);
    const v = await create("ap1-count");
    expect(refusal(await t.gql(PUBLISH, { id: v.id }, author))).toMatchObject({
      code: "FORBIDDEN",
      details: { reason: "approval_required", required: 2, current: 0 },
    });
    const first = await approved(v.id, v.digest);
    expect(first).toMatchObject({ versionId: v.id, digest: v.digest, current: true, approvedByName: "role key" });
    const again = refusal(await t.gql(PUBLISH, { id: v.id }, admin));
    expect(again).toMatchObject({
      code: "FORBIDDEN",
      details: { reason: "approval_required", required: 2, current: 1 },
    });
    expect(again.message).toContain("needs 2 approvals");
    await approved(v.id, v.digest, admin);
    expect(await t.ok(PUBLISH, { id: v.id }, author)).toEqual({
      publishSkillVersion: { id: v.id, state: "PUBLISHED" },
    });
    // with the policy back at 0 a draft goes live without approvals
    await policy(0);
    const plain = await create("ap1-count", "Third.");
    await t.ok(PUBLISH, { id: plain.id }, author);
  });

  it("AP-2 a stale digest is CONFLICT digest_changed with the current one; one approval per key and digest; viewers cannot approve", async () => {
    const v = await create("ap2-stale");
    const stale = refusal(await approve(v.id, "sha256:" + "0".repeat(64)));
    expect(stale).toMatchObject({ code: "CONFLICT", details: { reason: "digest_changed", digest: v.digest } });
    const one = await approved(v.id, v.digest);
    const twice = await approved(v.id, v.digest);
    expect(twice.id).toBe(one.id);
    expect((await approvalsOf(v.id)).approvals).toHaveLength(1);
    expect(refusal(await approve(v.id, v.digest, viewer))).toMatchObject({ code: "FORBIDDEN" });
    expect(refusal(await approve("00000000-0000-4000-8000-000000000000", v.digest))).toMatchObject({
      code: "NOT_FOUND",
    });
    const other = await t.project("Approvals elsewhere");
    expect(refusal(await approve(v.id, v.digest, other.adminKey))).toMatchObject({ code: "NOT_FOUND" });
  });

  it("AP-2 the key that created or last edited a version cannot approve it (self_approval) unless allowSelfApproval", async () => {
    const v = await create("ap2-self");
    const edited = (
      await t.ok<{ updateSkillVersion: Version }>(
        UPDATE,
        { id: v.id, input: { skillMd: skillMd("ap2-self", { body: "Edited." }) } },
        reviewer,
      )
    ).updateSkillVersion;
    for (const key of [author, reviewer]) {
      expect(refusal(await approve(v.id, edited.digest, key))).toMatchObject({
        code: "FORBIDDEN",
        details: { reason: "self_approval" },
      });
    }
    const refusalAs = async (key: string) =>
      (
        await t.ok<{ skillVersion: { approvalRefusal: string | null } }>(
          `query($id: ID!) { skillVersion(id: $id) { approvalRefusal } }`,
          { id: v.id },
          key,
        )
      ).skillVersion.approvalRefusal;
    expect(await refusalAs(author)).toContain("You created or last edited");
    expect(await refusalAs(reviewer)).toContain("You created or last edited");
    expect(await refusalAs(viewer)).toContain("editor or admin");
    expect(await refusalAs(admin)).toBeNull();
    await approved(v.id, edited.digest, admin);
    await policy(0);
    // With no approval required, the author's refusal does not say the policy needs a reviewer.
    expect(await refusalAs(author)).toBe(
      "You created or last edited this version, so another key approves it (none are required to publish).",
    );
    await policy(0, true);
    expect(await refusalAs(author)).toBeNull();
    await approved(v.id, edited.digest, author);
    expect((await approvalsOf(v.id)).approvals.map((a) => a.current)).toEqual([true, true]);
    await policy(0);
  });

  it("AP-3 an edit outdates earlier approvals: still listed with current false, and they no longer count", async () => {
    await policy(1);
    const v = await create("ap3-edit");
    const first = await approved(v.id, v.digest);
    const edited = (
      await t.ok<{ updateSkillVersion: Version }>(
        UPDATE,
        { id: v.id, input: { skillMd: skillMd("ap3-edit", { body: "Changed." }) } },
        author,
      )
    ).updateSkillVersion;
    expect(edited.digest).not.toBe(v.digest);
    const read = await approvalsOf(v.id);
    expect(read.digest).toBe(edited.digest);
    expect(read.approvals).toEqual([expect.objectContaining({ id: first.id, digest: v.digest, current: false })]);
    expect(refusal(await t.gql(PUBLISH, { id: v.id }, author))).toMatchObject({
      details: { reason: "approval_required", required: 1, current: 0 },
    });
    await approved(v.id, edited.digest);
    expect((await approvalsOf(v.id)).approvals.map((a) => a.current)).toEqual([false, true]);
    await t.ok(PUBLISH, { id: v.id }, author);
    await policy(0);
  });

  it("AP-2 an approval is withdrawn by its key or an admin, never by another editor; the count drops", async () => {
    await policy(1);
    const v = await create("ap2-withdraw");
    const mine = await approved(v.id, v.digest);
    const may = async (key: string) =>
      (
        await t.ok<{ skillVersion: { approvals: Array<{ mayWithdraw: boolean }> } }>(
          `query($id: ID!) { skillVersion(id: $id) { approvals { mayWithdraw } } }`,
          { id: v.id },
          key,
        )
      ).skillVersion.approvals[0]!.mayWithdraw;
    expect([await may(reviewer), await may(admin), await may(author), await may(viewer)]).toEqual([
      true,
      true,
      false,
      false,
    ]);
    expect(refusal(await t.gql(WITHDRAW, { id: mine.id }, author))).toMatchObject({ code: "FORBIDDEN" });
    expect(await t.ok(WITHDRAW, { id: mine.id }, reviewer)).toEqual({ withdrawApproval: mine.id });
    expect(refusal(await t.gql(PUBLISH, { id: v.id }, author))).toMatchObject({ details: { current: 0 } });
    const again = await approved(v.id, v.digest);
    expect(await t.ok(WITHDRAW, { id: again.id }, admin)).toEqual({ withdrawApproval: again.id });
    expect(refusal(await t.gql(WITHDRAW, { id: again.id }, admin))).toMatchObject({ code: "NOT_FOUND" });
    expect((await approvalsOf(v.id)).approvals).toEqual([]);
    const audit = await t.ok<{ auditLog: { items: Array<{ resourceId: string; action: string; data: Details }> } }>(
      AUDIT,
      { type: "skill" },
      admin,
    );
    const mineAudit = audit.auditLog.items.filter((e) => e.resourceId === v.id).map((e) => e.action);
    expect(mineAudit.filter((a) => a === "approve")).toHaveLength(2);
    expect(mineAudit.filter((a) => a === "withdraw_approval")).toHaveLength(2);
    await policy(0);
  });

  it("AP-2 SEC-15 approvals racing the version's delete answer the approval or NOT_FOUND, never an internal error", async () => {
    const second = await keyWithRole(t, admin, "EDITOR");
    const answers: string[] = [];
    for (let i = 0; i < 12; i++) {
      const v = await create(`ap2-race-delete-${i}`);
      const [deleted, ...approvals] = await Promise.all([
        t.gql(`mutation($id: ID!) { deleteSkillVersion(id: $id) }`, { id: v.id }, admin),
        approve(v.id, v.digest, reviewer),
        approve(v.id, v.digest, second),
        approve(v.id, v.digest, admin),
      ]);
      expect(deleted.errors, JSON.stringify(deleted.errors)).toBeUndefined();
      answers.push(...approvals.map((a) => refusal(a).code ?? "OK"));
    }
    expect(answers.filter((code) => code !== "OK" && code !== "NOT_FOUND")).toEqual([]);
  });

  it("AP-2 SEC-24 a withdrawal racing the publish it allowed: either the publish is refused or the approval stays as its record", async () => {
    await policy(1);
    for (let i = 0; i < 12; i++) {
      const v = await create(`ap2-race-withdraw-${i}`);
      const mine = await approved(v.id, v.digest);
      const [withdrawn, published] = await Promise.all([
        t.gql(WITHDRAW, { id: mine.id }, reviewer),
        t.gql(PUBLISH, { id: v.id }, admin),
      ]);
      expect([refusal(withdrawn).code, refusal(published).code]).not.toEqual([undefined, undefined]);
      if (!published.errors) expect((await approvalsOf(v.id)).approvals.map((a) => a.id)).toEqual([mine.id]);
    }
    await policy(0);
  });

  it("AP-1 AP-2 agent versions: a digest over the whole config, approvals, publish refused then allowed", async () => {
    await policy(1);
    const input = {
      name: "ap-agent",
      prompt: "Help the caller.",
      model: { baseUrl: "https://models.example.com/v1", model: "m", apiKey: "k1" },
    };
    const v1 = (await t.ok<{ saveAgent: AgentVersion }>(SAVE_AGENT, { input }, author)).saveAgent;
    expect(v1.digest).toMatch(/^sha256:[0-9a-f]{64}$/);
    const v2 = (
      await t.ok<{ saveAgent: AgentVersion }>(
        SAVE_AGENT,
        { input: { ...input, model: { ...input.model, apiKey: "k2" } }, agentId: v1.agentId },
        author,
      )
    ).saveAgent;
    expect(v2.digest).not.toBe(v1.digest); // a new model key changes the digest (by its fingerprint)
    expect(refusal(await t.gql(PUBLISH_AGENT, { id: v1.id }, author))).toMatchObject({
      code: "FORBIDDEN",
      details: { reason: "approval_required", required: 1, current: 0 },
    });
    expect(refusal(await approve(v1.id, v1.digest, author))).toMatchObject({ details: { reason: "self_approval" } });
    expect(refusal(await approve(v1.id, v2.digest))).toMatchObject({
      details: { reason: "digest_changed", digest: v1.digest },
    });
    const a = await approved(v1.id, v1.digest);
    const read = (
      await t.ok<{ agentVersion: { digest: string; approvals: Approval[] } }>(AGENT_APPROVALS, { id: v1.id }, viewer)
    ).agentVersion;
    expect(read).toEqual({ digest: v1.digest, approvals: [expect.objectContaining({ id: a.id, current: true })] });
    expect(await t.ok(PUBLISH_AGENT, { id: v1.id }, author)).toEqual({
      publishAgentVersion: { id: v1.id, state: "PUBLISHED" },
    });
    const audit = await t.ok<{ auditLog: { items: Array<{ resourceId: string; action: string }> } }>(
      AUDIT,
      { type: "agent" },
      admin,
    );
    expect(audit.auditLog.items).toContainEqual(expect.objectContaining({ resourceId: v1.id, action: "approve" }));
    await policy(0);
  });

  it("AP-2 PJ-1 a version of a deleted agent is NOT_FOUND to approve and to withdraw, as every other operation on it", async () => {
    const v = (
      await t.ok<{ saveAgent: AgentVersion }>(
        SAVE_AGENT,
        { input: { name: "ap-deleted-agent", prompt: "Hi." } },
        author,
      )
    ).saveAgent;
    const before = await approved(v.id, v.digest);
    await t.ok(`mutation($id: ID!) { deleteAgent(agentId: $id) }`, { id: v.agentId }, admin);
    const second = await keyWithRole(t, admin, "EDITOR");
    expect(refusal(await approve(v.id, v.digest, second)).code).toBe("NOT_FOUND");
    expect(refusal(await t.gql(WITHDRAW, { id: before.id }, reviewer)).code).toBe("NOT_FOUND");
  });

  it("AP-3 a rollback to an archived version needs no approval", async () => {
    const v1 = await create("ap3-rollback");
    await t.ok(PUBLISH, { id: v1.id }, author);
    const v2 = await create("ap3-rollback", "Two.");
    await t.ok(PUBLISH, { id: v2.id }, author);
    await policy(3);
    expect(await t.ok(ROLLBACK, { name: "ap3-rollback", to: v1.id }, author)).toEqual({
      rollbackSkill: { id: v1.id, state: "PUBLISHED" },
    });
    await policy(0);
  });

  it("SEC-24 the Skills API cannot bypass the policy: versions.create({ default }) and update(default_version) are refused with approval_required", async () => {
    await policy(1);
    const client = new OpenAI({ baseURL: `${t.url}/v1`, apiKey: author, timeout: 20_000 });
    const files = (body?: string) =>
      Promise.all(Object.entries(skillFolder("sec24-api", { body })).map(([p, text]) => toFile(Buffer.from(text), p)));
    const skill = await client.skills.create({ files: await files() });
    const caught = async (promise: Promise<unknown>) => {
      try {
        await promise;
      } catch (error) {
        if (error instanceof OpenAI.APIError)
          return { status: error.status, body: error.error as { details?: Details } };
        throw error;
      }
      throw new Error("expected a refusal");
    };
    const byUpdate = await caught(client.skills.update(skill.id, { default_version: "1" }));
    expect(byUpdate).toMatchObject({
      status: 403,
      body: { details: { reason: "approval_required", required: 1, current: 0 } },
    });
    const byCreate = await caught(
      client.skills.versions.create(skill.id, { files: await files("Two."), default: true }),
    );
    expect(byCreate).toMatchObject({ status: 403, body: { details: { reason: "approval_required" } } });
    expect((await client.skills.retrieve(skill.id)).default_version).toBeNull();
    const versions = await t.ok<{ skills: { items: Version[] } }>(
      `query { skills(name: "sec24-api") { items { id version digest } } }`,
      {},
      viewer,
    );
    const v1 = versions.skills.items.find((v) => v.version === 1)!;
    await approved(v1.id, v1.digest);
    expect(await client.skills.update(skill.id, { default_version: "1" })).toMatchObject({ default_version: "1" });
    await policy(0);
  });

  it("AP-2 an approval is sent as a version.approved webhook with { version_id, kind, name, version, digest, approved_by }", async () => {
    const sub = await t.ok<{ createWebhookSubscription: { subscription: { id: string } } }>(
      `mutation($url: String!) { createWebhookSubscription(url: $url, eventTypes: ["version.approved"]) { subscription { id } } }`,
      { url: `${receiver.url}/approved` },
      admin,
    );
    expect(sub.createWebhookSubscription.subscription.id).toBeTruthy();
    const v = await create("ap2-webhook");
    const a = await approved(v.id, v.digest);
    const [hit] = await receiver.waitFor((r) => r.some((h) => h.path === "/approved"));
    const body = (await until(() => receiver.on("/approved")[0]))!.body;
    expect(hit).toBeTruthy();
    expect(body).toMatchObject({
      type: "version.approved",
      data: {
        version_id: v.id,
        kind: "skill",
        name: "ap2-webhook",
        version: 1,
        digest: v.digest,
        approved_by: a.approvedBy,
      },
    });
  });
});
