import { randomBytes } from "node:crypto";
import { promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";
import OpenAI from "openai";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  describeEachDialectAndStore,
  startGatewayKit,
  storeConfig,
  toolAnswers,
  type GatewayKit,
} from "../../../test/support/gateway-kit";
import { startScriptedModel, type ScriptedModel } from "../../../test/support/scripted-model";
import { ensureServerBuilt } from "../../../test/support/server-build";
import { startServer, type ServerProcess } from "../../../test/support/server-process";
import { skillMd } from "../../../test/support/skill-md";
import { describeEachDialect, createTestApp } from "../../../test/support/test-app";
import { GatewayConfigError, loadGatewayConfig } from ".";

const CONFIG_KEY = "config-key-0123456789abcdef";

async function write(file: string, text: string): Promise<void> {
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, text);
}

/** A tree of skill sources in the Agent Skills layout, with links inside and out of a skill, and its TOML. */
async function skillTree(): Promise<{ root: string; config: string }> {
  const root = path.join(os.tmpdir(), `sg-gw-${randomBytes(6).toString("hex")}`);
  const review = path.join(root, "skills", "code-review");
  await write(
    path.join(review, "SKILL.md"),
    skillMd("code-review", { description: "Review code (first source).", body: "Check the diff." }),
  );
  await write(path.join(review, "references", "checklist.md"), "1. Tests pass.");
  await fs.symlink("checklist.md", path.join(review, "references", "inside-link.md"));
  await write(path.join(root, "secret.txt"), "top secret");
  await fs.symlink("../../../secret.txt", path.join(review, "references", "leak.md"));
  await fs.symlink("../../../missing.txt", path.join(review, "references", "ghost.md"));
  await write(path.join(root, "skills", "notes", "README.md"), "not a skill");
  await write(
    path.join(root, "shared", "code-review", "SKILL.md"),
    skillMd("code-review", { description: "Second source." }),
  );
  await write(path.join(root, "shared", "deploy", "SKILL.md"), skillMd("deploy", { body: "Deploy steps." }));
  await write(path.join(root, "knowledge-skills", "lookup", "SKILL.md"), skillMd("lookup", { body: "Look it up." }));
  const config = path.join(root, "aura.toml");
  await write(
    config,
    [
      "[gateway]",
      `api_keys = ["${CONFIG_KEY}"]`,
      "[agent]",
      'name = "aura"',
      'system_prompt = "You are AURA."',
      "[agent.skills]",
      // relative sources resolve from the process's working directory (GW-3)
      `local = [{ source = "${path.relative(process.cwd(), path.join(root, "skills"))}" }, { source = "${path.join(root, "shared")}" }]`,
      "[orchestration.worker.knowledge]",
      'description = "Looks things up."',
      "[orchestration.worker.knowledge.skills]",
      `local = [{ source = "${path.join(root, "knowledge-skills")}" }]`,
      "[orchestration.worker.operations]",
      'description = "Runs operations."',
      "[orchestration.worker.operations.skills]",
      "local = []",
      "[orchestration.worker.generalist]",
      'description = "Inherits the agent\'s skills."',
    ].join("\n"),
  );
  return { root, config };
}

const history = [
  { role: "user" as const, content: "one" },
  { role: "assistant" as const, content: "ok" },
  { role: "user" as const, content: "two" },
];

