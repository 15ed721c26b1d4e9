import { spawn } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SecretTampered } from "../../src/platform/crypto";
import { SkillVersionEntity } from "../../src/modules/skills/skill-version.entity";
import { describeEachDialect, type TestApp } from "../support/test-app";
import { SKILL_FIELDS, skillMd } from "../support/skill-md";
import { findInDatabase } from "../support/db-scan";
import { ensureServerBuilt, SERVER_MAIN } from "../support/server-build";

const CREATE = `mutation($input: SkillVersionInput!) { createSkillVersion(input: $input) { ${SKILL_FIELDS} } }`;
const UPDATE = `mutation($id: ID!, $input: SkillVersionInput!) { updateSkillVersion(id: $id, input: $input) { ${SKILL_FIELDS} } }`;
const READ = `query($id: ID!) { skillVersion(id: $id) { ${SKILL_FIELDS} } }`;

type Tool = { name: string; webhookUrl: string; webhookSecret: string | null };
type Version = { id: string; name: string; version: number; tools: Tool[] };

const tool = (name: string, webhookSecret?: string | null) => ({
  name,
  description: `Calls ${name}.`,
  parameters: { type: "object", properties: { account: { type: "string" } } },
  webhookUrl: `https://hooks.example.com/${name}`,
  ...(webhookSecret === undefined ? {} : { webhookSecret }),
});

