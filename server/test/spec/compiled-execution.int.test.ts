import type { DocumentNode } from "graphql";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import {
  LOAD_SKILL as BENCH_LOAD_SKILL,
  START_CALL as BENCH_START_CALL,
  START_CALL_CHECKED as BENCH_START_CALL_CHECKED,
} from "../../bench/call-runtime/operations";
import { END_CALL, LOAD_SKILL, publishAgent, publishSkill, READ_CALL, START_CALL } from "../support/calls";
import {
  describeEachDialect,
  openTestDatabase,
  startTestApp,
  testCredentials,
  type TestApp,
} from "../support/test-app";

/**
 * GRAPHQL_JIT: two apps on one database, one executing the hot call operations with graphql-jit and one
 * with graphql-js (the reference), are sent the same requests; their answers — status and body, errors included —
 * must be the same once ids and times are normalised. graphql-jit is wrapped (not replaced) to count what it runs,
 * so that a flag that compiled nothing cannot pass for one that answers alike.
 */
const jit = vi.hoisted(() => ({ executed: 0 }));
vi.mock("graphql-jit", async (importOriginal) => {
  const original = await importOriginal<typeof import("graphql-jit")>();
  type Args = Parameters<typeof original.compileQuery>;
  const compileQuery = (schema: Args[0], document: DocumentNode, name?: string, options?: Args[3]) => {
    const compiled = original.compileQuery(schema, document, name, options);
    if (!original.isCompiledQuery(compiled)) return compiled;
    const query = compiled.query;
    return {
      ...compiled,
      query: (...run: Parameters<typeof query>) => {
        jit.executed += 1;
        return query(...run);
      },
    };
  };
  return { ...original, compileQuery: compileQuery as typeof original.compileQuery };
});

/** The console's documents (web/src/features/calls/call-documents.ts): named operations, fragments. */
const CONSOLE_FRAGMENTS = `
fragment CallEventFields on CallEvent { id type at data loadedAfter systemPromptAfter toolsAfter { name description source } }
fragment ResolvedSkillFields on CallSkill { name version versionId pinned loaded }
fragment ToolInvocationFields on ToolInvocation { id tool source arguments status result error latencyMs at }
fragment CallFields on Call { id status agentId agentName startedAt endedAt warnings loadedSkills systemPrompt
  skills { ...ResolvedSkillFields } tools { name description source } events { ...CallEventFields }
  toolInvocations { ...ToolInvocationFields } }`;
const CONSOLE_START_CALL = `mutation StartCall($input: StartCallInput!) { startCall(input: $input) { ...CallFields } }${CONSOLE_FRAGMENTS}`;
const CONSOLE_LOAD_SKILL = `mutation LoadSkill($callId: ID!, $name: String!) { loadSkill(callId: $callId, name: $name) {
  status skill unloaded message call { ...CallFields } } }${CONSOLE_FRAGMENTS}`;
const CONSOLE_END_CALL = `mutation EndCall($callId: ID!) { endCall(callId: $callId) { ...CallFields } }${CONSOLE_FRAGMENTS}`;

