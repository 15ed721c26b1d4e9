import { describe, expect, it } from "vitest";
import { SkillIndex, type ResolvedSkill } from "../runtime";
import { analyseInTurns, skillDocument, skillIndexOf } from "./call-catalog";

const words = ["merge", "invoice", "deploy", "forecast", "rotate", "ledger", "cluster", "glossary", "webhook", "lint"];

/** `count` published skills whose bodies run to `bodyWords` words (ids unique to the test: the caches are per process). */
function skills(prefix: string, count: number, bodyWords: number): ResolvedSkill[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `${prefix}-${i}`,
    name: `${prefix}-skill-${i}`,
    version: 1,
    description: `Skill ${i}: ${words[i % words.length]} things.`,
    instructions: Array.from({ length: bodyWords }, (_, w) => `${words[(i + w) % words.length]}${w % 97}`).join(" "),
    tools: [],
    knowledgeBases: [],
    pinned: false,
  }));
}

describe("analyseInTurns", () => {
  it("CT-2 a cold list is analysed a slice at a time: the event loop turns before it is done", async () => {
    const resolved = skills("turns", 300, 2_000);
    const order: string[] = [];
    const running = analyseInTurns(resolved);
    setImmediate(() => order.push("another request's turn"));
    expect(analyseInTurns(resolved)).toBe(running); // one run per list, however many starts wait for it
    await running;
    order.push("analysed");
    expect(order).toEqual(["another request's turn", "analysed"]);
  });

  it("CT-2 the index built after it ranks exactly as one built from the texts", async () => {
    const resolved = skills("same", 50, 300);
    await analyseInTurns(resolved);
    const fresh = SkillIndex.build(resolved.map(skillDocument));
    for (const request of ["merge the invoice", "deploy a cluster", "ledger42 rotate7"])
      expect(skillIndexOf(resolved).search(request, 5)).toEqual(fresh.search(request, 5));
    await expect(analyseInTurns(resolved)).resolves.toBeUndefined(); // indexed: nothing left to do
  });
});
