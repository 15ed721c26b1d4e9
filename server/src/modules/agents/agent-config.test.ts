import { describe, expect, it } from "vitest";
import { checkAgentConfig } from "./agent-config";

const paths = (input: Parameters<typeof checkAgentConfig>[0]) => checkAgentConfig(input).problems.map((p) => p.path);

describe("checkAgentConfig", () => {
  it("AG-1 defaults: cascade, empty prompt, max_loaded_skills 3, no skills; the gateway name is the name", () => {
    const config = checkAgentConfig({ name: "  support  " });
    expect(config).toMatchObject({
      name: "support",
      alias: null,
      gatewayName: "support",
      mode: "cascade",
      prompt: "",
      maxLoadedSkills: 3,
      skills: [],
      problems: [],
    });
  });

  it("the gateway name is the alias when set, else the name (checkAgentConfig; GW-1 itself is proven through /v1)", () => {
    expect(checkAgentConfig({ name: "Support agent", alias: "support-v2" }).gatewayName).toBe("support-v2");
    expect(checkAgentConfig({ name: "Support agent", alias: "  " }).alias).toBeNull();
    expect(paths({ name: "x", alias: "has space" })).toEqual(["alias"]);
  });

  it("AG-1 max_loaded_skills is a whole number from 1 to 10", () => {
    for (const ok of [1, 10]) expect(paths({ name: "a", maxLoadedSkills: ok })).toEqual([]);
    for (const bad of [0, 11, 2.5]) expect(paths({ name: "a", maxLoadedSkills: bad })).toEqual(["max_loaded_skills"]);
  });

  it("AG-3 an agent tool named load_skill is refused, with the other tool checks of SK-3", () => {
    const config = checkAgentConfig({
      name: "a",
      tools: [
        { name: "load_skill", description: "x", webhookUrl: "https://h.example/x" },
        { name: "ok", description: "x", webhookUrl: "ftp://nope" },
      ],
    });
    expect(config.problems.map((p) => p.path)).toEqual(["tools[1].webhook_url", "tools[0].name"]);
    expect(config.problems[1]!.fields).toEqual({ tool: "load_skill" });
  });

  it("AG-2 a skill listed twice or with a malformed name is refused at its place; an empty pin follows the live version", () => {
    const config = checkAgentConfig({
      name: "a",
      skills: [{ name: "x" }, { name: "x", versionId: "v" }, { name: "" }, { name: "y", versionId: "" }],
    });
    expect(config.problems.map((p) => [p.path, p.fields])).toEqual([
      ["skills[1].name", { skill: "x" }],
      ["skills[2].name", { skill: "" }],
    ]);
    expect(config.skills[3]).toEqual({ name: "y", versionId: null });
  });

  it("AG-4 a speech-to-speech agent with skills carries skills_ignored_on_s2s", () => {
    expect(checkAgentConfig({ name: "a", mode: "speech_to_speech", skills: [{ name: "x" }] }).warnings).toEqual([
      "skills_ignored_on_s2s",
    ]);
    expect(checkAgentConfig({ name: "a", mode: "speech_to_speech" }).warnings).toEqual([]);
    expect(checkAgentConfig({ name: "a", skills: [{ name: "x" }] }).warnings).toEqual([]);
  });

  it("AG-1 write-only values: '***' or left out keeps, null or empty clears, text replaces", () => {
    const model = (apiKey: string | null | undefined) =>
      checkAgentConfig({ name: "a", model: { baseUrl: "https://m.example/v1", model: "m", apiKey } }).model!.apiKey;
    expect(model("***")).toBeUndefined();
    expect(model(undefined)).toBeUndefined();
    expect(model(null)).toBeNull();
    expect(model("")).toBeNull();
    expect(model("sk")).toBe("sk");
    const servers = checkAgentConfig({
      name: "a",
      mcpServers: [{ name: "crm", url: "https://mcp.example/mcp", headers: { A: "***", B: "b", C: "" } }],
    }).mcpServers;
    expect(servers[0]!.headers).toEqual({ A: undefined, B: "b" });
  });

  it("AG-1 model and MCP servers are checked: URLs, names, headers, duplicates", () => {
    expect(
      paths({
        name: "a",
        model: { baseUrl: "not a url", model: " " },
        mcpServers: [
          { name: "crm", url: "https://a.example" },
          { name: "crm", url: "file:///etc", headers: ["x"] },
        ],
        knowledgeBaseIds: ["k", "k"],
        handoffTargets: ["h", "h"],
      }),
    ).toEqual([
      "knowledge_base_ids[1]",
      "handoff_targets[1]",
      "model.base_url",
      "model.model",
      "mcp_servers[1].url",
      "mcp_servers[1].headers",
      "mcp_servers[1]",
    ]);
  });
});
