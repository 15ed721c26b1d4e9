import "reflect-metadata";
import type { Config } from "./config";
import { entities } from "./entities";
import { Database } from "./platform/db/database";
import { OutageLog } from "./platform/db/outage-log";
import { DomainEvents } from "./platform/events/domain-events";
import { buildGraphQLSchema } from "./platform/graphql/schema";
import { tooManyFailures } from "./platform/http/json-response";
import { createHttpServer, type HttpServer } from "./platform/http/server";
import { createLogger, type Logger } from "./platform/logger";
import { AgentTelemetry, Metrics, openTracing } from "./platform/telemetry";
import { TENANCY_TOPIC } from "./modules/auth";
import { EvalWorker } from "./modules/evals";
import {
  analysisPool,
  configureSkillAnalysis,
  defaultAnalysisThreads,
  skillAnalysisCounts,
  startAnalysisThreadsFor,
  warmLargeCatalogs,
} from "./modules/calls";
import { WebhookWorker } from "./modules/webhooks";
import { ReviewWorker } from "./modules/review";
import { bindRolloutUpdates, RolloutUpdates, RolloutWorker } from "./modules/rollouts";
import { createPubSub } from "@graphql-yoga/subscription";
import { bindCallTimeline, CallTimelineService, type CallEventsPubSub } from "./modules/call-timeline";
import { McpSkillsEndpoint, McpSkillsService } from "./modules/mcp-skills";
import { keysRoute } from "./modules/provenance";
import { createGateway } from "./modules/gateway";
import { createSkillsApi } from "./modules/skills-api";
import { REVOCATIONS_PATH, revocationsRoute } from "./modules/revocation";
import { DISCOVERY_PREFIX, discoveryRoute } from "./modules/discovery";
import { openSessionStore, type SessionStore } from "./platform/session-store";
import { LocalBus, PostgresBus, RedisBus, type InvalidationBus } from "./platform/cache/invalidation-bus";
import { RedisLink } from "./platform/redis/redis-link";

import { wireServices, type AppSecrets, type Services } from "./app-services";
import { inputPolicy, loaderRegistry, resolverInstances } from "./app-graphql";
import { subscribeListeners } from "./app-listeners";

