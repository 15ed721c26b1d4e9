/** The gateway bench's pieces: its client, the upstream, the bare proxy, the upstream timer and the app under test. */
import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import type { Config } from "../../src/config";
import { entities } from "../../src/entities";
import { Database } from "../../src/platform/db/database";
import { startInstance } from "../call-runtime/instance";

const SKILLS = 10;
/**
 * The benchmark's own client: node:http over kept-alive connections, the same for every pass. (Undici's fetch makes
 * the process's young-generation collections several times slower, which would fall on every pass's tail.)
 */
export const clientAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
/** Taken before the upstream's requests are timed (the client's own requests are never counted as upstream time). */
export const clientRequest = http.request;

export function post(url: string, key: string, body: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const request = clientRequest(
      url,
      {
        method: "POST",
        agent: clientAgent,
        headers: {
          "content-type": "application/json",
          "content-length": Buffer.byteLength(body),
          authorization: `Bearer ${key}`,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString("utf8") }));
        res.on("error", reject);
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

export const COMPLETION = JSON.stringify({
  id: "chatcmpl-bench",
  object: "chat.completion",
  created: 0,
  model: "bench",
  choices: [
    {
      index: 0,
      message: { role: "assistant", content: "Fine.", refusal: null },
      finish_reason: "stop",
      logprobs: null,
    },
  ],
  usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
});

export async function listen(server: http.Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

export function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let raw = "";
    req.on("data", (c: Buffer) => (raw += c.toString()));
    req.on("end", () => resolve(raw));
    req.on("error", reject);
  });
}

/**
 * The upstream: reads the request to its end and answers a fixed completion. It runs in this process, so it reads
 * without keeping what it reads: a real upstream's garbage is collected in its own process, not in the gateway's.
 */
export function upstreamServer(): http.Server {
  return http.createServer((req, res) => {
    req.on("end", () => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(COMPLETION);
    });
    req.resume();
  });
}

/**
 * The baseline: parse the JSON body, forward it unchanged over a kept-alive connection, relay the answer (node:http
 * both ways, as lean as a proxy gets; `http.request` is looked up per call, so the upstream timer sees it).
 */
export function proxyServer(upstream: string): http.Server {
  const agent = new http.Agent({ keepAlive: true });
  return http.createServer((req, res) => {
    void (async () => {
      const body = JSON.stringify(JSON.parse(await readBody(req)) as unknown);
      const outgoing = http.request(`${upstream}/v1/chat/completions`, {
        method: "POST",
        agent,
        headers: {
          "content-type": "application/json",
          "content-length": Buffer.byteLength(body),
          authorization: req.headers.authorization ?? "",
        },
      });
      outgoing.on("response", (answer: http.IncomingMessage) => {
        const chunks: Buffer[] = [];
        answer.on("data", (chunk: Buffer) => chunks.push(chunk));
        answer.on("end", () => {
          res.writeHead(answer.statusCode ?? 502, { "content-type": "application/json" });
          res.end(Buffer.concat(chunks));
        });
      });
      outgoing.end(body);
    })();
  });
}

/**
 * Times every request to the upstream, from the call to the last byte of its answer: the proxy's and the gateway's
 * alike (the gateway's `openai` client fetches through SEC-13's `pinnedFetch`, which sends over `http.request`).
 * Requests are sequential: `waited()` answers the time summed since it was last asked.
 */
