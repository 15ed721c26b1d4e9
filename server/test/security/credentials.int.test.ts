import { randomBytes, randomUUID } from "node:crypto";
import { beforeAll, expect, it } from "vitest";
import { randomToken } from "../../src/platform/crypto";
import { describeEachDialect, type GqlResponse, type TestApp } from "../support/test-app";
import { skillMd } from "../support/skill-md";
import { findInDatabase } from "../support/db-scan";

const KEY_FORMAT = /^sgk_[A-Za-z0-9]{48}$/;

const PROJECT = `{ project { id name } }`;
const CREATE_SKILL = `mutation($input: SkillVersionInput!) { createSkillVersion(input: $input) { id name } }`;
const CREATE_KEY = `mutation($role: ApiKeyRole!, $name: String, $projectId: ID) { createApiKey(role: $role, name: $name, projectId: $projectId) { id role key } }`;
const REVOKE_KEY = `mutation($id: ID!, $projectId: ID) { revokeApiKey(id: $id, projectId: $projectId) }`;
const LIST_KEYS = `query($projectId: ID) { apiKeys(projectId: $projectId) { id name role prefix createdAt revokedAt } }`;
const CREATE_PROJECT = `mutation($name: String!) { createProject(name: $name) { project { id name deletedAt } apiKey } }`;
const DELETE_PROJECT = `mutation($id: ID!) { deleteProject(id: $id) { id name deletedAt } }`;
const PURGE_PROJECT = `mutation($id: ID!) { purgeProject(id: $id) }`;
const READ_PROJECT = `query($id: ID) { project(id: $id) { id name deletedAt } }`;
const LIST_PROJECTS = `query($all: Boolean!) { projects(includeDeleted: $all) { id deletedAt } }`;

type Key = { id: string; role: string; key: string };

function code(res: GqlResponse): string | undefined {
  return res.errors?.[0]?.extensions?.code;
}

/** POST with an arbitrary Authorization header (or none). */
async function withHeader(
  t: TestApp,
  query: string,
  authorization: string | undefined,
  extra: Record<string, string> = {},
) {
  const res = await fetch(`${t.url}/graphql`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      ...(authorization === undefined ? {} : { authorization }),
      ...extra,
    },
    body: JSON.stringify({ query }),
  });
  const text = await res.text();
  return {
    status: res.status,
    headers: res.headers,
    body: JSON.parse(text) as { data?: unknown; errors?: GqlResponse["errors"] },
  };
}

