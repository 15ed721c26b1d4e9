import { zipSync, strToU8 } from "fflate";
import { afterAll, beforeAll, expect, it } from "vitest";
import { skillMd } from "../support/skill-md";
import { describeEachDialect, createTestApp, type GqlResponse, type TestApp } from "../support/test-app";

/**
 * SEC-11: one input policy on both databases. NUL characters and over-long strings are BAD_USER_INPUT wherever
 * they are sent (PostgreSQL used to answer 500 where SQLite stored them); SKILL.md is bounded by
 * SKILL_MD_MAX_BYTES; deep JSON is refused before it reaches the database; an answer's large text fields are
 * bounded.
 */

const NUL = "a\u0000b";
const SKILL_MD_MAX = 4096;

function expectRefused(res: GqlResponse, pattern: RegExp): void {
  expect(res.errors?.[0]?.extensions?.code, JSON.stringify(res.errors)).toBe("BAD_USER_INPUT");
  expect(res.errors?.[0]?.message).toMatch(pattern);
}

describeEachDialect.withOwnApps("input policy", (dialect) => {
  let t: TestApp;
  let key: string;
  let versionId: string;

  beforeAll(async () => {
    t = await createTestApp(dialect, { skillMdMaxBytes: SKILL_MD_MAX });
    key = (await t.project("Input policy")).adminKey;
    const made = await t.ok<{ createSkillVersion: { id: string } }>(
      `mutation($input: SkillVersionInput!) { createSkillVersion(input: $input) { id } }`,
      { input: { skillMd: skillMd("policy") } },
      key,
    );
    versionId = made.createSkillVersion.id;
  });
  afterAll(() => t?.close());

  it("SEC-11 a document sent again is checked again: its variables per request, a bad literal every time", async () => {
    const byName = `query($n: String) { skills(name: $n) { total } }`;
    expect((await t.gql(byName, { n: "fine" }, key)).errors).toBeUndefined();
    expectRefused(await t.gql(byName, { n: NUL }, key), /NUL/);
    expect((await t.gql(byName, { n: "fine again" }, key)).errors).toBeUndefined();
    const literal = `{ skillVersion(id: "a\\u0000b") { id } }`;
    expectRefused(await t.gql(literal, {}, key), /NUL/);
    expectRefused(await t.gql(literal, {}, key), /NUL/);
  });

  it("SEC-11 NUL characters are BAD_USER_INPUT in every argument, from variables or literals", async () => {
    const cases: Array<[string, Record<string, unknown>, string | null]> = [
      [`query($n: String) { skills(name: $n) { total } }`, { n: NUL }, key],
      [`query($id: ID!) { skillVersion(id: $id) { id } }`, { id: NUL }, key],
      [`{ skillVersion(id: "a\\u0000b") { id } }`, {}, key],
      [`mutation($n: String!) { createProject(name: $n) { apiKey } }`, { n: NUL }, t.platformToken],
      [`mutation($n: String) { createApiKey(role: VIEWER, name: $n) { id } }`, { n: NUL }, key],
      [
        `mutation($u: String!) { createWebhookSubscription(url: $u, eventTypes: ["call.ended"]) { secret } }`,
        { u: `https://example.com/${NUL}` },
        key,
      ],
      [`mutation($i: AgentInput!) { saveAgent(input: $i) { id } }`, { i: { name: "a", prompt: NUL } }, key],
      [`mutation($a: JSON!) { runTool(callId: "x", name: "t", arguments: $a) { id } }`, { a: { [NUL]: 1 } }, key],
    ];
    for (const [query, variables, token] of cases) {
      expectRefused(await t.gql(query, variables, token), /NUL character/);
    }
  });

  it("SEC-11 a NUL written as a YAML escape in the frontmatter is refused as a problem of the SKILL.md", async () => {
    const res = await t.gql(
      `mutation($input: SkillVersionInput!) { createSkillVersion(input: $input) { id } }`,
      { input: { skillMd: skillMd("nul-escape", { description: '"Use when \\0 happens."' }) } },
      key,
    );
    expectRefused(res, /NUL/);
  });

  it("SEC-11 SEC-22 a 2 MB API key name is BAD_USER_INPUT naming the limit (its column's length), not stored", async () => {
    const res = await t.gql(
      `mutation($n: String) { createApiKey(role: VIEWER, name: $n) { id } }`,
      { n: "k".repeat(2 * 1024 * 1024) },
      key,
    );
    expectRefused(res, /\$n: is 2097152 characters long; at most 200 characters are accepted/);
    const keys = await t.ok<{ apiKeys: Array<{ name: string | null }> }>(`{ apiKeys { name } }`, {}, key);
    expect(keys.apiKeys.every((k) => (k.name ?? "").length < 100)).toBe(true);
  });

  it("SEC-11 a SKILL.md over SKILL_MD_MAX_BYTES is BAD_USER_INPUT naming the limit, as text and in a bundle", async () => {
    const big = skillMd("too-big", { body: "x".repeat(SKILL_MD_MAX) });
    const direct = await t.gql(
      `mutation($input: SkillVersionInput!) { createSkillVersion(input: $input) { id } }`,
      { input: { skillMd: big } },
      key,
    );
    expectRefused(direct, /SKILL_MD_MAX_BYTES/);
    expect(direct.errors?.[0]?.message).toContain(String(SKILL_MD_MAX));
    const zip = Buffer.from(zipSync({ "too-big/SKILL.md": strToU8(big) })).toString("base64");
    const bundled = await t.gql(`mutation($zip: String!) { importSkillBundle(zipBase64: $zip) { id } }`, { zip }, key);
    expectRefused(bundled, /SKILL_MD_MAX_BYTES/);
  });

  it("SEC-11 SEC-23 item 8: deep JSON in variables is a clear 400 naming the limit, not a stack overflow", async () => {
    // Written by hand: the test process's own JSON.stringify would overflow on it.
    const nested = (levels: number) => `${'{"d":'.repeat(levels)}"leaf"${"}".repeat(levels)}`;
    const query = `mutation($input: StartCallInput!) { startCall(input: $input) { id } }`;
    const post = async (levels: number) => {
      const http = await fetch(`${t.url}/graphql`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${key}` },
        body: `{"query":${JSON.stringify(query)},"variables":{"input":{"agentId":"a","variables":${nested(levels)}}}}`,
      });
      const body = (await http.json()) as Omit<GqlResponse, "status">;
      return { ...body, status: http.status };
    };
    // Past the input policy's 32 levels of one argument: BAD_USER_INPUT naming the field.
    const deep = await post(40);
    expect(deep.status).toBe(400);
    expectRefused(deep, /\$input\.variables.*nested more than 32 levels/);
    // Past the body's 64 levels: refused when the body is parsed, before anything else looks at it.
    const deeper = await post(5000);
    expect(deeper.status).toBe(400);
    expect(deeper.errors?.[0]?.extensions?.code).toBe("BAD_REQUEST");
    expect(deeper.errors?.[0]?.message).toMatch(/nested more than 64 levels.*at most 64 levels are accepted/);
  });

  it("SEC-11 item 8: a subscription sent over POST is a clear 400, not a 500", async () => {
    const res = await t.gql(`subscription { skills { total } }`, {}, key);
    expect(res.status).toBe(400);
    expect(res.errors?.[0]?.extensions?.code).not.toBe("INTERNAL_SERVER_ERROR");
    expect(res.errors?.[0]?.message).toMatch(/[Ss]ubscription/);
  });

  it("SEC-20 item 8: content-type application/json; charset=latin1 is 415 with its own code, not an internal error", async () => {
    const res = await fetch(`${t.url}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json; charset=latin1", authorization: `Bearer ${key}` },
      body: JSON.stringify({ query: "{ skills { total } }" }),
    });
    expect(res.status).toBe(415);
    const body = (await res.json()) as { errors: Array<{ message: string; extensions: { code: string } }> };
    expect(body.errors[0]!.extensions.code).toBe("UNSUPPORTED_MEDIA_TYPE");
    expect(body.errors[0]!.message).toMatch(/UTF-8/);
  });

  it("SEC-11 twenty aliases of skillVersion { skillMd } are refused before they run; a few are answered", async () => {
    const aliases = (n: number) =>
      `query($id: ID!) { ${Array.from({ length: n }, (_, i) => `v${i}: skillVersion(id: $id) { skillMd }`).join(" ")} }`;
    const refused = await t.gql(aliases(20), { id: versionId }, key);
    expect(refused.status).toBe(400);
    expectRefused(refused, /answer would be too large/);
    const paged = await t.gql(`{ skills(limit: 100) { items { instructions } } }`, {}, key);
    expectRefused(paged, /answer would be too large/);
    const few = await t.ok<Record<string, { skillMd: string }>>(aliases(5), { id: versionId }, key);
    expect(Object.keys(few)).toHaveLength(5);
  });

  it("SEC-11 a document within the budget is answered again; one whose limit is a variable is checked per request", async () => {
    const paged = `query($n: Int) { skills(limit: $n) { items { instructions } } }`;
    for (const n of [1, 100, 1, 100]) {
      const res = await t.gql(paged, { n }, key);
      if (n === 100) expectRefused(res, /answer would be too large/);
      else expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
    }
    const few = `query($id: ID!) { a: skillVersion(id: $id) { skillMd } b: skillVersion(id: $id) { skillMd } }`;
    for (let i = 0; i < 2; i++) await t.ok(few, { id: versionId }, key);
  });
});
