import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError, type OpenAI } from "openai";
import type {
  ChatCompletion,
  ChatCompletionChunk,
  ChatCompletionCreateParamsBase,
} from "openai/resources/chat/completions";
import { LruCache } from "../../platform/cache/lru-cache";
import { UpstreamError } from "../../platform/errors";
import { quote } from "../../platform/text";
import type { HostResolver } from "../../platform/outbound/address-policy";
import { LeanResponse } from "../../platform/outbound/buffered-response";
import type { CancelSignal } from "../../platform/outbound/cancellation";
import { OutboundError } from "../../platform/outbound/outbound-error";
import { pinnedFetch, type PinnedFetch, type PinnedRequestInit } from "../../platform/outbound/pinned-fetch";
import { AgentTelemetry, type ModelRequestTrace, type TraceParent } from "../../platform/telemetry";
import { EndpointClient } from "./endpoint-client";
import { encodePooledRequestBody } from "./request-body";

/** An OpenAI-compatible chat completions endpoint: an agent's `model` config, or the process default. */
export interface ModelEndpoint {
  /** e.g. `https://api.openai.com/v1`; `/chat/completions` is appended. */
  baseUrl: string;
  /** The upstream model name sent in every request. */
  model: string;
  /** Sent as `Authorization: Bearer …`; null sends no Authorization header. */
  apiKey: string | null;
}

/**
 * A chat completions request without `model` (the endpoint's) and `stream` (the method's); `stream_options` is
 * sent by `stream()` only.
 */
export type ModelRequest = Omit<ChatCompletionCreateParamsBase, "model" | "stream">;

export interface ModelClientOptions {
  /** Used when a request names no endpoint (MODEL_BASE_URL, MODEL_NAME, MODEL_API_KEY); null: none configured. */
  defaultEndpoint: ModelEndpoint | null;
  /** A whole non-streaming exchange; for a stream, the wait for its first chunk and between two chunks. */
  timeoutMs: number;
  /** OUTBOUND_ALLOW_HOSTS (SEC-13): loopback or private hosts the endpoints may be on. */
  allowList: readonly string[];
  /** Name resolution for the SEC-13 check (tests); the system resolver by default. */
  resolve?: HostResolver;
  /** OB-1, OB-2: a `chat {model}` span per request (its traceparent sent upstream) and the upstream latency. */
  telemetry?: AgentTelemetry;
}

export interface ModelCallOptions {
  /** The caller gave up (a client disconnected): aborts the request; surfaces as an UpstreamError. */
  signal?: CancelSignal;
  /** OB-1: the span the request's `chat` span hangs under (a turn's `invoke_agent`). */
  trace?: TraceParent | null;
}

const MAX_QUOTED_CHARS = 300;

/** Where an endpoint is, for messages: origin and path only (no query, no credentials). */
export function describe(baseUrl: string): string {
  try {
    const url = new URL(baseUrl);
    return `${url.origin}${url.pathname.replace(/\/$/, "")}`;
  } catch {
    return `'${baseUrl.slice(0, 100)}'`;
  }
}

/** An upstream's words on one line, quoted for a message. */
export function quoted(text: string, max = MAX_QUOTED_CHARS): string {
  return quote(text.replace(/\s+/g, " ").trim(), { max });
}

/** Room for the model's own words when it refused a request: they are what the caller needs to fix it. */
const MAX_QUOTED_REFUSAL_CHARS = 2000;

/** A watchdog that aborts when `ms` pass without a `reset()`; `fired` says whether it was the one that aborted. */
class Watchdog {
  readonly controller = new AbortController();
  fired = false;
  private timer: NodeJS.Timeout | undefined;
  private readonly detach: () => void;

  constructor(
    private readonly ms: number,
    outer: CancelSignal | undefined,
  ) {
    const onOuterAbort = () => this.controller.abort(outer?.reason);
    if (outer?.aborted) onOuterAbort();
    outer?.addEventListener("abort", onOuterAbort, { once: true });
    this.detach = () => outer?.removeEventListener("abort", onOuterAbort);
    this.reset();
  }