describeEachDialectAndStore("gateway agents from GATEWAY_CONFIG", (dialect, store) => {
  let tree: { root: string; config: string };
  let kit: GatewayKit;
  beforeAll(async () => {
    tree = await skillTree();
    kit = await startGatewayKit(dialect, { ...storeConfig(store), gatewayConfig: tree.config });
  });
  afterAll(async () => {
    await kit.close();
    await fs.rm(tree.root, { recursive: true, force: true });
  });
  beforeEach(() => kit.upstream.reset());

  it("GW-3 discovery: first source wins with a warning, folders without SKILL.md are skipped, workers inherit or not", async () => {
    const loaded = await loadGatewayConfig(tree.config);
    expect(loaded.agent.skills.map((s) => [s.name, s.description])).toEqual([
      ["code-review", "Review code (first source)."],
      ["deploy", "Use when the caller asks about deploy."],
    ]);
    expect(loaded.warnings).toEqual([expect.stringContaining("skill 'code-review'")]);
    const workers = Object.fromEntries(loaded.agent.workers.map((w) => [w.name, w.skills.map((s) => s.name)]));
    expect(workers).toEqual({ knowledge: ["lookup"], operations: [], generalist: ["code-review", "deploy"] });
  });

  it("GW-3 served by name with the platform credential or a listed key; a project key does not reach it", async () => {
    for (const credential of [kit.t.platformToken, CONFIG_KEY]) {
      kit.upstream.reply({ text: "AURA here" });
      const answer = await kit
        .client(credential)
        .chat.completions.create({ model: "aura", messages: [{ role: "user", content: "hi" }] });
      expect(answer.choices[0]?.message.content).toBe("AURA here");
    }
    const system = String(kit.upstream.requests[0]!.body.messages[0]!.content);
    expect(system).toContain("You are AURA.");
    expect(system).toContain("- code-review: Review code (first source).");
    expect(system).toContain("- deploy:");
    expect(system).not.toContain("notes");
    expect((await kit.client(CONFIG_KEY).models.list()).data.map((m) => m.id)).toEqual(["aura"]);
    await expect(
      kit.client(kit.key).chat.completions.create({ model: "aura", messages: [{ role: "user", content: "hi" }] }),
    ).rejects.toMatchObject({ status: 404 });
  });

  it("GW-2 SEC-12 a link inside the skill is served; one pointing outside is refused alike whether its target exists", async () => {
    const read = (p: string) => ({ name: "read_skill_file", arguments: { skill: "code-review", path: p } });
    kit.upstream.reply(
      { toolCalls: [{ name: "load_skill", arguments: { name: "code-review" } }] },
      {
        toolCalls: [
          read("references/inside-link.md"),
          read("references/leak.md"),
          read("references/ghost.md"),
          read("../../secret.txt"),
          read("references/none.md"),
          read("SKILL.md"),
        ],
      },
      { text: "done" },
    );
    await kit
      .client(CONFIG_KEY)
      .chat.completions.create({ model: "aura", messages: [{ role: "user", content: "review" }] });
    const answers = toolAnswers(kit.upstream.requests[2]!.body);
    expect(answers[0]!.content).toContain("Check the diff.");
    expect(answers[0]!.content).toContain("references/inside-link.md");
    expect(answers[0]!.content).not.toContain("leak.md");
    expect(answers[0]!.content).not.toContain("ghost.md");
    const [inside, leak, ghost, dotdot, none, skillMdText] = answers.slice(1).map((a) => a.content);
    expect(inside).toBe("1. Tests pass.");
    expect(leak).toBe(ghost);
    expect(leak).toBe(dotdot);
    expect(leak).not.toContain("top secret");
    expect(none).not.toBe(leak);
    expect(none).toContain("has no file");
    expect(skillMdText).toContain("name: code-review");
  });

  it("GW-10 the coordinator delegates to a worker; only the coordinator's skill calls are recorded and replayed", async () => {
    kit.upstream.reply(
      {
        toolCalls: [
          { name: "load_skill", arguments: { name: "deploy" } },
          { name: "delegate_to_worker", arguments: { worker: "knowledge", task: "Find the runbook." } },
        ],
      },
      { toolCalls: [{ name: "load_skill", arguments: { name: "lookup" } }] },
      { text: "The runbook is in ops/." },
      { text: "Done: ops/." },
    );
    const session = `gw10-${randomBytes(4).toString("hex")}`;
    const answer = await kit.client(CONFIG_KEY).chat.completions.create({
      model: "aura",
      metadata: { chat_session_id: session },
      messages: [{ role: "user", content: "one" }],
    });
    expect(answer.choices[0]?.message.content).toBe("Done: ops/.");
    const coordinator = kit.upstream.requests[0]!.body;
    expect(coordinator.tools?.map((t) => t.function.name)).toEqual([
      "load_skill",
      "read_skill_file",
      "delegate_to_worker",
    ]);
    const worker = kit.upstream.requests[1]!.body;
    expect(worker.messages.map((m) => m.role)).toEqual(["system", "user"]);
    expect(worker.messages[1]!.content).toBe("Find the runbook.");
    expect(String(worker.messages[0]!.content)).toContain("- lookup:");
    expect(String(worker.messages[0]!.content)).not.toContain("code-review");
    expect(toolAnswers(kit.upstream.requests[3]!.body).find((a) => a.tool === "delegate_to_worker")?.content).toBe(
      "The runbook is in ops/.",
    );
    kit.upstream.reset();
    kit.upstream.reply({ text: "next" });
    await kit
      .client(CONFIG_KEY)
      .chat.completions.create({ model: "aura", metadata: { chat_session_id: session }, messages: history });
    expect(toolAnswers(kit.upstream.requests[0]!.body).map((a) => a.arguments)).toEqual([{ name: "deploy" }]);
  });

  it("GW-10 a worker with an empty list has no skills; one without its own inherits the agent's", async () => {
    kit.upstream.reply(
      {
        toolCalls: [
          { name: "delegate_to_worker", arguments: { worker: "operations", task: "t1" } },
          { name: "delegate_to_worker", arguments: { worker: "generalist", task: "t2" } },
        ],
      },
      { text: "ops done" },
      { text: "general done" },
      { text: "all done" },
    );
    await kit
      .client(CONFIG_KEY)
      .chat.completions.create({ model: "aura", messages: [{ role: "user", content: "go" }] });
    const operations = kit.upstream.requests[1]!.body;
    expect(operations.tools).toBeUndefined();
    expect(String(operations.messages[0]!.content)).not.toContain("# Skills");
    const generalist = kit.upstream.requests[2]!.body;
    expect(String(generalist.messages[0]!.content)).toContain("- code-review:");
    expect(generalist.tools?.map((t) => t.function.name)).toEqual(["load_skill", "read_skill_file"]);
  });

  it("GW-3 a frontmatter name that differs from its folder stops the start with a sentence saying so", async () => {
    const bad = path.join(tree.root, "bad");
    await write(path.join(bad, "skills", "right-name", "SKILL.md"), skillMd("wrong-name"));
    const file = path.join(bad, "bad.toml");
    await write(
      file,
      ["[agent]", 'name = "bad"', "[agent.skills]", `local = [{ source = "${path.join(bad, "skills")}" }]`].join("\n"),
    );
    await expect(loadGatewayConfig(file)).rejects.toBeInstanceOf(GatewayConfigError);
    // The start itself stops (on SQLite only: a refused start leaves no scratch PostgreSQL database to drop).
    if (dialect === "sqlite")
      await expect(createTestApp(dialect, { gatewayConfig: file })).rejects.toThrow(/must equal the folder's name/);
  });
});

describeEachDialect.withOwnApps("gateway session stores across instances", (dialect) => {
  let tree: { root: string; config: string };
  let upstream: ScriptedModel;
  beforeAll(async () => {
    tree = await skillTree();
    upstream = await startScriptedModel();
  });
  afterAll(async () => {
    await upstream.close();
    await fs.rm(tree.root, { recursive: true, force: true });
  });

  async function loadThenReplay(first: GatewayKit, second: GatewayKit): Promise<void> {
    const session = `s-${randomBytes(6).toString("hex")}`;
    upstream.reset();
    upstream.reply({ toolCalls: [{ name: "load_skill", arguments: { name: "deploy" } }] }, { text: "ok" });
    await first.client(CONFIG_KEY).chat.completions.create({
      model: "aura",
      metadata: { chat_session_id: session },
      messages: history.slice(0, 1),
    });
    upstream.reset();
    upstream.reply({ text: "replayed" });
    await second
      .client(CONFIG_KEY)
      .chat.completions.create({ model: "aura", metadata: { chat_session_id: session }, messages: history });
    expect(toolAnswers(upstream.requests[0]!.body).map((a) => a.content)).toEqual([
      expect.stringContaining("Deploy steps."),
    ]);
  }

  it("GW-6 the file store keeps logs across a restart of the server", async () => {
    const dir = path.join(tree.root, "sessions");
    const overrides = { gatewayConfig: tree.config, sessionStore: "file" as const, sessionStorePath: dir };
    const before = await startGatewayKit(dialect, overrides, { upstream });
    const session = `restart-${randomBytes(4).toString("hex")}`;
    upstream.reset();
    upstream.reply({ toolCalls: [{ name: "load_skill", arguments: { name: "deploy" } }] }, { text: "ok" });
    await before.client(CONFIG_KEY).chat.completions.create({
      model: "aura",
      metadata: { chat_session_id: session },
      messages: history.slice(0, 1),
    });
    await before.close();
    const after = await startGatewayKit(dialect, overrides, { upstream });
    try {
      upstream.reset();
      upstream.reply({ text: "replayed" });
      await after
        .client(CONFIG_KEY)
        .chat.completions.create({ model: "aura", metadata: { chat_session_id: session }, messages: history });
      expect(toolAnswers(upstream.requests[0]!.body).map((a) => a.content)).toEqual([
        expect.stringContaining("Deploy steps."),
      ]);
    } finally {
      await after.close();
    }
  });

  it("GW-6 the redis store is shared: one instance records, another replays", async () => {
    const overrides = {
      gatewayConfig: tree.config,
      sessionStore: "redis" as const,
      redisUrl: process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379",
    };
    const one = await startGatewayKit(dialect, overrides, { upstream });
    const two = await startGatewayKit(dialect, overrides, { upstream });
    try {
      await loadThenReplay(one, two);
    } finally {
      await one.close();
      await two.close();
    }
  });

  it("GW-6 the memory store is per process: another instance has no log", async () => {
    const one = await startGatewayKit(dialect, { gatewayConfig: tree.config }, { upstream });
    const two = await startGatewayKit(dialect, { gatewayConfig: tree.config }, { upstream });
    try {
      await expect(loadThenReplay(one, two)).rejects.toThrow();
      await loadThenReplay(one, one);
    } finally {
      await one.close();
      await two.close();
    }
  });
});

describe("gateway file store across a restart of the server process", () => {
  // The build (tens of seconds on a busy host when dist/ is missing or stale, as in a fresh clone) is not the test's.
  beforeAll(() => ensureServerBuilt(), 180_000);

  it("GW-6 a log recorded before SIGTERM replays in the next server process on the same SESSION_STORE_PATH", async () => {
    const upstream = await startScriptedModel();
    const root = path.join(os.tmpdir(), `sg-gw-restart-${randomBytes(6).toString("hex")}`);
    await write(path.join(root, "skills", "deploy", "SKILL.md"), skillMd("deploy", { body: "Deploy steps." }));
    const config = path.join(root, "aura.toml");
    await write(
      config,
      [
        "[gateway]",
        `api_keys = ["${CONFIG_KEY}"]`,
        "[agent]",
        'name = "aura"',
        'system_prompt = "You are AURA."',
        "[agent.skills]",
        `local = [{ source = "${path.join(root, "skills")}" }]`,
      ].join("\n"),
    );
    const env = {
      GATEWAY_CONFIG: config,
      SESSION_STORE: "file",
      SESSION_STORE_PATH: path.join(root, "sessions"),
      MODEL_BASE_URL: upstream.baseUrl,
      MODEL_NAME: "upstream-model",
      OUTBOUND_ALLOW_HOSTS: "127.0.0.1",
    };
    const session = `process-restart-${randomBytes(4).toString("hex")}`;
    const ask = (server: ServerProcess, messages: typeof history) =>
      new OpenAI({ baseURL: `${server.url}/v1`, apiKey: CONFIG_KEY, maxRetries: 0 }).chat.completions.create({
        model: "aura",
        metadata: { chat_session_id: session },
        messages,
      });
    try {
      const before = await startServer(env, "gw-file-before");
      try {
        upstream.reply({ toolCalls: [{ name: "load_skill", arguments: { name: "deploy" } }] }, { text: "ok" });
        await ask(before, history.slice(0, 1));
      } finally {
        await before.stop();
      }
      expect(await before.exited).toBe(0);
      const after = await startServer(env, "gw-file-after");
      try {
        upstream.reset();
        upstream.reply({ text: "replayed" });
        await ask(after, history);
        expect(toolAnswers(upstream.requests[0]!.body).map((a) => a.content)).toEqual([
          expect.stringContaining("Deploy steps."),
        ]);
      } finally {
        await after.stop();
      }
    } finally {
      await upstream.close();
      await fs.rm(root, { recursive: true, force: true });
    }
  }, 120_000); // two real server processes start one after the other (seconds each on a busy host), as in shutdown's
});
