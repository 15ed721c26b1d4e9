/** The composition root's GraphQL surface: resolvers, loaders, the schema alone and the input policy's limits. */
import "reflect-metadata";
import type { GraphQLSchema } from "graphql";
import type { Config } from "./config";
import { LoaderRegistry } from "./platform/graphql/context";
import { buildGraphQLSchema } from "./platform/graphql/schema";
import type { AnswerBudget } from "./platform/graphql/answer-budget";
import type { InputLimits } from "./platform/graphql/input-policy";
import {
  AgentVersionDigestResolver,
  AgentResolver,
  AgentVersionAuthorResolver,
  registerAgentLoaders,
} from "./modules/agents";
import {
  AgentVersionApprovalsResolver,
  ApprovalResolver,
  ProjectPublishPolicyResolver,
  registerApprovalLoaders,
  SkillVersionApprovalsResolver,
} from "./modules/approvals";
import { ApiKeyResolver, AuditActorResolver, registerApiKeyLoaders } from "./modules/api-keys";
import { AuditResolver } from "./modules/audit";
import { RevocationResolver } from "./modules/revocation";
import { DiscoveryResolver } from "./modules/discovery";
import {
  FindingSuppressionResolver,
  registerReviewLoaders,
  ReviewResolver,
  SkillVersionReviewResolver,
} from "./modules/review";
import { ChatResolver, registerChatLoaders } from "./modules/chat";
import { registerSignalLoaders, SignalsResolver } from "./modules/signals";
import { AgentVersionCatalogResolver, CallEventResolver, CallResolver, registerCallLoaders } from "./modules/calls";
import { EvalRunResolver, EvalScenarioResolver, MAX_TURN_CHARS, registerEvalLoaders } from "./modules/evals";
import { ImpactResolver } from "./modules/impact";
import { KnowledgeResolver, registerKnowledgeLoaders } from "./modules/knowledge";
import { LibraryResolver } from "./modules/libraries";
import { nodeKind, NodeResolver } from "./modules/node";
import { ProjectResolver, registerProjectLoaders } from "./modules/projects";
import { registerProvenanceLoaders, SkillVersionAttestationResolver } from "./modules/provenance";
import {
  SkillFileResolver,
  SkillResolver,
  SkillVersionAuthorResolver,
  SkillVersionDigestResolver,
  registerSkillLoaders,
} from "./modules/skills";
import {
  AgentVersionUsageResolver,
  KnowledgeBaseUsageResolver,
  registerUsageLoaders,
  SkillVersionUsageResolver,
  UsageResolver,
} from "./modules/usage";
import { WebhookResolver } from "./modules/webhooks";
import {
  registerRolloutLoaders,
  RolloutEventActorResolver,
  RolloutForecastResolver,
  RolloutResolver,
  RolloutUpdatesResolver,
} from "./modules/rollouts";
import { createPubSub } from "@graphql-yoga/subscription";
import { CallTimelineResolver } from "./modules/call-timeline";

import type { Services } from "./app-services";

/** Every module's per-request loaders (resolvers batch through them: never N+1). */
export function loaderRegistry(services: Services): LoaderRegistry {
  const registry = new LoaderRegistry();
  registerProjectLoaders(registry, services.projects);
  registerApiKeyLoaders(registry, services.apiKeys);
  registerKnowledgeLoaders(registry, services.knowledge);
  registerSkillLoaders(registry, services.skills);
  registerAgentLoaders(registry, services.agents);
  registerUsageLoaders(registry, services.usage);
  registerCallLoaders(registry, services.calls);
  registerChatLoaders(registry, services.chats);
  registerSignalLoaders(registry, services.outcomes);
  registerEvalLoaders(registry, services.evals);
  registerApprovalLoaders(registry, services.approvals);
  registerReviewLoaders(registry, services.reviews);
  registerProvenanceLoaders(registry, services.provenance);
  registerRolloutLoaders(registry, services.rollouts);
  return registry;
}

