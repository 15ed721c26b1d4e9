import { expect, it } from "vitest";
import { largestBundleBodyBytes, loadConfig } from "../../src/config";
import { describeEachDialect, type TestApp } from "../support/test-app";

// SEC-4 and the bundle limits (SK, CR-1): a skill version's files travel base64 inside the GraphQL body, which grows
// them by 4/3. On the default limits the largest bundle they allow — 200 files making up 8 MiB and a SKILL.md of
// 256 KiB — goes through createSkillVersion; a body past BODY_LIMIT_BYTES is a clear 413, never a stack trace.

const MAX_FILES = 200;
const MAX_BYTES = 8 * 1024 * 1024;
const MAX_SKILL_MD = 262_144;

const PROSE =
  "Read each line of the bill and say what it is for, in the caller's words. When a charge is disputed, check the contract dates first.\n";

function text(bytes: number): string {
  return PROSE.repeat(Math.ceil(bytes / PROSE.length)).slice(0, bytes);
}

function largestInput(name: string) {
  const head = `---\nname: ${name}\ndescription: Explains a customer's bill line by line. Use when a caller asks what a charge is.\n---\n\n`;
  // quotes and newlines are what JSON escapes: the SKILL.md's JSON grows as a real one's does
  const skillMd = head + text(MAX_SKILL_MD - head.length - 1) + "\n";
  const perFile = Math.floor(MAX_BYTES / MAX_FILES);
  const files = Array.from({ length: MAX_FILES }, (_, i) => ({
    path: `references/part-${String(i).padStart(3, "0")}.md`,
    // the first file takes what the division leaves: 8 MiB exactly
    contentBase64: Buffer.from(text(perFile + (i === 0 ? MAX_BYTES - perFile * MAX_FILES : 0))).toString("base64"),
  }));
  return { skillMd, files };
}

interface Answer {
  data?: {
    createSkillVersion: { files: Array<{ path: string; size: number }>; review: { status: string } };
  } | null;
  errors?: Array<{ message: string; extensions: { code: string } }>;
}

async function post(t: TestApp, body: string, token: string) {
  const res = await fetch(`${t.url}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body,
  });
  const raw = await res.text();
  return { status: res.status, raw, json: JSON.parse(raw) as Answer };
}

const CREATE = `mutation($input: SkillVersionInput!) {
  createSkillVersion(input: $input) { id version files { path size } review { status rulesVersion } } }`;

it("SEC-4 the default body limit holds the largest bundle the default limits allow, escapes included", () => {
  const config = loadConfig({ DATA_DIR: "/tmp/unused", LOG_LEVEL: "silent" });
  expect(config.skillMaxBytes).toBe(MAX_BYTES);
  expect(config.bodyLimitBytes).toBeGreaterThanOrEqual(12 * 1024 * 1024);
  expect(config.bodyLimitBytes).toBe(
    largestBundleBodyBytes({ maxFiles: MAX_FILES, maxBytes: MAX_BYTES, maxSkillMdBytes: MAX_SKILL_MD }),
  );
  // raising the bundle limits raises the default body limit with them; an explicit value is the operator's
  const raised = loadConfig({ DATA_DIR: "/tmp/unused", SKILL_MAX_BYTES: String(32 * 1024 * 1024) });
  expect(raised.bodyLimitBytes).toBeGreaterThan((4 / 3) * 32 * 1024 * 1024);
  expect(loadConfig({ DATA_DIR: "/tmp/unused", BODY_LIMIT_BYTES: "65536" }).bodyLimitBytes).toBe(65536);
});

describeEachDialect("SEC-4 the largest allowed bundle through GraphQL", (t) => {
  it("SEC-4 CR-1 createSkillVersion with 200 files of 8 MiB and a 256 KiB SKILL.md is created (not a 413) and reviewed", async () => {
    const { adminKey } = await t.project("largest bundle");
    const body = JSON.stringify({ query: CREATE, variables: { input: largestInput("largest-bundle") } });
    expect(Buffer.byteLength(body)).toBeGreaterThan((4 / 3) * MAX_BYTES); // it is the large body it claims to be
    const res = await post(t, body, adminKey);
    expect(res.json.errors).toBeUndefined();
    expect(res.status).toBe(200);
    const created = res.json.data!.createSkillVersion;
    expect(created.files).toHaveLength(MAX_FILES);
    expect(created.files.reduce((sum, f) => sum + f.size, 0)).toBe(MAX_BYTES);
    expect(created.review.status).toBe("clean");
  }, 120_000);

  it("SEC-4 a body over BODY_LIMIT_BYTES is a 413 PAYLOAD_TOO_LARGE naming the limit, with no stack trace, and nothing is created", async () => {
    const { adminKey } = await t.project("too large");
    const limit = t.app.config.bodyLimitBytes;
    const input = largestInput("too-large");
    // one more file's worth of base64 than the limit holds
    input.files[0]!.contentBase64 = Buffer.alloc(Math.ceil((limit * 3) / 4)).toString("base64");
    const res = await post(t, JSON.stringify({ query: CREATE, variables: { input } }), adminKey);
    expect(res.status).toBe(413);
    const error = res.json.errors![0]!;
    expect(error.extensions.code).toBe("PAYLOAD_TOO_LARGE");
    expect(error.message).toBe(`The request body is larger than the limit of ${limit} bytes (BODY_LIMIT_BYTES).`);
    expect(res.raw).not.toMatch(/\n\s+at |stacktrace|PayloadTooLargeError|node_modules/i);
    const listed = await t.ok<{ skills: { total: number } }>(
      `query { skills(name: "too-large") { total } }`,
      {},
      adminKey,
    );
    expect(listed.skills.total).toBe(0);
  }, 120_000);
});
