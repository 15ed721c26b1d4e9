import { randomBytes } from "node:crypto";
import { isNonNullType, type GraphQLSchema } from "graphql/index.js"; // the CommonJS build, as type-graphql loads it
import { afterAll, beforeAll, expect, it } from "vitest";
import { buildAppSchema } from "../../src/app";
import type { ScriptedModel } from "../support/scripted-model";
import { dummyValue } from "../support/schema-operations";
import {
  makeFixture,
  normalise,
  randomFor,
  startTenancyModel,
  TENANCY_CONFIG,
  WEBHOOK_HOST,
  type Fixture,
} from "../support/tenancy";
import { COVERED, document, operations, referencePaths, setPath } from "../support/tenancy-covered";
import { describeEachDialect } from "../support/test-app";

/*
 * SEC-9 / PJ-1 over GraphQL: a generated walk of the schema. Every Query and Mutation field that takes a reference —
 * an argument of type ID, named `name`/`names`, or ending in `Id`/`Ids`, also inside input objects — is called with
 * project B's admin key against project A's objects, and must answer exactly as it does for an id (or name) that
 * exists nowhere. COVERED (test/support/tenancy-covered.ts) lists the objects each reference is tried with.
 */

describeEachDialect("SEC-9 / PJ-1 tenancy over GraphQL", TENANCY_CONFIG, (t) => {
  let schema: GraphQLSchema;
  let ops: ReturnType<typeof operations>;
  let A: Fixture;
  let B: Fixture;
  let model: ScriptedModel;

  beforeAll(async () => {
    schema = await buildAppSchema();
    ops = operations(schema);
    model = await startTenancyModel();
    A = await makeFixture(t, "alpha");
    B = await makeFixture(t, "bravo");
  });
  afterAll(async () => model?.close());

  async function call(name: string, caller: Fixture, overrides: Array<[string, string]>): Promise<string> {
    const { kind, field } = ops.get(name)!;
    const entry = COVERED[name]!;
    const uniq = randomBytes(6).toString("hex");
    const tried = overrides.map(([path]) => path);
    const variables: Record<string, unknown> = { ...(entry.fill?.(caller, uniq, tried) ?? {}) };
    // Required reference arguments not being tried get the caller's own object of the first kind listed.
    for (const [path, kinds] of Object.entries(entry.paths)) {
      const arg = field.args.find((a) => a.name === path);
      if (arg && isNonNullType(arg.type) && variables[path] === undefined && !overrides.some(([p]) => p === path)) {
        setPath(variables, field, path, caller.values[kinds[0]!]);
      }
    }
    for (const arg of field.args) {
      if (variables[arg.name] === undefined && isNonNullType(arg.type) && arg.defaultValue === undefined)
        variables[arg.name] = dummyValue(arg.type);
    }
    for (const [path, value] of overrides) setPath(variables, field, path, value);
    const res = await fetch(`${t.url}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${caller.key}` },
      body: JSON.stringify({ query: document(kind, field, variables), variables }),
    });
    const body = (await res.json()) as unknown;
    return normalise(
      { status: res.status, body },
      overrides.map(([, v]) => v),
      uniq,
    );
  }

  // Before the walk, which leaves rows of its own in B.
  it("PJ-1 B's lists never show A's rows", async () => {
    const lists = [
      `{ skills(limit: 200) { total items { id name } } }`,
      `{ skills(state: PUBLISHED, limit: 200) { items { id name } } }`,
      `{ knowledgeBases { id name documents { id } } }`,
      `{ auditLog(limit: 200) { total items { id resourceId resourceType data } } }`,
      `{ apiKeys { id name prefix } }`,
      `{ agents(limit: 200) { total items { id agentId name } } }`,
      `query($n: [String!]) { skillsLiveAt(at: "2999-01-01T00:00:00Z", names: $n) { name versionId } }`,
      `{ webhookSubscriptions { id url } }`,
      `{ webhookDeliveries(limit: 200) { total items { id subscriptionId payload } } }`,
      `{ calls(limit: 200) { total items { id agentId agentName skills { versionId } events { data } } } }`,
      `{ evalScenarios(limit: 200) { total items { id name turns } } }`,
      `{ evalRuns(limit: 200) { total items { id resolvedConfig results { scenarioId agentId } } } }`,
    ];
    const secrets = [...Object.values(A.values), A.key.slice(0, 16), `${WEBHOOK_HOST}/alpha`];
    for (const query of lists) {
      const res = await fetch(`${t.url}/graphql`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${B.key}` },
        body: JSON.stringify({ query, variables: { n: null } }),
      });
      const text = await res.text();
      expect(JSON.parse(text).errors, `${query}: ${text}`).toBeUndefined();
      for (const value of secrets) expect(text, `${query} shows A's ${value}`).not.toContain(value);
      // Control: B's own rows are there.
      expect(text, query).toMatch(/bravo|"total":[1-9]|prefix/);
    }
    const own = await t.ok<{ skills: { total: number } }>(`{ skills { total } }`, {}, B.key);
    expect(own.skills.total).toBeGreaterThanOrEqual(3);
  });

  it("SEC-9 every reference-taking operation of the schema is covered by the walk", () => {
    const missing: string[] = [];
    for (const [name, { field }] of ops) {
      const paths = referencePaths(field);
      if (paths.length === 0) continue;
      const covered = COVERED[name];
      for (const path of paths) if (!covered?.paths[path]) missing.push(`${name} ${path}`);
    }
    expect(
      missing,
      "add these operations/arguments to COVERED in test/support/tenancy-covered.ts with the objects they refer to",
    ).toEqual([]);
    const stale = Object.keys(COVERED).filter((name) => !ops.has(name));
    expect(stale, "COVERED lists operations the schema no longer has").toEqual([]);
    for (const [name, entry] of Object.entries(COVERED)) {
      for (const path of Object.keys(entry.paths)) {
        expect(() => setPath({}, ops.get(name)!.field, path, "x"), `${name} ${path}`).not.toThrow();
      }
    }
  });

  for (const name of Object.keys(COVERED)) {
    it(`SEC-9 PJ-1 ${name}: another project's object answers exactly as one that does not exist`, async () => {
      if (!ops.has(name)) return; // reported by the coverage test
      const entry = COVERED[name]!;
      const mismatches: string[] = [];
      const compare = async (label: string, foreign: Array<[string, string]>, nowhere: Array<[string, string]>) => {
        const a = await call(name, B, foreign);
        const r = await call(name, B, nowhere);
        if (a !== r) mismatches.push(`${label}\n  A's object: ${a}\n  nowhere:    ${r}`);
      };
      // Each reference on its own, with every kind of A's object it can name.
      for (const [path, kinds] of Object.entries(entry.paths)) {
        for (const kind of kinds)
          await compare(`${path} = A.${kind}`, [[path, A.values[kind]]], [[path, randomFor(kind)]]);
      }
      // All references at once.
      const paths = Object.entries(entry.paths);
      if (paths.length > 1) {
        await compare(
          "all references = A",
          paths.map(([p, k]) => [p, A.values[k[0]!]]),
          paths.map(([p, k]) => [p, randomFor(k[0]!)]),
        );
      }
      expect(mismatches, mismatches.join("\n")).toEqual([]);
    });
  }

  it("SEC-9 (control) with the caller's own objects, each reference does reach the object", async () => {
    const vacuous: string[] = [];
    for (const [name, entry] of Object.entries(COVERED)) {
      if (!ops.has(name)) continue;
      // Mutations may consume what they touch: each gets a project of its own.
      const own = ops.get(name)!.kind === "mutation" ? await makeFixture(t, "charlie") : B;
      for (const [path, kinds] of Object.entries(entry.paths)) {
        if (entry.noControl?.includes(path)) continue;
        let reached = false;
        for (const kind of kinds) {
          const nowhere = await call(name, own, [[path, randomFor(kind)]]);
          const mine = await call(name, own, [[path, own.values[kind]]]);
          if (mine !== nowhere) reached = true;
        }
        if (!reached) vacuous.push(`${name} ${path}`);
      }
    }
    expect(
      vacuous,
      "these references answer the same for the caller's own object as for none: the walk proves nothing for them",
    ).toEqual([]);
  }, 120_000);

  it("PJ-1 nothing B tried changed A's objects", async () => {
    const states = await t.ok<{ skills: { items: Array<{ id: string; state: string }> } }>(
      `{ skills(limit: 200) { items { id state } } }`,
      {},
      A.key,
    );
    const byId = new Map(states.skills.items.map((v) => [v.id, v.state]));
    expect(byId.get(A.values.archivedVersionId)).toBe("ARCHIVED");
    expect(byId.get(A.values.publishedVersionId)).toBe("PUBLISHED");
    expect(byId.get(A.values.draftVersionId)).toBe("DRAFT");
    const kb = await t.ok<{ knowledgeBase: { documents: unknown[] } }>(
      `query($id: ID!) { knowledgeBase(id: $id) { documents { id } } }`,
      { id: A.values.knowledgeBaseId },
      A.key,
    );
    expect(kb.knowledgeBase.documents).toHaveLength(1);
    const keys = await t.ok<{ apiKeys: Array<{ id: string; revokedAt: string | null }> }>(
      `{ apiKeys { id revokedAt } }`,
      {},
      A.key,
    );
    expect(keys.apiKeys).toHaveLength(2);
    expect(keys.apiKeys.every((k) => k.revokedAt === null)).toBe(true);
    const agent = await t.ok<{ agentVersion: { state: string } | null }>(
      `query($id: ID!) { agentVersion(id: $id) { state } }`,
      { id: A.values.draftAgentVersionId },
      A.key,
    );
    expect(agent.agentVersion?.state).toBe("DRAFT");
    const agents = await t.ok<{ agents: { total: number } }>(`{ agents { total } }`, {}, A.key);
    expect(agents.agents.total).toBe(2);
    const hooks = await t.ok<{ webhookSubscriptions: Array<{ id: string }> }>(
      `{ webhookSubscriptions { id } }`,
      {},
      A.key,
    );
    expect(hooks.webhookSubscriptions.map((h) => h.id)).toEqual([A.values.webhookSubscriptionId]);
    const deliveries = await t.ok<{ webhookDeliveries: { total: number } }>(
      `{ webhookDeliveries { total } }`,
      {},
      A.key,
    );
    expect(deliveries.webhookDeliveries.total).toBe(1);
    const READ = `query($id: ID!) { call(id: $id) { status agentName loadedSkills skills { loaded } events { type } toolInvocations { id } } }`;
    const active = await t.ok<{ call: Record<string, unknown> }>(READ, { id: A.values.callId }, A.key);
    expect(active.call).toEqual({
      status: "active",
      agentName: "alpha-agent",
      loadedSkills: [],
      skills: [{ loaded: false }],
      events: [{ type: "call.started" }],
      toolInvocations: [],
    });
    const ended = await t.ok<{ call: { status: string; events: Array<{ type: string }> } }>(
      READ,
      { id: A.values.endedCallId },
      A.key,
    );
    expect(ended.call.status).toBe("ended");
    expect(ended.call.events.map((e) => e.type)).toEqual(["call.started", "call.ended"]);
    const audit = await t.ok<{ auditLog: { items: Array<{ actor: string }> } }>(
      `{ auditLog(limit: 200) { items { actor } } }`,
      {},
      A.key,
    );
    const bKeys = await t.ok<{ apiKeys: Array<{ id: string }> }>(`{ apiKeys { id } }`, {}, B.key);
    for (const entry of audit.auditLog.items) expect(bKeys.apiKeys.map((k) => k.id)).not.toContain(entry.actor);
  });
});
