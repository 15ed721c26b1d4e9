import { beforeAll, expect, it } from "vitest";
import { refusal, skillVersion } from "../../../test/support/agents";
import { READ_CALL, START_CALL, type CallView } from "../../../test/support/calls";
import { describeEachDialect } from "../../../test/support/test-app";
import { SKILL_FIELDS, skillMd } from "../../../test/support/skill-md";

const CREATE = `mutation($input: SkillVersionInput!) { createSkillVersion(input: $input) { ${SKILL_FIELDS} } }`;
const UPDATE = `mutation($id: ID!, $input: SkillVersionInput!) { updateSkillVersion(id: $id, input: $input) { ${SKILL_FIELDS} } }`;
const PUBLISH = `mutation($id: ID!) { publishSkillVersion(id: $id) { id state version publishedAt } }`;
const ROLLBACK = `mutation($name: String!, $to: ID!) { rollbackSkill(name: $name, toVersionId: $to) { id state version } }`;
const DELETE = `mutation($id: ID!) { deleteSkillVersion(id: $id) }`;
const READ = `query($id: ID!) { skillVersion(id: $id) { id state version } }`;
const LIST = `query($name: String, $names: [String!], $search: String, $state: VersionState, $page: Int, $limit: Int) {
  skills(name: $name, names: $names, search: $search, state: $state, page: $page, limit: $limit) {
    total page limit items { id name version state } } }`;

type Version = { id: string; name: string; version: number; state: string; warnings: string[] };

