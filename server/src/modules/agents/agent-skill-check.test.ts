import { describe, expect, it } from "vitest";
import { skillEntryProblems, type CandidateVersion, type SkillLookup } from "./agent-skill-check";

const version = (
  id: string,
  name: string,
  state: CandidateVersion["state"],
  tools: string[] = [],
  number = 1,
): CandidateVersion => ({
  id,
  name,
  version: number,
  state,
  tools: tools.map((t) => ({ name: t })),
});

function lookup(versions: CandidateVersion[], extra: Partial<SkillLookup> = {}): SkillLookup {
  return {
    published: new Map(versions.filter((v) => v.state === "published").map((v) => [v.name, v])),
    byId: new Map(versions.map((v) => [v.id, v])),
    place: "in this project",
    holdsSkills: true,
    ...extra,
  };
}

describe("skillEntryProblems", () => {
  const archived = version("v1", "bill", "archived", ["lookup"], 1);
  const live = version("v2", "bill", "published", ["other"], 2);
  const draft = version("v3", "bill", "draft", [], 3);

  it("AG-2 a followed entry is checked against the live version, a pinned one against its pin alone", () => {
    const agentTools = [{ name: "lookup" }];
    expect(
      skillEntryProblems([{ name: "bill", versionId: null }], agentTools, lookup([archived, live, draft])),
    ).toEqual([]);
    const pinned = skillEntryProblems([{ name: "bill", versionId: "v1" }], agentTools, lookup([archived, live, draft]));
    expect(pinned).toEqual([
      expect.objectContaining({
        path: "skills[0].version_id",
        fields: { skill: "bill", version_id: "v1", tool: "lookup", collides_with: "tools[0]" },
      }),
    ]);
  });

  it("AG-2 a pin to a draft, or to a version of another skill, names skills[i].version_id", () => {
    const other = version("o1", "other", "published");
    const problems = skillEntryProblems(
      [
        { name: "bill", versionId: "v3" },
        { name: "bill", versionId: "o1" },
        { name: "bill", versionId: "missing" },
      ],
      [],
      lookup([archived, live, draft, other]),
    );
    expect(problems.map((p) => [p.path, p.fields])).toEqual([
      ["skills[0].version_id", { skill: "bill", version_id: "v3" }],
      ["skills[1].version_id", { skill: "bill", version_id: "o1" }],
      ["skills[2].version_id", { skill: "bill", version_id: "missing" }],
    ]);
    expect(problems[0]!.message).toMatch(/is a draft/);
  });

  it("AG-2 a skill with nothing published may be pinned to an archived version", () => {
    expect(skillEntryProblems([{ name: "bill", versionId: "v1" }], [], lookup([archived]))).toEqual([]);
    expect(skillEntryProblems([{ name: "bill", versionId: null }], [], lookup([archived]))).toEqual([
      expect.objectContaining({ path: "skills[0].name", fields: { skill: "bill" } }),
    ]);
  });

  it("LB-4 messages say where the skill was looked up; LB-7 a deleted library holds nothing", () => {
    const inLibrary = skillEntryProblems(
      [{ name: "x", versionId: null }],
      [],
      lookup([], { place: "in this project's skill library" }),
    );
    expect(inLibrary[0]!.message).toContain("in this project's skill library");
    const deleted = skillEntryProblems([{ name: "bill", versionId: null }], [], lookup([live], { holdsSkills: false }));
    expect(deleted[0]!.message).toMatch(/deleted/);
  });

  it("entries refused for their form (null) are not looked up", () => {
    expect(skillEntryProblems([null, { name: "bill", versionId: null }], [], lookup([live]))).toEqual([]);
  });
});
