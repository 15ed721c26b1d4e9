import { randomUUID } from "node:crypto";
import type http from "node:http";
import { constantTimeEqualHex, sha256Hex } from "../../platform/crypto";
import { Loaders } from "../../platform/graphql/context";
import { jsonFallbackParser, readJsonBody } from "../../platform/http/json-body";
import type { Logger } from "../../platform/logger";
import { Cancellation } from "../../platform/outbound/cancellation";
import type { TraceSpan } from "../../platform/telemetry";
import { bearerCredential, type AuthService } from "../auth";
import type { GatewayAccess, GatewayAgents } from "./gateway-agents";
import { ChunkStream, SESSION_HEADER, sendJson } from "./chunk-stream";
import { badRequest, GatewayError, gatewayErrorOf } from "./gateway-errors";
import { MAX_SESSION_ID_LENGTH, sessionIdOf } from "./gateway-messages";
import { parseChatRequest, type ChatRequest } from "./gateway-request";
import type { ServedAgent } from "./served-agent";
import { completeRound, streamRound } from "../model";
import { prepareTurn, runTurn, type TurnDependencies } from "./gateway-turn";

export interface GatewayRouteOptions extends TurnDependencies {
  auth: AuthService;
  agents: GatewayAgents;
  logger: Logger;
  customEvents: boolean;
  bodyLimitBytes: number;
  /** SHA-256 of the keys GATEWAY_CONFIG lists (they reach its agents, as the platform credential does). */
  configKeyHashes: readonly string[];
}

/** One request to the gateway, as its handlers see it. */
interface Exchange {
  req: http.IncomingMessage;
  res: http.ServerResponse;
  requestId: string;
  /** OB-1: the request's server span (tracing on). */
  trace: TraceSpan | null;
  /** The headers every answer carries (SEC-2, the request id), written with the answer's own (sendJson). */
  head: readonly string[];
}

const header = (req: http.IncomingMessage, name: string): string | undefined => {
  const value = req.headers[name.toLowerCase()];
  return Array.isArray(value) ? value.join(", ") : value;
};

/**
 * A header that names one thing (a session id): sent several times with different values it is a 400 naming it —
 * Node joins repeated lines into "a, b", which would name a third thing. The same value repeated is that value.
 */
const singleHeader = (req: http.IncomingMessage, name: string): string | undefined => {
  const values = req.headersDistinct[name.toLowerCase()];
  if (!values || values.length === 0) return undefined;
  if (values.some((v) => v !== values[0]))
    throw badRequest(
      "ambiguous_header",
      `The ${name} header came ${values.length} times with different values; send it once (or the same value each time).`,
    );
  return values[0];
};

/** A 500 never carries a stack or internals: the request id to quote, the detail in the log (SEC-6). */
function internal(requestId: string): GatewayError {
  return new GatewayError(
    500,
    "server_error",
    "internal_error",
    `Something went wrong on our side. Quote request id ${requestId} when you report it.`,
  );
}

/** GW-1: a project API key (editor or admin to chat), the platform credential, or a key GATEWAY_CONFIG lists. */
async function authorize(
  options: GatewayRouteOptions,
  { req, requestId }: Exchange,
  role: "viewer" | "editor",
): Promise<GatewayAccess> {
  const authorization = header(req, "authorization");
  // The same reading of the header as every other credential's (SEC-7).
  const parsed = bearerCredential(authorization);
  const bearer = parsed && "credential" in parsed ? parsed.credential : null;
  if (bearer && options.configKeyHashes.some((hash) => constantTimeEqualHex(sha256Hex(bearer), hash)))
    return { projectId: null, configAgents: true };
  const authentication = await options.auth.authenticate(authorization);
  const principal = authentication.principal;
  if (!principal)
    throw new GatewayError(
      401,
      "authentication_error",
      "invalid_api_key",
      authentication.failure ?? "Send a project API key: 'Authorization: Bearer <key>'.",
    );
  if (principal.kind === "platform") return { projectId: null, configAgents: true };
  const scope = await options.auth.authorize({ requestId, principal, loaders: new Loaders() }, role);
  return { projectId: scope.projectId, configAgents: false };
}

