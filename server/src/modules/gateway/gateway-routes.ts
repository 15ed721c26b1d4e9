import { randomUUID } from "node:crypto";
import express, { type NextFunction, type Request, type Response } from "express";
import { constantTimeEqualHex, sha256Hex } from "../../platform/crypto";
import { Loaders } from "../../platform/graphql/context";
import type { Logger } from "../../platform/logger";
import type { AuthService } from "../auth";
import type { GatewayAccess, GatewayAgents } from "./gateway-agents";
import { ChunkStream, SESSION_HEADER } from "./chunk-stream";
import { badRequest, GatewayError, gatewayErrorOf } from "./gateway-errors";
import { MAX_SESSION_ID_LENGTH, sessionIdOf } from "./gateway-messages";
import { parseChatRequest } from "./gateway-request";
import { completeRound, prepareTurn, runToolLoop, streamRound, type TurnDependencies } from "./gateway-turn";

export interface GatewayRouteOptions extends TurnDependencies {
  auth: AuthService;
  agents: GatewayAgents;
  logger: Logger;
  customEvents: boolean;
  bodyLimitBytes: number;
  /** SHA-256 of the keys GATEWAY_CONFIG lists (they reach its agents, as the platform credential does). */
  configKeyHashes: readonly string[];
}

/** A 500 never carries a stack or internals: the request id to quote, the detail in the log (SEC-6). */
function internal(res: Response): GatewayError {
  return new GatewayError(
    500,
    "server_error",
    "internal_error",
    `Something went wrong on our side. Quote request id ${String(res.locals.requestId)} when you report it.`,
  );
}

/** GW-1: a project API key (editor or admin to chat), the platform credential, or a key GATEWAY_CONFIG lists. */
async function authorize(
  options: GatewayRouteOptions,
  req: Request,
  res: Response,
  role: "viewer" | "editor",
): Promise<GatewayAccess> {
  const header = req.get("authorization");
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(header ?? "")?.[1];
  if (bearer && options.configKeyHashes.some((hash) => constantTimeEqualHex(sha256Hex(bearer), hash)))
    return { projectId: null, configAgents: true };
  const authentication = await options.auth.authenticate(header);
  const principal = authentication.principal;
  if (!principal)
    throw new GatewayError(
      401,
      "authentication_error",
      "invalid_api_key",
      authentication.failure ?? "Send a project API key: 'Authorization: Bearer <key>'.",
    );
  if (principal.kind === "platform") return { projectId: null, configAgents: true };
  const scope = await options.auth.authorize(
    { requestId: String(res.locals.requestId), principal, loaders: new Loaders() },
    role,
  );
  return { projectId: scope.projectId, configAgents: false };
}

function fail(options: GatewayRouteOptions, res: Response, error: unknown, stream?: ChunkStream): void {
  let answer = gatewayErrorOf(error);
  if (!answer) {
    options.logger.error({ err: error, requestId: res.locals.requestId }, "gateway request failed");
    answer = internal(res);
  } else if (answer.status >= 500) {
    options.logger.warn(
      { requestId: res.locals.requestId, code: answer.code, message: answer.message },
      "gateway upstream failure",
    );
  }
  if (res.destroyed || res.writableEnded) return;
  if (stream) stream.fail(answer);
  else if (!res.headersSent) res.status(answer.status).json(answer.body());
}

async function chatCompletions(options: GatewayRouteOptions, req: Request, res: Response): Promise<void> {
  const access = await authorize(options, req, res, "editor");
  const request = parseChatRequest(req.body);
  const sessionId = sessionIdOf(
    request.metadata,
    (name) => req.get(name),
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
  const agent = await options.agents.find(access, request.model);
  if (!agent)
    throw new GatewayError(
      404,
      "invalid_request_error",
      "model_not_found",
      `The model '${request.model.slice(0, 200)}' is not an agent you can talk to here: it names no agent (by alias, else name) with a published version. GET /v1/models lists the names served.`,
    );
  const turn = await prepareTurn(agent, options.store, { ...request, sessionId });
  // A client that goes away cancels the upstream request.
  const cancel = new AbortController();
  res.on("close", () => {
    if (!res.writableEnded) cancel.abort();
  });
  if (!request.stream) {
    const { final, clientCalls } = await runToolLoop(
      turn,
      options,
      completeRound(options.model, cancel.signal),
      cancel.signal,
    );
    const completion = final.completion as {
      choices: Array<Record<string, unknown> & { message: Record<string, unknown> }>;
    };
    const choice = completion.choices[0]!;
    const { tool_calls: _all, ...message } = choice.message;
    sendJson(res, {
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
    });
    return;
  }
  const rehydrated = options.customEvents && turn.replayed.length > 0 ? turn.replayed : null;
  const stream = new ChunkStream(res, request.model, sessionId, rehydrated);
  try {
    const { final, clientCalls } = await runToolLoop(
      turn,
      options,
      streamRound(options.model, cancel.signal, (delta) => stream.content(delta)),
      cancel.signal,
    );
    stream.finish(clientCalls, final.finishReason, request.includeUsage ? final.usage : undefined);
  } catch (error) {
    fail(options, res, error, stream);
  }
}

/** `res.json` without Express's ETag (a hash of every answer no client revalidates). */
function sendJson(res: Response, body: unknown): void {
  res.setHeader("content-type", "application/json; charset=utf-8");
  res.end(JSON.stringify(body));
}

/** 429 in OpenAI's shape, for an address past AUTH_FAILURES_PER_MINUTE failed authentications. */
export function rateLimited(res: Response): void {
  const error = new GatewayError(
    429,
    "rate_limit_error",
    "rate_limited",
    "Too many failed authentication attempts from this address; wait a minute.",
  );
  res.status(429).json(error.body());
}

/** GW-1: `POST /v1/chat/completions` and `GET /v1/models`, mounted at /v1 by the composition root. */
export function gatewayRouter(options: GatewayRouteOptions): express.Router {
  const router = express.Router();
  router.use(express.json({ limit: options.bodyLimitBytes }));
  router.get("/models", (req, res) => {
    void (async () => {
      const access = await authorize(options, req, res, "viewer");
      const names = await options.agents.names(access);
      res.json({
        object: "list",
        data: names.map((id) => ({ id, object: "model", created: 0, owned_by: "skillgraph" })),
      });
    })().catch((error: unknown) => fail(options, res, error));
  });
  router.post("/chat/completions", (req, res) => {
    void chatCompletions(options, req, res).catch((error: unknown) => fail(options, res, error));
  });
  router.use((req, res) => {
    const error = new GatewayError(
      404,
      "invalid_request_error",
      "unknown_url",
      `No route ${req.method} /v1${req.path}.`,
    );
    res.status(404).json(error.body());
  });
  router.use((error: Error & { type?: string }, _req: Request, res: Response, _next: NextFunction) => {
    if (error.type === "entity.parse.failed") {
      res.status(400).json(badRequest("invalid_json", "The request body is not valid JSON.").body());
      return;
    }
    if (error.type === "entity.too.large") {
      const tooLarge = new GatewayError(
        413,
        "invalid_request_error",
        "request_too_large",
        `The request body is larger than the limit of ${options.bodyLimitBytes} bytes.`,
      );
      res.status(413).json(tooLarge.body());
      return;
    }
    fail(options, res, error);
  });
  return router;
}

export { SESSION_HEADER };
