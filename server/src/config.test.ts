import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config";
import { defaultModelEndpoint, embeddingsEndpoint } from "./modules/model";
import { createLogger } from "./platform/logger";

describe("model settings", () => {
  it("default to no endpoint, a 60 s timeout and 8 tool rounds", () => {
    const config = loadConfig({});
    expect(defaultModelEndpoint(config)).toBeNull();
    expect([config.modelTimeoutMs, config.chatMaxToolRounds]).toEqual([60_000, 8]);
  });

  it("MODEL_BASE_URL, MODEL_NAME and MODEL_API_KEY make the default endpoint; no key sends none", () => {
    const env = { MODEL_BASE_URL: "https://api.example.com/v1", MODEL_NAME: "gpt-x" };
    expect(defaultModelEndpoint(loadConfig({ ...env, MODEL_API_KEY: "sk-1" }))).toEqual({
      baseUrl: "https://api.example.com/v1",
      model: "gpt-x",
      apiKey: "sk-1",
    });
    expect(defaultModelEndpoint(loadConfig(env))?.apiKey).toBeNull();
  });

  it("refuses a base URL that is not http(s), a base URL without a model name, and out-of-range numbers", () => {
    expect(() => loadConfig({ MODEL_BASE_URL: "ftp://x", MODEL_NAME: "m" })).toThrow(ConfigError);
    expect(() => loadConfig({ MODEL_BASE_URL: "https://api.example.com/v1" })).toThrow(/MODEL_NAME/);
    expect(() => loadConfig({ MODEL_TIMEOUT_MS: "0" })).toThrow(/MODEL_TIMEOUT_MS/);
    expect(() => loadConfig({ CHAT_MAX_TOOL_ROUNDS: "zero" })).toThrow(/CHAT_MAX_TOOL_ROUNDS/);
  });
});

describe("CT-2 embeddings settings", () => {
  it("CT-2 off by default; EMBEDDINGS_BASE_URL and EMBEDDINGS_MODEL turn it on, EMBEDDINGS_API_KEY is optional", () => {
    const off = loadConfig({});
    expect(embeddingsEndpoint(off)).toBeNull();
    expect([off.embeddingsTimeoutMs, off.embeddingsPauseMs]).toEqual([2_000, 30_000]);
    expect(embeddingsEndpoint(loadConfig({ EMBEDDINGS_MODEL: "e" }))).toBeNull();
    const env = { EMBEDDINGS_BASE_URL: "https://api.example.com/v1", EMBEDDINGS_MODEL: "text-embedding-3-small" };
    expect(embeddingsEndpoint(loadConfig({ ...env, EMBEDDINGS_API_KEY: "sk-e" }))).toEqual({
      baseUrl: "https://api.example.com/v1",
      model: "text-embedding-3-small",
      apiKey: "sk-e",
    });
    expect(embeddingsEndpoint(loadConfig(env))?.apiKey).toBeNull();
  });

  it("CT-2 the embeddings key (and the model's) is never written by a logged config", () => {
    let out = "";
    const logger = createLogger(
      "info",
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          out += chunk.toString();
          done();
        },
      }),
    );
    const config = loadConfig({
      EMBEDDINGS_BASE_URL: "https://api.example.com/v1",
      EMBEDDINGS_MODEL: "e",
      EMBEDDINGS_API_KEY: "sk-embeddings-in-config",
      MODEL_API_KEY: "sk-model-in-config",
    });
    logger.info({ config }, "config");
    expect(out).toContain('"embeddingsApiKey":"***"');
    expect(out).not.toContain("sk-embeddings-in-config");
    expect(out).not.toContain("sk-model-in-config");
  });

  it("CT-2 refuses a base URL that is not http(s), or one without a model", () => {
    expect(() => loadConfig({ EMBEDDINGS_BASE_URL: "ftp://x", EMBEDDINGS_MODEL: "m" })).toThrow(ConfigError);
    expect(() => loadConfig({ EMBEDDINGS_BASE_URL: "https://api.example.com/v1" })).toThrow(/EMBEDDINGS_MODEL/);
    expect(() => loadConfig({ EMBEDDINGS_TIMEOUT_MS: "0" })).toThrow(/EMBEDDINGS_TIMEOUT_MS/);
  });
});