function fail(
  options: GatewayRouteOptions,
  { res, requestId, head }: Exchange,
  error: unknown,
  stream?: ChunkStream,
): void {
  let answer = gatewayErrorOf(error) ?? bodyErrorOf(error, options.bodyLimitBytes);
  if (!answer) {
    options.logger.error({ err: error, requestId }, "gateway request failed");
    answer = internal(requestId);
  } else if (answer.status >= 500) {
    options.logger.warn({ requestId, code: answer.code, message: answer.message }, "gateway upstream failure");
  }
  if (res.destroyed || res.writableEnded) return;
  if (stream) stream.fail(answer);
  else if (!res.headersSent) sendJson(res, answer.status, answer.body(), head);
}

async function chatCompletions(options: GatewayRouteOptions, exchange: Exchange, body: unknown): Promise<void> {
  const { req } = exchange;
  const access = await authorize(options, exchange, "editor");
  const request = parseChatRequest(body);
  const sessionId = sessionIdOf(
    request.metadata,
    (name) => singleHeader(req, name),
    () => `chat-${randomUUID()}`,
  );
  if (sessionId.length > MAX_SESSION_ID_LENGTH)
    throw badRequest(
      "session_id_too_long",
      `The chat session id has ${sessionId.length} characters; at most ${MAX_SESSION_ID_LENGTH} are accepted.`,
    );
  // The id travels back in a response header when streaming: only what a header can carry is accepted.
  if (/[^\t\x20-\x7e\x80-\xff]/.test(sessionId))
    throw badRequest(
      "invalid_session_id",
      "The chat session id may hold printable characters only (no control characters, nothing beyond Latin-1), as it is echoed in the X-Chat-Session-Id header.",
    );
  const agent = await options.agents.find(access, request.model, sessionId);
  if (!agent)
    throw new GatewayError(
      404,
      "invalid_request_error",
      "model_not_found",
      `The model '${request.model.slice(0, 200)}' is not an agent you can talk to here: it names no agent (by alias, else name) with a published version. GET /v1/models lists the names served.`,
    );
  // OB-1: the turn is an `invoke_agent {agent}` span under the request's; OB-2 counts it by how it ended.
  await options.telemetry.invokeAgent(exchange.trace, async (span) => {
    span.agent(agent.gatewayName, agent.agentId);
    span.conversation(sessionId);
    let outcome: "ok" | "client_tools" | "error" = "error";
    try {
      outcome = await answerTurn(options, exchange, { ...request, sessionId }, agent, span.trace);
    } finally {
      options.telemetry.metrics.gatewayTurn(outcome);
    }
  });
}

/** One turn answered, whole or streamed; how it ended (a streamed failure is answered in the stream). */
async function answerTurn(
  options: GatewayRouteOptions,
  exchange: Exchange,
  request: ChatRequest & { sessionId: string },
  agent: ServedAgent,
  trace: TraceSpan,
): Promise<"ok" | "client_tools" | "error"> {
  const { res } = exchange;
  const { sessionId } = request;
  const turn = await prepareTurn(agent, options.store, request, trace);
  // A client that goes away cancels the upstream request.
  const cancel = new Cancellation();
  res.once("close", () => {
    if (!res.writableEnded) cancel.cancel();
  });
  if (!request.stream) {
    const { final, clientCalls } = await runTurn(turn, options, completeRound(options.model, cancel, trace), cancel);
    const completion = final.completion as {
      choices: Array<Record<string, unknown> & { message: Record<string, unknown> }>;
    };
    const choice = completion.choices[0]!;
    const { tool_calls: _all, ...message } = choice.message;
    sendJson(
      res,
      200,
      {
        ...completion,
        model: request.model,
        choices: [
          {
            ...choice,
            message: { ...message, ...(clientCalls.length > 0 ? { tool_calls: clientCalls } : {}) },
            finish_reason: clientCalls.length > 0 ? "tool_calls" : final.finishReason,
          },
        ],
        // Every upstream round of the turn counts, not only the last.
        ...(final.usage ? { usage: final.usage } : {}),
        metadata: { chat_session_id: sessionId },
      },
      exchange.head,
    );
    return clientCalls.length > 0 ? "client_tools" : "ok";
  }
  const rehydrated = options.customEvents && turn.replayed.length > 0 ? turn.replayed : null;
  const stream = new ChunkStream(res, exchange.head, request.model, sessionId, rehydrated);
  try {
    const { final, clientCalls } = await runTurn(
      turn,
      options,
      streamRound(options.model, cancel, (delta) => stream.content(delta), trace),
      cancel,
    );
    stream.finish(clientCalls, final.finishReason, request.includeUsage ? final.usage : undefined);
    return clientCalls.length > 0 ? "client_tools" : "ok";
  } catch (error) {
    fail(options, exchange, error, stream);
    return "error";
  }
}