// The tests' webhook host is allow-listed, so no check ever needs to resolve it (SEC-13).
describeEachDialect("SEC-10 tool secrets at rest", { outboundAllowHosts: ["hooks.example.com"] }, (t) => {
  let key: string;

  beforeAll(async () => {
    key = (await t.project("secrets")).adminKey;
  });

  const create = async (name: string, tools: unknown[], body = "v") =>
    (await t.ok<{ createSkillVersion: Version }>(CREATE, { input: { skillMd: skillMd(name, { body }), tools } }, key))
      .createSkillVersion;
  const entity = (id: string) => t.app.db.dataSource.getRepository(SkillVersionEntity).findOneByOrFail({ id });

  it('SEC-10 a tool\'s webhookSecret reads back as "***" everywhere, and its plaintext is in no column of any table', async () => {
    const secret = `whsec_${randomBytes(24).toString("base64")}`;
    const plainSecret = `plain-secret-${randomUUID()}`;
    const created = await create("secret-skill", [
      tool("get_invoices", secret),
      tool("pay", plainSecret),
      tool("no_secret"),
    ]);
    expect(created.tools.map((x) => [x.name, x.webhookSecret])).toEqual([
      ["get_invoices", "***"],
      ["pay", "***"],
      ["no_secret", null],
    ]);

    const reads = [
      await fetchText(t, READ, { id: created.id }, key),
      await fetchText(t, `{ skills(limit: 5) { items { ${SKILL_FIELDS} } } }`, {}, key),
      await fetchText(
        t,
        `query($id: ID!) { node(id: $id) { ... on SkillVersion { tools { webhookSecret } } } }`,
        { id: created.id },
        key,
      ),
      await fetchText(t, `{ auditLog { items { action resourceType resourceId data } } }`, {}, key),
      await fetchText(t, `query($id: ID!) { exportSkillBundle(id: $id) }`, { id: created.id }, key),
    ];
    for (const text of reads) {
      expect(text).not.toContain(secret);
      expect(text).not.toContain(plainSecret);
    }
    expect(JSON.parse(reads[0]!).data.skillVersion.tools[0].webhookSecret).toBe("***");

    for (const needle of [secret, plainSecret, secret.slice("whsec_".length)])
      expect(await findInDatabase(t.app.db, needle)).toEqual([]);
    // Control: the scan sees the row the secret is sealed into, and the secret is really kept (sealed).
    expect(await findInDatabase(t.app.db, "hooks.example.com/get_invoices")).toContain("skill_versions.tools");
    const stored = await entity(created.id);
    expect(stored.tools[0]!.sealedSecret).toMatch(/^v1:[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+$/);
    expect(t.app.services.skills.openToolSecret(stored, "get_invoices")).toBe(secret);
    expect(t.app.services.skills.openToolSecret(stored, "pay")).toBe(plainSecret);
  });

  it("SEC-10 the same secret sealed twice is stored differently (random IV), and a diff never shows it", async () => {
    const secret = `same-secret-${randomUUID()}`;
    const a = await create("iv-skill-a", [tool("hook", secret)]);
    const b = await create("iv-skill-b", [tool("hook", secret)]);
    const [sa, sb] = [(await entity(a.id)).tools[0]!.sealedSecret!, (await entity(b.id)).tools[0]!.sealedSecret!];
    expect(sa).not.toBe(sb);
    expect(sa.split(":")[1]).not.toBe(sb.split(":")[1]);
    const diff = await fetchText(
      t,
      `query($a: ID!, $b: ID!) { diffSkillVersions(fromId: $a, toId: $b) }`,
      { a: a.id, b: b.id },
      key,
    );
    expect(diff).not.toContain(secret);
    expect(diff).not.toContain(sa);
  });

  it('SEC-10 a draft updated with "***" or without a secret keeps the stored one; a new version re-seals it for its own row', async () => {
    const secret = `kept-${randomUUID()}`;
    const v1 = await create("kept-skill", [tool("hook", secret)]);
    const updated = await t.ok<{ updateSkillVersion: Version }>(
      UPDATE,
      { id: v1.id, input: { skillMd: skillMd("kept-skill", { body: "edited" }), tools: [tool("hook", "***")] } },
      key,
    );
    expect(updated.updateSkillVersion.tools[0]!.webhookSecret).toBe("***");
    expect(t.app.services.skills.openToolSecret(await entity(v1.id), "hook")).toBe(secret);

    const v2 = await create("kept-skill", [tool("hook")], "v2");
    expect(v2.tools[0]!.webhookSecret).toBe("***");
    const [s1, s2] = [await entity(v1.id), await entity(v2.id)];
    expect(s2.tools[0]!.sealedSecret).not.toBe(s1.tools[0]!.sealedSecret);
    expect(t.app.services.skills.openToolSecret(s2, "hook")).toBe(secret);
    expect(await findInDatabase(t.app.db, secret)).toEqual([]);
  });

  it("SEC-10 a webhook subscription's secret is shown once, as whsec_…, and stored in no column of any table", async () => {
    const created = await t.ok<{ createWebhookSubscription: { subscription: { id: string }; secret: string } }>(
      `mutation { createWebhookSubscription(url: "https://hooks.example.com/events", eventTypes: ["call.ended"]) { subscription { id } secret } }`,
      {},
      key,
    );
    const secret = created.createWebhookSubscription.secret;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]{16,}$/);
    const listed = await fetchText(t, `{ webhookSubscriptions { id url eventTypes createdAt } }`, {}, key);
    expect(listed).toContain(created.createWebhookSubscription.subscription.id);
    expect(listed).not.toContain(secret);
    for (const needle of [secret, secret.slice("whsec_".length)])
      expect(await findInDatabase(t.app.db, needle)).toEqual([]);
    expect(await findInDatabase(t.app.db, "hooks.example.com/events")).toContain("webhook_subscriptions.url");
  });

  it('SEC-10 an agent\'s tool secret, model API key and MCP header values read back as "***" and are stored in no column', async () => {
    const toolSecret = `agent-tool-${randomUUID()}`;
    const modelKey = `sk-model-${randomUUID()}`;
    const header = `Bearer mcp-${randomUUID()}`;
    const saved = await fetchText(
      t,
      `mutation($input: AgentInput!) { saveAgent(input: $input) {
        tools { name webhookSecret } model { baseUrl model apiKey } mcpServers { name url headers } } }`,
      {
        input: {
          name: `secret-agent-${randomBytes(3).toString("hex")}`,
          tools: [tool("agent_hook", toolSecret)],
          model: { baseUrl: "https://hooks.example.com/v1", model: "test-model", apiKey: modelKey },
          mcpServers: [{ name: "mcp", url: "https://hooks.example.com/mcp", headers: { Authorization: header } }],
        },
      },
      key,
    );
    const agent = JSON.parse(saved).data.saveAgent as {
      tools: Tool[];
      model: { apiKey: string | null };
      mcpServers: Array<{ headers: Record<string, string> }>;
    };
    expect(agent.tools[0]!.webhookSecret).toBe("***");
    expect(agent.model.apiKey).toBe("***");
    expect(agent.mcpServers[0]!.headers).toEqual({ Authorization: "***" });
    for (const needle of [toolSecret, modelKey, header, header.slice("Bearer ".length)]) {
      expect(saved).not.toContain(needle);
      expect(await findInDatabase(t.app.db, needle), needle.slice(0, 12)).toEqual([]);
    }
  });

  it("SEC-10 a sealed secret copied onto another row, or altered in place, is detected", async () => {
    const v1 = await create("moved-skill", [tool("hook", `first-${randomUUID()}`)]);
    const v2 = await create("moved-skill", [tool("hook", `second-${randomUUID()}`)], "v2");
    const repo = t.app.db.dataSource.getRepository(SkillVersionEntity);
    const [s1, s2] = [await entity(v1.id), await entity(v2.id)];

    // Copy version 1's ciphertext onto version 2's row (same tool name, same key): refused.
    await repo.save(Object.assign(s2, { tools: [{ ...s2.tools[0]!, sealedSecret: s1.tools[0]!.sealedSecret }] }));
    const moved = await entity(v2.id);
    expect(moved.tools[0]!.sealedSecret).toBe(s1.tools[0]!.sealedSecret);
    expect(() => t.app.services.skills.openToolSecret(moved, "hook")).toThrow(SecretTampered);

    // Flip one character of the stored ciphertext: refused.
    const [version, iv, tag, ciphertext] = s1.tools[0]!.sealedSecret!.split(":") as [string, string, string, string];
    const flipped = `${ciphertext[0] === "A" ? "B" : "A"}${ciphertext.slice(1)}`; // the first 6 bits of the first byte
    await repo.save(
      Object.assign(s1, { tools: [{ ...s1.tools[0]!, sealedSecret: [version, iv, tag, flipped].join(":") }] }),
    );
    const altered = await entity(v1.id);
    expect(() => t.app.services.skills.openToolSecret(altered, "hook")).toThrow(SecretTampered);
    // Reads through the API never open secrets: still "***", no error.
    const read = await t.ok<{ skillVersion: Version }>(READ, { id: v1.id }, key);
    expect(read.skillVersion.tools[0]!.webhookSecret).toBe("***");
  });
});

