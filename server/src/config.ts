import path from "node:path";
import { parseSigningKey, SigningKeyError } from "./platform/signing-key";

/** Every setting Skillgraph reads, validated once at start; the only reader of process.env. */
export interface Config {
  readonly port: number;
  readonly host: string;
  readonly production: boolean;
  /** Where the embedded default keeps its SQLite file, generated credential and key. */
  readonly dataDir: string;
  /** postgres://… selects PostgreSQL; unset selects SQLite in dataDir. */
  readonly databaseUrl: string | undefined;
  /** PGOPTIONS: session options for every PostgreSQL connection (the operator's choice); unset: `-c random_page_cost=1.1`. */
  readonly postgresOptions: string | undefined;
  readonly platformToken: string | undefined;
  /** base64 of 32 bytes; generated into dataDir by the embedded default when unset. */
  readonly secretKey: string | undefined;
  /**
   * PV-1 SIGNING_KEY: the Ed25519 key publishes are signed with (base64 of a 32-byte seed, or a PKCS#8 PEM), checked
   * here; generated into dataDir by the embedded default when unset, required with PostgreSQL.
   */
  readonly signingKey: string | undefined;
  readonly redisUrl: string | undefined;
  /**
   * PV-4: DISCOVERY_PROJECT, the project whose live skills `/.well-known/agent-skills/index.json` serves without a
   * key; set at start (setDiscoveryProject changes it afterwards). Unset: none (the index needs a project key).
   */
  readonly discoveryProject: string | undefined;
  /** SEC-19: a Redis command not answered within this counts as Redis being down (the link degrades, never hangs). */
  readonly redisCommandTimeoutMs: number;
  /** Hosts or CIDR ranges outbound requests may reach although loopback or private (SEC-13). */
  readonly outboundAllowHosts: readonly string[];
  readonly corsOrigins: readonly string[];
  readonly introspection: boolean;
  readonly bodyLimitBytes: number;
  readonly seedDemo: boolean;
  readonly logLevel: string;
  readonly skillMaxFiles: number;
  readonly skillMaxBytes: number;
  /** One SKILL.md, in bytes (SEC-11; api.md). */
  readonly skillMdMaxBytes: number;
  readonly authFailuresPerMinute: number;
  /**
   * TRUST_PROXY: which proxies' X-Forwarded-For names the client (the address the auth-failure limit counts):
   * false (none: the peer address), true (any), a hop count, or addresses/CIDRs/`loopback`. Default `loopback`.
   */
  readonly trustProxy: boolean | number | string;
  readonly sessionStore: "memory" | "file" | "redis";
  readonly sessionStorePath: string;
  readonly sessionStoreSkillsTtlSecs: number;
  readonly customEvents: boolean;
  readonly gatewayConfig: string | undefined;
  readonly webhookRetryBaseMs: number;
  readonly webhookMaxAttempts: number;
  readonly webDist: string;
  /** How long call events are kept (RT-11); afterwards a call's skills read `loaded: null`. */
  readonly callEventRetentionSecs: number;
  readonly toolTimeoutMs: number;
  readonly mcpTimeoutMs: number;
  /** The default OpenAI-compatible model endpoint (agents whose config names none); unset: none. */
  readonly modelBaseUrl: string | undefined;
  readonly modelName: string | undefined;
  readonly modelApiKey: string | undefined;
  /** A whole model answer; for a stream, the wait for each chunk. */
  readonly modelTimeoutMs: number;
  /**
   * CT-2: an OpenAI-compatible embeddings endpoint fused with the lexical skill search (EMBEDDINGS_BASE_URL,
   * EMBEDDINGS_MODEL, EMBEDDINGS_API_KEY — a secret, never logged); off unless the URL and the model are set.
   */
  readonly embeddingsBaseUrl: string | undefined;
  readonly embeddingsModel: string | undefined;
  readonly embeddingsApiKey: string | undefined;
  /** One embeddings request; past it the search answers the lexical ranking. */
  readonly embeddingsTimeoutMs: number;
  /** After a failed embeddings request, searches are lexical only for this long. */
  readonly embeddingsPauseMs: number;
  /** CT-2: threads that analyse skills for the search index (SKILL_ANALYSIS_THREADS; unset: one per core, at most 4). */
  readonly skillAnalysisThreads: number | undefined;
  /** Rounds of one chat reply's tool loop (model → tools → model …). */
  readonly chatMaxToolRounds: number;
  /** How often an idle eval worker looks for queued runs (and runs whose worker died). */
  readonly evalPollIntervalMs: number;
  /** RO-5: how often the worker checks running rollouts (guards, step times). */
  readonly rolloutCheckIntervalMs: number;
  /** RO-3: iterations of each tagged scenario, per agent and arm, when a rollout's step runs its evals (1–20). */
  readonly rolloutEvalIterations: number;
  /** How long an eval worker's claim on a run holds without renewal; a dead worker's run is resumed after it. */
  readonly evalLeaseMs: number;
  /** SEC-18: SIGTERM/SIGINT drain in-flight requests for at most half of this; the process exits by this at the latest. */
  readonly shutdownTimeoutMs: number;
  /** OB-1: traces over OTLP, from OpenTelemetry's own variables; null (off, free) when no endpoint is set. */
  readonly tracing: TracingConfig | null;
  /** OB-2 SEC-28: `GET /metrics` answers `Authorization: Bearer <it>` (or the platform credential) when set. */
  readonly metricsToken: string | undefined;
  /** SEC-28 METRICS_PUBLIC: `GET /metrics` answers without a credential (only when the operator says so). */
  readonly metricsPublic: boolean;
  /** GRAPHQL_JIT — the hot call operations (startCall, loadSkill, endCall) executed by graphql-jit. */
  readonly graphqlJit: boolean;
}