describeEachDialect("credentials", { authFailuresPerMinute: 100_000 }, (t) => {
  let project: { id: string; adminKey: string };
  let editor: Key;
  let viewer: Key;

  const newKey = async (role: "ADMIN" | "EDITOR" | "VIEWER", token = project.adminKey, name: string | null = null) =>
    (await t.ok<{ createApiKey: Key }>(CREATE_KEY, { role, name }, token)).createApiKey;

  beforeAll(async () => {
    // Many failures on purpose here: the rate limit (tested below with its own app) must not get in the way.
    project = await t.project("credentials");
    editor = await newKey("EDITOR");
    viewer = await newKey("VIEWER");
  });

  // ---- SEC-7 ----

  it("SEC-7 a request without a credential is UNAUTHENTICATED", async () => {
    for (const query of [PROJECT, `{ skills { total } }`, `{ apiKeys { id } }`]) {
      const res = await t.gql(query, {}, null);
      expect(code(res), query).toBe("UNAUTHENTICATED");
      expect(res.data, query).toBeNull();
    }
    const write = await t.gql(CREATE_SKILL, { input: { skillMd: skillMd("anonymous-skill") } }, null);
    expect(code(write)).toBe("UNAUTHENTICATED");
  });

  it("SEC-7 a malformed Authorization header is UNAUTHENTICATED", async () => {
    for (const header of [
      "Basic dXNlcjpwYXNz",
      "Bearer",
      "Bearer ",
      `Bearer ${project.adminKey} extra`,
      `Token ${project.adminKey}`,
      `Bearer ${"x".repeat(600)}`,
      project.adminKey,
    ]) {
      const res = await withHeader(t, PROJECT, header);
      expect(res.body.errors?.[0]?.extensions?.code, header).toBe("UNAUTHENTICATED");
      expect(res.body.data ?? null, header).toBeNull();
    }
  });

  it("SEC-7 an unknown credential is UNAUTHENTICATED, also one sharing a real key's public prefix", async () => {
    const unknown = [
      `sgk_${randomToken(48)}`,
      `${project.adminKey.slice(0, 16)}${randomToken(36)}`, // same lookup part, other secret
      `${project.adminKey.slice(0, -1)}${project.adminKey.endsWith("A") ? "B" : "A"}`, // one character off
      `sgp_${randomToken(43)}`, // looks like a platform credential
      `${t.platformToken}x`,
      "not-a-key",
    ];
    for (const credential of unknown) {
      const res = await t.gql(PROJECT, {}, credential);
      expect(code(res), credential).toBe("UNAUTHENTICATED");
      expect(res.data, credential).toBeNull();
    }
    expect((await t.ok<{ project: { id: string } }>(PROJECT, {}, project.adminKey)).project.id).toBe(project.id);
  });

  it("SEC-7 a revoked key is UNAUTHENTICATED from then on", async () => {
    const key = await newKey("EDITOR");
    expect((await t.ok<{ project: { id: string } }>(PROJECT, {}, key.key)).project.id).toBe(project.id);
    await t.ok(REVOKE_KEY, { id: key.id }, project.adminKey);
    for (const query of [PROJECT, `{ skills { total } }`])
      expect(code(await t.gql(query, {}, key.key)), query).toBe("UNAUTHENTICATED");
    expect(code(await t.gql(CREATE_SKILL, { input: { skillMd: skillMd("revoked-write") } }, key.key))).toBe(
      "UNAUTHENTICATED",
    );
  });

  it("SEC-7 a viewer key writing is FORBIDDEN with details.required_role; reading is allowed", async () => {
    const write = await t.gql(CREATE_SKILL, { input: { skillMd: skillMd("viewer-write") } }, viewer.key);
    expect(write.errors?.[0]?.extensions).toEqual({ code: "FORBIDDEN", details: { required_role: "editor" } });
    expect(write.data).toBeNull();
    const kb = await t.gql(`mutation { createKnowledgeBase(input: { name: "viewer kb" }) { id } }`, {}, viewer.key);
    expect(kb.errors?.[0]?.extensions).toEqual({ code: "FORBIDDEN", details: { required_role: "editor" } });
    const read = await t.ok<{ skills: { total: number } }>(
      `{ skills(name: "viewer-write") { total } }`,
      {},
      viewer.key,
    );
    expect(read.skills.total).toBe(0);
  });

  it("SEC-7 admin-only operations are FORBIDDEN for editor and viewer keys, naming the admin role", async () => {
    for (const key of [editor, viewer]) {
      for (const [query, variables] of [
        [CREATE_KEY, { role: "VIEWER" }],
        [REVOKE_KEY, { id: viewer.id }],
        [LIST_KEYS, {}],
        [`{ auditLog { total } }`, {}],
      ] as const) {
        const res = await t.gql(query, variables, key.key);
        expect(res.errors?.[0]?.extensions, `${key.role} ${query}`).toEqual({
          code: "FORBIDDEN",
          details: { required_role: "admin" },
        });
      }
    }
    // The viewer key was not revoked by the refused attempts.
    expect((await t.ok<{ project: { id: string } }>(PROJECT, {}, viewer.key)).project.id).toBe(project.id);
  });

  // ---- SEC-8 ----

  it("SEC-8 keys carry the sgk_ prefix; listed keys show only their public prefix, never the key", async () => {
    const named = await newKey("VIEWER", project.adminKey, "listed key");
    for (const key of [project.adminKey, editor.key, viewer.key, named.key]) expect(key).toMatch(KEY_FORMAT);
    const listed = await t.ok<{ apiKeys: Array<{ id: string; name: string | null; role: string; prefix: string }> }>(
      LIST_KEYS,
      {},
      project.adminKey,
    );
    const entry = listed.apiKeys.find((k) => k.id === named.id);
    expect(entry).toMatchObject({ name: "listed key", role: "VIEWER" });
    expect(named.key.startsWith(entry!.prefix)).toBe(true);
    expect(entry!.prefix.length).toBeLessThanOrEqual(20);
    const text = JSON.stringify(listed);
    for (const key of [project.adminKey, editor.key, viewer.key, named.key]) expect(text).not.toContain(key);
  });

  it("SEC-8 a key's plaintext is stored nowhere: every column of every table is scanned", async () => {
    const other = await t.project("scan project");
    const keys = [
      project.adminKey,
      editor.key,
      viewer.key,
      other.adminKey,
      (await newKey("ADMIN", other.adminKey, "scan")).key,
    ];
    for (const key of keys) {
      expect(await findInDatabase(t.app.db, key), key.slice(0, 8)).toEqual([]);
      // Neither is any part of the key beyond its public lookup part (16 characters).
      expect(await findInDatabase(t.app.db, key.slice(16)), key.slice(0, 8)).toEqual([]);
    }
    expect(await findInDatabase(t.app.db, t.platformToken)).toEqual([]);
    // Control: the scan does see the tables: the public lookup part and the project name are found.
    expect(await findInDatabase(t.app.db, project.adminKey.slice(0, 16))).toContain("api_keys.lookup");
    expect(await findInDatabase(t.app.db, "scan project")).toContain("projects.name");
  });

  // ---- PJ-2 ----

  it("PJ-2 the platform credential creates projects, each with its first admin key", async () => {
    const created = await t.ok<{
      createProject: { project: { id: string; name: string; deletedAt: null }; apiKey: string };
    }>(CREATE_PROJECT, { name: "  PJ-2 project  " }, t.platformToken);
    expect(created.createProject.project).toMatchObject({ name: "PJ-2 project", deletedAt: null });
    expect(created.createProject.apiKey).toMatch(KEY_FORMAT);
    const keys = await t.ok<{ apiKeys: Array<{ role: string }> }>(LIST_KEYS, {}, created.createProject.apiKey);
    expect(keys.apiKeys.map((k) => k.role)).toEqual(["ADMIN"]);
    const own = await t.ok<{ project: { id: string } }>(PROJECT, {}, created.createProject.apiKey);
    expect(own.project.id).toBe(created.createProject.project.id);
  });

  it("PJ-2 project keys (even admin) cannot create, delete or purge projects", async () => {
    const before = await t.ok<{ projects: unknown[] }>(LIST_PROJECTS, { all: true }, t.platformToken);
    for (const key of [project.adminKey, editor.key, viewer.key]) {
      for (const [query, variables] of [
        [CREATE_PROJECT, { name: "not allowed" }],
        [DELETE_PROJECT, { id: project.id }],
        [PURGE_PROJECT, { id: project.id }],
        [LIST_PROJECTS, { all: true }],
      ] as const) {
        const res = await t.gql(query, variables, key);
        expect(code(res), `${key.slice(0, 8)} ${query}`).toBe("UNAUTHENTICATED");
        expect(res.errors?.[0]?.message).toMatch(/platform credential/);
        expect(res.data).toBeNull();
      }
    }
    const after = await t.ok<{ projects: unknown[] }>(LIST_PROJECTS, { all: true }, t.platformToken);
    expect(after.projects).toHaveLength(before.projects.length);
    expect((await t.ok<{ project: { id: string } }>(PROJECT, {}, project.adminKey)).project.id).toBe(project.id);
  });

  it("PJ-2 an admin key creates keys of each role and revokes them; each role works as itself", async () => {
    const made = { ADMIN: await newKey("ADMIN"), EDITOR: await newKey("EDITOR"), VIEWER: await newKey("VIEWER") };
    for (const [role, key] of Object.entries(made)) {
      expect(key.role).toBe(role);
      expect(key.key).toMatch(KEY_FORMAT);
    }
    // The new admin can make keys; the new editor can write; the new viewer can read only.
    expect((await t.gql(CREATE_KEY, { role: "VIEWER" }, made.ADMIN.key)).errors).toBeUndefined();
    expect(
      (
        await t.gql(
          CREATE_SKILL,
          { input: { skillMd: skillMd(`pj2-${randomBytes(3).toString("hex")}`) } },
          made.EDITOR.key,
        )
      ).errors,
    ).toBeUndefined();
    expect(code(await t.gql(CREATE_SKILL, { input: { skillMd: skillMd("pj2-viewer") } }, made.VIEWER.key))).toBe(
      "FORBIDDEN",
    );

    for (const key of Object.values(made)) {
      const revoked = await t.ok<{ revokeApiKey: string }>(REVOKE_KEY, { id: key.id }, project.adminKey);
      expect(revoked.revokeApiKey).toBe(key.id);
      expect(code(await t.gql(PROJECT, {}, key.key))).toBe("UNAUTHENTICATED");
    }
    const listed = await t.ok<{ apiKeys: Array<{ id: string; revokedAt: string | null }> }>(
      LIST_KEYS,
      {},
      project.adminKey,
    );
    for (const key of Object.values(made)) expect(listed.apiKeys.find((k) => k.id === key.id)?.revokedAt).toBeTruthy();
  });

  it("PJ-2 an editor key cannot create or revoke keys", async () => {
    const create = await t.gql(CREATE_KEY, { role: "ADMIN" }, editor.key);
    expect(create.errors?.[0]?.extensions).toEqual({ code: "FORBIDDEN", details: { required_role: "admin" } });
    expect(create.data).toBeNull();
    const revoke = await t.gql(REVOKE_KEY, { id: project.id }, editor.key);
    expect(revoke.errors?.[0]?.extensions).toEqual({ code: "FORBIDDEN", details: { required_role: "admin" } });
  });

  it("PJ-2 the platform credential manages a project's keys only when it names the project", async () => {
    const unnamed = await t.gql(CREATE_KEY, { role: "VIEWER" }, t.platformToken);
    expect(unnamed.errors?.[0]?.extensions).toEqual({ code: "FORBIDDEN", details: { field: "project_id" } });
    const made = await t.ok<{ createApiKey: Key }>(
      CREATE_KEY,
      { role: "VIEWER", projectId: project.id },
      t.platformToken,
    );
    expect((await t.ok<{ project: { id: string } }>(PROJECT, {}, made.createApiKey.key)).project.id).toBe(project.id);
    await t.ok(REVOKE_KEY, { id: made.createApiKey.id, projectId: project.id }, t.platformToken);
    expect(code(await t.gql(PROJECT, {}, made.createApiKey.key))).toBe("UNAUTHENTICATED");
    const missing = await t.gql(CREATE_KEY, { role: "VIEWER", projectId: randomUUID() }, t.platformToken);
    expect(code(missing)).toBe("NOT_FOUND");
  });

  // ---- PJ-3 ----

  it("PJ-3 a deleted project reads as NOT_FOUND; the platform still reads it with deletedAt; its keys stop working", async () => {
    const doomed = await t.project("PJ-3 soft delete");
    const viewerKey = await newKey("VIEWER", doomed.adminKey);
    await t.ok(CREATE_SKILL, { input: { skillMd: skillMd("pj3-kept") } }, doomed.adminKey);

    const deleted = await t.ok<{ deleteProject: { id: string; deletedAt: string | null } }>(
      DELETE_PROJECT,
      { id: doomed.id },
      t.platformToken,
    );
    expect(deleted.deleteProject.id).toBe(doomed.id);
    expect(Number.isNaN(Date.parse(deleted.deleteProject.deletedAt ?? ""))).toBe(false);

    for (const key of [doomed.adminKey, viewerKey.key]) {
      for (const query of [PROJECT, `{ skills { total } }`])
        expect(code(await t.gql(query, {}, key)), query).toBe("UNAUTHENTICATED");
    }
    // Project-scoped operations naming it answer NOT_FOUND, as for a project that never existed.
    for (const id of [doomed.id, randomUUID()]) {
      for (const [query, variables] of [
        [`query($p: ID) { skills(projectId: $p) { total } }`, { p: id }],
        [`query($p: ID) { knowledgeBases(projectId: $p) { id } }`, { p: id }],
        [LIST_KEYS, { projectId: id }],
        [CREATE_KEY, { role: "ADMIN", projectId: id }],
        [DELETE_PROJECT, { id }],
      ] as const) {
        const res = await t.gql(query, variables, t.platformToken);
        expect(res.errors?.[0]?.extensions, query).toEqual({ code: "NOT_FOUND" });
        expect(res.errors?.[0]?.message, query).toBe("The project was not found.");
      }
    }
    const read = await t.ok<{ project: { id: string; deletedAt: string | null } }>(
      READ_PROJECT,
      { id: doomed.id },
      t.platformToken,
    );
    expect(read.project).toEqual({
      id: doomed.id,
      name: "PJ-3 soft delete",
      deletedAt: deleted.deleteProject.deletedAt,
    });
    const live = await t.ok<{ projects: Array<{ id: string }> }>(LIST_PROJECTS, { all: false }, t.platformToken);
    expect(live.projects.map((p) => p.id)).not.toContain(doomed.id);
    const all = await t.ok<{ projects: Array<{ id: string; deletedAt: string | null }> }>(
      LIST_PROJECTS,
      { all: true },
      t.platformToken,
    );
    expect(all.projects.find((p) => p.id === doomed.id)?.deletedAt).toBe(deleted.deleteProject.deletedAt);
    // Its data is kept until purged.
    expect(await findInDatabase(t.app.db, "pj3-kept")).toContain("skill_versions.name");
  });

  it("PJ-3 purge requires delete first, then removes the project and everything in it", async () => {
    const doomed = await t.project("PJ-3 purge");
    const fileContent = `purged file ${randomUUID()}`;
    const kbContent = `purged document ${randomUUID()}`;
    const skill = await t.ok<{ createSkillVersion: { id: string } }>(
      CREATE_SKILL,
      {
        input: {
          skillMd: skillMd("pj3-purged"),
          files: [{ path: "references/a.md", contentBase64: Buffer.from(fileContent).toString("base64") }],
        },
      },
      doomed.adminKey,
    );
    await t.ok(
      `mutation($id: ID!) { publishSkillVersion(id: $id) { id } }`,
      { id: skill.createSkillVersion.id },
      doomed.adminKey,
    );
    const kb = await t.ok<{ createKnowledgeBase: { id: string } }>(
      `mutation { createKnowledgeBase(input: { name: "purged kb" }) { id } }`,
      {},
      doomed.adminKey,
    );
    await t.ok(
      `mutation($kb: ID!, $c: String!) { addKnowledgeDocument(knowledgeBaseId: $kb, title: "doc", content: $c) { id } }`,
      { kb: kb.createKnowledgeBase.id, c: kbContent },
      doomed.adminKey,
    );
    await newKey("EDITOR", doomed.adminKey);

    const early = await t.gql(PURGE_PROJECT, { id: doomed.id }, t.platformToken);
    expect(code(early)).toBe("CONFLICT");
    expect(early.errors?.[0]?.message).toMatch(/delete it first/);
    expect((await t.ok<{ project: { id: string } }>(PROJECT, {}, doomed.adminKey)).project.id).toBe(doomed.id);

    await t.ok(DELETE_PROJECT, { id: doomed.id }, t.platformToken);
    const purged = await t.ok<{ purgeProject: string }>(PURGE_PROJECT, { id: doomed.id }, t.platformToken);
    expect(purged.purgeProject).toBe(doomed.id);

    // NOT_FOUND even for the platform, exactly as an id that never existed.
    for (const id of [doomed.id, randomUUID()]) {
      for (const query of [READ_PROJECT, PURGE_PROJECT, DELETE_PROJECT]) {
        const res = await t.gql(query, { id }, t.platformToken);
        expect(res.errors?.[0]?.extensions, query).toEqual({ code: "NOT_FOUND" });
        expect(res.errors?.[0]?.message, query).toBe("The project was not found.");
      }
    }
    const all = await t.ok<{ projects: Array<{ id: string }> }>(LIST_PROJECTS, { all: true }, t.platformToken);
    expect(all.projects.map((p) => p.id)).not.toContain(doomed.id);
    expect(code(await t.gql(PROJECT, {}, doomed.adminKey))).toBe("UNAUTHENTICATED");

    // Nothing of it is left in any table.
    for (const needle of [doomed.id, skill.createSkillVersion.id, kb.createKnowledgeBase.id, "pj3-purged", kbContent]) {
      expect(await findInDatabase(t.app.db, needle), needle).toEqual([]);
    }
  });

  it("PJ-2 SEC-15 a key revoked by three requests at once is revoked once: all answer it, one audit entry", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) {
      const doomed = await newKey("VIEWER");
      ids.push(doomed.id);
      const answers = await Promise.all([0, 1, 2].map(() => t.gql(REVOKE_KEY, { id: doomed.id }, project.adminKey)));
      expect(answers.map((a) => code(a) ?? "OK")).toEqual(["OK", "OK", "OK"]);
    }
    const audit = await t.ok<{ auditLog: { items: Array<{ resourceId: string }> } }>(
      `query { auditLog(resourceType: "api_key", action: "revoke", limit: 200) { items { resourceId } } }`,
      {},
      project.adminKey,
    );
    const revokes = audit.auditLog.items.map((e) => e.resourceId).filter((id) => ids.includes(id));
    expect(revokes.sort()).toEqual([...ids].sort());
  });

  it("PJ-3 SEC-15 two deletes of one project at once: one answers it, the other NOT_FOUND; likewise two purges", async () => {
    for (let i = 0; i < 6; i++) {
      const doomed = await t.project(`PJ-3 race ${i}`);
      const deletes = await Promise.all([0, 1].map(() => t.gql(DELETE_PROJECT, { id: doomed.id }, t.platformToken)));
      expect(deletes.map((r) => code(r) ?? "OK").sort(), "deletes").toEqual(["NOT_FOUND", "OK"]);
      const purges = await Promise.all([0, 1].map(() => t.gql(PURGE_PROJECT, { id: doomed.id }, t.platformToken)));
      expect(purges.map((r) => code(r) ?? "OK").sort(), "purges").toEqual(["NOT_FOUND", "OK"]);
    }
  });

  it("PJ-3 purge removes a purged project's file contents too (blobs no other version uses)", async () => {
    const doomed = await t.project("PJ-3 purge blobs");
    const fileContent = `purged file ${randomUUID()}`;
    await t.ok(
      CREATE_SKILL,
      {
        input: {
          skillMd: skillMd("pj3-blob"),
          files: [{ path: "references/a.md", contentBase64: Buffer.from(fileContent).toString("base64") }],
        },
      },
      doomed.adminKey,
    );
    await t.ok(DELETE_PROJECT, { id: doomed.id }, t.platformToken);
    await t.ok(PURGE_PROJECT, { id: doomed.id }, t.platformToken);
    expect(await findInDatabase(t.app.db, fileContent)).toEqual([]);
  });
});

