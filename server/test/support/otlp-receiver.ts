import http from "node:http";
import type { AddressInfo } from "node:net";
import { loadConfig, type TracingConfig } from "../../src/config";
import { until } from "./wait";

/**
 * An in-process OTLP/HTTP receiver (JSON, `POST /v1/traces`) for tests: what a Collector or Jaeger would get from
 * the server, flattened into spans with their attributes as plain values.
 */

export interface ReceivedSpan {
  traceId: string;
  spanId: string;
  /** "" for a root span. */
  parentSpanId: string;
  name: string;
  /** OTLP's SpanKind number: 1 internal, 2 server, 3 client. */
  kind: number;
  attributes: Record<string, unknown>;
  status: { code?: number; message?: string };
  /** service.name and the other resource attributes. */
  resource: Record<string, unknown>;
}

export const SPAN_KIND = { internal: 1, server: 2, client: 3 } as const;

type AnyValue = {
  stringValue?: string;
  intValue?: number | string;
  doubleValue?: number;
  boolValue?: boolean;
  arrayValue?: { values?: AnyValue[] };
};

function valueOf(value: AnyValue | undefined): unknown {
  if (!value) return undefined;
  if (value.stringValue !== undefined) return value.stringValue;
  if (value.intValue !== undefined) return Number(value.intValue);
  if (value.doubleValue !== undefined) return value.doubleValue;
  if (value.boolValue !== undefined) return value.boolValue;
  if (value.arrayValue) return (value.arrayValue.values ?? []).map(valueOf);
  return undefined;
}

const attributesOf = (list: Array<{ key: string; value: AnyValue }> | undefined) =>
  Object.fromEntries((list ?? []).map((a) => [a.key, valueOf(a.value)]));

interface ExportRequest {
  resourceSpans?: Array<{
    resource?: { attributes?: Array<{ key: string; value: AnyValue }> };
    scopeSpans?: Array<{
      spans?: Array<{
        traceId: string;
        spanId: string;
        parentSpanId?: string;
        name: string;
        kind: number;
        attributes?: Array<{ key: string; value: AnyValue }>;
        status?: { code?: number; message?: string };
      }>;
    }>;
  }>;
}

export interface OtlpReceiver {
  url: string;
  spans: ReceivedSpan[];
  /** The raw bodies as received (to look for what must never be in them). */
  bodies: string[];
  /** Content types of the exports received. */
  contentTypes: string[];
  /** Waits until a span matches (fails after `ms`). */
  waitForSpan(predicate: (span: ReceivedSpan) => boolean, ms?: number): Promise<ReceivedSpan>;
  /** The tracing settings that point a server here (OpenTelemetry's own variables, through loadConfig). */
  config(env?: Record<string, string>): TracingConfig;
  close(): Promise<void>;
}

export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const spans: ReceivedSpan[] = [];
  const bodies: string[] = [];
  const contentTypes: string[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      contentTypes.push(String(req.headers["content-type"]));
      if (req.url !== "/v1/traces" || !String(req.headers["content-type"]).startsWith("application/json")) {
        res.writeHead(415).end();
        return;
      }
      bodies.push(raw);
      const request = JSON.parse(raw) as ExportRequest;
      for (const resourceSpans of request.resourceSpans ?? []) {
        const resource = attributesOf(resourceSpans.resource?.attributes);
        for (const scope of resourceSpans.scopeSpans ?? [])
          for (const span of scope.spans ?? [])
            spans.push({
              traceId: span.traceId,
              spanId: span.spanId,
              parentSpanId: span.parentSpanId ?? "",
              name: span.name,
              kind: span.kind,
              attributes: attributesOf(span.attributes),
              status: span.status ?? {},
              resource,
            });
      }
      res.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    spans,
    bodies,
    contentTypes,
    waitForSpan: (predicate, ms = 10_000) => until(() => spans.find(predicate), ms),
    config: (env = {}) =>
      loadConfig({
        OTEL_EXPORTER_OTLP_ENDPOINT: url,
        OTEL_EXPORTER_OTLP_PROTOCOL: "http/json",
        OTEL_BSP_SCHEDULE_DELAY: "20",
        OTEL_SERVICE_NAME: "skillgraph-test",
        ...env,
      }).tracing!,
    close: () =>
      new Promise<void>((ok) => {
        server.close(() => ok());
        server.closeAllConnections();
      }),
  };
}

/** A W3C traceparent of a caller's span (sampled), with its ids. */
export function callerTrace(): { traceparent: string; traceId: string; spanId: string } {
  const hex = (bytes: number) =>
    [...crypto.getRandomValues(new Uint8Array(bytes))].map((b) => b.toString(16).padStart(2, "0")).join("");
  const traceId = hex(16);
  const spanId = hex(8);
  return { traceparent: `00-${traceId}-${spanId}-01`, traceId, spanId };
}

/** The trace id and parent span id a received `traceparent` header names. */
export function parseTraceparent(header: string | undefined): { traceId: string; parentId: string } | null {
  const match = /^00-([0-9a-f]{32})-([0-9a-f]{16})-[0-9a-f]{2}$/.exec(header ?? "");
  return match ? { traceId: match[1]!, parentId: match[2]! } : null;
}
