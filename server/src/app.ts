import "reflect-metadata";
import type { GraphQLSchema } from "graphql";
import type { Config } from "./config";
import { entities } from "./entities";
import { SecretBox, parseSecretKey } from "./platform/crypto";
import { Database } from "./platform/db/database";
import { OutageLog } from "./platform/db/outage-log";
import { DomainEvents } from "./platform/events/domain-events";
import { LoaderRegistry } from "./platform/graphql/context";
import { buildGraphQLSchema } from "./platform/graphql/schema";
import type { AnswerBudget } from "./platform/graphql/answer-budget";
import type { InputLimits } from "./platform/graphql/input-policy";
import { createHttpServer, type HttpServer } from "./platform/http/server";
import { createLogger, type Logger } from "./platform/logger";
import { AgentTelemetry, Metrics, openTracing } from "./platform/telemetry";
import {
  AgentCallDirectory,
  AgentDigests,
  AgentVersionDigestResolver,
  AgentPublishedChanged,
  AgentResolver,
  AgentSecrets,
  AgentService,
  AgentVersionAuthorResolver,
  registerAgentLoaders,
} from "./modules/agents";
import {
  AgentVersionApprovalsResolver,
  ApprovalCheck,
  ApprovalResolver,
  ApprovalService,
  ProjectPublishPolicyResolver,
  registerApprovalLoaders,
  ReviewedVersions,
  SkillVersionApprovalsResolver,
} from "./modules/approvals";
import { ApiKeyResolver, ApiKeyService, AuditActorResolver, registerApiKeyLoaders } from "./modules/api-keys";
import { AuditResolver, AuditService } from "./modules/audit";
import { AuthService, TENANCY_TOPIC } from "./modules/auth";
import { ChatResolver, ChatService, ChatTurns, registerChatLoaders } from "./modules/chat";
import {
  InsightService,
  OutcomeService,
  registerSignalLoaders,
  SignalRollup,
  SignalsResolver,
  SkillSignals,
} from "./modules/signals";
import {
  CallEngine,
  CallEventResolver,
  CallRecorded,
  CallResolution,
  CallResolver,
  CallRetention,
  CallService,
  McpConnector,
  registerCallLoaders,
  ToolRunner,
} from "./modules/calls";
import {
  EvalExecutor,
  EvalGate,
  EvalPlanner,
  EvalRunQueued,
  EvalRunResolver,
  EvalScenarioResolver,
  EvalService,
  EvalWorker,
  registerEvalLoaders,
} from "./modules/evals";
import { ImpactResolver, ImpactService } from "./modules/impact";
import { KnowledgeResolver, KnowledgeService, registerKnowledgeLoaders } from "./modules/knowledge";
import { LibraryResolver, LibraryService, SkillSourceCache } from "./modules/libraries";
import { defaultModelEndpoint, ModelClient } from "./modules/model";
import { nodeKind, NodeResolver } from "./modules/node";
import { ProjectResolver, ProjectService, registerProjectLoaders } from "./modules/projects";
import {
  SkillBundleService,
  SkillCatalogService,
  SkillDigests,
  SkillIndexService,
  SkillDiffService,
  SkillFileResolver,
  SkillResolver,
  SkillLifecycleService,
  SkillLiveMoved,
  SkillReader,
  SkillService,
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
  UsageService,
} from "./modules/usage";
import { WebhookDeliveriesQueued, WebhookResolver, WebhookService, WebhookWorker } from "./modules/webhooks";
import {
  bindRolloutUpdates,
  registerRolloutLoaders,
  RolloutChanged,
  RolloutEvaluations,
  RolloutEventActorResolver,
  RolloutResolver,
  RolloutService,
  RolloutSteps,
  RolloutUpdates,
  RolloutUpdatesResolver,
  RolloutWorker,
  RunningRollouts,
} from "./modules/rollouts";
import { createPubSub } from "@graphql-yoga/subscription";
import {
  bindCallTimeline,
  CALL_EVENTS_TOPIC,
  CallTimelineResolver,
  CallTimelineService,
  type CallEventsPubSub,
} from "./modules/call-timeline";
import { McpSkillsEndpoint, McpSkillsService } from "./modules/mcp-skills";
import { createGateway } from "./modules/gateway";
import { createSkillsApi } from "./modules/skills-api";
import type { PublishGate } from "./modules/versioning";
import { openSessionStore, type SessionStore } from "./platform/session-store";
import { LocalBus, PostgresBus, RedisBus, type InvalidationBus } from "./platform/cache/invalidation-bus";
import { RedisLink } from "./platform/redis/redis-link";

