import { createHash } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { canonicalJson } from "./skill-diff";
import { skillBundleDigest, skillVersionDigest, type DigestedVersion } from "./skill-digest";

const sha = (text: string) => createHash("sha256").update(text).digest("hex");

const VERSION: DigestedVersion = {
  skillMd: "---\nname: explain-bill\ndescription: Explains a bill.\n---\nSteps.\n",
  files: [
    { path: "references/b.md", sha256: sha("b") },
    { path: "assets/a.png", sha256: sha("a") },
  ],
  tools: [
    {
      name: "get_invoices",
      description: "Lists invoices.",
      parameters: { type: "object", properties: { month: { type: "string" } } },
      webhookUrl: "https://hooks.example.com/invoices",
      secretFingerprint: "f".repeat(64),
    },
  ],
  knowledgeBases: [{ knowledgeBaseId: "kb-1", mode: "prompt" }],
};

describe("content digests (AP-2, EC-3)", () => {
  it("AP-2 the canonical form is pinned: sorted keys, files sorted by path, no whitespace, sha256:<hex>", () => {
    const canonical =
      `{"files":[["assets/a.png","${sha("a")}"],["references/b.md","${sha("b")}"]],"form":"skillgraph.skill-version.v1",` +
      `"knowledge_bases":[{"knowledge_base_id":"kb-1","mode":"prompt"}],"skill_md":${JSON.stringify(VERSION.skillMd)},` +
      `"tools":[{"description":"Lists invoices.","name":"get_invoices","parameters":{"properties":{"month":{"type":"string"}},"type":"object"},` +
      `"secret":"${"f".repeat(64)}","webhook_url":"https://hooks.example.com/invoices"}]}`;
    expect(skillVersionDigest(VERSION)).toBe(`sha256:${sha(canonical)}`);
  });

  it("AP-2 the digest does not depend on the order files are listed in or a JSON Schema's key order", () => {
    const reordered: DigestedVersion = {
      ...VERSION,
      files: [...VERSION.files].reverse(),
      tools: [{ ...VERSION.tools[0]!, parameters: { properties: { month: { type: "string" } }, type: "object" } }],
    };
    expect(skillVersionDigest(reordered)).toBe(skillVersionDigest(VERSION));
  });

  it.each<[string, Partial<DigestedVersion>]>([
    ["SKILL.md", { skillMd: VERSION.skillMd.replace("Steps.", "Steps!") }],
    ["a file's content", { files: [{ path: "assets/a.png", sha256: sha("A") }, VERSION.files[0]!] }],
    ["a file's path", { files: [{ path: "assets/c.png", sha256: sha("a") }, VERSION.files[0]!] }],
    ["a tool's secret", { tools: [{ ...VERSION.tools[0]!, secretFingerprint: "e".repeat(64) }] }],
    ["a tool's secret removed", { tools: [{ ...VERSION.tools[0]!, secretFingerprint: null }] }],
    ["a tool's webhook URL", { tools: [{ ...VERSION.tools[0]!, webhookUrl: "https://hooks.example.com/other" }] }],
    ["a knowledge base's mode", { knowledgeBases: [{ knowledgeBaseId: "kb-1", mode: "tool" }] }],
    [
      "a knowledge base more",
      { knowledgeBases: [...VERSION.knowledgeBases, { knowledgeBaseId: "kb-2", mode: "tool" }] },
    ],
  ])("AP-2 changing %s changes the digest", (_what, change) => {
    expect(skillVersionDigest({ ...VERSION, ...change })).not.toBe(skillVersionDigest(VERSION));
  });

  it("AP-2 tools and knowledge bases count in their order (the first of a name wins, RT-6)", () => {
    const second = { ...VERSION.tools[0]!, name: "get_payments" };
    expect(skillVersionDigest({ ...VERSION, tools: [VERSION.tools[0]!, second] })).not.toBe(
      skillVersionDigest({ ...VERSION, tools: [second, VERSION.tools[0]!] }),
    );
  });

  it("EC-3 the bundle digest covers SKILL.md and files only, and differs from the version digest's form", () => {
    const bundle = skillBundleDigest(VERSION);
    expect(bundle).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(skillBundleDigest({ skillMd: VERSION.skillMd, files: [...VERSION.files].reverse() })).toBe(bundle);
    expect(skillBundleDigest({ ...VERSION, tools: [] } as DigestedVersion)).toBe(bundle);
    expect(skillBundleDigest({ ...VERSION, skillMd: `${VERSION.skillMd} ` })).not.toBe(bundle);
    expect(skillVersionDigest({ ...VERSION, tools: [], knowledgeBases: [] })).not.toBe(bundle);
  });

  it("AP-2 canonical JSON is the same text for any key order of the same value", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const shuffled = JSON.parse(JSON.stringify(value), (_key, v: unknown) =>
          v && typeof v === "object" && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).reverse()) : v,
        ) as unknown;
        expect(canonicalJson(shuffled)).toBe(canonicalJson(value));
        expect(JSON.parse(canonicalJson(value))).toEqual(JSON.parse(JSON.stringify(value)));
      }),
      { numRuns: 300 },
    );
  });
});