async function fetchText(
  t: TestApp,
  query: string,
  variables: Record<string, unknown>,
  token: string,
): Promise<string> {
  const res = await fetch(`${t.url}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({ query, variables }),
  });
  const text = await res.text();
  expect(JSON.parse(text).errors, text).toBeUndefined();
  return text;
}

// ---- SEC-10: the server refuses to start without a well-formed SECRET_KEY outside the embedded default ----

interface Run {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** Runs `node dist/src/main.js` with exactly `env` (plus PATH); kills it after `timeoutMs` or once `until` matches stdout. */
function runServer(env: Record<string, string>, options: { timeoutMs?: number; until?: RegExp } = {}): Promise<Run> {
  return new Promise((resolve, reject) => {
    const cwd = fs.mkdtempSync(path.join(os.tmpdir(), "sg-start-"));
    const child = spawn(process.execPath, [SERVER_MAIN], {
      cwd,
      env: { PATH: process.env.PATH ?? "", HOST: "127.0.0.1", PORT: "0", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    const timer = setTimeout(() => child.kill("SIGKILL"), options.timeoutMs ?? 20_000);
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
      if (options.until?.test(stdout)) child.kill("SIGTERM");
    });
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", reject);
    child.on("exit", (code, signal) => {
      clearTimeout(timer);
      fs.rmSync(cwd, { recursive: true, force: true });
      resolve({ code, signal, stdout, stderr });
    });
  });
}

const STACK = /\n\s+at |\.js:\d+:\d+|\.ts:\d+:\d+/;
const PG_URL = "postgres://skillgraph@127.0.0.1:1/never_reached";
const PLATFORM_TOKEN = `sgp_${"p".repeat(43)}`;

describe("SEC-10 start-up refuses a missing or malformed SECRET_KEY", () => {
  const dataDirs: string[] = [];
  const newDataDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sg-data-"));
    dataDirs.push(dir);
    return dir;
  };
  beforeAll(() => ensureServerBuilt(), 180_000);
  afterAll(() => {
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  const expectRefused = (run: Run, message: RegExp) => {
    expect(run.signal, run.stderr).toBeNull();
    expect(run.code, run.stderr).toBe(1);
    expect(run.stderr).toMatch(/^Skillgraph cannot start: /);
    expect(run.stderr).toMatch(message);
    expect(run.stderr).not.toMatch(STACK);
    expect(run.stdout).not.toMatch(/listening|GraphQL on/);
  };

  it("SEC-10 with DATABASE_URL and no SECRET_KEY the server exits non-zero with a clear message and no stack", async () => {
    expectRefused(
      await runServer({ DATABASE_URL: PG_URL, PLATFORM_TOKEN }),
      /SECRET_KEY and PLATFORM_TOKEN must be set/,
    );
  });

  it("SEC-10 with DATABASE_URL and a malformed SECRET_KEY the server exits non-zero with a clear message and no stack", async () => {
    for (const bad of ["not-a-key", randomBytes(16).toString("base64"), randomBytes(48).toString("base64"), "   "]) {
      const run = await runServer({ DATABASE_URL: PG_URL, PLATFORM_TOKEN, SECRET_KEY: bad });
      if (bad.trim() === "")
        expectRefused(run, /SECRET_KEY and PLATFORM_TOKEN must be set|SECRET_KEY must be the base64/);
      else expectRefused(run, /SECRET_KEY must be the base64 encoding of exactly 32 random bytes/);
      expect(run.stderr, "the bad key is not echoed").not.toContain(bad.trim() || "\u0000");
    }
  });

  it("SEC-10 a malformed SECRET_KEY is refused by the embedded default too (only a missing one is generated)", async () => {
    const dataDir = newDataDir();
    const run = await runServer({ DATA_DIR: dataDir, SEED_DEMO: "false", SECRET_KEY: "short" });
    expectRefused(run, /SECRET_KEY must be the base64 encoding of exactly 32 random bytes/);
    expect(fs.existsSync(path.join(dataDir, "secret-key"))).toBe(false);
  });

  it("SEC-10 (control) the embedded default without SECRET_KEY starts, generating a key kept with mode 0600", async () => {
    const dataDir = newDataDir();
    const run = await runServer(
      { DATA_DIR: dataDir, SEED_DEMO: "false", LOG_LEVEL: "silent" },
      { until: /GraphQL on http/ },
    );
    expect(run.stdout, run.stderr).toMatch(/GraphQL on http:\/\/localhost:\d+\/graphql/);
    const keyFile = path.join(dataDir, "secret-key");
    expect(Buffer.from(fs.readFileSync(keyFile, "utf8").trim(), "base64")).toHaveLength(32);
    expect(fs.statSync(keyFile).mode & 0o777).toBe(0o600);
  });
});