/** OpenTelemetry's standard variables for traces (OTEL_EXPORTER_OTLP_*, OTEL_SERVICE_NAME, OTEL_TRACES_SAMPLER, OTEL_BSP_*). */
export interface TracingConfig {
  /** Where spans are POSTed: OTEL_EXPORTER_OTLP_TRACES_ENDPOINT as given, else OTEL_EXPORTER_OTLP_ENDPOINT + `/v1/traces`. */
  readonly url: string;
  readonly protocol: "http/protobuf" | "http/json";
  /** OTEL_EXPORTER_OTLP_(TRACES_)HEADERS: sent with every export (often a vendor's key: never logged). */
  readonly headers: Readonly<Record<string, string>>;
  readonly timeoutMs: number;
  readonly serviceName: string;
  /** OTEL_RESOURCE_ATTRIBUTES. */
  readonly resourceAttributes: Readonly<Record<string, string>>;
  readonly sampler: TracesSampler;
  /** OTEL_TRACES_SAMPLER_ARG: the ratio of the traceidratio samplers (0–1). */
  readonly samplerRatio: number;
  /** OTEL_BSP_*: the batch span processor's queue and schedule. */
  readonly batch: {
    readonly maxQueueSize: number;
    readonly maxExportBatchSize: number;
    readonly scheduledDelayMs: number;
    readonly exportTimeoutMs: number;
  };
  /** OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT: messages, tool arguments and results in spans. */
  readonly captureMessageContent: boolean;
}

export const TRACES_SAMPLERS = [
  "always_on",
  "always_off",
  "traceidratio",
  "parentbased_always_on",
  "parentbased_always_off",
  "parentbased_traceidratio",
] as const;
export type TracesSampler = (typeof TRACES_SAMPLERS)[number];

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

/**
 * What a GraphQL body carrying the largest allowed bundle can weigh, sent as JSON.stringify sends it: the files in
 * base64 (4 bytes for 3, rounded up per file), each with a path of up to 512 characters (4 bytes each in UTF-8) and
 * its JSON, a SKILL.md whose every byte may need a 6-byte escape, and 1 MiB for the query, tools and the rest.
 */
export function largestBundleBodyBytes(limits: {
  maxFiles: number;
  maxBytes: number;
  maxSkillMdBytes: number;
}): number {
  const files = 4 * Math.ceil(limits.maxBytes / 3) + limits.maxFiles * (4 + 4 * 512 + 64);
  return files + 6 * limits.maxSkillMdBytes + 1024 * 1024;
}

/** 12 MiB, or more when the bundle limits need it: the largest bundle they allow always fits through GraphQL. */
function defaultBodyLimit(env: Env): number {
  const needed = largestBundleBodyBytes({
    maxFiles: integer(env, "SKILL_MAX_FILES", 200, 1, 10_000),
    maxBytes: integer(env, "SKILL_MAX_BYTES", 8 * 1024 * 1024, 1024, 1024 * 1024 * 1024),
    maxSkillMdBytes: integer(env, "SKILL_MD_MAX_BYTES", 262_144, 1024, 64 * 1024 * 1024),
  });
  return Math.min(256 * 1024 * 1024, Math.max(12 * 1024 * 1024, needed));
}

