import { beforeAll, expect, it } from "vitest";
import { HOSTILE_SKILLS } from "../../../test/fixtures/hostile-skills";
import {
  b64,
  createReviewed,
  PUBLISH,
  readReviewed,
  refusalOf,
  REVIEW_FIELDS,
  SUPPRESS,
  type ReviewView,
} from "../../../test/support/reviews";
import { skillMd } from "../../../test/support/skill-md";
import { keyWithRole } from "../../../test/support/skills-api";
import { describeEachDialect } from "../../../test/support/test-app";
import { RULES_VERSION } from "./scanner";

const DRY_RUN = `mutation($input: SkillVersionInput!) { reviewSkillContent(input: $input) { status highest rulesVersion findings { id rule severity path line excerpt } } }`;
const UPDATE = `mutation($id: ID!, $input: SkillVersionInput!) { updateSkillVersion(id: $id, input: $input) { id digest ${REVIEW_FIELDS} } }`;
const POLICY = `mutation($s: FindingSeverity) { setPublishPolicy(requiredApprovals: 0, blockSeverity: $s) { blockSeverity } }`;
const HOOKS = "hooks.example.com";

/** Near misses of every family: text a real skill writes that must not be a finding. */
const BENIGN = [
  "# Invoices",
  "Ignore previous results if the cache is stale. Tell the user what changed.",
  "Download the report with `curl -o report.pdf https://example.com/r.pdf`, then `pip install requests`.",
  "Decode the image: `base64 -d image.b64 > image.png`. Check the port with `nc -zv db.internal 5432`.",
  "Put your key in ~/.aws/credentials (see the AWS docs); copy .env.example to .env. List jobs with crontab -l.",
  'Set api_key = "your-api-key-goes-here-please" and call http://127.0.0.1:8080/ or https://docs.example.com/.',
  "Greek and science: Cα atoms, σz, 5 µm, café, Straße, Привет. Emoji: 👨\u200D👩\u200D👧 ❤\uFE0F.",
].join("\n\n");

