import { describe, expect, it } from "vitest";
import { SkillIndex } from "../runtime";
import { SkillSearch, type Embedder } from "./skill-search";

const skills = [
  { name: "pdf-tools", description: "Merge, split and rotate PDF files." },
  { name: "weather-desk", description: "Current conditions and forecasts for any city." },
  { name: "git-helper", description: "Stage, commit and push changes." },
];
const UMBRELLA = "Should I pack an umbrella for Lisbon tomorrow?";

/** An embedder whose vectors put "umbrella" with the weather; it records every request and can be made to fail. */
function scripted() {
  const requests: string[][] = [];
  let answer: (inputs: readonly string[]) => Promise<number[][]> = async (inputs) =>
    inputs.map((text) => [/weather|umbrella/i.test(text) ? 1 : 0, /pdf/i.test(text) ? 1 : 0, 0.05]);
  const embedder: Embedder = {
    model: "scripted",
    embed: (inputs) => {
      requests.push([...inputs]);
      return answer(inputs);
    },
  };
  return { embedder, requests, answerWith: (next: typeof answer) => (answer = next) };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("SkillSearch", () => {
  it("CT-2 without an embedder it is the lexical ranking", async () => {
    const index = SkillIndex.build(skills);
    const search = new SkillSearch();
    expect(search.fused).toBe(false);
    expect(await search.search(index, () => skills, "merge pdf", 5)).toEqual(index.search("merge pdf", 5));
  });

  it("CT-2 skills not embedded yet: the lexical answer at once, one fill per list however many searches come", async () => {
    const { embedder, requests } = scripted();
    const index = SkillIndex.build(skills);
    const search = new SkillSearch({ embedder });
    const first = await Promise.all([1, 2, 3].map(() => search.search(index, () => skills, UMBRELLA, 5)));
    expect(first).toEqual([[], [], []]);
    expect(requests).toHaveLength(1);
    expect(requests[0]).toHaveLength(skills.length);
    await settle();
    const fused = await search.search(index, () => skills, UMBRELLA, 5);
    expect(fused[0]!.name).toBe("weather-desk");
    // a second index over the same skills (another agent version) reuses their vectors: only its request is asked
    const again = SkillIndex.build(skills);
    expect((await search.search(again, () => skills, `${UMBRELLA}!`, 5))[0]!.name).toBe("weather-desk");
    expect(requests.slice(2)).toEqual([[`${UMBRELLA}!`]]);
  });

  it("CT-2 a request's vector of another dimension than the skills': lexical, warned, paused, then asked again", async () => {
    const { embedder, requests, answerWith } = scripted();
    const warnings: unknown[] = [];
    const counted: string[] = [];
    const search = new SkillSearch({
      embedder,
      pauseMs: 30,
      logger: { warn: (...args: unknown[]) => warnings.push(args) } as never,
      counted: (outcome) => counted.push(outcome),
    });
    const index = SkillIndex.build(skills);
    await search.search(index, () => skills, UMBRELLA, 5);
    await settle();
    answerWith(async (inputs) => inputs.map(() => [1, 0]));
    expect(await search.search(index, () => skills, UMBRELLA, 5)).toEqual([]);
    expect(warnings).toHaveLength(1);
    expect(counted).toEqual(["ok", "ok", "error"]);
    // paused: nothing asked
    const asked = requests.length;
    expect(await search.search(index, () => skills, "another umbrella", 5)).toEqual([]);
    expect(requests.length).toBe(asked);
    // after the pause the skills are embedded again (their vectors were dropped), then fused
    await new Promise((resolve) => setTimeout(resolve, 40));
    answerWith(async (inputs) => inputs.map((text) => [/weather|umbrella/i.test(text) ? 1 : 0, 0.05]));
    expect(await search.search(index, () => skills, "another umbrella", 5)).toEqual([]);
    await settle();
    expect((await search.search(index, () => skills, "another umbrella", 5))[0]!.name).toBe("weather-desk");
  });

  it("CT-2 a failing endpoint (a throw) answers the lexical ranking, and an empty request asks nothing", async () => {
    const { embedder, requests, answerWith } = scripted();
    answerWith(() => Promise.reject(new Error("HTTP 500")));
    const search = new SkillSearch({ embedder, pauseMs: 0 });
    const index = SkillIndex.build(skills);
    expect(await search.search(index, () => skills, "merge pdf", 5)).toEqual(index.search("merge pdf", 5));
    await settle();
    // no pause: the next search fills again (and fails again)
    expect(await search.search(index, () => skills, "merge pdf", 5)).toEqual(index.search("merge pdf", 5));
    await settle();
    expect(await search.search(index, () => skills, "   ", 5)).toEqual([]);
    expect(requests).toHaveLength(2);
  });
});
