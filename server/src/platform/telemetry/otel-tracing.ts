import {
  defaultTextMapGetter,
  defaultTextMapSetter,
  ROOT_CONTEXT,
  SpanKind as OtelSpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
  type Context,
  type Span,
} from "@opentelemetry/api";
import { ExportResultCode, W3CTraceContextPropagator, type ExportResult } from "@opentelemetry/core";
import { OTLPTraceExporter as JsonExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { OTLPTraceExporter as ProtobufExporter } from "@opentelemetry/exporter-trace-otlp-proto";
import { resourceFromAttributes } from "@opentelemetry/resources";
import { ATTR_SERVICE_NAME } from "@opentelemetry/semantic-conventions";
import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  BatchSpanProcessor,
  NodeTracerProvider,
  ParentBasedSampler,
  TraceIdRatioBasedSampler,
  type ReadableSpan,
  type Sampler,
  type SpanExporter,
} from "@opentelemetry/sdk-trace-node";
import type { TracingConfig } from "../../config";
import type { Logger } from "../logger";
import { ATTR_ERROR_TYPE } from "./attributes";
import {
  errorTypeOf,
  type SpanAttributes,
  type SpanKind,
  type TraceHeaders,
  type TraceParent,
  type TraceSpan,
  type Tracing,
} from "./tracing";

/** The only file that knows the OpenTelemetry SDK: the Tracing port over a NodeTracerProvider and an OTLP exporter. */

const KINDS: Record<SpanKind, OtelSpanKind> = {
  internal: OtelSpanKind.INTERNAL,
  server: OtelSpanKind.SERVER,
  client: OtelSpanKind.CLIENT,
};

const WARNING_INTERVAL_MS = 60_000;

function samplerOf(config: TracingConfig): Sampler {
  const ratio = () => new TraceIdRatioBasedSampler(config.samplerRatio);
  switch (config.sampler) {
    case "always_on":
      return new AlwaysOnSampler();
    case "always_off":
      return new AlwaysOffSampler();
    case "traceidratio":
      return ratio();
    case "parentbased_always_on":
      return new ParentBasedSampler({ root: new AlwaysOnSampler() });
    case "parentbased_always_off":
      return new ParentBasedSampler({ root: new AlwaysOffSampler() });
    case "parentbased_traceidratio":
      return new ParentBasedSampler({ root: ratio() });
  }
}

/**
 * An OTLP endpoint that is down or slow never reaches a request: spans wait in the batch processor's bounded queue
 * (dropped when it is full) and are exported in the background. What went wrong is logged at most once a minute,
 * with how many spans it cost; the exporter's headers (a vendor's key) never are.
 */
class ExportWarnings {
  private failed = 0;
  private dropped = 0;
  private lastReason = "";
  private lastWarning = -Infinity;

  constructor(
    private readonly logger: Logger,
    private readonly url: string,
  ) {}

  exportFailed(spans: number, error: Error | undefined): void {
    this.failed += spans;
    this.lastReason = error?.message ?? "the export failed";
    this.maybeWarn();
  }

  droppedOne(): void {
    this.dropped += 1;
    this.maybeWarn();
  }

  private maybeWarn(): void {
    const now = performance.now();
    if (now - this.lastWarning < WARNING_INTERVAL_MS) return;
    this.lastWarning = now;
    this.logger.warn(
      {
        endpoint: this.url,
        failedSpans: this.failed,
        droppedSpans: this.dropped,
        reason: this.lastReason || undefined,
      },
      "traces could not be exported (requests are not affected; the next warning comes after a minute at the earliest)",
    );
    this.failed = 0;
    this.dropped = 0;
  }
}

/**
 * The OTLP exporter, watched: failures are counted for ExportWarnings, and the spans handed to it leave the queue
 * the batch processor drops at (`queued` mirrors its length: +1 per ended span, −n per export handed over).
 */
class WatchedExporter implements SpanExporter {
  queued = 0;

  constructor(
    private readonly inner: SpanExporter,
    private readonly warnings: ExportWarnings,
  ) {}

  export(spans: ReadableSpan[], done: (result: ExportResult) => void): void {
    this.queued = Math.max(0, this.queued - spans.length);
    this.inner.export(spans, (result) => {
      if (result.code !== ExportResultCode.SUCCESS) this.warnings.exportFailed(spans.length, result.error);
      done(result);
    });
  }

  shutdown(): Promise<void> {
    return this.inner.shutdown();
  }

  forceFlush(): Promise<void> {
    return this.inner.forceFlush?.() ?? Promise.resolve();
  }
}

