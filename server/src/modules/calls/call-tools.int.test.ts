import { randomBytes } from "node:crypto";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, expect, it } from "vitest";
import {
  type CallView,
  codeOf,
  loadSkill,
  publishAgent,
  publishSkill,
  READ_CALL,
  runTool,
  runToolRaw,
  startCall,
  timeline,
  toolsOf,
} from "../../../test/support/calls";
import { startReceiver, type Receiver } from "../../../test/support/receiver";
import { mcpServer, type McpFixture } from "../../../test/support/mcp-server";
import { describeEachDialect } from "../../../test/support/test-app";

const TIMEOUT_MS = 400;

/** RT-6, RT-7, AG-5: which tool a name means, in what the model is offered and in what runs. */
describeEachDialect("call tools", { outboundAllowHosts: ["127.0.0.1"], toolTimeoutMs: TIMEOUT_MS }, (t) => {
  let key: string;
  let receiver: Receiver;
  let mcp: McpFixture;
  beforeAll(async () => {
    receiver = await startReceiver({
      respond: (request) => {
        if (request.path.endsWith("/slow")) return { delayMs: TIMEOUT_MS * 4, body: { ok: true, path: request.path } };
        if (request.path.endsWith("/broken")) return { status: 500, body: { failed: true } };
        return { body: { ok: true, path: request.path } };
      },
    });
    mcp = await mcpServer("srv", ["shared", "both", "mcp_dup", "mcp_only", "load_skill"]);
    key = (await t.project("tools")).adminKey;
    const hook = (skill: string, name: string) => ({
      name,
      description: `${name} of ${skill}.`,
      webhookUrl: `${receiver.url}/${skill}/${name}`,
    });
    await publishSkill(t, key, "tools-one", {
      tools: ["load_skill", "shared", "one_only", "both"].map((n) => hook("tools-one", n)),
    });
    await publishSkill(t, key, "tools-two", {
      tools: ["both", "two_only", "mcp_dup"].map((n) => hook("tools-two", n)),
    });
  });
  afterAll(async () => {
    await receiver?.close();
    await mcp?.close();
  });

  const inlineAgent = () => ({
    name: "precedence",
    skills: [{ name: "tools-one" }, { name: "tools-two" }],
    tools: [{ name: "shared", description: "The agent's shared.", webhookUrl: `${receiver.url}/agent/shared` }],
    mcpServers: [{ name: "srv", url: mcp.url }],
  });
  const lastPath = () => receiver.requests.at(-1)!.path;
  const shadowed = (name: string, source: string, by: string) =>
    `tool '${name}' from ${source} skipped: a tool of that name from ${by} comes first`;

  it("RT-6 when tools share a name the first of built-in, agent, loaded skills in load order, MCP is offered; the others are skipped with a warning", async () => {
    const call = await startCall(t, key, { inlineAgent: inlineAgent() });
    expect(toolsOf(call.tools)).toEqual([
      "load_skill:builtin",
      "shared:agent",
      "both:mcp:srv",
      "mcp_dup:mcp:srv",
      "mcp_only:mcp:srv",
    ]);
    expect([...call.warnings].sort()).toEqual(
      [shadowed("shared", "mcp:srv", "agent"), shadowed("load_skill", "mcp:srv", "builtin")].sort(),
    );
    await loadSkill(t, key, call.id, "tools-two");
    const both = await loadSkill(t, key, call.id, "tools-one");
    expect(toolsOf(both.call.tools)).toEqual([
      "load_skill:builtin",
      "shared:agent",
      "both:skill:tools-two",
      "two_only:skill:tools-two",
      "mcp_dup:skill:tools-two",
      "one_only:skill:tools-one",
      "mcp_only:mcp:srv",
    ]);
    expect([...both.call.warnings].sort()).toEqual(
      [
        shadowed("shared", "mcp:srv", "agent"),
        shadowed("load_skill", "mcp:srv", "builtin"),
        shadowed("both", "mcp:srv", "skill:tools-two"),
        shadowed("mcp_dup", "mcp:srv", "skill:tools-two"),
        shadowed("load_skill", "skill:tools-one", "builtin"),
        shadowed("shared", "skill:tools-one", "agent"),
        shadowed("both", "skill:tools-one", "skill:tools-two"),
      ].sort(),
    );
    // Load order decides between skills: the other order, the other winner.
    const reversed = await startCall(t, key, { inlineAgent: inlineAgent() });
    await loadSkill(t, key, reversed.id, "tools-one");
    const after = await loadSkill(t, key, reversed.id, "tools-two");
    expect(toolsOf(after.call.tools)).toContain("both:skill:tools-one");
    expect(toolsOf(after.call.tools)).not.toContain("both:skill:tools-two");
  });

  it("RT-6 RT-7 what runs under a name is the tool offered under it: the agent's webhook, the first-loaded skill's, then MCP", async () => {
    const call = await startCall(t, key, { inlineAgent: inlineAgent() });
    // Before any load, `both` is the MCP server's.
    const early = await runTool(t, key, call.id, "both", {});
    expect(early).toMatchObject({ tool: "both", source: "mcp:srv", status: "ok" });
    expect(early.result).toEqual({ server: "srv", tool: "both", arguments: {} });
    await loadSkill(t, key, call.id, "tools-two");
    await loadSkill(t, key, call.id, "tools-one");
    const expectations: Array<[string, string, string | null]> = [
      ["shared", "agent", "/agent/shared"],
      ["both", "skill:tools-two", "/tools-two/both"],
      ["mcp_dup", "skill:tools-two", "/tools-two/mcp_dup"],
      ["one_only", "skill:tools-one", "/tools-one/one_only"],
      ["mcp_only", "mcp:srv", null],
    ];
    for (const [name, source, path] of expectations) {
      const before = receiver.requests.length;
      const mcpBefore = mcp.calls.length;
      const invocation = await runTool(t, key, call.id, name, {});
      expect(invocation, name).toMatchObject({ tool: name, source, status: "ok" });
      if (path) {
        expect(receiver.requests.length, name).toBe(before + 1);
        expect(lastPath(), name).toBe(path);
        expect(invocation.result).toEqual({ ok: true, path });
      } else {
        expect(receiver.requests.length, name).toBe(before);
        expect(mcp.calls.slice(mcpBefore)).toEqual([{ name, arguments: {} }]);
      }
    }
    // A skipped tool's name never reaches it; a name not offered is refused.
    const refused = await runToolRaw(t, key, call.id, "two_only_missing", {});
    expect(codeOf(refused)).toBe("BAD_USER_INPUT");
    expect(refused.errors![0]!.extensions!.details).toMatchObject({ field: "name" });
    const read = await timeline(t, key, call.id);
    expect(read.tools.map((x) => x.name)).not.toContain("two_only_missing");
  });

  it("AG-5 a tool of a skill version published after the agent was saved, named like an agent tool, is skipped and warned on the call; the agent's runs", async () => {
    await publishSkill(t, key, "ag5-skill", { body: "AG-5 v1." });
    const agentId = await publishAgent(t, key, {
      name: "ag5-agent",
      skills: [{ name: "ag5-skill" }],
      tools: [{ name: "lookup", description: "The agent's lookup.", webhookUrl: `${receiver.url}/agent/lookup` }],
    });
    await publishSkill(t, key, "ag5-skill", {
      body: "AG-5 v2.",
      tools: [
        { name: "lookup", description: "The skill's lookup.", webhookUrl: `${receiver.url}/ag5-skill/lookup` },
        { name: "extra", description: "An extra.", webhookUrl: `${receiver.url}/ag5-skill/extra` },
      ],
    });
    const call = await startCall(t, key, { agentId });
    expect(call.warnings).toEqual([]);
    const loaded = await loadSkill(t, key, call.id, "ag5-skill");
    expect(toolsOf(loaded.call.tools)).toEqual(["load_skill:builtin", "lookup:agent", "extra:skill:ag5-skill"]);
    expect(loaded.call.tools.find((x) => x.name === "lookup")!.description).toBe("The agent's lookup.");
    expect(loaded.call.warnings).toEqual([shadowed("lookup", "skill:ag5-skill", "agent")]);
    const ran = await runTool(t, key, call.id, "lookup", {});
    expect(ran).toMatchObject({ source: "agent", status: "ok", result: { ok: true, path: "/agent/lookup" } });
  });

  it("RT-7 a loaded skill's webhook tool runs like the agent's own: signed with its secret, arguments checked, timed out, recorded", async () => {
    const skillSecret = `whsec_${randomBytes(24).toString("base64")}`;
    const agentSecret = "plain agent secret";
    const parameters = { type: "object", properties: { account: { type: "string" } }, required: ["account"] };
    await publishSkill(t, key, "rt7-skill", {
      tools: [
        {
          name: "signed",
          description: "Signed.",
          webhookUrl: `${receiver.url}/rt7/signed`,
          webhookSecret: skillSecret,
          parameters,
        },
        { name: "slow", description: "Slow.", webhookUrl: `${receiver.url}/rt7/slow` },
        { name: "broken", description: "Broken.", webhookUrl: `${receiver.url}/rt7/broken` },
      ],
    });
    const agentId = await publishAgent(t, key, {
      name: "rt7-agent",
      skills: [{ name: "rt7-skill" }],
      tools: [
        { name: "own", description: "Own.", webhookUrl: `${receiver.url}/agent/own`, webhookSecret: agentSecret },
      ],
    });
    const call = await startCall(t, key, { agentId });
    const notYet = await runToolRaw(t, key, call.id, "signed", { account: "A-1" });
    expect(codeOf(notYet)).toBe("BAD_USER_INPUT");
    await loadSkill(t, key, call.id, "rt7-skill");

    const verify = (secret: string) => {
      const request = receiver.requests.at(-1)!;
      const headers = Object.fromEntries(
        ["webhook-id", "webhook-timestamp", "webhook-signature"].map((h) => [h, String(request.headers[h])]),
      );
      return new Webhook(secret).verify(request.raw, headers);
    };
    const signed = await runTool(t, key, call.id, "signed", { account: "A-1" });
    expect(signed).toMatchObject({ tool: "signed", source: "skill:rt7-skill", status: "ok", error: null });
    expect(signed.result).toEqual({ ok: true, path: "/rt7/signed" });
    expect(verify(skillSecret)).toEqual({ tool: "signed", call_id: call.id, arguments: { account: "A-1" } });
    const own = await runTool(t, key, call.id, "own", {});
    expect(own).toMatchObject({ source: "agent", status: "ok" });
    expect(verify(Buffer.from(agentSecret).toString("base64"))).toEqual({
      tool: "own",
      call_id: call.id,
      arguments: {},
    });

    const bad = await runToolRaw(t, key, call.id, "signed", { account: 7 });
    expect(codeOf(bad)).toBe("BAD_USER_INPUT");
    const problems = bad.errors![0]!.extensions!.details!.problems as Array<{ path: string }>;
    expect(problems.map((p) => p.path)).toEqual(["arguments.account"]);

    const slow = await runTool(t, key, call.id, "slow", {});
    expect(slow).toMatchObject({ source: "skill:rt7-skill", status: "timeout", result: null });
    expect(slow.latencyMs).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
    const broken = await runTool(t, key, call.id, "broken", {});
    expect(broken).toMatchObject({
      status: "error",
      result: { failed: true },
      error: "The webhook answered HTTP 500.",
    });

    const read = (await t.ok<{ call: CallView }>(READ_CALL, { id: call.id }, key)).call;
    expect(read.toolInvocations.map((i) => [i.tool, i.source, i.status, i.arguments])).toEqual([
      ["signed", "skill:rt7-skill", "ok", { account: "A-1" }],
      ["own", "agent", "ok", {}],
      ["slow", "skill:rt7-skill", "timeout", {}],
      ["broken", "skill:rt7-skill", "error", {}],
    ]);
    expect(read.toolInvocations.map((i) => i.id)).toEqual([signed.id, own.id, slow.id, broken.id]);
  });
});
