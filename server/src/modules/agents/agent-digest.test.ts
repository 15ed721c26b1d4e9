import { describe, expect, it } from "vitest";
import { agentVersionDigest, type DigestedAgent } from "./agent-digest";

const base: DigestedAgent = {
  name: "billing",
  alias: null,
  mode: "cascade",
  prompt: "Help.",
  maxLoadedSkills: 3,
  skills: [
    { name: "a", pinnedVersionId: null },
    { name: "b", pinnedVersionId: "v-1" },
  ],
  tools: [{ name: "t", description: "T.", parameters: {}, webhookUrl: "https://x.example/t", secretFingerprint: null }],
  knowledgeBaseIds: ["kb-1"],
  model: { baseUrl: "https://m.example/v1", model: "m", apiKeyFingerprint: "f1" },
  mcpServers: [{ name: "s", url: "https://s.example/mcp", headerFingerprints: { a: "1", b: "2" } }],
  handoffTargets: [],
};

describe("agentVersionDigest", () => {
  it("AP-2 the same config gives the same sha256 digest; header order does not count", () => {
    const digest = agentVersionDigest(base);
    expect(digest).toMatch(/^sha256:[0-9a-f]{64}$/);
    const reordered = { ...base, mcpServers: [{ ...base.mcpServers[0]!, headerFingerprints: { b: "2", a: "1" } }] };
    expect(agentVersionDigest(reordered)).toBe(digest);
  });

  it("AP-2 every part of the config counts: prompt, skill order and pins, a secret's fingerprint, the model", () => {
    const digest = agentVersionDigest(base);
    const changes: Array<Partial<DigestedAgent>> = [
      { prompt: "Help more." },
      { skills: [...base.skills].reverse() },
      { skills: [base.skills[0]!, { name: "b", pinnedVersionId: null }] },
      { tools: [{ ...base.tools[0]!, secretFingerprint: "s" }] },
      { model: { ...base.model!, apiKeyFingerprint: "f2" } },
      { model: null },
      { handoffTargets: ["other"] },
      { alias: "bill" },
      { maxLoadedSkills: 4 },
    ];
    for (const change of changes) expect(agentVersionDigest({ ...base, ...change })).not.toBe(digest);
  });
});