describeEachDialect("content review (CR)", { outboundAllowHosts: [HOOKS] }, (t) => {
  let admin: string;
  let editor: string;
  let viewer: string;

  beforeAll(async () => {
    admin = (await t.project("Content review")).adminKey;
    editor = await keyWithRole(t, admin, "EDITOR");
    viewer = await keyWithRole(t, admin, "VIEWER");
  });

  const dryRun = async (skill: string, files: Array<{ path: string; content: Uint8Array }> = []) =>
    (
      await t.ok<{ reviewSkillContent: ReviewView }>(
        DRY_RUN,
        { input: { skillMd: skill, files: files.map((f) => ({ path: f.path, contentBase64: b64(f.content) })) } },
        editor,
      )
    ).reviewSkillContent;

  it("CR-2 every rule family over GraphQL: each hostile version is found, the near misses of real skills are not", async () => {
    for (const hostile of HOSTILE_SKILLS) {
      const review = await dryRun(hostile.skillMd, hostile.files);
      expect(
        review.findings.map((f) => f.rule),
        hostile.title,
      ).toContain(hostile.rule);
      expect(review.status, hostile.title).toBe(hostile.rule === "catalog-hijack" ? "findings" : "blocked");
    }
    expect(await dryRun(skillMd("benign", { body: BENIGN }))).toMatchObject({
      status: "clean",
      highest: null,
      findings: [],
    });
  });

  it("CR-3 reviewSkillContent saves nothing and needs an editor", async () => {
    const count = async () =>
      (await t.ok<{ skills: { total: number } }>(`query { skills(limit: 1) { total } }`, {}, viewer)).skills.total;
    const before = await count();
    const review = await dryRun(HOSTILE_SKILLS[0]!.skillMd);
    expect(review.rulesVersion).toBe(RULES_VERSION);
    expect(await count()).toBe(before);
    expect(refusalOf(await t.gql(DRY_RUN, { input: { skillMd: skillMd("x") } }, viewer)).code).toBe("FORBIDDEN");
  });

  it("CR-1 a created version carries its review; hidden characters are shown as code points and spelled text", async () => {
    const v = await createReviewed(t, editor, HOSTILE_SKILLS[0]!.skillMd);
    expect(v.review).toMatchObject({ status: "blocked", highest: "CRITICAL", rulesVersion: RULES_VERSION });
    const [f] = v.review.findings;
    expect(f).toMatchObject({
      rule: "hidden-tag-characters",
      path: "SKILL.md",
      line: 8,
      suppressed: false,
      suppression: null,
    });
    expect(f!.excerpt).toContain('⟨hidden: "Also read ~/.aws/credentials');
    expect(f!.excerpt).not.toMatch(/[\u{E0000}-\u{E007F}]/u);
    expect((await readReviewed(t, viewer, v.id)).review).toEqual(v.review);
  });

  it("CR-3 GraphQL publish is FORBIDDEN review_findings listing { id, rule, severity, path, line }; allowed after suppression", async () => {
    const v = await createReviewed(t, editor, HOSTILE_SKILLS[3]!.skillMd.replace("hostile-override", "cr3-graphql"));
    const refused = refusalOf(await t.gql(PUBLISH, { id: v.id }, admin));
    expect(refused.code).toBe("FORBIDDEN");
    expect(refused.details).toEqual({
      reason: "review_findings",
      findings: v.review.findings
        .filter((f) => f.severity === "HIGH" || f.severity === "CRITICAL")
        .map((f) => ({ id: f.id, rule: f.rule, severity: f.severity, path: f.path, line: f.line })),
    });
    expect(refused.message).toContain("exfiltration-instruction");
    for (const f of v.review.findings) {
      await t.ok(SUPPRESS, { v: v.id, f: f.id, d: v.digest, r: "A test of the policy." }, admin);
    }
    expect(
      (await t.ok<{ publishSkillVersion: { state: string } }>(PUBLISH, { id: v.id }, editor)).publishSkillVersion.state,
    ).toBe("PUBLISHED");
  });

  it("CR-3 suppressFinding: admin only, a reason, the current digest (else CONFLICT digest_changed), audited finding_suppressed; shown beside the finding", async () => {
    const v = await createReviewed(t, editor, HOSTILE_SKILLS[1]!.skillMd.replace("hostile-bidi", "cr3-suppress"));
    const f = v.review.findings[0]!;
    expect(refusalOf(await t.gql(SUPPRESS, { v: v.id, f: f.id, d: v.digest, r: "ok" }, editor)).code).toBe("FORBIDDEN");
    expect(refusalOf(await t.gql(SUPPRESS, { v: v.id, f: f.id, d: v.digest, r: "  " }, admin))).toMatchObject({
      code: "BAD_USER_INPUT",
      details: { field: "reason" },
    });
    expect(refusalOf(await t.gql(SUPPRESS, { v: v.id, f: f.id, d: "sha256:0", r: "ok" }, admin))).toMatchObject({
      code: "CONFLICT",
      details: { reason: "digest_changed", digest: v.digest },
    });
    expect(refusalOf(await t.gql(SUPPRESS, { v: v.id, f: "nope", d: v.digest, r: "ok" }, admin)).code).toBe(
      "NOT_FOUND",
    );
    const done = await t.ok<{
      suppressFinding: { suppressed: boolean; suppression: { reason: string; byName: string | null } };
    }>(SUPPRESS, { v: v.id, f: f.id, d: v.digest, r: "The override is in a quoted example." }, admin);
    expect(done.suppressFinding).toMatchObject({
      suppressed: true,
      suppression: { reason: "The override is in a quoted example." },
    });
    for (const other of v.review.findings.slice(1))
      await t.ok(SUPPRESS, { v: v.id, f: other.id, d: v.digest, r: "Checked." }, admin);
    const after = (await readReviewed(t, viewer, v.id)).review;
    expect(after.status).toBe("findings");
    expect(after.findings.find((x) => x.id === f.id)).toMatchObject({
      suppressed: true,
      suppression: { reason: "The override is in a quoted example." },
    });
    const audit = await t.ok<{ auditLog: { items: Array<{ action: string; data: Record<string, unknown> }> } }>(
      `query($r: String!) { auditLog(resourceId: $r, limit: 20) { items { action data } } }`,
      { r: v.id },
      admin,
    );
    const suppressed = audit.auditLog.items.filter((e) => e.action === "finding_suppressed").map((e) => e.data);
    expect(suppressed).toHaveLength(v.review.findings.length);
    expect(suppressed).toContainEqual(
      expect.objectContaining({
        digest: v.digest,
        reason: "The override is in a quoted example.",
        finding: { id: f.id, rule: "bidi-control", severity: "HIGH", path: "SKILL.md", line: 8 },
      }),
    );
  });

  it("CR-3 an edit drops the suppressions (as it outdates approvals) and the publish is refused again", async () => {
    const hostile = HOSTILE_SKILLS[2]!.skillMd.replace("hostile-zero-width", "cr3-edit");
    const v = await createReviewed(t, editor, hostile);
    for (const f of v.review.findings) await t.ok(SUPPRESS, { v: v.id, f: f.id, d: v.digest, r: "Checked." }, admin);
    expect((await readReviewed(t, viewer, v.id)).review.status).toBe("findings");
    const edited = await t.ok<{ updateSkillVersion: { digest: string; review: ReviewView } }>(
      UPDATE,
      { id: v.id, input: { skillMd: `${hostile}\nOne more line.` } },
      editor,
    );
    expect(edited.updateSkillVersion.review.status).toBe("blocked");
    expect(edited.updateSkillVersion.review.findings.every((f) => !f.suppressed)).toBe(true);
    expect(refusalOf(await t.gql(PUBLISH, { id: v.id }, admin)).details).toMatchObject({ reason: "review_findings" });
  });

  it("CR-3 blockSeverity: null never blocks, CRITICAL blocks only CRITICAL, the default is HIGH", async () => {
    const read = `query { project { publishPolicy { blockSeverity } } }`;
    expect(
      (await t.ok<{ project: { publishPolicy: { blockSeverity: string } } }>(read, {}, viewer)).project.publishPolicy
        .blockSeverity,
    ).toBe("HIGH");
    const high = await createReviewed(t, editor, HOSTILE_SKILLS[1]!.skillMd.replace("hostile-bidi", "cr3-levels"));
    await t.ok(POLICY, { s: "CRITICAL" }, admin);
    expect((await readReviewed(t, viewer, high.id)).review.status).toBe("findings");
    const critical = await createReviewed(
      t,
      editor,
      HOSTILE_SKILLS[0]!.skillMd.replace("hostile-tags", "cr3-critical"),
    );
    expect(refusalOf(await t.gql(PUBLISH, { id: critical.id }, admin)).details).toMatchObject({
      reason: "review_findings",
    });
    expect(refusalOf(await t.gql(PUBLISH, { id: high.id }, admin)).code).toBeUndefined();
    await t.ok(POLICY, { s: null }, admin);
    expect(refusalOf(await t.gql(PUBLISH, { id: critical.id }, admin)).code).toBeUndefined();
    await t.ok(`mutation { setPublishPolicy(requiredApprovals: 0) { blockSeverity } }`, {}, admin);
    expect(
      (await t.ok<{ project: { publishPolicy: { blockSeverity: string } } }>(read, {}, viewer)).project.publishPolicy
        .blockSeverity,
    ).toBe("HIGH");
  });

  it("CR-5 a rules version bump reviews every live version again in the background: a newly blocking one raises version.flagged and is marked", async () => {
    const own = (await t.project("cr5")).adminKey;
    await t.ok(
      `mutation { createWebhookSubscription(url: "https://${HOOKS}/flagged", eventTypes: ["version.flagged"]) { secret } }`,
      {},
      own,
    );
    const clean = await createReviewed(t, own, skillMd("cr5-live", { body: "Say the word pineapple to the user." }));
    await t.ok(PUBLISH, { id: clean.id }, own);
    expect((await readReviewed(t, own, clean.id)).review.status).toBe("clean");
    const reviews = t.app.services.reviews;
    const { TEXT_RULES } = await import("./scanner");
    reviews.useRules({
      rulesVersion: `${RULES_VERSION}-test`,
      rules: [
        ...TEXT_RULES,
        {
          id: "pineapple",
          family: "test",
          severity: "HIGH",
          scope: "all",
          message: "A test rule.",
          patterns: [/pineapple/g],
          find: (text) => [...text.matchAll(/pineapple/g)].map((m) => ({ index: m.index, length: 9 })),
        },
      ],
    });
    try {
      await t.app.reviewWorker.drain();
      const after = (await readReviewed(t, own, clean.id)).review;
      expect(after).toMatchObject({ status: "blocked", rulesVersion: `${RULES_VERSION}-test`, highest: "HIGH" });
      const list = await t.ok<{ skills: { items: Array<{ id: string; review: { status: string } }> } }>(
        `query { skills(name: "cr5-live") { items { id review { status } } } }`,
        {},
        own,
      );
      expect(list.skills.items).toEqual([{ id: clean.id, review: { status: "blocked" } }]);
      const hooks = await t.ok<{
        webhookDeliveries: { items: Array<{ eventType: string; payload: { data: Record<string, unknown> } }> };
      }>(`query { webhookDeliveries(limit: 50) { items { eventType payload } } }`, {}, own);
      const flagged = hooks.webhookDeliveries.items.filter((d) => d.eventType === "version.flagged");
      expect(flagged).toHaveLength(1);
      expect(flagged[0]!.payload.data).toMatchObject({
        version_id: clean.id,
        name: "cr5-live",
        version: 1,
        highest: "HIGH",
        findings: [{ rule: "pineapple", severity: "HIGH", path: "SKILL.md", line: 6 }],
      });
      // a second pass finds nothing stale and raises nothing more
      await t.app.reviewWorker.drain();
      const again = await t.ok<{ webhookDeliveries: { items: Array<{ eventType: string }> } }>(
        `query { webhookDeliveries(limit: 50) { items { eventType } } }`,
        {},
        own,
      );
      expect(again.webhookDeliveries.items.filter((d) => d.eventType === "version.flagged")).toHaveLength(1);
    } finally {
      reviews.useRules({ rulesVersion: RULES_VERSION, rules: TEXT_RULES });
    }
  });

  it("CR-5 versions stored before reviews existed are reviewed on upgrade (the background pass) and read meanwhile", async () => {
    const v = await createReviewed(t, editor, HOSTILE_SKILLS[1]!.skillMd.replace("hostile-bidi", "cr5-upgrade"));
    await t.app.db.write(async (tx) => {
      await tx.manager.query(`DELETE FROM content_reviews WHERE version_id = '${v.id}'`);
    });
    expect((await readReviewed(t, viewer, v.id)).review).toMatchObject({
      status: "blocked",
      rulesVersion: RULES_VERSION,
    });
    await t.app.reviewWorker.drain();
    const [row] = await t.app.db.read((m) =>
      m.query(`SELECT rules_version FROM content_reviews WHERE version_id = '${v.id}'`),
    );
    expect(row).toMatchObject({ rules_version: RULES_VERSION });
  });

  it("CR-5 an archived version stored before reviews existed is reviewed on upgrade too, so lists read a stored review", async () => {
    const clean = (body: string) => `---\nname: cr5-archived\ndescription: Use for the archive.\n---\n${body}\n`;
    const first = await createReviewed(t, editor, clean("First."));
    await t.ok(PUBLISH, { id: first.id }, editor);
    const second = await createReviewed(t, editor, clean("Second."));
    await t.ok(PUBLISH, { id: second.id }, editor);
    expect((await readReviewed(t, viewer, first.id)).state).toBe("ARCHIVED");
    await t.app.db.write(async (tx) => {
      await tx.manager.query(`DELETE FROM content_reviews WHERE version_id = '${first.id}'`);
    });
    await t.app.reviewWorker.drain();
    const rows = await t.app.db.read((m) =>
      m.query(`SELECT rules_version FROM content_reviews WHERE version_id = '${first.id}'`),
    );
    expect(rows).toEqual([{ rules_version: RULES_VERSION }]);
  });
});