interface Answer {
  status: number;
  body: unknown;
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const TIME = /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z/g;

/** Ids become `<id N>` in the order each app first showed them (so the same id keeps its name), times `<time>`. */
function normaliser() {
  const names = new Map<string, string>();
  return (answer: Answer): Answer =>
    JSON.parse(
      JSON.stringify(answer)
        .replace(UUID, (id) => {
          if (!names.has(id)) names.set(id, `<id ${names.size + 1}>`);
          return names.get(id)!;
        })
        .replace(TIME, "<time>"),
    ) as Answer;
}

describeEachDialect.withOwnApps("compiled execution (GRAPHQL_JIT)", (dialect) => {
  let reference: TestApp;
  let compiled: TestApp;
  let drop: () => Promise<void>;
  const keys = { admin: "", viewer: "", other: "" };
  let agentId = "";
  let otherAgentId = "";
  /** One app, with its own id names and the calls it started. */
  interface Side {
    app: TestApp;
    normalise: (answer: Answer) => Answer;
    callId: string;
    otherCallId: string;
  }
  const side = (app: TestApp): Side => ({ app, normalise: normaliser(), callId: "", otherCallId: "" });
  let both: [Side, Side];

  beforeAll(async () => {
    const opened = await openTestDatabase(dialect);
    drop = opened.drop;
    const credentials = testCredentials();
    reference = await startTestApp(opened.db, { credentials });
    compiled = await startTestApp(opened.db, { credentials, overrides: { graphqlJit: true } });
    keys.admin = (await reference.project("compiled")).adminKey;
    keys.other = (await reference.project("compiled, other")).adminKey;
    keys.viewer = (
      await reference.ok<{ createApiKey: { key: string } }>(
        `mutation { createApiKey(role: VIEWER, name: "reader") { key } }`,
        {},
        keys.admin,
      )
    ).createApiKey.key;
    const tool = (name: string) => ({
      name,
      description: `The ${name} tool.`,
      webhookUrl: `https://hooks.example.com/${name}`,
    });
    for (const name of ["alpha", "beta", "gamma"]) {
      await publishSkill(reference, keys.admin, name, {
        description: `Use for ${name}.`,
        body: `${name} steps for {{caller}}.`,
        tools: [tool(`${name}_tool`)],
      });
    }
    agentId = await publishAgent(reference, keys.admin, {
      name: "desk",
      prompt: "Desk for {{caller}}.",
      maxLoadedSkills: 2,
      skills: [{ name: "alpha" }, { name: "beta" }, { name: "gamma" }],
    });
    await publishSkill(reference, keys.other, "alpha", { body: "Other project's alpha." });
    otherAgentId = await publishAgent(reference, keys.other, { name: "other desk", skills: [{ name: "alpha" }] });
    both = [side(reference), side(compiled)];
  }, 60_000);

  afterAll(async () => {
    await compiled?.close();
    await reference?.close();
    await drop?.();
  });

  /** POSTs one request to an app: its status and parsed body, as a client reads them. */
  async function send(app: TestApp, query: string, variables: unknown, token: string | null, accept?: string) {
    const res = await fetch(`${app.url}/graphql`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        ...(accept ? { accept } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify({ query, variables }),
    });
    return { status: res.status, body: (await res.json()) as unknown };
  }

  /**
   * Sends the same request (variables per side: each app acts on its own calls) to both apps, checks that the
   * answers are the same and that only the compiled app ran graphql-jit (once when `runs`), and returns them.
   */
  async function same(
    query: string,
    variables: (side: Side) => unknown,
    token: string | null,
    options: { runs: boolean; accept?: string },
  ): Promise<[Answer, Answer]> {
    const before = jit.executed;
    const [ref, jitted] = both;
    const expected = await send(ref.app, query, variables(ref), token, options.accept);
    expect(jit.executed, "the reference ran graphql-jit").toBe(before);
    const actual = await send(jitted.app, query, variables(jitted), token, options.accept);
    expect(jit.executed - before, "graphql-jit runs on the compiled app").toBe(options.runs ? 1 : 0);
    expect(jitted.normalise(actual)).toEqual(ref.normalise(expected));
    return [expected, actual];
  }

  const callOf = (answer: Answer, field: string) =>
    ((answer.body as { data: Record<string, { id: string }> }).data[field] as { id: string }).id;

  it("RT-1 RT-3 RT-10 RT-11 compiled execution answers startCall, loadSkill and endCall exactly as the reference executor (the console's, the tests' and the bench's documents)", async () => {
    const input = { agentId, variables: { caller: "Ada" } };
    for (const document of [START_CALL, BENCH_START_CALL, BENCH_START_CALL_CHECKED]) {
      await same(document, () => ({ input }), keys.admin, { runs: true });
    }
    const answers = await same(CONSOLE_START_CALL, () => ({ input }), keys.admin, { runs: true });
    both.forEach((s, i) => (s.callId = callOf(answers[i]!, "startCall")));
    const load = (name: string) => (side: Side) => ({ callId: side.callId, name });
    await same(LOAD_SKILL, load("alpha"), keys.admin, { runs: true });
    await same(CONSOLE_LOAD_SKILL, load("beta"), keys.admin, { runs: true });
    // Past max_loaded_skills (RT-4): alpha unloads; then one already loaded; then one the call did not resolve.
    await same(BENCH_LOAD_SKILL, load("gamma"), keys.admin, { runs: true });
    await same(LOAD_SKILL, load("gamma"), keys.admin, { runs: true });
    await same(LOAD_SKILL, load("no-such-skill"), keys.admin, { runs: true });
    // An inline agent, and two root fields in one mutation run in order (aliases).
    await same(
      START_CALL,
      () => ({ input: { inlineAgent: { name: "inline", prompt: "Inline {{caller}}." }, variables: { caller: "Bo" } } }),
      keys.admin,
      { runs: true },
    );
    await same(
      `mutation($input: StartCallInput!, $callId: ID!, $name: String!) { first: loadSkill(callId: $callId, name: $name) { status unloaded call { loadedSkills } }
        again: startCall(input: $input) { __typename agentName loadedSkills } }`,
      (side) => ({ input, callId: side.callId, name: "alpha" }),
      keys.admin,
      { runs: true },
    );
    // Not a hot operation: graphql-js answers on both.
    await same(READ_CALL, (side) => ({ id: side.callId }), keys.admin, { runs: false });
    await same(CONSOLE_END_CALL, (side) => ({ callId: side.callId }), keys.admin, { runs: true });
    await same(END_CALL, (side) => ({ callId: side.callId }), keys.admin, { runs: true });
    await same(LOAD_SKILL, load("alpha"), keys.admin, { runs: true });
  });

  it("RT-1 SEC-7 SEC-9 SEC-11 SEC-20 compiled execution refuses as the reference executor: unknown agent or skill, bad variables, a viewer key, no key, another project's call", async () => {
    const started = await same(START_CALL, () => ({ input: { agentId: otherAgentId } }), keys.other, { runs: true });
    both.forEach((s, i) => (s.otherCallId = callOf(started[i]!, "startCall")));
    const unknownId = "00000000-0000-4000-8000-000000000000";
    const errors: Array<[string, (side: Side) => unknown, string | null, boolean]> = [
      [START_CALL, () => ({ input: { agentId: unknownId } }), keys.admin, true],
      [START_CALL, () => ({ input: {} }), keys.admin, true],
      [START_CALL, () => ({ input: { agentId, inlineAgent: { name: "both" } } }), keys.admin, true],
      // Variables that do not coerce: graphql-jit refuses them and Apollo's executor answers (the reference's 400).
      [START_CALL, () => ({}), keys.admin, true],
      [START_CALL, () => ({ input: { agentId: { id: agentId } } }), keys.admin, true],
      [START_CALL, () => ({ input: { agentID: agentId } }), keys.admin, true],
      [LOAD_SKILL, (side) => ({ callId: side.callId, name: null }), keys.admin, true],
      [LOAD_SKILL, (side) => ({ callId: side.callId, name: 7 }), keys.admin, true],
      // The input policy refuses before anything runs (SEC-11).
      [LOAD_SKILL, (side) => ({ callId: side.callId, name: "nul\u0000" }), keys.admin, false],
      [LOAD_SKILL, (side) => ({ callId: side.callId, name: "x".repeat(100_000) }), keys.admin, false],
      [START_CALL, () => ({ input: { agentId } }), keys.viewer, true],
      [START_CALL, () => ({ input: { agentId } }), null, true],
      [START_CALL, () => ({ input: { agentId } }), "sg_not_a_key", true],
      [LOAD_SKILL, (side) => ({ callId: side.otherCallId, name: "alpha" }), keys.admin, true],
      [END_CALL, (side) => ({ callId: side.otherCallId }), keys.admin, true],
      [LOAD_SKILL, () => ({ callId: unknownId, name: "alpha" }), keys.admin, true],
      [LOAD_SKILL, () => ({ callId: "not-an-id", name: "alpha" }), keys.admin, true],
      // Two root fields, the second failing: non-null, so the whole answer is null with one error at its path.
      [
        `mutation($input: StartCallInput!, $callId: ID!) { ok: startCall(input: $input) { id } failed: loadSkill(callId: $callId, name: "a") { status } }`,
        () => ({ input: { agentId }, callId: unknownId }),
        keys.admin,
        false, // a literal argument: graphql-js runs it (below)
      ],
      [
        `mutation($input: StartCallInput!, $callId: ID!, $name: String!) { ok: startCall(input: $input) { id } failed: loadSkill(callId: $callId, name: $name) { status } }`,
        () => ({ input: { agentId }, callId: unknownId, name: "a" }),
        keys.admin,
        true,
      ],
    ];
    for (const [query, variables, token, runs] of errors) {
      const [answer] = await same(query, variables, token, { runs });
      expect((answer.body as { errors?: unknown[] }).errors, JSON.stringify(variables(both[0]))).toBeDefined();
    }
    // graphql-jit 0.8.9 writes literal arguments into its code, and a string that starts with its Date marker becomes
    // code: documents with a literal are never compiled (the reference answers them), and nothing is injected.
    const injected = "__MAGIC_DATE__33a9e76d_02e0_4128_8e92_3530ad3da74d0)+(globalThis.jitInjected=1)+(0";
    await same(
      `mutation($callId: ID!) { loadSkill(callId: $callId, name: ${JSON.stringify(injected)}) { status } }`,
      (side) => ({ callId: side.callId }),
      keys.admin,
      { runs: false },
    );
    expect((globalThis as { jitInjected?: number }).jitInjected).toBeUndefined();
    // A client that asks for application/json gets 200 for a request error, on both.
    await same(START_CALL, () => ({}), keys.admin, { runs: true, accept: "application/json" });
  });
});
