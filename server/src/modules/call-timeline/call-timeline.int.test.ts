import { randomBytes } from "node:crypto";
import { createClient, type Client, type ExecutionResult } from "graphql-ws";
import { afterAll, beforeAll, expect, it } from "vitest";
import { Client as PgClient } from "pg";
import WebSocket from "ws";
import { createApp, type App } from "../../app";
import { entities } from "../../entities";
import { Database } from "../../platform/db/database";
import { createLogger } from "../../platform/logger";
import {
  type CallView,
  END_CALL,
  LOAD_SKILL,
  loadSkill,
  publishAgent,
  publishSkill,
  READ_CALL,
  runTool,
  startCall,
  timeline,
} from "../../../test/support/calls";
import { startReceiver, type Receiver } from "../../../test/support/receiver";
import { redisReachable, skipUnless } from "../../../test/support/required";
import { describeEachDialect, createTestApp, type TestApp } from "../../../test/support/test-app";
import { until } from "../../../test/support/wait";

const CALL_EVENTS = `subscription($callId: ID!) { callEvents(callId: $callId) { id type data loadedAfter } }`;
const CALL_TOOL_INVOCATIONS = `subscription($callId: ID!) { callToolInvocations(callId: $callId) {
  id tool source arguments status result error } }`;

interface StreamedEvent {
  id: string;
  type: string;
  data: Record<string, unknown>;
  loadedAfter: string[];
}

interface Stream {
  results: ExecutionResult[];
  events(): StreamedEvent[];
  /** What a callToolInvocations subscription sent. */
  runs(): Array<{ id: string; tool: string; arguments: unknown; status: string; result: unknown }>;
  /** Settles when the server completes the subscription; rejects when the connection fails. */
  done: Promise<void>;
  stop(): void;
}

function wsClient(baseUrl: string, authorization?: string): Client {
  return createClient({
    url: `${baseUrl.replace(/^http/, "ws")}/graphql`,
    webSocketImpl: WebSocket,
    connectionParams: authorization ? { authorization } : {},
    retryAttempts: 0,
  });
}

function subscribe(client: Client, query: string, variables: Record<string, unknown>): Stream {
  const results: ExecutionResult[] = [];
  let stop = () => {};
  const done = new Promise<void>((resolve, reject) => {
    stop = client.subscribe<Record<string, unknown>>(
      { query, variables },
      { next: (result) => results.push(result as ExecutionResult), error: reject, complete: resolve },
    );
  });
  done.catch(() => undefined);
  return {
    results,
    done,
    stop,
    events: () => results.flatMap((r) => (r.data ? [(r.data as { callEvents: StreamedEvent }).callEvents] : [])),
    runs: () =>
      results.flatMap((r) =>
        r.data ? [(r.data as { callToolInvocations: ReturnType<Stream["runs"]>[number] }).callToolInvocations] : [],
      ),
  };
}

const codeOf = (result: ExecutionResult | undefined) =>
  (result?.errors?.[0] as { extensions?: { code?: string } } | undefined)?.extensions?.code;