/** A body the parser refused, in OpenAI's shape (body-parser's error types); null for anything else. */
function bodyErrorOf(error: unknown, limitBytes: number): GatewayError | null {
  const { type, status } = (error ?? {}) as { type?: unknown; status?: unknown };
  if (type === "entity.parse.failed") return badRequest("invalid_json", "The request body is not valid JSON.");
  if (type === "entity.too.deep") return badRequest("json_too_deep", (error as Error).message);
  if (type === "entity.too.large")
    return new GatewayError(
      413,
      "invalid_request_error",
      "request_too_large",
      `The request body is larger than the limit of ${limitBytes} bytes.`,
    );
  if (type === "charset.unsupported" || type === "encoding.unsupported") return unsupportedMediaType();
  if (typeof status === "number" && status >= 400 && status < 500)
    return badRequest("invalid_request", `The request was not accepted: ${(error as Error).message}`);
  return null;
}

const unsupportedMediaType = () =>
  new GatewayError(
    415,
    "invalid_request_error",
    "unsupported_media_type",
    "The request body must be JSON in UTF-8: send 'content-type: application/json' (charset utf-8 or none), without a content-encoding.",
  );

/** 429 in OpenAI's shape, for an address past AUTH_FAILURES_PER_MINUTE failed authentications. */
export function rateLimited(res: http.ServerResponse): void {
  const error = new GatewayError(
    429,
    "rate_limit_error",
    "rate_limited",
    "Too many failed authentication attempts from this address; wait a minute.",
  );
  // The platform has set the headers every answer carries (and retry-after) on a blocked address's answer.
  sendJson(res, 429, error.body(), []);
}

/** A path lower-cased and without a trailing slash, as Express's routing matched it. */
function routeOf(path: string): string {
  const lower = path.toLowerCase();
  return lower.length > 1 && lower.endsWith("/") ? lower.slice(0, -1) : lower;
}

const unknownUrl = (req: http.IncomingMessage, path: string) =>
  new GatewayError(404, "invalid_request_error", "unknown_url", `No route ${req.method} ${path}.`);

/** A known path asked with another method (HEAD included): 405 with the methods it has in `Allow`. */
function methodNotAllowed(res: http.ServerResponse, method: string | undefined, path: string, allowed: string[]) {
  res.setHeader("allow", allowed.join(", "));
  return new GatewayError(
    405,
    "invalid_request_error",
    "method_not_allowed",
    `${method} is not allowed on ${path}; use ${allowed.join(" or ")}.`,
  );
}

/**
 * GW-1: `POST /v1/chat/completions` and `GET /v1/models`, served on Node's `http` (the composition root hands it to
 * the platform for every path under /v1, with the request id and security headers set).
 */
export function gatewayHandler(
  options: GatewayRouteOptions,
): (
  req: http.IncomingMessage,
  res: http.ServerResponse,
  requestId: string,
  trace: TraceSpan | null,
  head: readonly string[],
) => void {
  const fallbackParser = jsonFallbackParser(options.bodyLimitBytes);
  const models = async (exchange: Exchange) => {
    const access = await authorize(options, exchange, "viewer");
    const names = await options.agents.names(access);
    sendJson(
      exchange.res,
      200,
      { object: "list", data: names.map((id) => ({ id, object: "model", created: 0, owned_by: "skillgraph" })) },
      exchange.head,
    );
  };
  const completions = async (exchange: Exchange) => {
    const body = await readJsonBody(exchange.req, exchange.res, options.bodyLimitBytes, fallbackParser);
    // body-parser leaves a body of another content type (curl -d sends a form's) unread.
    if (body === undefined) throw unsupportedMediaType();
    await chatCompletions(options, exchange, body);
  };
  const routes: Record<string, Record<string, (exchange: Exchange) => Promise<void>>> = {
    "/v1/chat/completions": { POST: completions },
    "/v1/models": { GET: models },
  };
  return (req, res, requestId, trace, head) => {
    const exchange: Exchange = { req, res, requestId, trace, head };
    const path = (req.url ?? "/").split("?", 1)[0]!;
    const methods = routes[routeOf(path)];
    const serve = methods?.[req.method ?? ""];
    const work = serve
      ? serve(exchange)
      : Promise.reject(methods ? methodNotAllowed(res, req.method, path, Object.keys(methods)) : unknownUrl(req, path));
    work.catch((error: unknown) => fail(options, exchange, error));
  };
}

export { SESSION_HEADER };
