import { describe, expect, it } from "vitest";
import { byAgentName, naturalCompare } from "./natural-order";

describe("natural order", () => {
  it("UX-7 names sort numeric-aware: follower-2 before follower-10", () => {
    const names = ["follower-1", "follower-10", "follower-2", "Follower-3", "alpha"];
    expect([...names].sort(naturalCompare)).toEqual(["alpha", "follower-1", "follower-2", "Follower-3", "follower-10"]);
  });

  it("UX-7 the Used by list reads by skill, this project first, then agent name (natural) and newest version first", () => {
    const row = (skill: string, projectId: string, agentName: string, agentVersion: number) => ({
      skill,
      projectId,
      agentName,
      agentVersion,
    });
    const rows = [
      row("b-skill", "here", "follower-1", 1),
      row("a-skill", "linked", "follower-1", 1),
      row("a-skill", "here", "follower-10", 1),
      row("a-skill", "here", "follower-2", 1),
      row("a-skill", "here", "follower-2", 3),
    ];
    expect(byAgentName(rows, "here").map((r) => `${r.skill} ${r.projectId} ${r.agentName} v${r.agentVersion}`)).toEqual(
      [
        "a-skill here follower-2 v3",
        "a-skill here follower-2 v1",
        "a-skill here follower-10 v1",
        "a-skill linked follower-1 v1",
        "b-skill here follower-1 v1",
      ],
    );
  });
});
