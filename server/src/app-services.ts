/**
 * The composition root, first half: every module's services, wired through the ports they declare (app.ts opens
 * the database, the bus and the servers around them).
 */
import "reflect-metadata";
import type { Config } from "./config";
import { SecretBox, parseSecretKey } from "./platform/crypto";
import type { Database } from "./platform/db/database";
import type { Logger } from "./platform/logger";
import type { AgentTelemetry } from "./platform/telemetry";
import { AgentCallDirectory, AgentDigests, AgentSecrets, AgentService } from "./modules/agents";
import { ApprovalCheck, ApprovalService, ReviewedVersions } from "./modules/approvals";
import { ApiKeyService } from "./modules/api-keys";
import { AuditService } from "./modules/audit";
import { AuthService } from "./modules/auth";
import { ChatSecrets, ChatService, ChatSessionSteps, ChatTurns } from "./modules/chat";
import { InsightService, OutcomeService, SignalRollup, SkillSignals } from "./modules/signals";
import {
  CallEngine,
  CallResolution,
  CallRetention,
  CallService,
  McpConnector,
  SkillSearch,
  ToolRunner,
} from "./modules/calls";
import { CALL_EVENTS_TOPIC } from "./modules/call-timeline";
import { EvalExecutor, EvalGate, EvalPlanner, EvalService } from "./modules/evals";
import { ImpactService } from "./modules/impact";
import { KnowledgeService } from "./modules/knowledge";
import { LibraryService, SkillSourceCache } from "./modules/libraries";
import { defaultModelEndpoint, EmbeddingsClient, embeddingsEndpoint, ModelClient } from "./modules/model";
import { ProjectService } from "./modules/projects";
import { ProvenanceService } from "./modules/provenance";
import { parseSigningKey } from "./platform/signing-key";
import { ReviewService } from "./modules/review";
import { RevocationService } from "./modules/revocation";
import { DiscoveryService } from "./modules/discovery";
import {
  SkillBundleService,
  SkillCatalogService,
  SkillDigests,
  SkillIndexService,
  SkillDiffService,
  SkillLifecycleService,
  SkillReader,
  SkillService,
} from "./modules/skills";
import { UsageService } from "./modules/usage";
import { WebhookService } from "./modules/webhooks";
import {
  RolloutEvaluations,
  RolloutForecasts,
  RolloutService,
  RolloutSteps,
  RunningRollouts,
} from "./modules/rollouts";
import type { PublishGate } from "./modules/versioning";
import type { InvalidationBus } from "./platform/cache/invalidation-bus";

export interface AppSecrets {
  /** base64 of 32 bytes. */
  secretKey: string;
  /** PV-1: SIGNING_KEY (base64 of an Ed25519 seed, or a PKCS#8 PEM); never logged, never answered (SEC-26). */
  signingKey: string;
  /** SHA-256 (hex) of the platform credential. */
  platformTokenHash: string;
}