export interface AppSecrets {
  /** base64 of 32 bytes. */
  secretKey: string;
  /** SHA-256 (hex) of the platform credential. */
  platformTokenHash: string;
}

function wireServices(
  db: Database,
  config: Config,
  secrets: AppSecrets,
  bus: InvalidationBus,
  events: DomainEvents,
  logger: Logger,
  telemetry: AgentTelemetry,
) {
  // Authorisation is the bottom layer: it reads keys and projects through a port the modules above provide.
  const auth: AuthService = new AuthService(
    {
      findKey: (lookup) => apiKeys.findForAuthentication(lookup),
      projectIsLive: (projectId) => projects.isLive(projectId),
    },
    secrets.platformTokenHash,
    bus,
  );
  const audit = new AuditService(db, auth);
  const apiKeys: ApiKeyService = new ApiKeyService(db, auth, audit);
  const projects: ProjectService = new ProjectService(
    db,
    auth,
    audit,
    async (tx, projectId) => (await apiKeys.issue(tx, projectId, "admin", "initial admin key", "platform")).key,
    // PJ-3: the rows without a foreign key to the project, in the purging transaction
    async (tx, projectId) => {
      await skills.purgeProject(tx, projectId);
      await audit.purgeProject(tx, projectId);
    },
  );
  const knowledge = new KnowledgeService(db, auth, audit, bus);
  const limits = {
    maxFiles: config.skillMaxFiles,
    maxTotalBytes: config.skillMaxBytes,
    maxSkillMdBytes: config.skillMdMaxBytes,
  };
  const secretBox = new SecretBox({ 1: parseSecretKey(secrets.secretKey) }, 1);
  // RO-1: a running rollout's candidate is frozen (refused in the edit's transaction)
  const skills: SkillService = new SkillService(
    db,
    auth,
    audit,
    knowledge,
    secretBox,
    limits,
    (tx, projectId, version) => rollouts.refuseCandidateEdit(tx, projectId, version),
  );
  const skillReader = new SkillReader(db, secretBox);
  // SV-7: a delete is refused in its transaction while an agent lists the skill
  // AP-1, SEC-24: every publish of a skill or an agent version asks the approvals module in its transaction
  const publishGate: PublishGate = (tx, version) => approvalCheck.requireApproved(tx, version);
  const skillLifecycle = new SkillLifecycleService(
    db,
    auth,
    audit,
    (tx, projectId, name) => usage.guardSkillDelete(tx, projectId, name),
    publishGate,
  );
  const bundles = new SkillBundleService(auth, skills, limits);
  const diffs = new SkillDiffService(skills);
  const digests = new SkillDigests(skills, secretBox);
  const skillIndex = new SkillIndexService(db, auth);
  const libraries = new LibraryService(db, auth, audit);
  const agentSecrets = new AgentSecrets(secretBox);
  const agents = new AgentService(db, auth, audit, knowledge, skillReader, agentSecrets, publishGate);
  const agentDigests = new AgentDigests(agentSecrets, secretBox);
  const usage: UsageService = new UsageService(db, auth, skillReader);
  const webhooks = new WebhookService(db, bus, auth, audit, secretBox, {
    allowList: config.outboundAllowHosts,
    tracing: telemetry.tracing,
  });
  const reviewed = new ReviewedVersions(digests, agentDigests);
  const approvalCheck: ApprovalCheck = new ApprovalCheck(reviewed);
  const approvals = new ApprovalService(db, auth, audit, webhooks, reviewed);
  const catalog = new SkillCatalogService(db, bus, (projectId, ids) => knowledge.basesWithDocuments(projectId, ids));
  events.on(SkillLiveMoved, (moved) => catalog.liveMoved(moved.projectId, moved.name));
  const agentDirectory = new AgentCallDirectory(db, new AgentSecrets(secretBox), knowledge, bus);
  events.on(AgentPublishedChanged, (changed) => agentDirectory.agentChanged(changed.projectId, changed.agentId));
  const mcp = new McpConnector(config.outboundAllowHosts, config.mcpTimeoutMs);
  const sources = new SkillSourceCache(db, bus);
  // RO-1..6: staged rollouts; resolutions read the running ones from a cache dropped on every change (the bus).
  const rollouts: RolloutService = new RolloutService(
    db,
    auth,
    skillLifecycle,
    skillReader,
    new RolloutSteps(audit, webhooks, skillLifecycle),
    // RO-3: the guards and the page read the signals module's one per-arm aggregation
    (list) => signals.forRollouts(list.map((r) => r.id)),
    approvalCheck,
    // RO-3: each step's evals (the publish gate's comparison, the rollout's eval tag), wired below
    (rollout) => rolloutEvals.evaluate(rollout),
  );
  const runningRollouts = new RunningRollouts(bus, rollouts, skillReader);
  events.on(RolloutChanged, (changed) => runningRollouts.changed(changed.projectId));
  // RO-1: a live pointer moved by hand (rollback, publish, delete) ends the skill's rollout, aborted with the reason
  events.on(SkillLiveMoved, (moved) => rollouts.checkSkill(moved.projectId, moved.name));
  const callResolution = new CallResolution(agentDirectory, catalog, sources, mcp, (projectId) =>
    runningRollouts.of(projectId),
  );
  const tools = new ToolRunner(
    agentDirectory,
    skillReader,
    mcp,
    { allowList: config.outboundAllowHosts, timeoutMs: config.toolTimeoutMs },
    telemetry,
  );
  // RO-3, OB-3: the per-skill signals, recorded by calls and sessions in their own transactions
  const signals = new SkillSignals(db);
  const outcomes = new OutcomeService(db, auth);
  const insights = new InsightService(db, auth);
  const signalRollup = new SignalRollup(db, logger);
  const calls = new CallService(
    db,
    auth,
    agentDirectory,
    callResolution,
    // Issue 21: a load's compare-and-set statement carries the timeline's notice itself when the bus is NOTIFY (UX-5)
    new CallEngine(db, webhooks, signals, (callId) => bus.notice(CALL_EVENTS_TOPIC, callId)),
    tools,
    secretBox,
    config.callEventRetentionSecs * 1000,
    telemetry,
  );
  const callRetention = new CallRetention(db, logger);
  const model = new ModelClient({
    defaultEndpoint: defaultModelEndpoint(config),
    timeoutMs: config.modelTimeoutMs,
    allowList: config.outboundAllowHosts,
    telemetry,
  });
  const chats = new ChatService(db, auth, callResolution, agentDirectory, secretBox, signals);
  const chatTurns = new ChatTurns(chats, tools, model, { maxToolRounds: config.chatMaxToolRounds }, telemetry);
  // Evals run the one tool loop in memory (EV-1..5); the publish gate runs them synchronously.
  const evalPlanner = new EvalPlanner(callResolution, agentDirectory, secretBox);
  const evalExecutor = new EvalExecutor(tools, model, { maxToolRounds: config.chatMaxToolRounds });
  const evals = new EvalService(db, auth, audit, callResolution, usage, evalPlanner);
  const evalGate = new EvalGate(auth, evals, evalPlanner, evalExecutor, catalog);
  const impact = new ImpactService(db, auth, skills, skillReader, usage, evalGate);
  const rolloutEvals = new RolloutEvaluations(db, evalGate, usage, logger, {
    iterations: config.rolloutEvalIterations,
  });
  return {
    auth,
    audit,
    apiKeys,
    projects,
    knowledge,
    skills,
    skillReader,
    skillLifecycle,
    bundles,
    diffs,
    digests,
    agentDigests,
    approvals,
    approvalCheck,
    skillIndex,
    limits,
    libraries,
    agents,
    usage,
    impact,
    webhooks,
    catalog,
    agentDirectory,
    sources,
    callResolution,
    calls,
    callRetention,
    signals,
    outcomes,
    insights,
    signalRollup,
    tools,
    model,
    chats,
    chatTurns,
    evals,
    evalPlanner,
    evalExecutor,
    rollouts,
    runningRollouts,
  };
}