export type { AppSecrets, Services } from "./app-services";
export { buildAppSchema } from "./app-graphql";

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
  metrics.addScrapedGauge({
    name: "skillgraph_skills_analysed",
    help: "Skills analysed for the search index since the process started (CT-2), by where: thread (the analysis threads) or event_loop.",
    labelNames: ["where"],
    read: async () => {
      const counts = skillAnalysisCounts();
      return [
        { labels: ["thread"], value: counts.thread },
        { labels: ["event_loop"], value: counts.event_loop },
      ];
    },
  });
  metrics.addScrapedGauge({
    name: "skillgraph_skill_analysis_threads",
    help: "Skill analysis threads running (CT-2): started at boot when the live skills hold much text, else on the first large cold list; a failed one is not counted.",
    read: async () => [{ labels: [], value: analysisPool().running }],
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
  /** CR-5: reviews stale versions again; started and stopped with the webhook worker. */
  readonly reviewWorker: ReviewWorker;
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
    (await Database.open({
      url: config.databaseUrl,
      sqlitePath: `${config.dataDir}/skillgraph.sqlite`,
      entities,
      postgresOptions: config.postgresOptions,
    }));
  await db.migrate();
  db.onEffectFailure((error) =>
    logger.warn({ err: error }, "an after-commit effect failed; the change committed (caches expire on their own)"),
  );
  db.onCheckpointFailure((error) =>
    logger.error({ err: error }, "the SQLite checkpoint worker failed; commits checkpoint the WAL themselves again"),
  );
  const events = new DomainEvents(logger);
  db.deliverEventsTo(events);
  await configureSkillAnalysis({
    threads: config.skillAnalysisThreads ?? defaultAnalysisThreads(),
    onFailure: (error) =>
      logger.warn({ err: error }, "a skill analysis thread failed; its skills are analysed on the event loop"),
  });
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
  const services = wireServices(db, config, secrets, bus, logger, telemetry);
  await services.discovery.applyStartValue();
  const threadsAtBoot = startAnalysisThreadsFor(await services.skillReader.liveTextBytes());
  // PV-1: the current public key joins the JWKS the first time the deployment starts with it (rotation keeps the old)
  await services.provenance.registerKey();
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
  const evalWorker = new EvalWorker(db, services.evalPlanner, services.evalExecutor, logger, {
    outage,
    pollIntervalMs: options.evalPollIntervalMs ?? config.evalPollIntervalMs,
    leaseMs: config.evalLeaseMs,
  });
  watchQueues(metrics, db, webhookWorker, evalWorker);
  // CR-5: versions reviewed under other rules (a new release) or never (an upgrade) are reviewed again
  const reviewWorker = new ReviewWorker(services.reviews, logger, { intervalMs: 60 * 60 * 1000, outage });
  const rolloutWorker = new RolloutWorker(services.rollouts, logger, {
    intervalMs: options.rolloutCheckIntervalMs ?? config.rolloutCheckIntervalMs,
    outage,
  });
  // GW-11: /mcp serves the live skills; a publish, rollback or library change tells open sessions (every instance).
  const mcpSkills = new McpSkillsEndpoint(
    new McpSkillsService(
      services.skillReader,
      services.sources,
      // PV-2: skills/get carries the live version's attestation
      async (projectId, versionId) =>
        (await services.provenance.attestationsOf([versionId], projectId)).get(versionId) ?? null,
    ),
    (header) => services.auth.authenticate(header),
    bus,
    logger,
  );
  // UX-5: call events and tool runs reach subscribers on every instance (the bus), after their rows committed.
  const pubSub: CallEventsPubSub = createPubSub();
  const timeline = new CallTimelineService(services.calls, bus, pubSub, logger);
  const rolloutUpdates = new RolloutUpdates(services.rollouts, bus, logger, options.rolloutRefreshMs);
  subscribeListeners(events, services, { webhookWorker, evalWorker, mcpSkills, timeline, rolloutUpdates });
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
    await configureSkillAnalysis({ threads: 0 });
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
    attestations: (projectId, ids) => services.provenance.attestationsOf(ids, projectId),
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
      {
        prefix: REVOCATIONS_PATH,
        handle: revocationsRoute({
          revocations: services.revocations,
          authenticate: (header) => services.auth.authenticate(header),
          logger,
        }),
        blocked: (res) => tooManyFailures(res),
      },
      {
        prefix: DISCOVERY_PREFIX,
        handle: discoveryRoute({
          discovery: services.discovery,
          authenticate: (header) => services.auth.authenticate(header),
          logger,
        }),
        blocked: (res) => tooManyFailures(res),
      },
      { prefix: "/v1/skills", handle: skillsApi.handle, blocked: skillsApi.rateLimited },
      { prefix: "/v1", handle: gateway.handle, blocked: gateway.rateLimited, writesHead: gateway.writesHead },
    ],
    loaders: loaderRegistry(services),
    publicRoutes: [keysRoute(services.provenance)],
    authenticatedRoutes: [{ path: "/mcp", handle: (request) => mcpSkills.handle(request) }],
    authenticate: (header) => services.auth.authenticate(header),
    ready: () => db.ping(),
    tracing,
    metrics,
    metricsAccess: { token: config.metricsToken, public: config.metricsPublic },
    // GRAPHQL_JIT: the operations agent platforms send on every call, compiled by graphql-jit.
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
    reviewWorker.start();
  }
  let closing: Promise<void> | undefined;
  // CT-2: the largest agents' catalog indexes are built now, on the threads started above, before their first call
  if (threadsAtBoot) {
    const started = performance.now();
    warmLargeCatalogs(services.callResolution, services.agentDirectory, { stopped: () => closing !== undefined })
      .then(({ agents, skills }) => {
        if (agents > 0)
          logger.info(
            { agents, skills, ms: Math.round(performance.now() - started) },
            "built the largest agents' skill search indexes",
          );
      })
      .catch((error: unknown) => {
        if (!closing) logger.warn({ err: error }, "the skill search indexes' warm-up stopped; first calls build them");
      });
  }
  // SEC-18: close MCP sessions, then stop accepting and drain in-flight requests while the worker finishes its
  // attempts in flight; only then close the bus and the database those requests and attempts use.
  const shutdown = async () => {
    await mcpSkills.close();
    await Promise.all([
      http.stop(),
      webhookWorker.stop(),
      evalWorker.stop(),
      rolloutWorker.stop(),
      reviewWorker.stop(),
      services.callRetention.stop(),
      services.signalRollup.stop(),
    ]);
    outage.stop();
    // after the drain: a request in flight may still be waiting for its skills' analyses
    await configureSkillAnalysis({ threads: 0 });
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
    reviewWorker,
    rolloutUpdates,
    bus,
    events,
    mcpSkills,
    sessionStore,
    // Idempotent: a second call waits for the first shutdown instead of stopping things twice.
    close: () => (closing ??= shutdown()),
  };
}