  reset(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.fired = true;
      this.controller.abort(new Error("model endpoint timeout"));
    }, this.ms);
  }

  stop(): void {
    clearTimeout(this.timer);
    this.detach();
  }
}

/**
 * The request options that send `body` as encodeRequestBody's bytes, in a pooled buffer released once sent (the
 * client's documented `body` request option replaces the body it would serialise itself; the parameters still decide
 * streaming and the answer's parsing), and hand `cancel` to the pinned fetch beside the client's own signal
 * (`fetchOptions` reach the fetch as they are).
 */
function encoded(
  body: ModelRequest & { model: string; stream: boolean },
  cancel: CancelSignal | undefined,
  trace: ModelRequestTrace,
) {
  const { bytes, release } = encodePooledRequestBody(body);
  // The pinned fetch hands the body's buffer back once it has written it whole.
  const ours: Pick<PinnedRequestInit, "cancel" | "sent"> = cancel ? { cancel, sent: release } : { sent: release };
  // Typed as the client's fetch options, which do not know `cancel` (the fetch it calls is ours).
  const fetchOptions = ours as NonNullable<Parameters<OpenAI["chat"]["completions"]["create"]>[1]>["fetchOptions"];
  const headers: Record<string, string> = { "content-type": "application/json" };
  trace.inject(headers);
  return { body: bytes, headers, fetchOptions };
}

/**
 * A non-stream answer as the client's own parse makes it (its `defaultParseResponse`: 204 is null; a JSON
 * media type is parsed, an empty body or `content-length: 0` is undefined; anything else is its text), read here
 * when the pinned fetch has already read the body whole (a LeanResponse): the client's parse would add a timer, a
 * race and two promise wrappings per answer to read a buffer. Failing statuses were already thrown by the client
 * (its APIError), and its timeout covered the whole exchange (the fetch answers once the body is in). Any other
 * answer (bodiless, an event stream) is parsed by the client, under its timeout.
 */
async function parsedAnswer(request: ReturnType<OpenAI["chat"]["completions"]["create"]>): Promise<unknown> {
  const response: unknown = await request.asResponse();
  if (!(response instanceof LeanResponse)) return (await request) as unknown;
  const mediaType = response.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase();
  if (mediaType?.includes("application/json") || mediaType?.endsWith("+json")) {
    if (response.headers.get("content-length") === "0") return undefined;
    const text = await response.text();
    return text ? (JSON.parse(text) as unknown) : undefined;
  }
  return response.text();
}

function isChatCompletion(value: unknown): value is ChatCompletion {
  const choices = (value as { choices?: unknown } | null)?.choices;
  if (!Array.isArray(choices) || choices.length === 0) return false;
  const message = (choices[0] as { message?: unknown } | null)?.message;
  return typeof message === "object" && message !== null;
}

function isChunk(value: unknown): value is ChatCompletionChunk {
  return Array.isArray((value as { choices?: unknown } | null)?.choices);
}

/**
 * Talks to any OpenAI-compatible chat completions endpoint with the official `openai` client. Never retries (the
 * caller decides), checks every base URL against SEC-13 before the request and follows no redirect, and turns
 * every failure — refused URL, connection error, HTTP error status, timeout, an answer that is not a chat
 * completion — into an UpstreamError (GraphQL `UPSTREAM_ERROR`, `details.status` where the upstream gave one).
 */
export class ModelClient {
  /**
   * One `openai` client per endpoint (base URL and key), built on first use: building one per request showed in the
   * gateway's profile. The key is part of the cache key, so a rotated key gets its own client.
   */
  private readonly clients = new LruCache<string, OpenAI>(256);
  /** SEC-13 on every request of every client: checked, dialled at the checked address only, no redirect followed. */
  private readonly fetch: PinnedFetch;