export type Services = ReturnType<typeof wireServices>;

/** Every module's per-request loaders (resolvers batch through them: never N+1). */
function loaderRegistry(services: Services): LoaderRegistry {
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
  registerRolloutLoaders(registry, services.rollouts);
  return registry;
}

function resolverInstances(services: Services): object[] {
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
    new CallTimelineResolver(),
    new ChatResolver(services.chats, services.chatTurns),
    new SignalsResolver(services.outcomes, services.insights),
    new EvalScenarioResolver(services.evals),
    new EvalRunResolver(services.evals),
    new RolloutResolver(services.rollouts),
    new RolloutEventActorResolver(),
    new RolloutUpdatesResolver(),
    // A project first: the platform credential reaches projects by id, and other kinds only through a project.
    new NodeResolver([
      nodeKind("Project", (ctx, id) => services.projects.get(ctx, id)),
      nodeKind("SkillVersion", (ctx, id) => services.skills.get(ctx, id)),
      nodeKind("AgentVersion", (ctx, id) => services.agents.get(ctx, id)),
      nodeKind("Call", (ctx, id) => services.calls.get(ctx, id)),
      nodeKind("ChatSession", (ctx, id) => services.chats.get(ctx, id)),
      nodeKind("EvalRun", (ctx, id) => services.evals.run(ctx, id)),
      nodeKind("Rollout", (ctx, id) => services.rollouts.get(ctx, id)),
    ]),
  ];
}

