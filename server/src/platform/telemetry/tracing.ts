/**
 * The tracing port (OB-1): what modules and the HTTP edge use to emit spans. The composition root hands every user
 * one `Tracing`: the OpenTelemetry SDK's (otel-tracing.ts, the only file that imports it) when an OTLP endpoint is
 * configured, else NO_TRACING, whose every method does nothing and allocates nothing (the hot paths stay as free as
 * without tracing: no SDK object, no context propagation).
 *
 * The parent of a span is passed by hand (the request's span travels on the request context, a turn's on the turn):
 * no AsyncLocalStorage, whose hooks would tax every promise of the process on Node 20 once tracing is on.
 */

export type SpanValue = string | number | boolean | readonly string[];
/** Attributes by name; null and undefined values are left out. */
export type SpanAttributes = Readonly<Record<string, SpanValue | null | undefined>>;
export type SpanKind = "internal" | "server" | "client";

/** What a new span can hang under: a span of ours, or a caller's named by its W3C traceparent (remoteParent). */
export interface TraceParent {
  readonly traceParent: true;
}

export interface TraceSpan extends TraceParent {
  set(attributes: SpanAttributes): void;
  /** The name once it is known (a GraphQL operation's, after parsing). */
  rename(name: string): void;
  /** Marks the span failed: `error.type` (a low-cardinality kind: an error code, an error class) and status ERROR. */
  fail(errorType: string, message?: string): void;
  /** Adds this span's `traceparent` (and `tracestate`) to an outgoing request's headers; nothing when not recorded. */
  inject(headers: Record<string, string>): void;
  end(): void;
}

/** Request headers as Node gives them (an incoming request's, or a stored `{ traceparent }`). */
export type TraceHeaders = Readonly<Record<string, string | string[] | undefined>>;

export interface Tracing {
  /** False for NO_TRACING: callers may skip building what only a span would read. */
  readonly enabled: boolean;
  /** OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT: messages, tool arguments and results may go into spans. */
  readonly captureContent: boolean;
  /** A new span under `parent` (none: the first span of a new trace). */
  start(name: string, attributes?: SpanAttributes, kind?: SpanKind, parent?: TraceParent | null): TraceSpan;
  /** start → work → end; an error thrown by `work` marks the span failed (its class as `error.type`) and is rethrown. */
  inSpan<T>(
    name: string,
    attributes: SpanAttributes,
    parent: TraceParent | null | undefined,
    work: (span: TraceSpan) => Promise<T>,
    kind?: SpanKind,
  ): Promise<T>;
  /** The caller's span a W3C `traceparent` header names; null when there is none or it is malformed (a new trace). */
  remoteParent(headers: TraceHeaders): TraceParent | null;
  /** Exports what is still queued (bounded by the exporter's timeout) and stops. */
  close(): Promise<void>;
}

/** The span of NO_TRACING (and of work nobody traces): every method does nothing. */
export const NO_SPAN: TraceSpan = {
  traceParent: true,
  set: () => {},
  rename: () => {},
  fail: () => {},
  inject: () => {},
  end: () => {},
};

/** Tracing off: nothing is recorded, nothing propagated, nothing allocated. */
export const NO_TRACING: Tracing = {
  enabled: false,
  captureContent: false,
  start: () => NO_SPAN,
  inSpan: (_name, _attributes, _parent, work) => work(NO_SPAN),
  remoteParent: () => null,
  close: async () => {},
};

/** A low-cardinality name for what was thrown (its class: `UpstreamError`, `OutboundError`, `Error`). */
export function errorTypeOf(error: unknown): string {
  if (error instanceof Error) return error.name || error.constructor.name || "Error";
  return typeof error;
}
