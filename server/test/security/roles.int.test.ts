import type { GraphQLSchema } from "graphql";
import { beforeAll, expect, it } from "vitest";
import { buildAppSchema } from "../../src/app";
import { dummyValue, operationDocument, requiredArgs } from "../support/schema-operations";
import { describeEachDialect } from "../support/test-app";

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
  revokeSkillVersion: "admin",
  setDiscoveryProject: "platform",
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

function mutationRequest(schema: GraphQLSchema, name: string): { query: string; variables: Record<string, unknown> } {
  const field = schema.getMutationType()!.getFields()[name]!;
  const args = requiredArgs(field);
  return {
    query: operationDocument("mutation", field, { args }),
    variables: Object.fromEntries(args.map((a) => [a.name, dummyValue(a.type)])),
  };
}

describeEachDialect("SEC-7 roles walk", (t) => {
  let schema: GraphQLSchema;
  const keys: Record<"viewer" | "editor", string> = { viewer: "", editor: "" };

  beforeAll(async () => {
    schema = await buildAppSchema();
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
        const { query, variables } = mutationRequest(schema, name);
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