/** OB-2: gauges read at each scrape — the webhook outbox and the eval queue, the database pool. */
function watchQueues(metrics: Metrics, db: Database, webhooks: WebhookWorker, evals: EvalWorker): void {
  metrics.addScrapedGauge({
    name: "skillgraph_webhook_deliveries_pending",
    help: "Webhook deliveries waiting for an attempt (due now or retrying later), all projects.",
    read: async () => [{ labels: [], value: await webhooks.pendingCount() }],
  });
  metrics.addScrapedGauge({
    name: "skillgraph_eval_runs_queued",
    help: "Eval runs waiting for a worker, all projects.",
    read: async () => [{ labels: [], value: await evals.queuedCount() }],
  });
  metrics.addScrapedGauge({
    name: "skillgraph_db_pool_connections",
    help: "PostgreSQL pool connections by state: open (total), idle, and requests waiting for one (none on SQLite).",
    labelNames: ["state"],
    read: async () => {
      const pool = db.poolUse();
      if (!pool) return [];
      return [
        { labels: ["total"], value: pool.total },
        { labels: ["idle"], value: pool.idle },
        { labels: ["waiting"], value: pool.waiting },
      ];
    },
  });
}

/** Redis pub/sub when REDIS_URL is set, else PostgreSQL LISTEN/NOTIFY, else (SQLite, one process) local only. */
async function openInvalidationBus(
  redis: RedisLink | undefined,
  db: Database,
  logger: Logger,
): Promise<InvalidationBus> {
  if (redis) return RedisBus.connect(redis, logger);
  const url = db.postgresUrl();
  if (url) return PostgresBus.connect(url, logger);
  return new LocalBus();
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
function inputPolicy(
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

export interface App {
  readonly config: Config;
  readonly db: Database;
  readonly logger: Logger;
  readonly services: Services;
  readonly http: HttpServer;
  /** Delivers webhooks (SEC-16); started by createApp only with `startWorkers`, stopped first by close (SEC-18). */
  readonly webhookWorker: WebhookWorker;
  /** Runs eval runs (EV-1..5); started and stopped with the webhook worker. */
  readonly evalWorker: EvalWorker;
  /** Checks running rollouts (RO-5); started and stopped with the webhook worker. */
  readonly rolloutWorker: RolloutWorker;
  /** `rolloutUpdates` (UX-8). */
  readonly rolloutUpdates: RolloutUpdates;
  readonly bus: InvalidationBus;
  /** The listeners of the modules' domain events, delivered after their transactions commit. */
  readonly events: DomainEvents;
  readonly mcpSkills: McpSkillsEndpoint;
  /** The gateway's skill logs (GW-6). */
  readonly sessionStore: SessionStore;
  close(): Promise<void>;
}

/** The composition root: services, resolvers and routes, handed to platform/. Tests call it too (no listen). */
export async function createApp(
  config: Config,
  secrets: AppSecrets,
  options: {
    db?: Database;
    logger?: Logger;
    startWorkers?: boolean;
    webhookPollIntervalMs?: number;
    evalPollIntervalMs?: number;
    rolloutCheckIntervalMs?: number;
    /** How often an open `rolloutUpdates` re-reads the arms' signals between changes. */
    rolloutRefreshMs?: number;
  } = {},
): Promise<App> {
  const logger = options.logger ?? createLogger(config.logLevel);
  const db =
    options.db ??
    (await Database.open({ url: config.databaseUrl, sqlitePath: `${config.dataDir}/skillgraph.sqlite`, entities }));
  await db.migrate();
  db.onEffectFailure((error) =>
    logger.warn({ err: error }, "an after-commit effect failed; the change committed (caches expire on their own)"),
  );
  db.onCheckpointFailure((error) =>
    logger.error({ err: error }, "the SQLite checkpoint worker failed; commits checkpoint the WAL themselves again"),
  );
  const events = new DomainEvents(logger);
  db.deliverEventsTo(events);
  // SEC-21: every use of Redis goes through one link that bounds its commands and measures its health.
  const redis = config.redisUrl
    ? new RedisLink(config.redisUrl, logger, { commandTimeoutMs: config.redisCommandTimeoutMs })
    : undefined;
  // Caches forget what may be stale when the bus loses or regains its connection (InvalidatedCache).
  const bus = await openInvalidationBus(redis, db, logger);
  // OB-1, OB-2: spans when an OTLP endpoint is configured (else a port that does nothing), metrics always.
  const tracing = await openTracing(config.tracing, logger);
  const metrics = new Metrics();
  const telemetry = new AgentTelemetry(tracing, metrics);
  const services = wireServices(db, config, secrets, bus, events, logger, telemetry);
  // SEC-20: one outage log for requests and workers: one line when the database goes away, one when it is back.
  const outage = new OutageLog(logger, () => db.ping());
  const webhookWorker = new WebhookWorker(db, services.webhooks, logger, {
    outage,
    allowList: config.outboundAllowHosts,
    retryBaseMs: config.webhookRetryBaseMs,
    maxAttempts: config.webhookMaxAttempts,
    pollIntervalMs: options.webhookPollIntervalMs,
    telemetry,
  });
  events.on(WebhookDeliveriesQueued, () => webhookWorker.wake());
  const evalWorker = new EvalWorker(db, services.evalPlanner, services.evalExecutor, logger, {
    outage,
    pollIntervalMs: options.evalPollIntervalMs ?? config.evalPollIntervalMs,
    leaseMs: config.evalLeaseMs,
  });
  events.on(EvalRunQueued, () => evalWorker.wake());
  watchQueues(metrics, db, webhookWorker, evalWorker);
  const rolloutWorker = new RolloutWorker(services.rollouts, logger, {
    intervalMs: options.rolloutCheckIntervalMs ?? config.rolloutCheckIntervalMs,
    outage,
  });
  // GW-11: /mcp serves the live skills; a publish, rollback or library change tells open sessions (every instance).
  const mcpSkills = new McpSkillsEndpoint(
    new McpSkillsService(services.skillReader, services.sources),
    (header) => services.auth.authenticate(header),
    bus,
    logger,
  );
  events.on(SkillLiveMoved, (moved) => mcpSkills.liveMoved(moved.projectId));
  // UX-5: call events and tool runs reach subscribers on every instance (the bus), after their rows committed.
  const pubSub: CallEventsPubSub = createPubSub();
  const timeline = new CallTimelineService(services.calls, bus, pubSub, logger);
  events.on(CallRecorded, (recorded) => timeline.recorded(recorded.callId, recorded.toldOthers));
  const rolloutUpdates = new RolloutUpdates(services.rollouts, bus, logger, options.rolloutRefreshMs);
  events.on(RolloutChanged, (changed) => rolloutUpdates.changed(changed.rolloutId));
  const sessionStore = await openSessionStore({
    kind: config.sessionStore,
    path: config.sessionStorePath,
    redis,
    ttlSecs: config.sessionStoreSkillsTtlSecs,
    bus,
  });
  let gateway: Awaited<ReturnType<typeof createGateway>>;
  try {
    gateway = await createGateway({
      auth: services.auth,
      agents: services.agentDirectory,
      calls: services.callResolution,
      skills: services.skillReader,
      tools: services.tools,
      model: services.model,
      store: sessionStore,
      logger,
      configFile: config.gatewayConfig,
      customEvents: config.customEvents,
      maxToolRounds: config.chatMaxToolRounds,
      bodyLimitBytes: config.bodyLimitBytes,
      telemetry,
    });
  } catch (error) {
    // GATEWAY_CONFIG did not validate (GW-3): nothing started may keep the process alive.
    await mcpSkills.close();
    await sessionStore.close();
    await bus.close();
    await tracing.close();
    await redis?.close();
    if (!options.db) await db.close();
    throw error;
  }
  const skillsApi = createSkillsApi({
    db,
    auth: services.auth,
    index: services.skillIndex,
    bundles: services.bundles,
    lifecycle: services.skillLifecycle,
    logger,
    limits: services.limits,
  });
  const resolvers = resolverInstances(services);
  const schema = await buildGraphQLSchema(resolvers, pubSub);
  bindCallTimeline(schema, timeline);
  bindRolloutUpdates(schema, rolloutUpdates);
  const http = await createHttpServer({
    schema,
    logger,
    introspection: config.introspection,
    corsOrigins: config.corsOrigins,
    bodyLimitBytes: config.bodyLimitBytes,
    authFailuresPerMinute: config.authFailuresPerMinute,
    trustProxy: config.trustProxy,
    drainGraceMs: Math.floor(config.shutdownTimeoutMs / 2),
    ...inputPolicy(config, db.columnLengths()),
    webDist: config.webDist,
    // The Skills API (EC-1, EC-2) before the gateway: the first route whose prefix matches serves the request.
    plainRoutes: [
      { prefix: "/v1/skills", handle: skillsApi.handle, blocked: skillsApi.rateLimited },
      { prefix: "/v1", handle: gateway.handle, blocked: gateway.rateLimited },
    ],
    loaders: loaderRegistry(services),
    authenticatedRoutes: [{ path: "/mcp", handle: (request) => mcpSkills.handle(request) }],
    authenticate: (header) => services.auth.authenticate(header),
    ready: () => db.ping(),
    tracing,
    metrics,
    metricsToken: config.metricsToken,
    // Issue 21 (GRAPHQL_JIT): the operations agent platforms send on every call, compiled by graphql-jit.
    compiledRootFields: config.graphqlJit ? ["startCall", "loadSkill", "endCall"] : [],
    outage,
    degraded: (): Record<string, string> => {
      const detail = redis?.detail();
      return detail ? { redis: detail } : {};
    },
  });
  // SEC-7: a revoked key or a deleted project also ends the MCP sessions and subscriptions it opened (every instance;
  // AuthService subscribed first, so its key cache is already cleared when these run).
  bus.subscribe(TENANCY_TOPIC, () => {
    Promise.all([mcpSkills.credentialsChanged(), http.recheckCredentials()]).catch((error: unknown) =>
      logger.warn({ err: error }, "re-checking open sessions' credentials failed"),
    );
  });
  // RT-11: every instance deletes expired call events, a minute apart (platform/jobs).
  services.callRetention.start();
  // OB-3: every instance folds the signal deltas into the hourly rollup (batches commit whole; reads add the rest)
  services.signalRollup.start();
  if (options.startWorkers) {
    webhookWorker.start();
    evalWorker.start();
    rolloutWorker.start();
  }
  let closing: Promise<void> | undefined;
  // SEC-18: close MCP sessions, then stop accepting and drain in-flight requests while the worker finishes its
  // attempts in flight; only then close the bus and the database those requests and attempts use.
  const shutdown = async () => {
    await mcpSkills.close();
    await Promise.all([
      http.stop(),
      webhookWorker.stop(),
      evalWorker.stop(),
      rolloutWorker.stop(),
      services.callRetention.stop(),
      services.signalRollup.stop(),
    ]);
    outage.stop();
    await bus.close();
    await sessionStore.close();
    await tracing.close();
    await redis?.close();
    await db.close();
  };
  return {
    config,
    db,
    logger,
    services,
    http,
    webhookWorker,
    evalWorker,
    rolloutWorker,
    rolloutUpdates,
    bus,
    events,
    mcpSkills,
    sessionStore,
    // Idempotent: a second call waits for the first shutdown instead of stopping things twice.
    close: () => (closing ??= shutdown()),
  };
}
