import { createHash } from "node:crypto";
import { unzipSync } from "fflate";
import { beforeAll, expect, it } from "vitest";
import { publishSkill } from "../../../test/support/calls";
import { revoke } from "../../../test/support/revocation";
import { describeEachDialect, type TestApp } from "../../../test/support/test-app";

const INDEX = "/.well-known/agent-skills/index.json";
const SCHEMA = "https://schemas.agentskills.io/discovery/0.2.0/schema.json";
const SET = `mutation($projectId: ID) { setDiscoveryProject(projectId: $projectId) }`;

interface Index {
  $schema: string;
  skills: Array<{ name: string; type: string; description: string; url: string; digest: string }>;
}

async function get(t: TestApp, path: string, key?: string): Promise<Response> {
  return fetch(new URL(path, t.url), { headers: key ? { authorization: `Bearer ${key}` } : {} });
}

async function index(t: TestApp, key?: string): Promise<Index> {
  const res = await get(t, INDEX, key);
  expect(res.status).toBe(200);
  return (await res.json()) as Index;
}

describeEachDialect("the discovery index (PV-4)", (t) => {
  let key: string;
  let projectId: string;
  beforeAll(async () => {
    ({ adminKey: key, id: projectId } = await t.project("discovery"));
    await t.ok(
      `mutation($input: SkillVersionInput!) { createSkillVersion(input: $input) { id } }`,
      {
        input: {
          skillMd: "---\nname: pdf-tools\ndescription: Use when the caller sends a PDF.\n---\n\nRead it.\n",
          files: [
            { path: "scripts/run.sh", contentBase64: Buffer.from("#!/bin/sh\necho hi\n").toString("base64") },
            { path: "references/A.md", contentBase64: Buffer.from("# A\n").toString("base64") },
          ],
        },
      },
      key,
    );
    const draft = await t.ok<{ skills: { items: Array<{ id: string }> } }>(
      `{ skills(name: "pdf-tools") { items { id } } }`,
      {},
      key,
    );
    await t.ok(`mutation($id: ID!) { publishSkillVersion(id: $id) { id } }`, { id: draft.skills.items[0]!.id }, key);
    await publishSkill(t, key, "alpha", { body: "Alpha steps." });
  });

  it("PV-4 a project key reads its live skills in the RFC's v0.2.0 format, each an archive under /.well-known/agent-skills/", async () => {
    const read = await index(t, key);
    expect(read.$schema).toBe(SCHEMA);
    expect(read.skills.map(({ digest: _d, ...rest }) => rest)).toEqual([
      {
        name: "alpha",
        type: "archive",
        description: "Use when the caller asks about alpha.",
        url: "/.well-known/agent-skills/alpha/1.zip",
      },
      {
        name: "pdf-tools",
        type: "archive",
        description: "Use when the caller sends a PDF.",
        url: "/.well-known/agent-skills/pdf-tools/1.zip",
      },
    ]);
    for (const s of read.skills) expect(s.digest).toMatch(/^sha256:[0-9a-f]{64}$/);
  });

  it("PV-4 each digest is the sha256 of exactly the bytes its url serves, and the archive's root is the skill's folder", async () => {
    const read = await index(t, key);
    for (const skill of read.skills) {
      const res = await fetch(new URL(skill.url, new URL(INDEX, t.url)), {
        headers: { authorization: `Bearer ${key}` },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("application/zip");
      const bytes = Buffer.from(await res.arrayBuffer());
      expect(`sha256:${createHash("sha256").update(bytes).digest("hex")}`).toBe(skill.digest);
      const files = unzipSync(bytes);
      expect(Object.keys(files)[0]).toBe("SKILL.md");
      if (skill.name === "pdf-tools")
        expect(Object.keys(files).sort()).toEqual(["SKILL.md", "references/A.md", "scripts/run.sh"]);
    }
  });

  it("PV-4 two builds are byte-identical: another instance (no cache) serves the same digests and bytes", async () => {
    const first = await index(t, key);
    const url = first.skills.find((s) => s.name === "pdf-tools")!.url;
    const before = Buffer.from(await (await get(t, url, key)).arrayBuffer());
    // a fresh service over the same database builds everything again
    const { DiscoveryService } = await import("./discovery.service");
    const fresh = new DiscoveryService(t.app.db, t.app.services.auth, t.app.services.skillReader, t.app.bus, undefined);
    const again = await fresh.index(projectId);
    expect(again.skills).toEqual(first.skills);
    const rebuilt = await fresh.archive(projectId, "pdf-tools", 1);
    expect(Buffer.from(rebuilt!).equals(before)).toBe(true);
    // bounded memory: one version per batch and no archive kept gives the same index and bytes
    const lean = new DiscoveryService(t.app.db, t.app.services.auth, t.app.services.skillReader, t.app.bus, undefined, {
      archiveCacheBytes: 1,
      batchBytes: 1,
    });
    expect((await lean.index(projectId)).skills).toEqual(first.skills);
    expect(Buffer.from((await lean.archive(projectId, "pdf-tools", 1))!).equals(before)).toBe(true);
  });

  it("PV-4 without a key it is 401, unless the platform made a project public; another project's key reads only its own", async () => {
    expect((await get(t, INDEX)).status).toBe(401);
    expect((await get(t, "/.well-known/agent-skills/alpha/1.zip")).status).toBe(401);
    expect((await get(t, INDEX, "sg_not_a_key")).status).toBe(401);
    expect((await get(t, INDEX, t.platformToken)).status).toBe(401);
    // only the platform credential names the public project
    const refused = await t.gql(SET, { projectId }, key);
    expect(refused.errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
    expect((await t.ok<{ setDiscoveryProject: string }>(SET, { projectId }, t.platformToken)).setDiscoveryProject).toBe(
      projectId,
    );
    expect((await index(t)).skills.map((s) => s.name)).toEqual(["alpha", "pdf-tools"]);
    expect((await get(t, "/.well-known/agent-skills/alpha/1.zip")).status).toBe(200);
    const other = (await t.project("discovery other")).adminKey;
    expect((await index(t, other)).skills).toEqual([]);
    expect((await get(t, "/.well-known/agent-skills/alpha/1.zip", other)).status).toBe(404);
    await t.ok(SET, { projectId: null }, t.platformToken);
    expect((await get(t, INDEX)).status).toBe(401);
    const missing = await t.gql(SET, { projectId: "00000000-0000-4000-8000-000000000000" }, t.platformToken);
    expect(missing.errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
  });

  it("PV-4 PV-3 a revoked version leaves the index and its archive is never served again; a version no longer live is 404", async () => {
    const own = (await t.project("discovery revoked")).adminKey;
    const v1 = await publishSkill(t, own, "served", { body: "One." });
    expect((await index(t, own)).skills.map((s) => s.url)).toEqual(["/.well-known/agent-skills/served/1.zip"]);
    expect((await get(t, "/.well-known/agent-skills/served/1.zip", own)).status).toBe(200);
    const v2 = await publishSkill(t, own, "served", { body: "Two." });
    expect((await get(t, "/.well-known/agent-skills/served/1.zip", own)).status).toBe(404);
    await revoke(t, own, v2, "bad", v1);
    expect((await index(t, own)).skills.map((s) => s.url)).toEqual(["/.well-known/agent-skills/served/1.zip"]);
    expect((await get(t, "/.well-known/agent-skills/served/2.zip", own)).status).toBe(404);
    await revoke(t, own, v1);
    expect((await index(t, own)).skills).toEqual([]);
    expect((await get(t, "/.well-known/agent-skills/served/1.zip", own)).status).toBe(404);
  });

  it("PV-4 names the discovery format does not allow are left out of the index (and their archives are not served)", async () => {
    const own = (await t.project("discovery names")).adminKey;
    await publishSkill(t, own, "fine-name");
    // SK-1 accepts these (Unicode letters, underscores); the discovery RFC does not
    for (const name of ["café-notes", "snake_case"]) {
      const made = await t.ok<{ createSkillVersion: { id: string } }>(
        `mutation($input: SkillVersionInput!) { createSkillVersion(input: $input) { id } }`,
        { input: { skillMd: `---\nname: ${name}\ndescription: Use when x.\n---\n\nBody.\n` } },
        own,
      );
      await t.ok(`mutation($id: ID!) { publishSkillVersion(id: $id) { id } }`, { id: made.createSkillVersion.id }, own);
    }
    expect(
      (await t.ok<{ skills: { total: number } }>(`{ skills(state: PUBLISHED) { total } }`, {}, own)).skills.total,
    ).toBe(3);
    expect((await index(t, own)).skills.map((s) => s.name)).toEqual(["fine-name"]);
    expect((await get(t, "/.well-known/agent-skills/snake_case/1.zip", own)).status).toBe(404);
  });
});

describeEachDialect.withOwnApps("DISCOVERY_PROJECT", (dialect) => {
  it("PV-4 DISCOVERY_PROJECT is the public project at start", async () => {
    const { openTestDatabase, startTestApp, testCredentials } = await import("../../../test/support/test-app");
    const opened = await openTestDatabase(dialect);
    const credentials = testCredentials();
    const first = await startTestApp(opened.db, { credentials });
    const { id, adminKey } = await first.project("public at start");
    await publishSkill(first, adminKey, "at-start");
    const second = await startTestApp(opened.db, { credentials, overrides: { discoveryProject: id } });
    try {
      expect((await index(second)).skills.map((s) => s.name)).toEqual(["at-start"]);
      // the setting is the database's: the first instance serves it too
      expect((await index(first)).skills.map((s) => s.name)).toEqual(["at-start"]);
    } finally {
      await second.close();
      await first.close();
      await opened.drop();
    }
  });
});
