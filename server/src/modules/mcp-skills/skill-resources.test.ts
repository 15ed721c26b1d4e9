import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { parseSkillUri, resourceContents, skillEntry, skillFileUri } from "./skill-resources";

const hex = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

describe("skill:// resource helpers (SEP-2640; GW-11 itself is proven over MCP in mcp-skills.int.test.ts)", () => {
  it("a file URI is skill://<name>/<path>, percent-encoded per segment, and parses back", () => {
    expect(skillFileUri("explain-bill", "SKILL.md")).toBe("skill://explain-bill/SKILL.md");
    const uri = skillFileUri("explain-bill", "references/tariffs 2024 #1.md");
    expect(uri).toBe("skill://explain-bill/references/tariffs%202024%20%231.md");
    expect(parseSkillUri(uri)).toEqual({ name: "explain-bill", path: "references/tariffs 2024 #1.md" });
  });

  it("SK-1 a Unicode name is percent-encoded in the URI; either spelling parses back to the NFKC name", () => {
    const uri = skillFileUri("мой-навык", "SKILL.md");
    expect(uri).toBe("skill://%D0%BC%D0%BE%D0%B9-%D0%BD%D0%B0%D0%B2%D1%8B%D0%BA/SKILL.md");
    expect(parseSkillUri(uri)).toEqual({ name: "мой-навык", path: "SKILL.md" });
    expect(parseSkillUri("skill://cafe\u0301/SKILL.md")).toEqual({ name: "café", path: "SKILL.md" });
    expect(parseSkillUri("skill://cafe%CC%81/SKILL.md")).toEqual({ name: "café", path: "SKILL.md" });
  });

  it("anything that is not a skill file URI parses to null", () => {
    for (const uri of [
      "file:///etc/passwd",
      "skill://",
      "skill://name",
      "skill://name/",
      "skill:///SKILL.md",
      "skill://a/%E0%A4%A",
      "skill://%E0%A4%A/SKILL.md",
    ])
      expect(parseSkillUri(uri), uri).toBeNull();
  });

  it("an entry lists SKILL.md first, then every file by path, with sha256:<hex> digests and byte sizes", () => {
    const skillMd = "---\nname: café\ndescription: Ünïcode.\n---\nBody ✓\n";
    const entry = skillEntry(
      {
        name: "café",
        description: "Ünïcode.",
        skillMd,
        frontmatter: { name: "café", description: "Ünïcode.", license: "MIT" },
      },
      [
        { path: "scripts/run.py", sha256: "b".repeat(64), size: 10 },
        { path: "assets/a.png", sha256: "a".repeat(64), size: 3 },
      ],
    );
    const bytes = Buffer.from(skillMd, "utf8");
    expect(entry).toEqual({
      uri: "skill://caf%C3%A9/SKILL.md",
      frontmatter: { name: "café", description: "Ünïcode.", license: "MIT" },
      resources: [
        { uri: "skill://caf%C3%A9/SKILL.md", digest: `sha256:${hex(bytes)}`, size: bytes.byteLength },
        { uri: "skill://caf%C3%A9/assets/a.png", digest: `sha256:${"a".repeat(64)}`, size: 3 },
        { uri: "skill://caf%C3%A9/scripts/run.py", digest: `sha256:${"b".repeat(64)}`, size: 10 },
      ],
    });
    expect(entry.resources[0]!.size).toBeGreaterThan(skillMd.length);
  });

  it("contents are text only when the bytes are UTF-8 (a BOM kept), else a base64 blob of the same bytes", () => {
    const bom = Buffer.from([0xef, 0xbb, 0xbf, 0x68, 0x69]);
    const asText = resourceContents("skill://x/a.md", "a.md", bom);
    expect(asText).toMatchObject({ mimeType: "text/markdown" });
    expect(Buffer.from((asText as { text: string }).text, "utf8")).toEqual(bom);
    const binary = Buffer.from([0x89, 0x50, 0xff, 0x00]);
    const asBlob = resourceContents("skill://x/a.png", "a.png", binary);
    expect(asBlob).toEqual({ uri: "skill://x/a.png", mimeType: "image/png", blob: binary.toString("base64") });
    expect(resourceContents("skill://x/data", "data", Buffer.from("plain"))).toMatchObject({
      mimeType: "application/octet-stream",
      text: "plain",
    });
  });
});