function integer(env: Env, key: string, fallback: number, min: number, max: number): number {
  const raw = env[key];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${key} must be a whole number from ${min} to ${max}; it is '${raw}'.`);
  }
  return value;
}

function flag(env: Env, key: string, fallback: boolean): boolean {
  const raw = env[key]?.toLowerCase();
  if (raw === undefined || raw === "") return fallback;
  if (["1", "true", "yes", "on"].includes(raw)) return true;
  if (["0", "false", "no", "off"].includes(raw)) return false;
  throw new ConfigError(`${key} must be true or false; it is '${env[key]}'.`);
}

function list(env: Env, key: string): string[] {
  return (env[key] ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
}

function oneOf<T extends string>(env: Env, key: string, values: readonly T[], fallback: T): T {
  const raw = env[key];
  if (raw === undefined || raw === "") return fallback;
  if ((values as readonly string[]).includes(raw)) return raw as T;
  throw new ConfigError(`${key} must be one of ${values.join(", ")}; it is '${raw}'.`);
}

/** `key=value,key=value` with percent-encoded values (OTEL_EXPORTER_OTLP_HEADERS, OTEL_RESOURCE_ATTRIBUTES). */
function keyValues(env: Env, key: string): Record<string, string> {
  const pairs: Record<string, string> = {};
  for (const item of list(env, key)) {
    const at = item.indexOf("=");
    const name = at > 0 ? item.slice(0, at).trim() : "";
    if (!name) throw new ConfigError(`${key} must be key=value pairs separated by commas; '${item}' is not one.`);
    try {
      pairs[name] = decodeURIComponent(item.slice(at + 1).trim());
    } catch {
      throw new ConfigError(`${key}: the value of '${name}' is not valid percent-encoding.`);
    }
  }
  return pairs;
}

/**
 * OB-1: tracing is on when an OTLP endpoint is set (and neither OTEL_SDK_DISABLED nor OTEL_TRACES_EXPORTER=none
 * turns it off). The signal's own variable wins over the general one, as OpenTelemetry specifies.
 */
function tracingConfig(env: Env): TracingConfig | null {
  const traces = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT || undefined;
  const general = env.OTEL_EXPORTER_OTLP_ENDPOINT || undefined;
  if (!traces && !general) return null;
  if (flag(env, "OTEL_SDK_DISABLED", false)) return null;
  const exporter = env.OTEL_TRACES_EXPORTER?.trim() || "otlp";
  if (exporter === "none") return null;
  if (exporter !== "otlp") throw new ConfigError(`OTEL_TRACES_EXPORTER must be otlp or none; it is '${exporter}'.`);
  const url = traces ?? `${general!.replace(/\/+$/, "")}/v1/traces`;
  if (!/^https?:\/\/[^/]/.test(url)) {
    const name = traces ? "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT" : "OTEL_EXPORTER_OTLP_ENDPOINT";
    throw new ConfigError(
      `${name} must be an http:// or https:// URL such as http://collector:4318; it is '${traces ?? general}'.`,
    );
  }
  const protocols = ["http/protobuf", "http/json"] as const;
  const protocolKey = env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL
    ? "OTEL_EXPORTER_OTLP_TRACES_PROTOCOL"
    : "OTEL_EXPORTER_OTLP_PROTOCOL";
  const ratio = env.OTEL_TRACES_SAMPLER_ARG?.trim();
  const samplerRatio = ratio ? Number(ratio) : 1;
  if (!Number.isFinite(samplerRatio) || samplerRatio < 0 || samplerRatio > 1)
    throw new ConfigError(`OTEL_TRACES_SAMPLER_ARG must be a ratio from 0 to 1; it is '${ratio}'.`);
  const timeoutKey = env.OTEL_EXPORTER_OTLP_TRACES_TIMEOUT
    ? "OTEL_EXPORTER_OTLP_TRACES_TIMEOUT"
    : "OTEL_EXPORTER_OTLP_TIMEOUT";
  return {
    url,
    protocol: oneOf(env, protocolKey, protocols, "http/protobuf"),
    headers: {
      ...keyValues(env, "OTEL_EXPORTER_OTLP_HEADERS"),
      ...keyValues(env, "OTEL_EXPORTER_OTLP_TRACES_HEADERS"),
    },
    timeoutMs: integer(env, timeoutKey, 10_000, 1, 600_000),
    serviceName: env.OTEL_SERVICE_NAME?.trim() || "skillgraph",
    resourceAttributes: keyValues(env, "OTEL_RESOURCE_ATTRIBUTES"),
    sampler: oneOf(env, "OTEL_TRACES_SAMPLER", TRACES_SAMPLERS, "parentbased_always_on"),
    samplerRatio,
    batch: {
      maxQueueSize: integer(env, "OTEL_BSP_MAX_QUEUE_SIZE", 2048, 1, 1_000_000),
      maxExportBatchSize: integer(env, "OTEL_BSP_MAX_EXPORT_BATCH_SIZE", 512, 1, 1_000_000),
      scheduledDelayMs: integer(env, "OTEL_BSP_SCHEDULE_DELAY", 5000, 1, 600_000),
      exportTimeoutMs: integer(env, "OTEL_BSP_EXPORT_TIMEOUT", 30_000, 1, 600_000),
    },
    captureMessageContent: flag(env, "OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT", false),
  };
}

