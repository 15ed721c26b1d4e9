import { createHash } from "node:crypto";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ResourceListChangedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { randomBytes } from "node:crypto";
import { afterAll, expect, it } from "vitest";
import { z } from "zod";
import { createApp } from "../../app";
import { entities } from "../../entities";
import { Database } from "../../platform/db/database";
import { createLogger } from "../../platform/logger";
import { linkLibrary } from "../../../test/support/agents";
import { skillMd } from "../../../test/support/skill-md";
import { describeEachDialect, type TestApp } from "../../../test/support/test-app";
import { sleep, until } from "../../../test/support/wait";

const SKILLS_EXTENSION = "io.modelcontextprotocol/skills";

interface SkillEntry {
  uri: string;
  frontmatter: Record<string, unknown> & { name: string; description: string };
  resources: Array<{ uri: string; digest: string; size: number }>;
}

const ListSkillsResult = z.object({ skills: z.array(z.any()) }).passthrough();
const GetSkillResult = z.object({ skill: z.any() }).passthrough();

const CREATE = `mutation($input: SkillVersionInput!) { createSkillVersion(input: $input) { id version } }`;
const PUBLISH = `mutation($id: ID!) { publishSkillVersion(id: $id) { id } }`;
const ROLLBACK = `mutation($name: String!, $to: ID!) { rollbackSkill(name: $name, toVersionId: $to) { id } }`;

/** A binary file (not UTF-8): it must come back as a base64 blob with the same bytes. */
const PNG_BYTES = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0xff, 0xfe, 0x00, 0x01]);

async function createVersion(
  t: TestApp,
  key: string,
  name: string,
  options: { body?: string; files?: Record<string, Buffer>; publish?: boolean } = {},
): Promise<string> {
  const files = Object.entries(options.files ?? {}).map(([path, bytes]) => ({
    path,
    contentBase64: bytes.toString("base64"),
  }));
  const created = await t.ok<{ createSkillVersion: { id: string } }>(
    CREATE,
    { input: { skillMd: skillMd(name, { body: options.body, extra: "license: Apache-2.0" }), files } },
    key,
  );
  if (options.publish !== false) await t.ok(PUBLISH, { id: created.createSkillVersion.id }, key);
  return created.createSkillVersion.id;
}

