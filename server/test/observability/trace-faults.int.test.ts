import http from "node:http";
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import { afterAll, beforeAll, expect, it } from "vitest";
import { loadConfig } from "../../src/config";
import { createLogger } from "../../src/platform/logger";
import { postChat, startGatewayKit, type GatewayKit } from "../support/gateway-kit";
import { callerTrace, startOtlpReceiver, type OtlpReceiver } from "../support/otlp-receiver";
import { describeEachDialect, createTestApp } from "../support/test-app";
import { sleep, until } from "../support/wait";

/** OB-1's faults: an OTLP endpoint that is down or never answers, and message content only when asked for. */

function captureLog() {
  const lines: Array<{ level: number; msg: string; [key: string]: unknown }> = [];
  let raw = "";
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      raw += chunk.toString();
      for (const line of chunk.toString().split("\n").filter(Boolean)) lines.push(JSON.parse(line) as never);
      done();
    },
  });
  return { logger: createLogger("info", stream), lines, raw: () => raw };
}

/** A port nothing listens on, and a server that accepts exports and never answers. */
async function deadEndpoints(): Promise<{ down: string; silent: string; close: () => Promise<void> }> {
  const closed = http.createServer();
  await new Promise<void>((ok) => closed.listen(0, "127.0.0.1", ok));
  const downPort = (closed.address() as AddressInfo).port;
  await new Promise<void>((ok) => closed.close(() => ok()));
  const silent = http.createServer(() => {
    // never answers
  });
  await new Promise<void>((ok) => silent.listen(0, "127.0.0.1", ok));
  return {
    down: `http://127.0.0.1:${downPort}`,
    silent: `http://127.0.0.1:${(silent.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((ok) => {
        silent.close(() => ok());
        silent.closeAllConnections();
      }),
  };
}

const EXPORT_WARNING = "traces could not be exported";

describeEachDialect.withOwnApps("OB-1 an OTLP endpoint that fails", (dialect) => {
  let endpoints: Awaited<ReturnType<typeof deadEndpoints>>;
  beforeAll(async () => {
    endpoints = await deadEndpoints();
  });
  afterAll(() => endpoints?.close());

  for (const which of ["down", "silent"] as const) {
    it(`OB-1 an endpoint that is ${which === "down" ? "down" : "slow (never answers)"} never fails a request; the log warns once a minute at most, without the exporter's headers`, async () => {
      const log = captureLog();
      const vendorKey = `vendor-key-${which}-0123456789`;
      const tracing = loadConfig({
        OTEL_EXPORTER_OTLP_ENDPOINT: endpoints[which],
        OTEL_EXPORTER_OTLP_PROTOCOL: "http/json",
        OTEL_EXPORTER_OTLP_HEADERS: `x-honeycomb-team=${vendorKey}`,
        OTEL_EXPORTER_OTLP_TIMEOUT: "200",
        OTEL_BSP_SCHEDULE_DELAY: "20",
        OTEL_BSP_EXPORT_TIMEOUT: "300",
      }).tracing;
      const t = await createTestApp(dialect, { tracing }, { logger: log.logger });
      try {
        const key = (await t.project("Faults")).adminKey;
        for (let i = 0; i < 12; i++) {
          const res = await fetch(`${t.url}/graphql`, {
            method: "POST",
            headers: {
              "content-type": "application/json",
              authorization: `Bearer ${key}`,
              traceparent: callerTrace().traceparent,
            },
            body: JSON.stringify({ query: "query Agents { agents { total } }" }),
          });
          expect(res.status).toBe(200);
          expect(((await res.json()) as { data: unknown }).data).toEqual({ agents: { total: 0 } });
          await sleep(30);
        }
        await until(() => log.lines.some((l) => l.msg.startsWith(EXPORT_WARNING)), 10_000);
        await sleep(800); // more failed exports meanwhile: still one warning
        const warnings = log.lines.filter((l) => l.msg.startsWith(EXPORT_WARNING));
        expect(warnings).toHaveLength(1);
        expect(warnings[0]).toMatchObject({ level: 40, endpoint: `${endpoints[which]}/v1/traces` });
        expect(log.raw()).not.toContain(vendorKey);
      } finally {
        await t.close();
      }
    });
  }
});

describeEachDialect.withOwnApps("OB-1 message content in spans", (dialect) => {
  let otlp: OtlpReceiver;
  let kit: GatewayKit;
  beforeAll(async () => {
    otlp = await startOtlpReceiver();
    kit = await startGatewayKit(dialect, {
      tracing: otlp.config({ OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT: "true" }),
    });
    await kit.agent({ name: "echo", prompt: "You echo." });
  });
  afterAll(async () => {
    await kit?.close();
    await otlp?.close();
  });

  it("OB-1 with OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT=true a chat span carries the messages in and out (never the key)", async () => {
    kit.upstream.reply({ text: "Echo: hello there." });
    const caller = callerTrace();
    const res = await postChat(kit, "echo", "hello there", caller.traceparent);
    expect(res.status).toBe(200);
    const chat = await otlp.waitForSpan((s) => s.traceId === caller.traceId && s.name.startsWith("chat "));
    expect(String(chat.attributes["gen_ai.input.messages"])).toContain("hello there");
    expect(String(chat.attributes["gen_ai.output.messages"])).toContain("Echo: hello there.");
    expect(otlp.bodies.join("\n")).not.toContain(kit.key);
  });
});