/** Every service of the modules, wired through the ports they declare. */
export function wireServices(
  db: Database,
  config: Config,
  secrets: AppSecrets,
  bus: InvalidationBus,
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
    { allowList: config.outboundAllowHosts },
    (tx, projectId, version) => rollouts.refuseCandidateEdit(tx, projectId, version),
    // CR-1: every create and edit stores the review of its content
    (content) => reviews.forWrite(content),
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
    // PV-2: every publish signs its attestation in its transaction
    async (tx, version, actor) => {
      await provenance.attest(tx, version, actor);
    },
  );
  const bundles = new SkillBundleService(auth, skills, limits);
  const diffs = new SkillDiffService(skills);
  const digests = new SkillDigests(skills, secretBox);
  const provenance = new ProvenanceService(db, parseSigningKey(secrets.signingKey), digests);
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
  // CR-1, CR-3: reviews stored with versions; the publish gate asks them beside the approvals (one policy read)
  const reviews: ReviewService = new ReviewService(db, auth, audit, digests, webhooks, limits, (manager, projectId) =>
    approvalCheck.blockSeverityOf(manager, projectId),
  );
  const approvalCheck: ApprovalCheck = new ApprovalCheck(reviewed, reviews);
  const approvals = new ApprovalService(db, auth, audit, webhooks, reviewed);
  const catalog = new SkillCatalogService(db, bus, (projectId, ids) => knowledge.basesWithDocuments(projectId, ids));
  const sources = new SkillSourceCache(db, bus);
  const agentDirectory = new AgentCallDirectory(db, new AgentSecrets(secretBox), knowledge, bus, { sources, catalog });
  const mcp = new McpConnector(config.outboundAllowHosts, config.mcpTimeoutMs);
  // RO-1..6: staged rollouts; resolutions read the running ones from a cache dropped on every change (the bus).
  const rollouts: RolloutService = new RolloutService(
    db,
    auth,
    skillLifecycle,
    skillReader,
    new RolloutSteps(audit, webhooks, skillLifecycle),
    // RO-3: the guards and the page read the signals module's one per-arm aggregation
    (list) => signals.forRollouts(list),
    approvalCheck,
    // RO-3: each step's evals (the publish gate's comparison, the rollout's eval tag), wired below
    (rollout) => rolloutEvals.evaluate(rollout),
  );
  const runningRollouts = new RunningRollouts(bus, rollouts, skillReader);
  // RO-3, OB-3: the per-skill signals, recorded by calls and sessions in their own transactions
  const signals = new SkillSignals(db);
  const callResolution = new CallResolution(
    agentDirectory,
    catalog,
    sources,
    mcp,
    (projectId) => runningRollouts.of(projectId),
    // CT-1: an overflowing catalog ranks, after relevance, by what the agent's calls loaded lately
    (projectId, agentId) => signals.recentLoads(projectId, agentId),
  );
  // CT-2: find_skills and agentSkillSearch, fused with an embeddings endpoint when EMBEDDINGS_BASE_URL is set
  const embeddings = embeddingsEndpoint(config);
  const skillSearch = new SkillSearch({
    embedder: embeddings
      ? new EmbeddingsClient({
          endpoint: embeddings,
          timeoutMs: config.embeddingsTimeoutMs,
          allowList: config.outboundAllowHosts,
        })
      : null,
    pauseMs: config.embeddingsPauseMs,
    logger,
    counted: (outcome) => telemetry.metrics.embeddingsRequest(outcome),
  });
  const tools = new ToolRunner(
    agentDirectory,
    skillReader,
    mcp,
    { allowList: config.outboundAllowHosts, timeoutMs: config.toolTimeoutMs },
    telemetry,
    skillSearch,
  );
  const outcomes = new OutcomeService(db, auth);
  const insights = new InsightService(db, auth);
  const signalRollup = new SignalRollup(db, logger);
  const calls = new CallService(
    db,
    auth,
    agentDirectory,
    callResolution,
    // A load's compare-and-set statement carries the timeline's notice itself when the bus is NOTIFY (UX-5)
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
  const chats = new ChatService(db, auth);
  const chatSecrets = new ChatSecrets(secretBox);
  const chatSteps = new ChatSessionSteps(db, auth, callResolution, agentDirectory, chatSecrets, signals);
  const chatTurns = new ChatTurns(
    chatSteps,
    chatSecrets,
    tools,
    model,
    { maxToolRounds: config.chatMaxToolRounds },
    telemetry,
  );
  // Evals run the one tool loop in memory (EV-1..5); the publish gate runs them synchronously.
  const evalPlanner = new EvalPlanner(callResolution, agentDirectory, secretBox);
  const evalExecutor = new EvalExecutor(tools, model, { maxToolRounds: config.chatMaxToolRounds });
  const evals = new EvalService(db, auth, audit, callResolution, usage, evalPlanner);
  const evalGate = new EvalGate(auth, evals, evalPlanner, evalExecutor, catalog);
  const impact = new ImpactService(db, auth, skills, skillReader, usage, evalGate);
  const rolloutEvals = new RolloutEvaluations(db, evalGate, usage, logger, {
    iterations: config.rolloutEvalIterations,
  });
  // RO-4, UX-8: the start form's forecast (the skill's recent traffic, the tagged scenarios a step would run)
  // PV-3: revoking a version (its live pointer moved by the lifecycle, in one transaction)
  const revocations = new RevocationService(db, auth, audit, skillLifecycle, digests, webhooks, skillReader);
  // PV-4: the discovery index (the project's live skills as reproducible archives)
  const discovery = new DiscoveryService(db, auth, skillReader, bus, config.discoveryProject);
  const rolloutForecasts = new RolloutForecasts(
    auth,
    skillReader,
    usage,
    (projectId, skill, agentIds, from, to) => signals.trafficOf(projectId, skill, agentIds, from, to),
    async (projectId, tag) => (await evals.taggedScenarios(projectId, tag)).length,
    config.rolloutEvalIterations,
  );
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
    provenance,
    agentDigests,
    approvals,
    approvalCheck,
    reviews,
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
    rolloutForecasts,
    runningRollouts,
    revocations,
    discovery,
  };
}

export type Services = ReturnType<typeof wireServices>;