class QueueWatch extends BatchSpanProcessor {
  constructor(
    private readonly watched: WatchedExporter,
    private readonly maxQueueSize: number,
    private readonly warnings: ExportWarnings,
    config: ConstructorParameters<typeof BatchSpanProcessor>[1],
  ) {
    super(watched, config);
  }

  override onEnd(span: ReadableSpan): void {
    if (this.watched.queued >= this.maxQueueSize) this.warnings.droppedOne();
    else this.watched.queued += 1;
    super.onEnd(span);
  }
}

const propagator = new W3CTraceContextPropagator();

/** A caller's span, from its traceparent: the context new spans are started in. */
class RemoteParent implements TraceParent {
  readonly traceParent = true as const;
  constructor(readonly context: Context) {}
}

class OtelSpan implements TraceSpan {
  readonly traceParent = true as const;
  private childContext: Context | undefined;
  constructor(readonly span: Span) {}

  /** The context its children start in (made once: a turn starts several). */
  get context(): Context {
    return (this.childContext ??= trace.setSpan(ROOT_CONTEXT, this.span));
  }

  set(attributes: SpanAttributes): void {
    // The SDK leaves out null and undefined values itself.
    this.span.setAttributes(attributes as Attributes);
  }

  rename(name: string): void {
    this.span.updateName(name);
  }

  fail(errorType: string, message?: string): void {
    this.span.setAttribute(ATTR_ERROR_TYPE, errorType);
    this.span.setStatus({ code: SpanStatusCode.ERROR, message });
  }

  inject(headers: Record<string, string>): void {
    propagator.inject(this.context, headers, defaultTextMapSetter);
  }

  end(): void {
    this.span.end();
  }
}

/** The context a new span starts in: its parent's (ours or a caller's), else none (a new trace). */
function contextOf(parent: TraceParent | null | undefined): Context {
  if (parent instanceof OtelSpan) return parent.context;
  if (parent instanceof RemoteParent) return parent.context;
  return ROOT_CONTEXT;
}

/** Tracing through OpenTelemetry: spans exported over OTLP (http/protobuf or http/json) by a batch processor. */
export function openOtelTracing(config: TracingConfig, logger: Logger): Tracing {
  const warnings = new ExportWarnings(logger, config.url);
  const options = { url: config.url, headers: { ...config.headers }, timeoutMillis: config.timeoutMs };
  const exporter = new WatchedExporter(
    config.protocol === "http/json" ? new JsonExporter(options) : new ProtobufExporter(options),
    warnings,
  );
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ ...config.resourceAttributes, [ATTR_SERVICE_NAME]: config.serviceName }),
    sampler: samplerOf(config),
    spanProcessors: [
      new QueueWatch(exporter, config.batch.maxQueueSize, warnings, {
        maxQueueSize: config.batch.maxQueueSize,
        maxExportBatchSize: Math.min(config.batch.maxExportBatchSize, config.batch.maxQueueSize),
        scheduledDelayMillis: config.batch.scheduledDelayMs,
        exportTimeoutMillis: config.batch.exportTimeoutMs,
      }),
    ],
  });
  const tracer = provider.getTracer("skillgraph");

  const start = (
    name: string,
    attributes?: SpanAttributes,
    kind: SpanKind = "internal",
    parent?: TraceParent | null,
  ): OtelSpan =>
    new OtelSpan(
      tracer.startSpan(name, { kind: KINDS[kind], attributes: attributes as Attributes }, contextOf(parent)),
    );

  return {
    enabled: true,
    captureContent: config.captureMessageContent,
    start,
    async inSpan(name, attributes, parent, work, kind) {
      const span = start(name, attributes, kind, parent);
      try {
        return await work(span);
      } catch (error) {
        span.fail(errorTypeOf(error));
        throw error;
      } finally {
        span.end();
      }
    },
    remoteParent: (headers: TraceHeaders) => {
      if (!headers.traceparent) return null;
      // A malformed traceparent extracts nothing: the request starts a new trace.
      const extracted = propagator.extract(ROOT_CONTEXT, headers, defaultTextMapGetter);
      return trace.getSpanContext(extracted) ? new RemoteParent(extracted) : null;
    },
    close: async () => {
      // Bounded: an endpoint that does not answer must not hold the shutdown (SEC-18) past a few seconds.
      let timer: NodeJS.Timeout | undefined;
      const limit = new Promise<void>((resolve) => (timer = setTimeout(resolve, Math.min(config.timeoutMs, 5_000))));
      await Promise.race([provider.shutdown().catch(() => {}), limit]);
      clearTimeout(timer);
    },
  };
}