/** SEC-26: a malformed key stops the start with one sentence that never quotes the key. */
function signingKey(raw: string | undefined): string | undefined {
  if (!raw) return undefined;
  try {
    parseSigningKey(raw);
  } catch (error) {
    if (error instanceof SigningKeyError) throw new ConfigError(error.message);
    throw error;
  }
  return raw;
}

function trustProxy(raw: string | undefined): boolean | number | string {
  const value = (raw ?? "").trim();
  if (value === "") return "loopback";
  if (/^(true|false)$/i.test(value)) return value.toLowerCase() === "true";
  if (/^\d+$/.test(value)) return Number(value);
  if (!/^[0-9a-zA-Z.:/, _-]+$/.test(value)) {
    throw new ConfigError(
      `TRUST_PROXY must be true, false, a number of hops, or addresses and CIDR ranges (or loopback, linklocal, uniquelocal) separated by commas; it is '${value}'.`,
    );
  }
  return value;
}

export function loadConfig(env: Env = process.env, overrides: Partial<Config> = {}): Config {
  const port = integer(env, "PORT", 4000, 0, 65535);
  const dataDir = path.resolve(env.DATA_DIR ?? "data");
  const databaseUrl = env.DATABASE_URL || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError("DATABASE_URL must be a postgres:// URL; leave it unset for the embedded SQLite database.");
  }
  const production = env.NODE_ENV === "production";
  const config: Config = {
    port,
    host: env.HOST ?? "0.0.0.0",
    production,
    dataDir,
    databaseUrl,
    postgresOptions: env.PGOPTIONS || undefined,
    platformToken: env.PLATFORM_TOKEN || undefined,
    secretKey: env.SECRET_KEY || undefined,
    signingKey: signingKey(env.SIGNING_KEY),
    redisUrl: env.REDIS_URL || undefined,
    discoveryProject: env.DISCOVERY_PROJECT?.trim() || undefined,
    redisCommandTimeoutMs: integer(env, "REDIS_COMMAND_TIMEOUT_MS", 200, 10, 60_000),
    outboundAllowHosts: list(env, "OUTBOUND_ALLOW_HOSTS"),
    corsOrigins: env.CORS_ORIGINS ? list(env, "CORS_ORIGINS") : [`http://localhost:${port}`],
    introspection: flag(env, "INTROSPECTION", !production),
    bodyLimitBytes: integer(env, "BODY_LIMIT_BYTES", defaultBodyLimit(env), 1024, 256 * 1024 * 1024),
    seedDemo: flag(env, "SEED_DEMO", true),
    logLevel: env.LOG_LEVEL ?? "info",
    skillMaxFiles: integer(env, "SKILL_MAX_FILES", 200, 1, 10_000),
    skillMaxBytes: integer(env, "SKILL_MAX_BYTES", 8 * 1024 * 1024, 1024, 1024 * 1024 * 1024),
    skillMdMaxBytes: integer(env, "SKILL_MD_MAX_BYTES", 262_144, 1024, 64 * 1024 * 1024),
    trustProxy: trustProxy(env.TRUST_PROXY),
    authFailuresPerMinute: integer(env, "AUTH_FAILURES_PER_MINUTE", 20, 1, 100_000),
    sessionStore: oneOf(env, "SESSION_STORE", ["memory", "file", "redis"] as const, "memory"),
    sessionStorePath: path.resolve(env.SESSION_STORE_PATH ?? path.join(dataDir, "sessions")),
    sessionStoreSkillsTtlSecs: integer(env, "SESSION_STORE_SKILLS_TTL_SECS", 86_400, 0, 31_536_000),
    customEvents: flag(env, "CUSTOM_EVENTS", false),
    gatewayConfig: env.GATEWAY_CONFIG || undefined,
    webhookRetryBaseMs: integer(env, "WEBHOOK_RETRY_BASE_MS", 1000, 1, 3_600_000),
    webhookMaxAttempts: integer(env, "WEBHOOK_MAX_ATTEMPTS", 8, 1, 100),
    callEventRetentionSecs: integer(env, "CALL_EVENT_RETENTION_SECS", 30 * 86_400, 1, 10 * 365 * 86_400),
    toolTimeoutMs: integer(env, "TOOL_TIMEOUT_MS", 10_000, 10, 300_000),
    mcpTimeoutMs: integer(env, "MCP_TIMEOUT_MS", 5_000, 10, 300_000),
    modelBaseUrl: env.MODEL_BASE_URL || undefined,
    modelName: env.MODEL_NAME || undefined,
    modelApiKey: env.MODEL_API_KEY || undefined,
    modelTimeoutMs: integer(env, "MODEL_TIMEOUT_MS", 60_000, 10, 3_600_000),
    embeddingsBaseUrl: env.EMBEDDINGS_BASE_URL || undefined,
    embeddingsModel: env.EMBEDDINGS_MODEL || undefined,
    embeddingsApiKey: env.EMBEDDINGS_API_KEY || undefined,
    embeddingsTimeoutMs: integer(env, "EMBEDDINGS_TIMEOUT_MS", 2_000, 10, 60_000),
    embeddingsPauseMs: integer(env, "EMBEDDINGS_PAUSE_MS", 30_000, 0, 3_600_000),
    skillAnalysisThreads: env.SKILL_ANALYSIS_THREADS ? integer(env, "SKILL_ANALYSIS_THREADS", 0, 0, 16) : undefined,
    chatMaxToolRounds: integer(env, "CHAT_MAX_TOOL_ROUNDS", 8, 1, 100),
    evalPollIntervalMs: integer(env, "EVAL_POLL_INTERVAL_MS", 1000, 10, 600_000),
    rolloutCheckIntervalMs: integer(env, "ROLLOUT_CHECK_INTERVAL_MS", 15_000, 100, 3_600_000),
    // at most the publish gate's MAX_GATE_ITERATIONS (20)
    rolloutEvalIterations: integer(env, "ROLLOUT_EVAL_ITERATIONS", 3, 1, 20),
    evalLeaseMs: integer(env, "EVAL_LEASE_MS", 60_000, 100, 3_600_000),
    shutdownTimeoutMs: integer(env, "SHUTDOWN_TIMEOUT_MS", 20_000, 100, 600_000),
    tracing: tracingConfig(env),
    metricsToken: env.METRICS_TOKEN || undefined,
    metricsPublic: flag(env, "METRICS_PUBLIC", false),
    graphqlJit: flag(env, "GRAPHQL_JIT", false),
    webDist: path.resolve(env.WEB_DIST ?? path.join(__dirname, "..", "..", "..", "web", "dist")),
    ...overrides,
  };
  if (config.modelBaseUrl && !/^https?:\/\/[^/]/.test(config.modelBaseUrl)) {
    throw new ConfigError(
      `MODEL_BASE_URL must be an http:// or https:// URL such as https://api.openai.com/v1; it is '${config.modelBaseUrl}'.`,
    );
  }
  if (config.modelBaseUrl && !config.modelName) {
    throw new ConfigError("MODEL_BASE_URL needs MODEL_NAME, the upstream model to ask (e.g. gpt-4o-mini).");
  }
  if (config.embeddingsBaseUrl && !/^https?:\/\/[^/]/.test(config.embeddingsBaseUrl)) {
    throw new ConfigError(
      `EMBEDDINGS_BASE_URL must be an http:// or https:// URL such as https://api.openai.com/v1; it is '${config.embeddingsBaseUrl}'.`,
    );
  }
  if (config.embeddingsBaseUrl && !config.embeddingsModel) {
    throw new ConfigError(
      "EMBEDDINGS_BASE_URL needs EMBEDDINGS_MODEL, the embeddings model to ask (e.g. text-embedding-3-small).",
    );
  }
  if (config.sessionStore === "redis" && !config.redisUrl) {
    throw new ConfigError("SESSION_STORE=redis needs REDIS_URL.");
  }
  return Object.freeze(config);
}