  private readonly telemetry: AgentTelemetry;

  constructor(private readonly options: ModelClientOptions) {
    this.fetch = pinnedFetch({ allowList: options.allowList, resolve: options.resolve, lean: true });
    this.telemetry = options.telemetry ?? AgentTelemetry.detached();
  }

  /** The endpoint a request goes to: the given one, else the default; none at all is an UpstreamError. */
  endpointFor(endpoint: ModelEndpoint | null): ModelEndpoint {
    const chosen = endpoint ?? this.options.defaultEndpoint;
    if (!chosen) {
      throw new UpstreamError(
        "No model endpoint is configured: the agent's config names no model and MODEL_BASE_URL is not set.",
      );
    }
    return chosen;
  }

  /** One non-streaming chat completion; the client's own timeout (MODEL_TIMEOUT_MS) bounds the whole exchange. */
  async complete(
    endpoint: ModelEndpoint | null,
    request: ModelRequest,
    options: ModelCallOptions = {},
  ): Promise<ChatCompletion> {
    const target = this.endpointFor(endpoint);
    const trace = this.telemetry.modelRequest(options.trace, target.model, target.baseUrl, request);
    try {
      const client = this.clientFor(target);
      const { stream_options: _streamOnly, ...rest } = request;
      const body = { ...rest, model: target.model, stream: false as const };
      const answer = await parsedAnswer(client.chat.completions.create(body, encoded(body, options.signal, trace)));
      trace.answered(answer);
      if (!isChatCompletion(answer)) {
        throw new UpstreamError(
          `The model endpoint ${describe(target.baseUrl)} answered something that is not a chat completion: ` +
            `${quoted(typeof answer === "string" ? answer : (JSON.stringify(answer) ?? String(answer)))}`,
        );
      }
      return answer;
    } catch (error) {
      const failure = this.upstreamError(error, target, {
        timedOut: false,
        cancelled: options.signal?.aborted === true,
      });
      trace.failed(failure);
      throw failure;
    } finally {
      trace.end();
    }
  }

  /** A streaming chat completion: its chunks as they arrive (the `[DONE]` sentinel ends it and is not yielded). */
  async *stream(
    endpoint: ModelEndpoint | null,
    request: ModelRequest,
    options: ModelCallOptions = {},
  ): AsyncIterable<ChatCompletionChunk> {
    const target = this.endpointFor(endpoint);
    const watchdog = new Watchdog(this.options.timeoutMs, options.signal);
    const trace = this.telemetry.modelRequest(options.trace, target.model, target.baseUrl, request);
    let chunks = 0;
    try {
      const client = this.clientFor(target);
      const body = { ...request, model: target.model, stream: true as const };
      const stream = await client.chat.completions.create(body, encoded(body, watchdog.controller.signal, trace));
      for await (const chunk of stream as AsyncIterable<unknown>) {
        watchdog.reset();
        trace.chunk(chunk);
        if (!isChunk(chunk)) {
          throw new UpstreamError(
            `The model endpoint ${describe(target.baseUrl)} streamed something that is not a chat completion chunk: ` +
              quoted(JSON.stringify(chunk) ?? String(chunk)),
          );
        }
        chunks++;
        yield chunk;
      }
      if (chunks === 0) {
        throw new UpstreamError(
          `The model endpoint ${describe(target.baseUrl)} ended its stream without a single chat completion chunk.`,
        );
      }
    } catch (error) {
      const failure = this.upstreamError(error, target, {
        timedOut: watchdog.fired,
        cancelled: options.signal?.aborted === true,
      });
      trace.failed(failure);
      throw failure;
    } finally {
      watchdog.stop();
      trace.end();
    }
  }

  private clientFor(target: ModelEndpoint): OpenAI {
    const key = JSON.stringify([target.baseUrl, target.apiKey]);
    let client = this.clients.get(key);
    if (!client) {
      client = this.newClient(target);
      this.clients.set(key, client);
    }
    return client;
  }

