import http, { type RequestListener } from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";
import { until } from "./wait";

/** A real HTTP receiver on a loopback port: what webhooks, tool webhooks and MCP servers under test talk to. */

/** One request the receiver got. */
export interface ReceivedRequest<Body = Record<string, unknown>> {
  method: string;
  path: string;
  /** Header values as strings, as a signature verifier takes them. */
  headers: Record<string, string>;
  /** The body as sent ("" when a `handle` listener read it). */
  raw: string;
  /** The body parsed as JSON ({} when empty). */
  body: Body;
  /** The Standard Webhooks headers: `webhook-id` ("" when absent) and `webhook-timestamp` (seconds). */
  webhookId: string;
  timestamp: number;
  /** True when the path was registered with `signed` and the Standard Webhooks signature checks out. */
  verified: boolean;
  /** The n-th request on this path (from 1). */
  n: number;
  /** The status answered (0 when a `handle` listener answered). */
  status: number;
  /** Date.now() when it arrived. */
  at: number;
}

/** A status alone, or a status with a JSON body (none when absent), headers and a delay before answering. */
export type Reply = number | { status?: number; body?: unknown; headers?: Record<string, string>; delayMs?: number };
export type Respond<Body> = (request: ReceivedRequest<Body>) => Reply | Promise<Reply>;

export interface ReceiverOptions<Body> {
  /** 127.0.0.1 unless told. */
  host?: string;
  /** The answer to a request on a path not registered with `signed`; default 200 with `{ ok: true, path }`. */
  respond?: Respond<Body>;
  /** A listener that answers every request instead (an MCP server); requests are still recorded, without body. */
  handle?: RequestListener;
}

export interface Receiver<Body = Record<string, unknown>> {
  url: string;
  port: number;
  /** Every request, in the order they were answered. */
  requests: Array<ReceivedRequest<Body>>;
  /** The requests on one path. */
  on(path: string): Array<ReceivedRequest<Body>>;
  /** Polls until `predicate(requests)` holds (fails after `ms`); returns the requests. */
  waitFor(
    predicate: (requests: Array<ReceivedRequest<Body>>) => boolean,
    ms?: number,
  ): Promise<Array<ReceivedRequest<Body>>>;
  /**
   * Requests on `path` must carry a Standard Webhooks signature made with `key` (a `whsec_…` secret, or the base64
   * of a secret's bytes): signed ones get `respond` (default 200, no body), others 401 `{ error: "refused" }`.
   */
  signed(path: string, key: string, respond?: Respond<Body>): void;
  close(): Promise<void>;
}

const REFUSED: Reply = { status: 401, body: { error: "refused" } };

export async function startReceiver<Body = Record<string, unknown>>(
  options: ReceiverOptions<Body> = {},
): Promise<Receiver<Body>> {
  const host = options.host ?? "127.0.0.1";
  const requests: Array<ReceivedRequest<Body>> = [];
  const arrivals = new Map<string, number>();
  const keys = new Map<string, { key: string; respond: Respond<Body> }>();
  const fallback: Respond<Body> = options.respond ?? ((request) => ({ body: { ok: true, path: request.path } }));

  const record = (req: http.IncomingMessage, raw: string): ReceivedRequest<Body> => {
    const path = req.url ?? "/";
    const n = (arrivals.get(path) ?? 0) + 1;
    arrivals.set(path, n);
    const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
    const route = keys.get(path);
    return {
      method: req.method ?? "GET",
      path,
      headers,
      raw,
      body: (raw ? JSON.parse(raw) : {}) as Body,
      webhookId: headers["webhook-id"] ?? "",
      timestamp: Number(headers["webhook-timestamp"]),
      verified: route ? verify(route.key, raw, headers) : false,
      n,
      status: 0,
      at: Date.now(),
    };
  };

  const server = http.createServer((req, res) => {
    if (options.handle) {
      requests.push(record(req, ""));
      options.handle(req, res);
      return;
    }
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      void (async () => {
        const request = record(req, Buffer.concat(chunks).toString("utf8"));
        const route = keys.get(request.path);
        const reply = await (route ? (request.verified ? route.respond(request) : REFUSED) : fallback(request));
        const { status = 200, body, headers = {}, delayMs = 0 } = typeof reply === "number" ? { status: reply } : reply;
        request.status = status;
        requests.push(request);
        setTimeout(() => {
          if (res.destroyed) return;
          if (body === undefined) res.writeHead(status, headers).end();
          else res.writeHead(status, { "content-type": "application/json", ...headers }).end(JSON.stringify(body));
        }, delayMs);
      })();
    });
  });
  await new Promise<void>((ok) => server.listen(0, host, ok));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${port}`,
    port,
    requests,
    on: (path) => requests.filter((request) => request.path === path),
    waitFor: (predicate, ms) => until(() => predicate(requests) && requests, ms),
    signed: (path, key, respond = () => 200) => void keys.set(path, { key, respond }),
    close: () =>
      new Promise<void>((ok) => {
        server.close(() => ok());
        server.closeAllConnections();
      }),
  };
}

function verify(key: string, raw: string, headers: Record<string, string>): boolean {
  try {
    new Webhook(key).verify(raw, headers);
    return true;
  } catch {
    return false;
  }
}
