import { promises as fs } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { loadConfig } from "../../config";
import { startGatewayKit, toolAnswers, type GatewayKit } from "../../../test/support/gateway-kit";
import { describeEachDialect } from "../../../test/support/test-app";

type Message = { role: "user" | "assistant"; content: string };
const FIRST: Message[] = [{ role: "user", content: "one" }];
const SECOND: Message[] = [...FIRST, { role: "assistant", content: "ok" }, { role: "user", content: "two" }];
const DAY_MS = 86_400 * 1000;

describe("gateway session store defaults (configuration)", () => {
  it("GW-6 unset, SESSION_STORE is memory, SESSION_STORE_SKILLS_TTL_SECS 86,400 and SESSION_STORE_PATH <DATA_DIR>/sessions", () => {
    const config = loadConfig({ DATA_DIR: "/srv/skillgraph" });
    expect([config.sessionStore, config.sessionStoreSkillsTtlSecs, config.sessionStorePath]).toEqual([
      "memory",
      86_400,
      path.resolve("/srv/skillgraph/sessions"),
    ]);
  });
});

describeEachDialect.withOwnApps("gateway session store defaults", (dialect) => {
  let memory: GatewayKit;
  let file: GatewayKit;

  async function loadThenReplay(kit: GatewayKit, session: string) {
    kit.upstream.reply({ toolCalls: [{ name: "load_skill", arguments: { name: "refund-policy" } }] }, { text: "ok" });
    await kit
      .client()
      .chat.completions.create({ model: "billing", messages: FIRST, metadata: { chat_session_id: session } });
    kit.upstream.reply({ text: "replayed" });
    await kit
      .client()
      .chat.completions.create({ model: "billing", messages: SECOND, metadata: { chat_session_id: session } });
    return toolAnswers(kit.upstream.requests.at(-1)!.body).map((answer) => answer.tool);
  }

  beforeAll(async () => {
    // No session settings at all: what a server gets out of the box (the file kit names only the store).
    memory = await startGatewayKit(dialect);
    file = await startGatewayKit(dialect, { sessionStore: "file" });
    for (const kit of [memory, file]) {
      await kit.skill("refund-policy", { body: "Refunds within 30 days." });
      await kit.agent({ name: "billing", skills: [{ name: "refund-policy" }] });
    }
  });
  afterAll(async () => {
    await memory?.close();
    await file?.close();
  });
  beforeEach(() => {
    memory.upstream.reset();
    file.upstream.reset();
  });

  it("GW-6 with no session settings the gateway keeps its logs in memory: the next turn replays, and nothing is written to disk", async () => {
    expect(memory.t.app.sessionStore.kind).toBe("memory");
    expect(await loadThenReplay(memory, "defaults-memory")).toEqual(["load_skill"]);
    await expect(fs.readdir(memory.t.app.config.sessionStorePath)).rejects.toMatchObject({ code: "ENOENT" });
  });

  it("GW-6 the memory store keeps 1,024 logs by default: past that the least recently used goes", async () => {
    const fresh = await startGatewayKit(dialect); // an empty store of its own
    try {
      const store = fresh.t.app.sessionStore;
      const key = (n: number) => ({ projectId: fresh.projectId, agent: "billing", sessionId: `lru-${n}` });
      const load = { tool: "load_skill" as const, arguments: { name: "refund-policy" }, userMessageIndex: 1 };
      for (let n = 0; n < 1024; n++) expect(await store.record(key(n), load)).toBe("recorded");
      for (let n = 0; n < 1024; n++) expect(await store.read(key(n)), String(n)).toHaveLength(1);
      await store.read(key(0)); // read last: of all, the first one read is now the least recently used
      await store.record(key(1024), load);
      expect(await store.read(key(1))).toEqual([]);
      for (const n of [0, 2, 1023, 1024]) expect(await store.read(key(n)), String(n)).toHaveLength(1);
    } finally {
      await fresh.close();
    }
  });

  it("GW-6 the default time to live is 86,400 s from the last skill tool call (as the file store writes it)", async () => {
    const before = Date.now();
    expect(await loadThenReplay(file, "defaults-file")).toEqual(["load_skill"]);
    const after = Date.now();
    const dir = file.t.app.config.sessionStorePath;
    expect(dir).toBe(path.join(file.t.app.config.dataDir, "sessions"));
    const logs = (await fs.readdir(dir)).filter((name) => name.endsWith(".json"));
    expect(logs).toHaveLength(1);
    const stored = JSON.parse(await fs.readFile(path.join(dir, logs[0]!), "utf8")) as { expiresAt: number };
    expect(stored.expiresAt).toBeGreaterThanOrEqual(before + DAY_MS);
    expect(stored.expiresAt).toBeLessThanOrEqual(after + DAY_MS);
  });
});
