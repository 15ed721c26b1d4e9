import { describe, expect, it } from "vitest";
import { countsOf, readDiff, textOf, toolFieldChanges } from "./skill-diff";

// The shape diffSkillVersions answers (server/src/modules/skills/skill-diff.service.ts).
const answer = {
  skill_md: { changed: true, added: 1, removed: 1, lines: [] },
  tools: {
    added: [{ name: "t3", description: "New.", parameters: {}, webhook_url: "https://x.example/t3" }],
    removed: [{ name: "t2", description: "Old.", parameters: {}, webhook_url: "https://x.example/t2" }],
    changed: [
      {
        from: {
          name: "t1",
          description: "Looks up.",
          parameters: { type: "object" },
          webhook_url: "https://x.example/t1",
        },
        to: {
          name: "t1",
          description: "Looks up a bill.",
          parameters: { type: "object" },
          webhook_url: "https://x.example/t1",
        },
      },
    ],
  },
  knowledge_bases: {
    added: [{ knowledge_base_id: "kb2", mode: "TOOL" }],
    removed: [],
    changed: [{ knowledge_base_id: "kb1", from_mode: "PROMPT", to_mode: "TOOL" }],
  },
  files: {
    added: [{ path: "references/b.md", size: 1, sha256: "b" }],
    removed: [],
    changed: [
      {
        from: { path: "references/a.md", size: 1, sha256: "a" },
        to: { path: "references/a.md", size: 2, sha256: "a2" },
      },
    ],
  },
};

describe("two versions compared, part by part (SV-8, UX-2)", () => {
  it("SV-8 reads tools, knowledge bases and files as added, removed and changed", () => {
    const d = readDiff(answer);
    expect(d.skillMd).toEqual({ changed: true, added: 1, removed: 1 });
    expect(d.tools.added.map((t) => t.name)).toEqual(["t3"]);
    expect(d.tools.removed.map((t) => t.name)).toEqual(["t2"]);
    expect(countsOf(d.tools)).toBe("1 added, 1 removed, 1 changed");
    expect(d.knowledgeBases.changed).toEqual([{ id: "kb1", fromMode: "PROMPT", toMode: "TOOL" }]);
    expect(d.files.changed[0]?.to).toEqual({ path: "references/a.md", size: 2, sha256: "a2" });
    expect(countsOf({ added: [], removed: [], changed: [] })).toBe("no change");
  });

  it("UX-2 a changed tool lists only the fields that differ, before and after", () => {
    const d = readDiff(answer);
    expect(toolFieldChanges(d.tools.changed[0]!.from, d.tools.changed[0]!.to)).toEqual([
      { field: "description", before: "Looks up.", after: "Looks up a bill." },
    ]);
  });

  it("UX-2 a file is compared as text only when it is text", () => {
    expect(textOf(btoa("Refunds take 5 days.\n"))).toBe("Refunds take 5 days.\n");
    expect(textOf(btoa(String.fromCharCode(0x89, 0x50, 0x4e, 0x47, 0, 1)))).toBeNull();
  });
});
