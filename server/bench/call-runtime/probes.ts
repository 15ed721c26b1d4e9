/** The call runtime bench's probes: bare servers to compare with, statement and CPU counters, timed writes. */
import fs from "node:fs";
import http from "node:http";
import { profiled } from "./layers";
import path from "node:path";
import type { Client } from "pg";
import type { App } from "../../src/app";
import { InvalidatedCache } from "../../src/platform/cache/invalidated-cache";
import { LruCache } from "../../src/platform/cache/lru-cache";
import { Database } from "../../src/platform/db/database";
import { cpuMs } from "./load";

export interface Listening {
  url: string;
  close(): Promise<void>;
}

/** A bare Node `http` server: reads the body, answers the handler's JSON. */
export async function bareServer(handler: (body: string) => string | Promise<string>): Promise<Listening> {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      Promise.resolve()
        .then(() => handler(Buffer.concat(chunks).toString("utf8")))
        .then(
          (json) => {
            res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(json) });
            res.end(json);
          },
          (error: unknown) => {
            res.writeHead(500, { "content-type": "text/plain" });
            res.end(String(error));
          },
        );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export const agentIdOf = (body: string) =>
  (JSON.parse(body) as { variables: { input: { agentId: string } } }).variables.input.agentId;

/**
 * Every cache the call path reads through (resolution, live pointers, agents, knowledge, skill source, the calls'
 * own caches such as stored contexts, webhook subscriptions), LruCache or InvalidatedCache, found in the services'
 * fields and one level below; not the auth service's key cache (a platform uses one key for every call).
 */
export function hotPathCaches(app: App): Array<{ name: string; clear: () => void }> {
  const services = app.services as unknown as Record<string, unknown>;
  const seen = new Set<unknown>([services.auth]);
  const found: Array<{ name: string; clear: () => void }> = [];
  const isCache = (value: unknown) => value instanceof LruCache || value instanceof InvalidatedCache;
  const scan = (holder: unknown, name: string, depth: number) => {
    if (!holder || typeof holder !== "object" || seen.has(holder)) return;
    seen.add(holder);
    for (const [field, value] of Object.entries(holder)) {
      if (isCache(value) && !seen.has(value)) {
        seen.add(value);
        found.push({ name: `${name}.${field}`, clear: () => (value as { clear(): void }).clear() });
      } else if (
        depth > 0 &&
        value &&
        typeof value === "object" &&
        !(value instanceof Database) && // prepared statements are not data
        !Object.values(services).includes(value)
      ) {
        scan(value, `${name}.${field}`, depth - 1);
      }
    }
  };
  for (const holder of ["catalog", "agentDirectory", "knowledge", "sources", "callResolution", "calls", "webhooks"]) {
    scan(services[holder], holder, 1);
  }
  return found;
}

/** Counts the SQL statements TypeORM sends (and how many of them are the resolution statement). */
export function countStatements(db: Database) {
  const original = db.dataSource.logger;
  const counts = {
    total: 0,
    resolution: 0,
    /** The statements themselves, shortened, since the last reset. */
    seen: [] as string[],
    reset() {
      counts.total = 0;
      counts.resolution = 0;
      counts.seen = [];
    },
    stop() {
      db.dataSource.logger = original;
    },
  };
  const counting: typeof original = Object.create(original);
  counting.logQuery = (query: string) => {
    counts.total++;
    if (counts.seen.length < 50) counts.seen.push(query.replace(/\s+/g, " ").replace(/"/g, "").slice(0, 48));
    if (/FROM skill_versions\b/.test(query) && query.includes("'published'")) counts.resolution++;
  };
  db.dataSource.logger = counting;
  return counts;
}

/** CPU ticks (user + system) of each PostgreSQL backend serving this database, read from /proc (Linux, same host). */
export async function backendTicks(monitor: Client): Promise<Map<number, number> | null> {
  const { rows } = await monitor.query<{ pid: number }>(
    "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()",
  );
  const ticks = new Map<number, number>();
  for (const { pid } of rows) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      ticks.set(pid, Number(fields[11]) + Number(fields[12]));
    } catch {
      return null; // PostgreSQL on another host or in a container: not measurable from here
    }
  }
  return ticks;
}

export const CLOCK_TICK_MS = 10; // USER_HZ is 100 on Linux

export async function cpuProfiled<T>(dir: string | undefined, name: string, fn: () => Promise<T>): Promise<T> {
  if (!dir) return fn();
  const { result, profile } = await profiled(fn, 200);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, `${name}.cpuprofile`), JSON.stringify(profile));
  return result;
}

export interface Timing {
  /** Wall time, median. */
  p50: number;
  /** CPU time of this process per run (user + system). */
  cpu: number;
}

export async function timeIt(runs: number, fn: () => Promise<unknown>): Promise<Timing> {
  const ms: number[] = [];
  const cpuBefore = process.cpuUsage();
  for (let i = 0; i < runs; i++) {
    const start = process.hrtime.bigint();
    await fn();
    ms.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  const cpu = cpuMs(process.cpuUsage(cpuBefore)) / runs;
  ms.sort((x, y) => x - y);
  return { p50: ms[Math.floor(ms.length / 2)]!, cpu };
}