const LIMIT = 3;

describeEachDialect("SEC-8 authentication failures are rate limited", { authFailuresPerMinute: LIMIT }, (t) => {
  // The server trusts X-Forwarded-For from a loopback proxy, as the tests' own connections are: each test its own address.
  const from = (address: string) => ({ "x-forwarded-for": address });

  it("SEC-8 repeated failed authentication from one address gets HTTP 429, also for a valid credential then", async () => {
    const { adminKey } = await t.project("rate limited");
    const address = "203.0.113.10";
    for (let i = 0; i < LIMIT; i++) {
      const res = await withHeader(t, PROJECT, `Bearer sgk_${randomToken(48)}`, from(address));
      expect(res.status, `attempt ${i + 1}`).toBe(200);
      expect(res.body.errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
    }
    const blocked = await withHeader(t, PROJECT, `Bearer sgk_${randomToken(48)}`, from(address));
    expect(blocked.status).toBe(429);
    expect(blocked.body.errors?.[0]?.extensions?.code).toBe("RATE_LIMITED");
    expect(blocked.headers.get("retry-after")).toBe("60");
    const validButBlocked = await withHeader(t, PROJECT, `Bearer ${adminKey}`, from(address));
    expect(validButBlocked.status).toBe(429);
    expect(validButBlocked.body.data ?? null).toBeNull();

    // Another address is not affected.
    const other = await withHeader(t, PROJECT, `Bearer ${adminKey}`, from("203.0.113.11"));
    expect(other.status).toBe(200);
    expect((other.body.data as { project: { id: string } }).project.id).toBeTruthy();
  });

  it("SEC-8 malformed headers count as failures too", async () => {
    const address = "203.0.113.20";
    for (let i = 0; i < LIMIT; i++) expect((await withHeader(t, PROJECT, "Basic abc", from(address))).status).toBe(200);
    expect((await withHeader(t, PROJECT, "Basic abc", from(address))).status).toBe(429);
  });

  it("SEC-8 successful authentication and anonymous requests are not counted as failures", async () => {
    const { adminKey } = await t.project("not limited");
    const address = "203.0.113.30";
    for (let i = 0; i < LIMIT * 3; i++) {
      expect((await withHeader(t, PROJECT, `Bearer ${adminKey}`, from(address))).status).toBe(200);
      expect((await withHeader(t, `{ __typename }`, undefined, from(address))).status).toBe(200);
    }
  });
});