describe("OB-1 tracing settings (OpenTelemetry's own variables)", () => {
  it("OB-1 no endpoint: tracing off; OTEL_SDK_DISABLED or OTEL_TRACES_EXPORTER=none turn it off too", () => {
    expect(loadConfig({}).tracing).toBeNull();
    const endpoint = { OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318" };
    expect(loadConfig({ ...endpoint, OTEL_SDK_DISABLED: "true" }).tracing).toBeNull();
    expect(loadConfig({ ...endpoint, OTEL_TRACES_EXPORTER: "none" }).tracing).toBeNull();
  });

  it("OB-1 the general endpoint gets /v1/traces, the traces endpoint is used as given; protobuf, skillgraph and parent-based sampling by default", () => {
    const general = loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318/" }).tracing!;
    expect(general).toMatchObject({
      url: "http://collector:4318/v1/traces",
      protocol: "http/protobuf",
      serviceName: "skillgraph",
      sampler: "parentbased_always_on",
      timeoutMs: 10_000,
      captureMessageContent: false,
    });
    const traces = loadConfig({
      OTEL_EXPORTER_OTLP_ENDPOINT: "http://ignored:4318",
      OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: "https://api.honeycomb.io/v1/traces",
      OTEL_EXPORTER_OTLP_PROTOCOL: "http/protobuf",
      OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: "http/json",
      OTEL_EXPORTER_OTLP_HEADERS: "x-a=1,x-honeycomb-team=key%3Dvalue",
      OTEL_EXPORTER_OTLP_TRACES_HEADERS: "x-a=2",
      OTEL_SERVICE_NAME: "registry",
      OTEL_RESOURCE_ATTRIBUTES: "deployment.environment.name=prod",
      OTEL_TRACES_SAMPLER: "parentbased_traceidratio",
      OTEL_TRACES_SAMPLER_ARG: "0.25",
      OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT: "true",
    }).tracing!;
    expect(traces).toMatchObject({
      url: "https://api.honeycomb.io/v1/traces",
      protocol: "http/json",
      headers: { "x-a": "2", "x-honeycomb-team": "key=value" },
      serviceName: "registry",
      resourceAttributes: { "deployment.environment.name": "prod" },
      sampler: "parentbased_traceidratio",
      samplerRatio: 0.25,
      captureMessageContent: true,
    });
  });

  it("OB-1 refuses what OpenTelemetry would not take, naming the variable", () => {
    const endpoint = { OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318" };
    expect(() => loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: "collector:4318" })).toThrow(/OTEL_EXPORTER_OTLP_ENDPOINT/);
    expect(() => loadConfig({ ...endpoint, OTEL_EXPORTER_OTLP_PROTOCOL: "grpc" })).toThrow(
      /OTEL_EXPORTER_OTLP_PROTOCOL/,
    );
    expect(() => loadConfig({ ...endpoint, OTEL_TRACES_SAMPLER: "sometimes" })).toThrow(/OTEL_TRACES_SAMPLER/);
    expect(() => loadConfig({ ...endpoint, OTEL_TRACES_SAMPLER_ARG: "2" })).toThrow(/OTEL_TRACES_SAMPLER_ARG/);
    expect(() => loadConfig({ ...endpoint, OTEL_EXPORTER_OTLP_HEADERS: "novalue" })).toThrow(
      /OTEL_EXPORTER_OTLP_HEADERS/,
    );
    expect(() => loadConfig({ ...endpoint, OTEL_TRACES_EXPORTER: "zipkin" })).toThrow(/OTEL_TRACES_EXPORTER/);
  });
});

describe("CT-2 skill analysis threads", () => {
  it("CT-2 unset: the default (one per core, at most 4); SKILL_ANALYSIS_THREADS 0–16 says how many; else refused", () => {
    expect(loadConfig({}).skillAnalysisThreads).toBeUndefined();
    expect(loadConfig({ SKILL_ANALYSIS_THREADS: "" }).skillAnalysisThreads).toBeUndefined();
    expect(loadConfig({ SKILL_ANALYSIS_THREADS: "0" }).skillAnalysisThreads).toBe(0);
    expect(loadConfig({ SKILL_ANALYSIS_THREADS: "3" }).skillAnalysisThreads).toBe(3);
    for (const wrong of ["17", "-1", "two"])
      expect(() => loadConfig({ SKILL_ANALYSIS_THREADS: wrong })).toThrow(/SKILL_ANALYSIS_THREADS/);
  });
});

describe("SEC-19 Redis command timeout", () => {
  it("is 200 ms unless REDIS_COMMAND_TIMEOUT_MS says otherwise, within 10 ms – 60 s", () => {
    expect(loadConfig({}).redisCommandTimeoutMs).toBe(200);
    expect(loadConfig({ REDIS_COMMAND_TIMEOUT_MS: "1500" }).redisCommandTimeoutMs).toBe(1500);
    expect(() => loadConfig({ REDIS_COMMAND_TIMEOUT_MS: "5" })).toThrow(/REDIS_COMMAND_TIMEOUT_MS/);
    expect(() => loadConfig({ REDIS_COMMAND_TIMEOUT_MS: "soon" })).toThrow(/REDIS_COMMAND_TIMEOUT_MS/);
  });
});

describe("metrics settings", () => {
  it("SEC-28 /metrics is closed unless METRICS_PUBLIC=true says otherwise, in production too", () => {
    expect(loadConfig({}).metricsPublic).toBe(false);
    expect(loadConfig({ NODE_ENV: "production", METRICS_TOKEN: "" }).metricsPublic).toBe(false);
    expect(loadConfig({ METRICS_PUBLIC: "true" }).metricsPublic).toBe(true);
  });

  it("PV-1 SIGNING_KEY: a base64 seed or a PEM is kept as given; a malformed one is a ConfigError naming the forms", () => {
    const seed = Buffer.alloc(32, 3).toString("base64");
    expect(loadConfig({ SIGNING_KEY: seed }).signingKey).toBe(seed);
    expect(loadConfig({}).signingKey).toBeUndefined();
    expect(() => loadConfig({ SIGNING_KEY: "c2hvcnQ=" })).toThrow(ConfigError);
    expect(() => loadConfig({ SIGNING_KEY: "c2hvcnQ=" })).toThrow(
      /^SIGNING_KEY must be an Ed25519 key: base64 of a 32-byte seed/,
    );
  });
});
