import type { IncomingHttpHeaders } from "node:http";

/**
 * The tracing port (OB-1): what modules and the HTTP edge use to emit spans. The composition root hands every user
 * one `Tracing`: the OpenTelemetry SDK's (otel-tracing.ts, the only file that imports it) when an OTLP endpoint is
 * configured, else NO_TRACING, whose every method does nothing and allocates nothing (the hot paths stay as free as
 * without tracing: no SDK object, no context propagation).
 */

export type SpanValue = string | number | boolean | readonly string[];
/** Attributes by name; null and undefined values are left out. */
export type SpanAttributes = Readonly<Record<string, SpanValue | null | undefined>>;
export type SpanKind = "internal" | "server" | "client";

export interface TraceSpan {
  set(attributes: SpanAttributes): void;
  /** The name once it is known (a GraphQL operation's, after parsing). */
  rename(name: string): void;
  /** Marks the span failed: `error.type` (a low-cardinality kind: an error code, an error class) and status ERROR. */
  fail(errorType: string, message?: string): void;
  /** Runs `work` with this span current: spans started and requests sent inside it are its children. */
  run<T>(work: () => T): T;
  end(): void;
}

export interface Tracing {
  /** False for NO_TRACING: callers may skip building what only a span would read. */
  readonly enabled: boolean;
  /** OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT: messages, tool arguments and results may go into spans. */
  readonly captureContent: boolean;
  /** A new span, child of the current one; not current until `run`. */
  start(name: string, attributes?: SpanAttributes, kind?: SpanKind): TraceSpan;
  /** start → run(work) → end; an error thrown by `work` marks the span failed (its class as `error.type`) and is rethrown. */
  inSpan<T>(
    name: string,
    attributes: SpanAttributes,
    work: (span: TraceSpan) => Promise<T>,
    kind?: SpanKind,
  ): Promise<T>;
  /** Runs `work` in the context an incoming request's W3C `traceparent` names; none or a malformed one: a new trace. */
  continueFrom<T>(headers: IncomingHttpHeaders, work: () => T): T;
  /** Adds `traceparent` (and `tracestate`) of the current span to an outgoing request's headers. */
  inject(headers: Record<string, string>): void;
  /** Exports what is still queued (bounded by the exporter's timeout) and stops. */
  close(): Promise<void>;
}

const NO_SPAN: TraceSpan = {
  set: () => {},
  rename: () => {},
  fail: () => {},
  run: (work) => work(),
  end: () => {},
};

/** Tracing off: nothing is recorded, nothing propagated, nothing allocated. */
export const NO_TRACING: Tracing = {
  enabled: false,
  captureContent: false,
  start: () => NO_SPAN,
  inSpan: (_name, _attributes, work) => work(NO_SPAN),
  continueFrom: (_headers, work) => work(),
  inject: () => {},
  close: async () => {},
};

/** A low-cardinality name for what was thrown (its class: `UpstreamError`, `OutboundError`, `Error`). */
export function errorTypeOf(error: unknown): string {
  if (error instanceof Error) return error.name || error.constructor.name || "Error";
  return typeof error;
}