export function timeUpstreamRequests(
  upstream: string,
  each?: (ms: number) => void,
): { waited: () => number; restore: () => void } {
  const originalRequest = http.request;
  const port = new URL(upstream).port;
  let waited = 0;
  const toUpstream = (target: unknown) =>
    (target instanceof URL && target.port === port) ||
    (typeof target === "string" && target.startsWith(upstream)) ||
    (typeof target === "object" && target !== null && String((target as { port?: unknown }).port) === port);
  http.request = function timedRequest(this: unknown, ...args: Parameters<typeof http.request>) {
    const outgoing = (originalRequest as (...a: unknown[]) => http.ClientRequest).apply(this, args);
    if (!toUpstream(args[0])) return outgoing;
    const started = performance.now();
    outgoing.on("response", (incoming: http.IncomingMessage) =>
      incoming.on("end", () => {
        const ms = performance.now() - started;
        waited += ms;
        each?.(ms);
      }),
    );
    return outgoing;
  } as typeof http.request;
  const take = () => {
    const total = waited;
    waited = 0;
    return total;
  };
  return { waited: take, restore: () => (http.request = originalRequest) };
}

/** An app on the given session store with one agent of 10 skills and a session whose log holds 20 invocations. */
export async function gatewayApp(upstream: string, store: Partial<Config>) {
  const db = await Database.open({ url: undefined, sqlitePath: ":memory:", entities });
  const {
    app,
    gql,
    graphqlUrl,
    projectId,
    adminKey: key,
  } = await startInstance(db, {
    outboundAllowHosts: ["127.0.0.1"],
    modelBaseUrl: `${upstream}/v1`,
    modelName: "bench",
    ...store,
  });
  const names: string[] = [];
  for (let i = 0; i < SKILLS; i++) {
    const name = `skill-${String(i).padStart(2, "0")}`;
    names.push(name);
    const md = `---\nname: ${name}\ndescription: Use for task ${i}.\n---\n${`Step ${i} of the procedure. `.repeat(80)}`;
    const v = await gql<{ createSkillVersion: { id: string } }>(
      `mutation($input: SkillVersionInput!) { createSkillVersion(input: $input) { id } }`,
      {
        input: {
          skillMd: md,
          files: [
            { path: "references/guide.md", contentBase64: Buffer.from("Guide line.\n".repeat(350)).toString("base64") },
          ],
        },
      },
      key,
    );
    await gql(`mutation($id: ID!) { publishSkillVersion(id: $id) { id } }`, { id: v.createSkillVersion.id }, key);
  }
  const agent = await gql<{ saveAgent: { id: string } }>(
    `mutation($input: AgentInput!) { saveAgent(input: $input) { id } }`,
    { input: { name: "bench-agent", prompt: "You are a benchmark.", skills: names.map((name) => ({ name })) } },
    key,
  );
  await gql(`mutation($id: ID!) { publishAgentVersion(id: $id) { id } }`, { id: agent.saveAgent.id }, key);
  const session = `bench-${randomBytes(6).toString("hex")}`;
  const logKey = { projectId, sessionId: session, agent: "bench-agent" };
  for (const [i, name] of names.entries()) {
    await app.sessionStore.record(logKey, { tool: "load_skill", arguments: { name }, userMessageIndex: 1 + (i % 3) });
    await app.sessionStore.record(logKey, {
      tool: "read_skill_file",
      arguments: { skill: name, path: "references/guide.md" },
      userMessageIndex: 1 + (i % 3),
    });
  }
  return { app, url: graphqlUrl.replace(/\/graphql$/, ""), key, session };
}

/** The gateway passes, one per session store (GW-6). */
export function storeConfigs(redisUrl: string): Array<[string, Partial<Config>]> {
  return [
    ["gateway (memory store)", { sessionStore: "memory" }],
    [
      "gateway (file store)",
      {
        sessionStore: "file",
        sessionStorePath: path.join(os.tmpdir(), `sg-bench-sessions-${randomBytes(4).toString("hex")}`),
      },
    ],
    ["gateway (redis store)", { sessionStore: "redis", redisUrl: redisUrl }],
  ];
}

export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

export const MESSAGES = [
  { role: "user", content: "First question." },
  { role: "assistant", content: "First answer." },
  { role: "user", content: "Second question." },
  { role: "assistant", content: "Second answer." },
  { role: "user", content: "Third question." },
];