describeEachDialect("skill lifecycle", (t) => {
  let key: string;

  beforeAll(async () => {
    key = (await t.project()).adminKey;
  });

  const create = async (name: string, opts: Parameters<typeof skillMd>[1] = {}, token = key) =>
    (await t.ok<{ createSkillVersion: Version }>(CREATE, { input: { skillMd: skillMd(name, opts) } }, token))
      .createSkillVersion;

  it("SV-1 a new name makes version 1, a draft; the same name makes the next version", async () => {
    const v1 = await create("sv1-skill");
    expect(v1).toMatchObject({ name: "sv1-skill", version: 1, state: "DRAFT" });
    const v2 = await create("sv1-skill", { body: "changed" });
    expect(v2).toMatchObject({ name: "sv1-skill", version: 2, state: "DRAFT" });
    expect(v2.id).not.toBe(v1.id);
  });

  it("SV-1 version numbers never repeat, even after the newest version is deleted", async () => {
    await create("sv1-norepeat");
    const v2 = await create("sv1-norepeat", { body: "two" });
    await t.ok(`mutation($id: ID!) { deleteSkillVersion(id: $id) }`, { id: v2.id }, key);
    const v3 = await create("sv1-norepeat", { body: "three" });
    expect(v3.version).toBe(3);
  });

  it("SV-2 a draft can be edited; a published version cannot (CONFLICT)", async () => {
    const v1 = await create("sv2-skill");
    const edited = await t.ok<{ updateSkillVersion: Version & { instructions: string } }>(
      UPDATE,
      { id: v1.id, input: { skillMd: skillMd("sv2-skill", { body: "edited body" }) } },
      key,
    );
    expect(edited.updateSkillVersion.instructions).toContain("edited body");
    await t.ok(PUBLISH, { id: v1.id }, key);
    const refused = await t.gql(
      UPDATE,
      { id: v1.id, input: { skillMd: skillMd("sv2-skill", { body: "again" }) } },
      key,
    );
    expect(refused.errors?.[0]?.extensions?.code).toBe("CONFLICT");
    const read = await t.ok<{ skillVersion: { state: string } }>(READ, { id: v1.id }, key);
    expect(read.skillVersion.state).toBe("PUBLISHED");
  });

  it("SV-2 a draft keeps its skill's name", async () => {
    const v1 = await create("sv2-name");
    const refused = await t.gql(UPDATE, { id: v1.id, input: { skillMd: skillMd("sv2-other") } }, key);
    expect(refused.errors?.[0]?.extensions).toMatchObject({
      code: "BAD_USER_INPUT",
      details: { field: "frontmatter.name" },
    });
  });

  it("SV-3 publishing a draft makes it live and archives the version that was live", async () => {
    const v1 = await create("sv3-skill");
    const v2 = await create("sv3-skill", { body: "v2" });
    await t.ok(PUBLISH, { id: v1.id }, key);
    const published = await t.ok<{ publishSkillVersion: { state: string; publishedAt: string } }>(
      PUBLISH,
      { id: v2.id },
      key,
    );
    expect(published.publishSkillVersion.state).toBe("PUBLISHED");
    expect((await t.ok<{ skillVersion: { state: string } }>(READ, { id: v1.id }, key)).skillVersion.state).toBe(
      "ARCHIVED",
    );
    const live = await t.ok<{ skills: { items: Version[] } }>(LIST, { name: "sv3-skill", state: "PUBLISHED" }, key);
    expect(live.skills.items.map((v) => v.id)).toEqual([v2.id]);
  });

  it("SV-3 publishing a version that is not a draft is a CONFLICT", async () => {
    const v1 = await create("sv3-twice");
    await t.ok(PUBLISH, { id: v1.id }, key);
    const again = await t.gql(PUBLISH, { id: v1.id }, key);
    expect(again.errors?.[0]?.extensions?.code).toBe("CONFLICT");
  });

  it("SV-4 rolling back makes an archived version live again with its id and number", async () => {
    const v1 = await create("sv4-skill");
    const v2 = await create("sv4-skill", { body: "v2" });
    await t.ok(PUBLISH, { id: v1.id }, key);
    await t.ok(PUBLISH, { id: v2.id }, key);
    const rolled = await t.ok<{ rollbackSkill: { id: string; state: string; version: number } }>(
      ROLLBACK,
      { name: "sv4-skill", to: v1.id },
      key,
    );
    expect(rolled.rollbackSkill).toEqual({ id: v1.id, state: "PUBLISHED", version: 1 });
    expect((await t.ok<{ skillVersion: { state: string } }>(READ, { id: v2.id }, key)).skillVersion.state).toBe(
      "ARCHIVED",
    );
  });

  it("SV-4 a draft cannot be rolled back to", async () => {
    const v1 = await create("sv4-draft");
    const refused = await t.gql(ROLLBACK, { name: "sv4-draft", to: v1.id }, key);
    expect(refused.errors?.[0]?.extensions).toMatchObject({
      code: "BAD_USER_INPUT",
      details: { field: "to_version_id" },
    });
    expect(refused.errors?.[0]?.message).toMatch(/draft/);
  });

  it("SV-6 lists are newest first in a page envelope, filtered by name and state", async () => {
    const { adminKey } = await t.project("list project");
    for (const name of ["list-a", "list-b", "list-a"])
      await create(name, { body: `${name} ${Math.random()}` }, adminKey);
    const all = await t.ok<{ skills: { total: number; page: number; limit: number; items: Version[] } }>(
      LIST,
      { page: 1, limit: 2 },
      adminKey,
    );
    expect(all.skills).toMatchObject({ total: 3, page: 1, limit: 2 });
    expect(all.skills.items.map((v) => `${v.name}@${v.version}`)).toEqual(["list-a@2", "list-b@1"]);
    const page2 = await t.ok<{ skills: { items: Version[] } }>(LIST, { page: 2, limit: 2 }, adminKey);
    expect(page2.skills.items.map((v) => `${v.name}@${v.version}`)).toEqual(["list-a@1"]);
    const named = await t.ok<{ skills: { total: number } }>(LIST, { name: "list-a" }, adminKey);
    expect(named.skills.total).toBe(2);
    const drafts = await t.ok<{ skills: { total: number } }>(LIST, { state: "DRAFT" }, adminKey);
    expect(drafts.skills.total).toBe(3);
  });

  it("SV-6 a limit outside 1–200 or a page below 1 is BAD_USER_INPUT naming the field", async () => {
    for (const [vars, field] of [
      [{ limit: 0 }, "limit"],
      [{ limit: 201 }, "limit"],
      [{ page: 0 }, "page"],
    ] as const) {
      const res = await t.gql(LIST, vars, key);
      expect(res.errors?.[0]?.extensions).toMatchObject({ code: "BAD_USER_INPUT", details: { field } });
    }
  });

  it("SV-6 state PUBLISHED lists the live version of every skill", async () => {
    const { adminKey } = await t.project("live list");
    const a1 = await create("live-a", {}, adminKey);
    const b1 = await create("live-b", {}, adminKey);
    await create("live-c", {}, adminKey);
    await t.ok(PUBLISH, { id: a1.id }, adminKey);
    await t.ok(PUBLISH, { id: b1.id }, adminKey);
    const live = await t.ok<{ skills: { items: Version[] } }>(LIST, { state: "PUBLISHED" }, adminKey);
    expect(live.skills.items.map((v) => v.name).sort()).toEqual(["live-a", "live-b"]);
  });

  it("SV-6 names narrows the list to those skills (none for an empty list, at most 200 names); search to names containing the text, case aside", async () => {
    const { adminKey } = await t.project("narrowed list");
    for (const name of ["pdf-merge", "pdf-split", "weather", "resume_100"]) {
      const v1 = await create(name, {}, adminKey);
      await t.ok(PUBLISH, { id: v1.id }, adminKey);
    }
    await create("pdf-merge", { body: "a draft of version 2" }, adminKey);
    type Listed = { skills: { total: number; items: Version[] } };
    const list = async (vars: Record<string, unknown>) =>
      (await t.ok<Listed>(LIST, vars, adminKey)).skills.items.map((v) => `${v.name}@${v.version}`).sort();
    expect(await list({ names: ["pdf-merge", "weather", "not-a-skill"] })).toEqual([
      "pdf-merge@1",
      "pdf-merge@2",
      "weather@1",
    ]);
    expect(await list({ names: ["pdf-merge", "weather"], state: "PUBLISHED" })).toEqual(["pdf-merge@1", "weather@1"]);
    expect(await list({ names: [] })).toEqual([]);
    expect(await list({ search: "PDF", state: "PUBLISHED" })).toEqual(["pdf-merge@1", "pdf-split@1"]);
    expect(await list({ search: "f-m" })).toEqual(["pdf-merge@1", "pdf-merge@2"]);
    // LIKE's wildcards match as themselves
    expect(await list({ search: "e_10" })).toEqual(["resume_100@1"]);
    expect(await list({ search: "pdf_merge" })).toEqual([]);
    expect(await list({ search: "%" })).toEqual([]);
    const tooMany = await t.gql(LIST, { names: Array.from({ length: 201 }, (_, i) => `s-${i}`) }, adminKey);
    expect(tooMany.errors?.[0]?.extensions).toMatchObject({ code: "BAD_USER_INPUT", details: { field: "names" } });
    // another project's skills are never listed
    expect((await t.ok<Listed>(LIST, { search: "pdf" }, key)).skills.items.map((v) => v.name)).not.toContain(
      "pdf-split",
    );
  });

  it("SV-7 a deleted version is gone from every read", async () => {
    const v1 = await create("sv7-gone");
    await t.ok(PUBLISH, { id: v1.id }, key);
    await t.ok(`mutation($id: ID!) { deleteSkillVersion(id: $id) }`, { id: v1.id }, key);
    expect((await t.ok<{ skillVersion: unknown }>(READ, { id: v1.id }, key)).skillVersion).toBeNull();
    const list = await t.ok<{ skills: { total: number } }>(LIST, { name: "sv7-gone" }, key);
    expect(list.skills.total).toBe(0);
    const again = await t.gql(`mutation($id: ID!) { deleteSkillVersion(id: $id) }`, { id: v1.id }, key);
    expect(again.errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
  });

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
    const rolled = await t.ok<{ rollbackSkill: { id: string; state: string; version: number } }>(
      ROLLBACK,
      { name: "travel", to: v1.id },
      adminKey,
    );
    expect(rolled.rollbackSkill).toEqual({ id: v1.id, state: "PUBLISHED", version: 1 });
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
});
