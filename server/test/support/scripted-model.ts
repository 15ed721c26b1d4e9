import http, { type IncomingHttpHeaders, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A scripted OpenAI-compatible upstream for tests: a real `node:http` server on 127.0.0.1 (port 0) serving
 * `POST /v1/chat/completions`, streaming (SSE chunks ending in `data: [DONE]`) and not, answering from a queue of
 * scripted replies or, when the queue is empty, from a responder function of the request. Every request is
 * recorded. Tests that call it must allow-list 127.0.0.1 (OUTBOUND_ALLOW_HOSTS, SEC-13).
 *
 *   const model = await startScriptedModel();
 *   model.reply({ toolCalls: [{ name: "load_skill", arguments: { name: "explain_bill" } }] }, { text: "Done." });
 *   … point the app at model.endpoint() …
 *   expect(model.requests[1].body.messages).toContainEqual(…);
 *   await model.close();
 *
 * A strict model (`strict: true`, or `setStrict(true)`) refuses, before any reply, what OpenAI refuses with 400: a
 * tool message that answers no tool call of an earlier assistant message.
 */

export interface ScriptedToolCall {
  name: string;
  /** An object (sent JSON-encoded) or a raw string (sent as is, e.g. broken JSON). */
  arguments: unknown;
  /** Default `call_<n>`, numbered across the server's life. */
  id?: string;
}

export type ScriptedReply =
  /** An assistant message with text; `chunks` splits it for streaming (default: word by word). */
  | { text: string; chunks?: string[]; delayMs?: number }
  /** An assistant message calling tools (finish_reason `tool_calls`), with optional text. */
  | { toolCalls: ScriptedToolCall[]; text?: string; delayMs?: number }
  /** An HTTP error status with OpenAI's error body (or `body`, sent as JSON). */
  | { fail: number; message?: string; body?: unknown }
  /** Never answers: the request stays open until the client gives up or the server closes. */
  | { hang: true }
  /** HTTP 200 with this raw body (content type: JSON, or SSE for streaming requests, unless given). */
  | { garbage: string; contentType?: string };

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The parsed JSON body (null when it was not JSON). */
  body: ChatRequestBody;
  stream: boolean;
  /** The client closed the connection before the answer was complete (it gave up, or cancelled). */
  cancelled: boolean;
  /** Date.now() when its body had arrived (what the client did before sending it happened earlier). */
  at: number;
}

/** The parts of a chat completions request tests usually look at; everything else is there too. */
export interface ChatRequestBody {
  model?: string;
  stream?: boolean;
  messages: Array<{ role: string; content?: unknown; tool_calls?: unknown; tool_call_id?: string; name?: string }>;
  tools?: Array<{ type: string; function: { name: string; description?: string; parameters?: unknown } }>;
  [key: string]: unknown;
}

export type ScriptedResponder = (request: RecordedRequest) => ScriptedReply | Promise<ScriptedReply>;

export interface ScriptedModel {
  /** The base URL to configure: `http://127.0.0.1:<port>/v1`. */
  readonly baseUrl: string;
  /** Every request received, oldest first (including ones still being answered). */
  readonly requests: RecordedRequest[];
  /** `{ baseUrl, model, apiKey }` for an agent's `model` input or the default endpoint. */
  endpoint(model?: string, apiKey?: string | null): { baseUrl: string; model: string; apiKey: string | null };
  /** Queues replies, answered in order, one per request. */
  reply(...replies: ScriptedReply[]): void;
  /** Answers requests when the queue is empty; without one an empty queue is a 500 saying so. */
  respondWith(responder: ScriptedResponder | null): void;
  /** Refuse (400, OpenAI's body) a history with a tool message that answers no earlier tool call. */
  setStrict(strict: boolean): void;
  /** Empties the queue and the recorded requests, drops the responder and strictness (back to the options'). */
  reset(): void;
  /** Stops the server, cutting hanging requests. */
  close(): Promise<void>;
}

const SSE_HEADERS = { "content-type": "text/event-stream", "cache-control": "no-cache", connection: "keep-alive" };

export function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}

/** OpenAI's 400 for a tool message that answers no tool call of an earlier assistant message; null when none. */
function strictRefusal(body: ChatRequestBody): { message: string; param: string } | null {
  const called = new Set<string>();
  for (const [index, message] of body.messages.entries()) {
    if (message.role === "assistant")
      for (const call of (message.tool_calls as Array<{ id?: string }> | undefined) ?? [])
        if (call.id) called.add(call.id);
    if (message.role === "tool" && !called.has(message.tool_call_id ?? ""))
      return {
        message:
          "Invalid parameter: messages with role 'tool' must be a response to a preceeding message with 'tool_calls'.",
        param: `messages.[${index}].role`,
      };
  }
  return null;
}

