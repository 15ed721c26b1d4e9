import { randomUUID } from "node:crypto";
import type http from "node:http";
import { setHeaders } from "../../platform/http/edge";
import type { SkillInvocation } from "../../platform/session-store";
import type { GatewayError } from "./gateway-errors";
import type { ToolCall } from "./gateway-messages";
import type { TokenUsage } from "../model";

export const SESSION_HEADER = "X-Chat-Session-Id";
export const SKILLS_REHYDRATED_EVENT = "aura.skills_rehydrated";

const JSON_TYPE = "application/json; charset=utf-8";

/**
 * A JSON answer (no ETag: a hash of every answer no client revalidates), its headers in one `writeHead`: `head`, the
 * headers every answer carries (the platform's, see PlainRoute.writesHead), then its type and length.
 */
export function sendJson(res: http.ServerResponse, status: number, body: unknown, head: readonly string[]): void {
  const text = JSON.stringify(body);
  res.writeHead(status, [...head, "content-type", JSON_TYPE, "content-length", String(Buffer.byteLength(text))]);
  res.end(text);
}

/**
 * A streaming answer in OpenAI's chunk format, ending in `data: [DONE]`. Nothing is written before there is
 * something to say, so a failure before the first chunk is still a plain HTTP error (502, 504) in OpenAI's shape.
 */
export class ChunkStream {
  private readonly id = `chatcmpl-${randomUUID()}`;
  private readonly created = Math.floor(Date.now() / 1000);
  private started = false;

  constructor(
    private readonly res: http.ServerResponse,
    /** The headers every answer carries (sendJson's `head`). */
    private readonly head: readonly string[],
    private readonly model: string,
    private readonly sessionId: string,
    /** GW-9: the invocations replayed, announced first; null when custom events are off or nothing was replayed. */
    private readonly rehydrated: SkillInvocation[] | null,
  ) {}

  private start(): void {
    if (this.started) return;
    this.started = true;
    this.res.statusCode = 200;
    setHeaders(this.res, this.head);
    this.res.setHeader("content-type", "text/event-stream; charset=utf-8");
    this.res.setHeader("cache-control", "no-cache");
    this.res.setHeader("x-accel-buffering", "no");
    this.res.setHeader(SESSION_HEADER, this.sessionId);
    this.res.flushHeaders();
    if (this.rehydrated) {
      const invocations = this.rehydrated.map((i) => ({ tool: i.tool, arguments: i.arguments }));
      this.res.write(`event: ${SKILLS_REHYDRATED_EVENT}\ndata: ${JSON.stringify({ invocations })}\n\n`);
    }
    this.chunk({ role: "assistant", content: "" });
  }

  private chunk(delta: Record<string, unknown>, finishReason: string | null = null): void {
    const chunk = {
      id: this.id,
      object: "chat.completion.chunk",
      created: this.created,
      model: this.model,
      choices: [{ index: 0, delta, finish_reason: finishReason, logprobs: null }],
    };
    this.res.write(`data: ${JSON.stringify(chunk)}\n\n`);
  }

  content(delta: string): void {
    this.start();
    this.chunk({ content: delta });
  }

  /**
   * Ends the answer: the client's tool calls (if any), the finish reason, the usage chunk when the client asked for
   * one (`stream_options.include_usage`: no choices, the turn's usage, null if the upstream reported none), [DONE].
   */
  finish(clientCalls: readonly ToolCall[], finishReason: string, usage?: TokenUsage | null): void {
    this.start();
    clientCalls.forEach((call, index) =>
      this.chunk({ tool_calls: [{ index, id: call.id, type: "function", function: call.function }] }),
    );
    this.chunk({}, clientCalls.length > 0 ? "tool_calls" : finishReason);
    if (usage !== undefined) {
      const chunk = { id: this.id, object: "chat.completion.chunk", created: this.created, model: this.model };
      this.res.write(`data: ${JSON.stringify({ ...chunk, choices: [], usage })}\n\n`);
    }
    this.res.end("data: [DONE]\n\n");
  }

  /** Before the first chunk: the HTTP status and OpenAI's error body; after it: an error chunk, then [DONE]. */
  fail(error: GatewayError): void {
    if (this.res.writableEnded || this.res.destroyed) return;
    if (!this.started) {
      sendJson(this.res, error.status, error.body(), this.head);
      return;
    }
    this.res.write(`data: ${JSON.stringify(error.body())}\n\n`);
    this.res.end("data: [DONE]\n\n");
  }
}
