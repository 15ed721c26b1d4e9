import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithMantine } from "../../test/render";
import { lineOfProblem, placeProblems } from "./problem-lines";
import { SkillMdEditor } from "./skill-md-editor";

const MD = ["---", "name: Bad Name", "description: Use when asked.", "---", "", "# Body"].join("\n");

describe("the SKILL.md editor's validation display (UX-1)", () => {
  it("UX-1 maps a frontmatter problem to the line of its key, and other SKILL.md problems to line 1", () => {
    expect(lineOfProblem(MD, "frontmatter.name")).toBe(2);
    expect(lineOfProblem(MD, "frontmatter.description")).toBe(3);
    expect(lineOfProblem(MD, "frontmatter.license")).toBe(1);
    expect(lineOfProblem(MD, "frontmatter")).toBe(1);
    expect(lineOfProblem(MD, "tools[0].name")).toBeNull();
  });

  it("UX-1 shows the server's message on the line it concerns, and keeps tool problems out of the SKILL.md list", () => {
    const message = "frontmatter.name: 'Bad Name' is not a valid skill name; use lowercase letters, digits and _.";
    const { onLines, elsewhere } = placeProblems(MD, [
      { path: "frontmatter.name", message },
      { path: "tools[0].name", message: "tools[0].name: 'x y' is not a valid tool name." },
    ]);
    expect(elsewhere).toHaveLength(1);
    renderWithMantine(<SkillMdEditor value={MD} onChange={() => undefined} problems={onLines} />);
    const list = screen.getByRole("list", { name: "Problems in SKILL.md" });
    const items = within(list).getAllByRole("listitem");
    expect(items).toHaveLength(1);
    expect(items[0]).toHaveTextContent("Line 2");
    expect(items[0]).toHaveTextContent(message);
  });

  it("UX-1 shows no problem list when the server accepted the draft", () => {
    renderWithMantine(<SkillMdEditor value={MD} onChange={() => undefined} problems={[]} />);
    expect(screen.queryByRole("list", { name: "Problems in SKILL.md" })).toBeNull();
  });
});