async function connect(t: TestApp | { url: string }, key: string): Promise<Client> {
  const client = new Client({ name: "skillgraph-test", version: "1.0.0" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${t.url}/mcp`), {
      requestInit: { headers: { authorization: `Bearer ${key}` } },
    }),
  );
  return client;
}

const listSkills = async (client: Client): Promise<SkillEntry[]> =>
  (await client.request({ method: "skills/list", params: {} }, ListSkillsResult)).skills as SkillEntry[];

/** The bytes of one resource as read over MCP. */
async function readBytes(client: Client, uri: string): Promise<Buffer> {
  const read = await client.readResource({ uri });
  expect(read.contents).toHaveLength(1);
  const content = read.contents[0]!;
  expect(content.uri).toBe(uri);
  return "text" in content && typeof content.text === "string"
    ? Buffer.from(content.text, "utf8")
    : Buffer.from(String((content as { blob: string }).blob), "base64");
}

const sha256 = (bytes: Buffer) => `sha256:${createHash("sha256").update(bytes).digest("hex")}`;

async function mcpError(promise: Promise<unknown>): Promise<number | undefined> {
  try {
    await promise;
  } catch (error) {
    return (error as { code?: number }).code;
  }
  throw new Error("expected an MCP error");
}

describeEachDialect("skills over MCP", (t, dialect) => {
  const clients: Client[] = [];
  const open = async (key: string) => {
    const client = await connect(t, key);
    clients.push(client);
    return client;
  };

  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close().catch(() => undefined)));
  });

  it("GW-11 declares the SEP-2640 extension and serves live skills with a SHA-256 digest and size for every file", async () => {
    const project = await t.project("gw11 serve");
    // An image is binary, a HIGH finding (CR-1): this project's policy lets findings through, so the bytes can travel.
    await t.ok(
      `mutation { setPublishPolicy(requiredApprovals: 0, blockSeverity: null) { blockSeverity } }`,
      {},
      project.adminKey,
    );
    await createVersion(t, project.adminKey, "explain-bill", {
      files: {
        "references/tariffs.md": Buffer.from("# Tariffs\n\nPeak: 0.30 €/kWh\n"),
        "assets/logo.png": PNG_BYTES,
      },
    });
    await createVersion(t, project.adminKey, "draft-only", { publish: false });
    const client = await open(project.adminKey);

    const capabilities = client.getServerCapabilities();
    expect(capabilities?.extensions?.[SKILLS_EXTENSION]).toEqual({});
    expect(capabilities?.resources).toBeDefined();

    const skills = await listSkills(client);
    expect(skills.map((s) => s.uri)).toEqual(["skill://explain-bill/SKILL.md"]);
    const [entry] = skills;
    expect(entry!.frontmatter).toMatchObject({ name: "explain-bill", license: "Apache-2.0" });
    expect(entry!.resources.map((r) => r.uri)).toEqual([
      "skill://explain-bill/SKILL.md",
      "skill://explain-bill/assets/logo.png",
      "skill://explain-bill/references/tariffs.md",
    ]);
    for (const resource of entry!.resources) {
      const bytes = await readBytes(client, resource.uri);
      expect(resource.digest).toMatch(/^sha256:[0-9a-f]{64}$/);
      expect(sha256(bytes), resource.uri).toBe(resource.digest);
      expect(bytes.byteLength, resource.uri).toBe(resource.size);
    }
    expect(await readBytes(client, "skill://explain-bill/assets/logo.png")).toEqual(PNG_BYTES);
    expect((await readBytes(client, "skill://explain-bill/SKILL.md")).toString()).toBe(
      skillMd("explain-bill", { extra: "license: Apache-2.0" }),
    );

    const got = await client.request(
      { method: "skills/get", params: { uri: "skill://explain-bill/SKILL.md" } },
      GetSkillResult,
    );
    expect(got.skill).toEqual(entry);
    expect(got).toMatchObject({ resultType: "complete", cacheScope: "private" });

    const listed = await client.listResources();
    expect(listed.resources.map((r) => r.uri).sort()).toEqual(entry!.resources.map((r) => r.uri).sort());
    expect(listed.resources.find((r) => r.uri.endsWith("SKILL.md"))).toMatchObject({
      name: "explain-bill",
      mimeType: "text/markdown",
    });

    // A draft is not served, and neither is a file the skill does not have.
    expect(
      await mcpError(
        client.request({ method: "skills/get", params: { uri: "skill://draft-only/SKILL.md" } }, GetSkillResult),
      ),
    ).toBe(-32602);
    expect(await mcpError(client.readResource({ uri: "skill://draft-only/SKILL.md" }))).toBe(-32602);
    expect(await mcpError(client.readResource({ uri: "skill://explain-bill/references/none.md" }))).toBe(-32602);
  });

  it("GW-11 no key or an unknown key is 401; another project's key sees none of this project's skills", async () => {
    const owner = await t.project("gw11 owner");
    const other = await t.project("gw11 other");
    await createVersion(t, owner.adminKey, "owner-secret-skill");
    await createVersion(t, other.adminKey, "other-skill");

    const initialize = {
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "curl", version: "1" } },
    };
    const post = (headers: Record<string, string>) =>
      fetch(`${t.url}/mcp`, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers },
        body: JSON.stringify(initialize),
      });
    expect((await post({})).status).toBe(401);
    const unknown = `sgk_${"A".repeat(48)}`;
    expect((await post({ authorization: `Bearer ${unknown}` })).status).toBe(401);
    await expect(connect(t, unknown)).rejects.toThrow();

    const client = await open(other.adminKey);
    expect((await listSkills(client)).map((s) => s.frontmatter.name)).toEqual(["other-skill"]);
    expect((await client.listResources()).resources.some((r) => r.uri.includes("owner-secret-skill"))).toBe(false);
    const uri = "skill://owner-secret-skill/SKILL.md";
    expect(await mcpError(client.request({ method: "skills/get", params: { uri } }, GetSkillResult))).toBe(-32602);
    expect(await mcpError(client.readResource({ uri }))).toBe(-32602);

    // The owner's session cannot be used with another key.
    const ownerClient = await open(owner.adminKey);
    const sessionId = (ownerClient.transport as StreamableHTTPClientTransport).sessionId!;
    const hijack = await fetch(`${t.url}/mcp`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        authorization: `Bearer ${other.adminKey}`,
        "mcp-session-id": sessionId,
        "mcp-protocol-version": "2025-06-18",
      },
      body: JSON.stringify({ jsonrpc: "2.0", id: 2, method: "skills/list", params: {} }),
    });
    expect(hijack.status).toBe(404);
    expect((await listSkills(ownerClient)).map((s) => s.frontmatter.name)).toEqual(["owner-secret-skill"]);

    // DELETE ends a session; its id is unknown afterwards.
    const sessions = t.app.mcpSkills.openSessions;
    await (ownerClient.transport as StreamableHTTPClientTransport).terminateSession();
    expect(t.app.mcpSkills.openSessions).toBe(sessions - 1);
  });

  it("GW-11 malformed params (a uri or cursor that is not a string) are Invalid params with a sentence, not an internal error", async () => {
    const project = await t.project("gw11 params");
    const client = await open(project.adminKey);
    const Any = z.object({}).passthrough();
    for (const [method, params] of [
      ["skills/get", {}],
      ["skills/get", { uri: 42 }],
      ["resources/read", { uri: null }],
      ["skills/list", { cursor: 5 }],
      ["resources/list", { cursor: 5 }],
    ] as const) {
      let error: { code?: number; message?: string } = {};
      await client.request({ method, params }, Any).catch((e: unknown) => (error = e as typeof error));
      expect([method, error.code]).toEqual([method, -32602]);
      expect(error.message).toMatch(/params\.(uri|cursor) must be a string/);
      expect(error.message).not.toMatch(/invalid_type|"path"/);
    }
  });

  it("GW-11 SEC-23 a body that is not JSON, not an object, too large or in another charset is a JSON-RPC error, never GraphQL's shape", async () => {
    const project = await t.project("gw11 bodies");
    const post = (body: string | Buffer, contentType = "application/json") =>
      fetch(`${t.url}/mcp`, {
        method: "POST",
        headers: {
          "content-type": contentType,
          accept: "application/json, text/event-stream",
          authorization: `Bearer ${project.adminKey}`,
        },
        body,
      });
    const limit = t.app.config.bodyLimitBytes;
    for (const [body, contentType, status, code] of [
      ["{not json", "application/json", 400, -32700],
      ['"hello"', "application/json", 400, -32700],
      [JSON.stringify({ pad: "x".repeat(limit) }), "application/json", 413, -32600],
      ["{}", "application/json; charset=latin1", 415, -32600],
    ] as const) {
      const res = await post(body, contentType);
      const answer = (await res.json()) as {
        jsonrpc?: string;
        id?: unknown;
        error?: { code?: number; message?: string };
      };
      expect([contentType, body.slice(0, 10), res.status, answer.jsonrpc, answer.id, answer.error?.code]).toEqual([
        contentType,
        body.slice(0, 10),
        status,
        "2.0",
        null,
        code,
      ]);
      expect(answer.error?.message).toMatch(/\S/);
      expect(answer).not.toHaveProperty("errors");
    }
  });

  it("GW-11 SEC-7 revoking the key ends its MCP sessions", async () => {
    const project = await t.project("gw11 revoke");
    await createVersion(t, project.adminKey, "revocable");
    const created = await t.ok<{ createApiKey: { id: string; key: string } }>(
      `mutation { createApiKey(role: VIEWER, name: "mcp reader") { id key } }`,
      {},
      project.adminKey,
    );
    const client = await open(created.createApiKey.key);
    const sessionId = (client.transport as StreamableHTTPClientTransport).sessionId!;
    expect(await listSkills(client)).toHaveLength(1);
    const sessions = t.app.mcpSkills.openSessions;
    await t.ok(`mutation($id: ID!) { revokeApiKey(id: $id) }`, { id: created.createApiKey.id }, project.adminKey);
    await until(() => t.app.mcpSkills.openSessions === sessions - 1, 5000);
    await expect(listSkills(client)).rejects.toThrow();
    // The session is gone, not merely refused: the same id with a valid key of the project is unknown too.
    const reuse = await fetch(`${t.url}/mcp`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        authorization: `Bearer ${project.adminKey}`,
        "mcp-session-id": sessionId,
        "mcp-protocol-version": "2025-06-18",
      },
      body: JSON.stringify({ jsonrpc: "2.0", id: 9, method: "skills/list", params: {} }),
    });
    expect(reuse.status).toBe(404);
  });

  it("GW-11 LB-4 a project linked to a library serves the library's live skills, not its own", async () => {
    const library = await t.project("gw11 library");
    const reader = await t.project("gw11 reader");
    await createVersion(t, library.adminKey, "library-skill", { files: { "notes.txt": Buffer.from("shared\n") } });
    await createVersion(t, reader.adminKey, "own-skill");
    await linkLibrary(t, reader.id, library.id);

    const client = await open(reader.adminKey);
    const skills = await listSkills(client);
    expect(skills.map((s) => s.frontmatter.name)).toEqual(["library-skill"]);
    const notes = skills[0]!.resources.find((r) => r.uri === "skill://library-skill/notes.txt")!;
    expect(sha256(await readBytes(client, notes.uri))).toBe(notes.digest);
    expect(await mcpError(client.readResource({ uri: "skill://own-skill/SKILL.md" }))).toBe(-32602);
  });

  it("GW-11 a publish and a rollback show on the next list, and an open session is told (resources/list_changed)", async () => {
    const project = await t.project("gw11 publish");
    const v1 = await createVersion(t, project.adminKey, "refund-policy", { body: "Version one." });
    const client = await open(project.adminKey);
    let changes = 0;
    client.setNotificationHandler(ResourceListChangedNotificationSchema, () => {
      changes++;
    });
    const first = await listSkills(client);
    // Let the client open its standalone SSE stream (it does so after `initialized`), which carries notifications.
    await sleep(300);

    await createVersion(t, project.adminKey, "refund-policy", { body: "Version two." });
    await until(() => changes >= 1, 5000);
    const second = await listSkills(client);
    expect(second[0]!.resources[0]!.digest).not.toBe(first[0]!.resources[0]!.digest);
    expect((await readBytes(client, "skill://refund-policy/SKILL.md")).toString()).toContain("Version two.");

    await t.ok(ROLLBACK, { name: "refund-policy", to: v1 }, project.adminKey);
    await until(() => changes >= 2, 5000);
    expect(await listSkills(client)).toEqual(first);

    // A publish in another project tells this session nothing.
    const elsewhere = await t.project("gw11 elsewhere");
    await createVersion(t, elsewhere.adminKey, "refund-policy");
    await sleep(200);
    expect(changes).toBe(2);
  });

  // PostgreSQL only (two instances share its database): registered there, so the SQLite run lists no skipped test
  if (dialect === "postgres")
    it("GW-11 a publish through one instance tells a session open on another (PostgreSQL NOTIFY)", async () => {
      const db = await Database.open({ url: t.app.db.postgresUrl()!, entities, poolSize: 5 });
      const second = await createApp(
        t.app.config,
        {
          secretKey: randomBytes(32).toString("base64"),
          signingKey: randomBytes(32).toString("base64"),
          platformTokenHash: "0".repeat(64),
        },
        { db, logger: createLogger("silent") },
      );
      try {
        const port = await second.http.listen(0, "127.0.0.1");
        const project = await t.project("gw11 instances");
        await createVersion(t, project.adminKey, "handover", { body: "One." });
        const client = await connect({ url: `http://127.0.0.1:${port}` }, project.adminKey);
        let changes = 0;
        client.setNotificationHandler(ResourceListChangedNotificationSchema, () => {
          changes++;
        });
        await listSkills(client);
        await sleep(300);
        await createVersion(t, project.adminKey, "handover", { body: "Two." });
        await until(() => changes >= 1, 5000);
        expect((await readBytes(client, "skill://handover/SKILL.md")).toString()).toContain("Two.");
        await client.close();
      } finally {
        await second.close();
      }
    });
});