export async function startScriptedModel(
  options: { respond?: ScriptedResponder; strict?: boolean } = {},
): Promise<ScriptedModel> {
  const queue: ScriptedReply[] = [];
  const requests: RecordedRequest[] = [];
  let responder: ScriptedResponder | null = options.respond ?? null;
  let strict = options.strict ?? false;
  let callCounter = 0;
  let completionCounter = 0;

  const answer = async (recorded: RecordedRequest, res: ServerResponse): Promise<void> => {
    const refusal = strict ? strictRefusal(recorded.body) : null;
    if (refusal) {
      json(res, 400, { error: { ...refusal, type: "invalid_request_error", code: null } });
      return;
    }
    const reply = queue.shift() ?? (responder ? await responder(recorded) : undefined);
    if (!reply) {
      json(res, 500, { error: { message: "The scripted model has no reply left.", type: "server_error", code: null } });
      return;
    }
    if ("hang" in reply) return;
    if ("fail" in reply) {
      const message = reply.message ?? `Scripted failure ${reply.fail}.`;
      json(res, reply.fail, reply.body ?? { error: { message, type: "server_error", code: null } });
      return;
    }
    if ("garbage" in reply) {
      res.writeHead(200, {
        "content-type": reply.contentType ?? (recorded.stream ? "text/event-stream" : "application/json"),
      });
      res.end(reply.garbage);
      return;
    }
    if (reply.delayMs) await new Promise((resolve) => setTimeout(resolve, reply.delayMs));
    const id = `chatcmpl-${++completionCounter}`;
    const model = recorded.body.model ?? "scripted";
    const created = Math.floor(Date.now() / 1000);
    const toolCalls =
      "toolCalls" in reply
        ? reply.toolCalls.map((call) => ({
            id: call.id ?? `call_${++callCounter}`,
            type: "function" as const,
            function: {
              name: call.name,
              arguments: typeof call.arguments === "string" ? call.arguments : JSON.stringify(call.arguments ?? {}),
            },
          }))
        : [];
    const text = reply.text ?? null;
    const finishReason = toolCalls.length > 0 ? "tool_calls" : "stop";
    if (!recorded.stream) {
      json(res, 200, {
        id,
        object: "chat.completion",
        created,
        model,
        choices: [
          {
            index: 0,
            message: {
              role: "assistant",
              content: text,
              refusal: null,
              ...(toolCalls.length ? { tool_calls: toolCalls } : {}),
            },
            finish_reason: finishReason,
            logprobs: null,
          },
        ],
        usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
      });
      return;
    }
    res.writeHead(200, SSE_HEADERS);
    const send = (delta: Record<string, unknown>, finish: string | null = null) =>
      res.write(
        `data: ${JSON.stringify({ id, object: "chat.completion.chunk", created, model, choices: [{ index: 0, delta, finish_reason: finish, logprobs: null }] })}\n\n`,
      );
    send({ role: "assistant", content: "" });
    const pieces = "chunks" in reply && reply.chunks ? reply.chunks : (text ?? "").split(/(?<= )/).filter(Boolean);
    for (const piece of pieces) send({ content: piece });
    toolCalls.forEach((call, index) => {
      send({
        tool_calls: [{ index, id: call.id, type: "function", function: { name: call.function.name, arguments: "" } }],
      });
      send({ tool_calls: [{ index, function: { arguments: call.function.arguments } }] });
    });
    send({}, finishReason);
    if ((recorded.body.stream_options as { include_usage?: boolean } | undefined)?.include_usage === true) {
      // As OpenAI does: a last chunk with no choices and the request's usage.
      const usage = { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 };
      res.write(
        `data: ${JSON.stringify({ id, object: "chat.completion.chunk", created, model, choices: [], usage })}\n\n`,
      );
    }
    res.end("data: [DONE]\n\n");
  };

  const server = http.createServer((req, res) => {
    void (async () => {
      const raw = await readBody(req);
      const path = (req.url ?? "/").split("?")[0] ?? "/";
      if (req.method !== "POST" || path !== "/v1/chat/completions") {
        json(res, 404, {
          error: { message: `No route ${req.method} ${path}.`, type: "invalid_request_error", code: null },
        });
        return;
      }
      let body: ChatRequestBody | null;
      try {
        body = JSON.parse(raw) as ChatRequestBody;
      } catch {
        body = null;
      }
      const recorded: RecordedRequest = {
        method: req.method,
        path,
        headers: req.headers,
        body: body ?? { messages: [] },
        stream: body?.stream === true,
        cancelled: false,
        at: Date.now(),
      };
      res.on("close", () => {
        if (!res.writableFinished) recorded.cancelled = true;
      });
      requests.push(recorded);
      await answer(recorded, res);
    })().catch((error: unknown) => {
      if (!res.headersSent) json(res, 500, { error: { message: String(error), type: "server_error", code: null } });
      else res.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}/v1`;

  return {
    baseUrl,
    requests,
    endpoint: (model = "scripted-model", apiKey = null) => ({ baseUrl, model, apiKey }),
    reply: (...replies) => void queue.push(...replies),
    respondWith: (next) => {
      responder = next;
    },
    setStrict: (on) => {
      strict = on;
    },
    reset: () => {
      queue.length = 0;
      requests.length = 0;
      responder = options.respond ?? null;
      strict = options.strict ?? false;
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