describeEachDialect.withOwnApps("the live call timeline", (dialect) => {
  let t: TestApp;
  let key: string;
  let agentId: string;
  const clients: Client[] = [];
  const connect = (baseUrl: string, authorization?: string) => {
    const client = wsClient(baseUrl, authorization);
    clients.push(client);
    return client;
  };

  let receiver: Receiver;

  beforeAll(async () => {
    receiver = await startReceiver({ respond: (request) => ({ body: { invoices: 2, path: request.path } }) });
    t = await createTestApp(dialect, { outboundAllowHosts: ["127.0.0.1"] });
    key = (await t.project("timeline")).adminKey;
    for (const name of ["alpha", "beta"]) await publishSkill(t, key, name);
    agentId = await publishAgent(t, key, {
      name: "timeline-agent",
      prompt: "Desk.",
      maxLoadedSkills: 1,
      skills: [{ name: "alpha" }, { name: "beta" }],
    });
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.dispose()));
    await t?.close();
    await receiver?.close();
  });

  it("UX-5 RT-11 a subscriber receives each event in order as it commits: loaded, unloaded before the load that made room, ended", async () => {
    const call = await startCall(t, key, { agentId });
    const stream = subscribe(connect(t.url, `Bearer ${key}`), CALL_EVENTS, { callId: call.id });
    await until(() => stream.events().length >= 1);
    expect(stream.events().map((e) => e.type)).toEqual(["call.started"]);

    await loadSkill(t, key, call.id, "alpha");
    await until(() => stream.events().length >= 2);
    expect(stream.events()[1]).toMatchObject({
      type: "skill.loaded",
      data: { skill: "alpha" },
      loadedAfter: ["alpha"],
    });

    await loadSkill(t, key, call.id, "beta");
    await t.ok(END_CALL, { callId: call.id }, key);
    await stream.done;
    const events = stream.events();
    expect(events.map((e) => [e.type, e.data.skill ?? null, e.data.reason ?? null])).toEqual([
      ["call.started", null, null],
      ["skill.loaded", "alpha", null],
      ["skill.unloaded", "alpha", "limit"],
      ["skill.loaded", "beta", null],
      ["call.ended", null, null],
    ]);
    expect(events[3]!.loadedAfter).toEqual(["beta"]);
    expect(stream.results.every((r) => !r.errors)).toBe(true);
    // Exactly what the call's own timeline shows, event for event.
    const stored = await timeline(t, key, call.id);
    expect(events.map((e) => [e.type, e.data, e.loadedAfter])).toEqual(
      stored.events.map((e) => [e.type, e.data, e.loadedAfter]),
    );
  });

  it("UX-5 each tool run reaches a callToolInvocations subscriber once its row commits; the stream ends with the call", async () => {
    await publishSkill(t, key, "gamma", {
      tools: [{ name: "get_invoices", description: "The invoices.", webhookUrl: `${receiver.url}/gamma/get_invoices` }],
    });
    const tooled = await publishAgent(t, key, { name: "tool-agent", prompt: "Desk.", skills: [{ name: "gamma" }] });
    const call = await startCall(t, key, { agentId: tooled });
    await loadSkill(t, key, call.id, "gamma");
    const stream = subscribe(connect(t.url, `Bearer ${key}`), CALL_TOOL_INVOCATIONS, { callId: call.id });
    const first = await runTool(t, key, call.id, "get_invoices", { month: "2026-10" });
    await until(() => stream.runs().length >= 1);
    // The stream is open and idle now: the second run can only arrive on its notice.
    const second = await runTool(t, key, call.id, "get_invoices", { month: "2026-11" });
    await until(() => stream.runs().length >= 2);
    expect(stream.runs()).toEqual([
      {
        id: first.id,
        tool: "get_invoices",
        source: "skill:gamma",
        arguments: { month: "2026-10" },
        status: "ok",
        result: { invoices: 2, path: "/gamma/get_invoices" },
        error: null,
      },
      expect.objectContaining({ id: second.id, arguments: { month: "2026-11" }, status: "ok" }),
    ]);
    await t.ok(END_CALL, { callId: call.id }, key);
    await stream.done;
    expect(stream.results.every((r) => !r.errors)).toBe(true);
    // Exactly what the call itself lists, run for run.
    const read = await t.ok<{ call: CallView }>(READ_CALL, { id: call.id }, key);
    expect(stream.runs().map((r) => r.id)).toEqual(read.call.toolInvocations.map((i) => i.id));
    // An ended call's runs are replayed, then the stream completes; another project's call is NOT_FOUND.
    const replay = subscribe(connect(t.url, `Bearer ${key}`), CALL_TOOL_INVOCATIONS, { callId: call.id });
    await replay.done;
    expect(replay.runs().map((r) => r.id)).toEqual([first.id, second.id]);
    const other = await t.project("timeline runs other");
    const refused = subscribe(connect(t.url, `Bearer ${other.adminKey}`), CALL_TOOL_INVOCATIONS, { callId: call.id });
    await refused.done;
    expect(refused.runs()).toEqual([]);
    expect(codeOf(refused.results[0])).toBe("NOT_FOUND");
  });

  it("UX-5 subscribing to an ended call replays its timeline and completes", async () => {
    const call = await startCall(t, key, { agentId });
    await loadSkill(t, key, call.id, "beta");
    await t.ok(END_CALL, { callId: call.id }, key);
    const stream = subscribe(connect(t.url, `Bearer ${key}`), CALL_EVENTS, { callId: call.id });
    await stream.done;
    expect(stream.events().map((e) => e.type)).toEqual(["call.started", "skill.loaded", "call.ended"]);
  });

  it("UX-5 SEC-7 a connection without a valid credential is refused", async () => {
    const call = await startCall(t, key, { agentId });
    for (const authorization of [undefined, `Bearer sgk_${"B".repeat(48)}`, "Basic abc"]) {
      const stream = subscribe(connect(t.url, authorization), CALL_EVENTS, { callId: call.id });
      await expect(stream.done, String(authorization)).rejects.toMatchObject({ code: 4403 });
      expect(stream.results).toEqual([]);
    }
  });

  it("UX-5 SEC-7 revoking the key ends the subscriptions it opened", async () => {
    const call = await startCall(t, key, { agentId });
    const created = await t.ok<{ createApiKey: { id: string; key: string } }>(
      `mutation { createApiKey(role: VIEWER, name: "timeline viewer") { id key } }`,
      {},
      key,
    );
    const stream = subscribe(connect(t.url, `Bearer ${created.createApiKey.key}`), CALL_EVENTS, { callId: call.id });
    await until(() => stream.events().length >= 1);
    const kept = subscribe(connect(t.url, `Bearer ${key}`), CALL_EVENTS, { callId: call.id });
    await until(() => kept.events().length >= 1);
    await t.ok(`mutation($id: ID!) { revokeApiKey(id: $id) }`, { id: created.createApiKey.id }, key);
    await expect(stream.done).rejects.toMatchObject({ code: 4403 });
    await loadSkill(t, key, call.id, "alpha");
    await until(() => kept.events().length >= 2);
    kept.stop();
  });

  it("UX-5 PJ-1 another project's call is NOT_FOUND, and so is a call that does not exist", async () => {
    const call = await startCall(t, key, { agentId });
    const other = await t.project("timeline other");
    for (const callId of [call.id, "00000000-0000-4000-8000-000000000000"]) {
      const stream = subscribe(connect(t.url, `Bearer ${other.adminKey}`), CALL_EVENTS, { callId });
      await stream.done;
      expect(stream.events()).toEqual([]);
      expect(codeOf(stream.results[0])).toBe("NOT_FOUND");
    }
  });

  it("UX-5 SEC-4 the same limits as HTTP apply over WebSocket, which serves subscriptions only", async () => {
    const call = await startCall(t, key, { agentId });
    const client = connect(t.url, `Bearer ${key}`);
    const aliases = Array.from({ length: 25 }, (_, i) => `a${i}: type`).join(" ");
    const tooMany = subscribe(client, `subscription($callId: ID!) { callEvents(callId: $callId) { ${aliases} } }`, {
      callId: call.id,
    });
    await expect(tooMany.done).rejects.toBeDefined();
    const query = subscribe(client, `query($id: ID!) { call(id: $id) { id } }`, { id: call.id });
    await expect(query.done).rejects.toBeDefined();
    const [aliasErrors, queryErrors] = await Promise.all([
      tooMany.done.catch((e: unknown) => e),
      query.done.catch((e: unknown) => e),
    ]);
    expect(JSON.stringify(aliasErrors)).toMatch(/alias/i);
    expect(JSON.stringify(queryErrors)).toContain("Only subscriptions are served over WebSocket");
  });

  it("UX-5 shutting down closes open subscriptions instead of waiting for them (Apollo's drain disposes the WebSocket server)", async () => {
    const own = await createTestApp(dialect);
    try {
      const ownKey = (await own.project("timeline shutdown")).adminKey;
      await publishSkill(own, ownKey, "alpha");
      const ownAgent = await publishAgent(own, ownKey, { name: "shutdown-agent", prompt: "Desk.", skills: [] });
      const call = await startCall(own, ownKey, { agentId: ownAgent });
      const stream = subscribe(connect(own.url, `Bearer ${ownKey}`), CALL_EVENTS, { callId: call.id });
      await until(() => stream.events().length >= 1);
      const started = Date.now();
      await own.app.close();
      expect(Date.now() - started).toBeLessThan(5000);
      await expect(stream.done).rejects.toMatchObject({ code: 1001 });
    } finally {
      await own.close().catch(() => undefined);
    }
  });

  /** A second server instance on the same database; with `redisUrl`, both it and a third share Redis as the bus. */
  async function instance(redisUrl?: string): Promise<{ app: App; url: string }> {
    const db = await Database.open({ url: t.app.db.postgresUrl()!, entities, poolSize: 5 });
    const app = await createApp(
      { ...t.app.config, redisUrl },
      {
        secretKey: randomBytes(32).toString("base64"),
        signingKey: randomBytes(32).toString("base64"),
        platformTokenHash: "0".repeat(64),
      },
      { db, logger: createLogger("silent") },
    );
    return { app, url: `http://127.0.0.1:${await app.http.listen(0, "127.0.0.1")}` };
  }

  // PostgreSQL only (its NOTIFY is what a load's statement sends): registered there alone
  if (dialect === "postgres")
    it("UX-5 a load sends PostgreSQL's NOTIFY only while a live timeline follows its call", async () => {
      const listener = new PgClient({ connectionString: t.app.db.postgresUrl()! });
      const heard: string[] = [];
      listener.on("notification", (n) => heard.push(n.payload ?? ""));
      await listener.connect();
      await listener.query("LISTEN skillgraph_invalidate");
      const call = await startCall(t, key, { agentId });
      const followers = async () =>
        Number(
          (
            (await t.app.db.dataSource.query("SELECT followers FROM calls WHERE id = $1", [call.id])) as Array<{
              followers: number;
            }>
          )[0]!.followers,
        );
      // NOTIFYs are heard in commit order: once a marker sent now is heard, every notice committed before it was too
      let marks = 0;
      const noticesOfTheCall = async () => {
        const mark = `mark-${marks++}`;
        await t.app.db.dataSource.query("SELECT pg_notify('skillgraph_invalidate', $1)", [mark]);
        await until(() => heard.includes(mark));
        return heard.splice(0).filter((payload) => payload.includes(call.id));
      };
      try {
        await loadSkill(t, key, call.id, "alpha");
        expect(await noticesOfTheCall()).toEqual([]);

        const stream = subscribe(connect(t.url, `Bearer ${key}`), CALL_EVENTS, { callId: call.id });
        await until(() => stream.events().length >= 2);
        expect(await followers()).toBe(1);
        expect((await loadSkill(t, key, call.id, "beta")).status).toBe("LOADED");
        expect(await noticesOfTheCall()).toHaveLength(1);
        await until(() => stream.events().length >= 4); // alpha unloaded to make room, beta loaded
        expect(
          stream
            .events()
            .slice(2)
            .map((e) => e.type),
        ).toEqual(["skill.unloaded", "skill.loaded"]);

        stream.stop();
        await until(async () => (await followers()) === 0);
        await loadSkill(t, key, call.id, "alpha");
        expect(await noticesOfTheCall()).toEqual([]);
      } finally {
        await listener.end();
      }
    });

  for (const [bus, redisUrl] of [
    ["PostgreSQL NOTIFY", undefined],
    ["Redis pub/sub", "redis://127.0.0.1:6379"],
  ] as const) {
    // PostgreSQL only (two instances share its database): registered there, so the SQLite run lists no skipped test
    if (dialect === "postgres")
      it(`UX-5 events recorded on one instance reach a subscriber on another (${bus})`, async (ctx) => {
        if (redisUrl) skipUnless(ctx, await redisReachable(), `Redis at ${redisUrl}`);
        const writer = redisUrl ? await instance(redisUrl) : { app: t.app, url: t.url };
        const reader = await instance(redisUrl);
        try {
          const call = await startCall(t, key, { agentId });
          const stream = subscribe(connect(reader.url, `Bearer ${key}`), CALL_EVENTS, { callId: call.id });
          await until(() => stream.events().length >= 1);
          await fetch(`${writer.url}/graphql`, {
            method: "POST",
            headers: { "content-type": "application/json", authorization: `Bearer ${key}` },
            body: JSON.stringify({ query: LOAD_SKILL, variables: { callId: call.id, name: "alpha" } }),
          });
          await until(() => stream.events().length >= 2, 5000);
          expect(stream.events()[1]).toMatchObject({ type: "skill.loaded", data: { skill: "alpha" } });
          stream.stop();
        } finally {
          await reader.app.close();
          if (writer.app !== t.app) await writer.app.close();
        }
      });
  }
});
