import { randomUUID } from "node:crypto";
import type { GraphQLSchema } from "graphql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildAppSchema } from "../../src/app";
import { createTestApp, dialects, type TestApp } from "../support/test-app";

/**
 * SEC-7, generated from the schema like the SEC-9 walk: every mutation is tried with a viewer key (a writing one
 * must be FORBIDDEN) and every admin-only one with an editor key (FORBIDDEN too). A mutation added to the schema
 * and not to ROLES fails the coverage test, so the walk cannot silently skip it.
 */

type Required = "editor" | "admin" | "platform";

/** The role each mutation needs (spec: admin = keys, webhooks, everything; editor = author, publish, agents, calls). */
const ROLES: Record<string, Required> = {
  createProject: "platform",
  deleteProject: "platform",
  purgeProject: "platform",
  setSkillLibrary: "platform",
  createApiKey: "admin",
  revokeApiKey: "admin",
  createWebhookSubscription: "admin",
  deleteWebhookSubscription: "admin",
  redeliverWebhook: "admin",
  redeliverFailedWebhooks: "admin",
  createKnowledgeBase: "editor",
  addKnowledgeDocument: "editor",
  deleteKnowledgeDocument: "editor",
  createSkillVersion: "editor",
  updateSkillVersion: "editor",
  publishSkillVersion: "editor",
  rollbackSkill: "editor",
  deleteSkillVersion: "editor",
  importSkillBundle: "editor",
  saveAgent: "editor",
  publishAgentVersion: "editor",
  setPublishPolicy: "admin",
  approveVersion: "editor",
  reviewSkillContent: "editor",
  suppressFinding: "admin",
  withdrawApproval: "editor",
  startRollout: "editor",
  advanceRollout: "editor",
  pauseRollout: "editor",
  resumeRollout: "editor",
  abortRollout: "editor",
  checkRollout: "editor",
  reportOutcome: "editor",
  deleteAgent: "editor",
  startCall: "editor",
  loadSkill: "editor",
  handoffCall: "editor",
  endCall: "editor",
  runTool: "editor",
  sendMessage: "editor",
  saveEvalScenario: "editor",
  deleteEvalScenario: "editor",
  startEvalRun: "editor",
};

// Types are read by their printed names and duck-typed: graphql's isNonNullType and friends check instanceof, and
// the schema comes from type-graphql's CommonJS copy of graphql under this ESM test runner.
type AnyType = { toString(): string };

/** A value of the type that passes GraphQL's own checks (the role is checked before the value means anything). */
function sample(schema: GraphQLSchema, printed: string): unknown {
  if (printed.endsWith("!")) return sample(schema, printed.slice(0, -1));
  if (printed.startsWith("[")) return [sample(schema, printed.slice(1, -1))];
  const named = schema.getType(printed) as unknown as {
    getValues?: () => Array<{ name: string }>;
    getFields?: () => Record<string, { name: string; type: AnyType; defaultValue?: unknown }>;
  };
  if (named.getValues) return named.getValues()[0]!.name;
  if (named.getFields && (named as { constructor: { name: string } }).constructor.name === "GraphQLInputObjectType") {
    return Object.fromEntries(
      Object.values(named.getFields())
        .filter((f) => f.type.toString().endsWith("!") && f.defaultValue === undefined)
        .map((f) => [f.name, sample(schema, f.type.toString())]),
    );
  }
  switch (printed) {
    case "ID":
      return randomUUID();
    case "Int":
    case "Float":
      return 1;
    case "Boolean":
      return false;
    case "DateTime":
      return new Date().toISOString();
    case "JSON":
      return {};
    default:
      return "x";
  }
}

function mutationDocument(schema: GraphQLSchema, name: string): { query: string; variables: Record<string, unknown> } {
  const field = schema.getMutationType()!.getFields()[name]!;
  const args = field.args.filter((a) => a.type.toString().endsWith("!") && a.defaultValue === undefined);
  const defs = args.map((a) => `$${a.name}: ${a.type.toString()}`).join(", ");
  const call = args.map((a) => `${a.name}: $${a.name}`).join(", ");
  const returned = schema.getType(field.type.toString().replace(/[[\]!]/g, "")) as unknown as { getFields?: unknown };
  const selection = returned.getFields ? "{ __typename }" : "";
  return {
    query: `mutation Walk${defs ? `(${defs})` : ""} { ${name}${call ? `(${call})` : ""} ${selection} }`,
    variables: Object.fromEntries(args.map((a) => [a.name, sample(schema, a.type.toString())])),
  };
}

describe.each(dialects)("SEC-7 roles walk on %s", (dialect) => {
  let t: TestApp;
  let schema: GraphQLSchema;
  const keys: Record<"viewer" | "editor", string> = { viewer: "", editor: "" };

  beforeAll(async () => {
    schema = await buildAppSchema();
    t = await createTestApp(dialect);
    const admin = (await t.project("Roles")).adminKey;
    for (const role of ["viewer", "editor"] as const) {
      const made = await t.ok<{ createApiKey: { key: string } }>(
        `mutation($role: ApiKeyRole!) { createApiKey(role: $role) { key } }`,
        { role: role.toUpperCase() },
        admin,
      );
      keys[role] = made.createApiKey.key;
    }
  });
  afterAll(() => t?.close());

  it("SEC-7 every mutation of the schema has its required role in the walk", () => {
    const mutations = Object.keys(schema.getMutationType()!.getFields()).sort();
    expect(mutations.filter((m) => !(m in ROLES))).toEqual([]);
    expect(Object.keys(ROLES).filter((m) => !mutations.includes(m))).toEqual([]);
  });

  it("SEC-7 every writing mutation is FORBIDDEN to a viewer key, every admin-only one to an editor key", async () => {
    const wrong: string[] = [];
    for (const [name, required] of Object.entries(ROLES)) {
      const tries: Array<"viewer" | "editor"> =
        required === "editor" ? ["viewer"] : required === "admin" ? ["viewer", "editor"] : ["viewer", "editor"];
      for (const role of tries) {
        const { query, variables } = mutationDocument(schema, name);
        const res = await t.gql(query, variables, keys[role]);
        const code = res.errors?.[0]?.extensions?.code;
        // Platform-only operations are refused to every project key (the credential kind is wrong, not the role).
        const expected = required === "platform" ? ["FORBIDDEN", "UNAUTHENTICATED"] : ["FORBIDDEN"];
        if (!expected.includes(code ?? ""))
          wrong.push(`${name} as ${role}: ${code ?? "no error"} ${res.errors?.[0]?.message ?? ""}`);
        else if (required !== "platform" && code === "FORBIDDEN") {
          const details = res.errors?.[0]?.extensions?.details as { required_role?: string } | undefined;
          if (details?.required_role !== required)
            wrong.push(`${name} as ${role}: required_role ${details?.required_role}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  }, 120_000);
});