export function resolverInstances(services: Services): object[] {
  return [
    new ProjectResolver(services.projects),
    new ApiKeyResolver(services.apiKeys),
    new AuditActorResolver(),
    new SkillVersionAuthorResolver(),
    new AgentVersionAuthorResolver(),
    new AuditResolver(services.audit),
    new KnowledgeResolver(services.knowledge),
    new SkillResolver(services.skills, services.skillLifecycle, services.bundles, services.diffs),
    new SkillFileResolver(),
    new SkillVersionDigestResolver(services.digests),
    new AgentVersionDigestResolver(services.agentDigests),
    new ApprovalResolver(services.approvals),
    new ProjectPublishPolicyResolver(),
    new SkillVersionApprovalsResolver(services.digests, services.approvals),
    new AgentVersionApprovalsResolver(services.agentDigests, services.approvals),
    new ReviewResolver(services.reviews),
    new SkillVersionReviewResolver(services.reviews),
    new RevocationResolver(services.revocations),
    new DiscoveryResolver(services.discovery),
    new FindingSuppressionResolver(),
    new SkillVersionAttestationResolver(),
    new LibraryResolver(services.libraries),
    new AgentResolver(services.agents),
    new UsageResolver(services.usage),
    new SkillVersionUsageResolver(services.usage),
    new AgentVersionUsageResolver(),
    new KnowledgeBaseUsageResolver(),
    new ImpactResolver(services.impact),
    new WebhookResolver(services.webhooks),
    new CallResolver(services.calls),
    new CallEventResolver(services.calls),
    new AgentVersionCatalogResolver(services.calls),
    new CallTimelineResolver(),
    new ChatResolver(services.chats, services.chatTurns),
    new SignalsResolver(services.outcomes, services.insights),
    new EvalScenarioResolver(services.evals),
    new EvalRunResolver(services.evals),
    new RolloutResolver(services.rollouts),
    new RolloutForecastResolver(services.rolloutForecasts),
    new RolloutEventActorResolver(),
    new RolloutUpdatesResolver(),
    // A project first: the platform credential reaches projects by id, and other kinds only through a project.
    new NodeResolver([
      // project(id) reads a missing id as the credential's own project; no object has the empty id.
      nodeKind("Project", async (ctx, id) => (id === "" ? null : services.projects.get(ctx, id))),
      nodeKind("SkillVersion", (ctx, id) => services.skills.get(ctx, id)),
      nodeKind("AgentVersion", (ctx, id) => services.agents.get(ctx, id)),
      nodeKind("Call", (ctx, id) => services.calls.get(ctx, id)),
      nodeKind("ChatSession", (ctx, id) => services.chats.get(ctx, id)),
      nodeKind("EvalRun", (ctx, id) => services.evals.run(ctx, id)),
      nodeKind("Rollout", (ctx, id) => services.rollouts.get(ctx, id)),
    ]),
  ];
}

/** The schema alone (for `schema.graphql`): no database, no listening. */
export function buildAppSchema(): Promise<GraphQLSchema> {
  const unused = new Proxy({}, { get: () => ({}) }) as Services;
  return buildGraphQLSchema(resolverInstances(unused), createPubSub());
}

/**
 * SEC-11: the input policy's limits by field and argument name (anything else: the default for names, ids and
 * URLs), and the large text fields an answer may hold only a few of. SEC-22: an input stored in a column (marked
 * `StoredIn`) is limited to that column's length, as the entities declare it.
 */
export function inputPolicy(
  config: Config,
  columnLengths: ReadonlyMap<string, number | null>,
): { inputLimits: InputLimits; answerBudget: AnswerBudget } {
  const chars = (max: number) => ({ max, unit: "characters" as const });
  return {
    inputLimits: {
      defaultMaxChars: 2048,
      byName: {
        skillMd: { max: config.skillMdMaxBytes, unit: "bytes", config: "SKILL_MD_MAX_BYTES" },
        // base64 of a version's files: 4 characters per 3 bytes, and line breaks a client may add
        contentBase64: {
          max: Math.ceil((config.skillMaxBytes * 4) / 3) + 65_536,
          unit: "bytes",
          config: "SKILL_MAX_BYTES",
        },
        zipBase64: { max: config.bodyLimitBytes, unit: "bytes", config: "BODY_LIMIT_BYTES" },
        prompt: chars(100_000),
        content: chars(1_000_000),
        description: chars(16_384),
        title: chars(1_024),
        // an eval scenario's user messages (EvalScenarioInput.turns), as the scenario's own check counts them
        turns: chars(MAX_TURN_CHARS),
        // JSON values (call variables, tool arguments and parameters, MCP headers): each string inside
        variables: chars(100_000),
        arguments: chars(100_000),
        parameters: chars(16_384),
        headers: chars(8_192),
      },
      jsonNames: new Set(["variables", "arguments", "parameters", "headers"]),
      maxDepth: 32,
      columnLengths,
    },
    answerBudget: {
      largeFields: new Set([
        "SkillVersion.skillMd",
        "SkillVersion.instructions",
        "SkillVersion.attestation",
        "SkillFile.contentBase64",
        "Query.exportSkillBundle",
        "Call.systemPrompt",
        "AgentVersion.prompt",
        "KnowledgeDocument.content",
      ]),
      budget: 10,
      defaultPageLimit: 50,
    },
  };
}