  private newClient(target: ModelEndpoint): OpenAI {
    // A static key, no provider or workload identity: what EndpointClient's kept requests need.
    return new EndpointClient({
      baseURL: target.baseUrl,
      // The client insists on a credential; with none configured the Authorization header is removed below.
      apiKey: target.apiKey ?? "none",
      defaultHeaders: target.apiKey === null ? { Authorization: null } : undefined,
      // Explicit nulls keep OPENAI_ORG_ID / OPENAI_PROJECT_ID from the environment out of every request.
      organization: null,
      project: null,
      maxRetries: 0,
      // Failures surface as UpstreamError for the caller to log; the client's own console logging stays off.
      logLevel: "off",
      timeout: this.options.timeoutMs,
      // A redirect is answered as it came, and is then an error status.
      fetch: this.fetch,
    });
  }

  private upstreamError(
    error: unknown,
    target: ModelEndpoint,
    why: { timedOut: boolean; cancelled: boolean },
  ): UpstreamError {
    const where = describe(target.baseUrl);
    if (error instanceof UpstreamError) return error;
    if (why.cancelled && !why.timedOut) {
      return new UpstreamError(`The request to the model endpoint ${where} was cancelled.`);
    }
    if (why.timedOut || error instanceof APIConnectionTimeoutError) {
      return new UpstreamError(
        `The model endpoint ${where} did not answer within ${this.options.timeoutMs} ms (MODEL_TIMEOUT_MS).`,
        undefined,
        true,
      );
    }
    // The client wraps what its fetch threw: a SEC-13 refusal is the cause of its connection error.
    const refusal = error instanceof OutboundError ? error : (error as { cause?: unknown } | null)?.cause;
    if (refusal instanceof OutboundError && refusal.kind === "refused") {
      return new UpstreamError(`The model endpoint ${where} may not be called: ${refusal.message}`);
    }
    if (error instanceof APIUserAbortError) {
      return new UpstreamError(`The request to the model endpoint ${where} was cancelled.`);
    }
    if (error instanceof APIError && typeof error.status === "number") {
      if (UpstreamError.refuses(error.status)) {
        // SEC-23: the model's own message, marked as the model's; the caller (not the endpoint) is at fault.
        const said = (error.error as { message?: unknown } | undefined)?.message;
        return new UpstreamError(
          `The model refused the request (HTTP ${error.status} from ${where}): ${quoted(typeof said === "string" ? said : error.message, MAX_QUOTED_REFUSAL_CHARS)}`,
          error.status,
        );
      }
      return new UpstreamError(
        `The model endpoint ${where} answered HTTP ${error.status}: ${quoted(error.message)}`,
        error.status,
      );
    }
    if (error instanceof APIError && !(error instanceof APIConnectionError)) {
      // No status and no connection failure: the endpoint streamed an `error` event after its 200.
      return new UpstreamError(`The model endpoint ${where} streamed an error: ${quoted(error.message)}`);
    }
    if (error instanceof APIError) {
      const cause = (error.cause as { message?: unknown } | undefined)?.message;
      return new UpstreamError(
        `The model endpoint ${where} could not be reached: ${quoted(typeof cause === "string" ? cause : error.message)}`,
      );
    }
    const message = error instanceof Error ? error.message : String(error);
    return new UpstreamError(`The model endpoint ${where} answered something unusable: ${quoted(message)}`);
  }
}

/** The process default endpoint from config (MODEL_BASE_URL, MODEL_NAME, MODEL_API_KEY); null when unset. */
export function defaultModelEndpoint(config: {
  modelBaseUrl: string | undefined;
  modelName: string | undefined;
  modelApiKey: string | undefined;
}): ModelEndpoint | null {
  if (!config.modelBaseUrl || !config.modelName) return null;
  return { baseUrl: config.modelBaseUrl, model: config.modelName, apiKey: config.modelApiKey ?? null };
}
