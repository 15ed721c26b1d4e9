import { describe, expect, it } from "vitest";
import {
  cosineScores,
  EMBEDDED_BODY_CHARS,
  EMBEDDED_TEXT_CHARS,
  embeddingText,
  fuseRankings,
  RRF_K,
  RRF_WINDOW,
  unitVector,
  vectorMatrix,
} from "./skill-fusion";
import { SkillIndex } from "./skill-index";

const catalog = [
  { name: "pdf-toolkit", description: "Merge, split and rotate PDF files." },
  { name: "weather-desk", description: "Current conditions and forecasts for a city." },
  { name: "git-pushing", description: "Stage, commit and push changes with a conventional message." },
];

describe("embeddingText", () => {
  it("CT-2 a skill is embedded as its name in words, its description and the start of its body, bounded", () => {
    expect(embeddingText(catalog[0]!)).toBe("pdf toolkit\n\nMerge, split and rotate PDF files.");
    const long = embeddingText({ name: "notes", description: "Keep notes.", body: "x".repeat(10_000) });
    expect(long).toBe(`notes\n\nKeep notes.\n\n${"x".repeat(EMBEDDED_BODY_CHARS)}`);
    const huge = embeddingText({ name: "n", description: "d".repeat(10_000), body: "b" });
    expect(huge.length).toBe(EMBEDDED_TEXT_CHARS);
  });
});

describe("cosine", () => {
  it("CT-2 unit vectors make the cosine a dot product; a zero vector scores 0", () => {
    const matrix = vectorMatrix([unitVector([3, 4]), unitVector([0, 2]), unitVector([0, 0])]);
    expect(matrix).toEqual(Float32Array.from([0.6, 0.8, 0, 1, 0, 0]));
    const scores = cosineScores(matrix, unitVector([0, 1]));
    expect(scores[0]).toBeCloseTo(0.8);
    expect(scores[1]).toBeCloseTo(1);
    expect(scores[2]).toBe(0);
  });

  it("CT-2 vectors of another dimension than the request's are refused", () => {
    expect(() => cosineScores(vectorMatrix([unitVector([1, 0, 0])]), unitVector([1, 0]))).toThrow(RangeError);
    expect(() => vectorMatrix([unitVector([1, 0, 0]), unitVector([1, 0])])).toThrow(RangeError);
    // five dimensions: the loop's remainder counted too
    expect(cosineScores(vectorMatrix([unitVector([0, 0, 0, 0, 1])]), unitVector([0, 0, 0, 0, 1]))[0]).toBe(1);
  });
});

describe("fuseRankings", () => {
  it("CT-2 the fused score is the sum of 1 / (k + rank) over both rankings, best first", () => {
    // lexical: git (rank 1), pdf (rank 2); cosine: weather, pdf, git
    const fused = fuseRankings(catalog, [0.5, 0, 2], [0.5, 0.9, 0.1], 3);
    const pdf = 1 / (RRF_K + 2) + 1 / (RRF_K + 2);
    const git = 1 / (RRF_K + 1) + 1 / (RRF_K + 3);
    const weather = 1 / (RRF_K + 1);
    expect(fused.map((m) => m.name)).toEqual(["git-pushing", "pdf-toolkit", "weather-desk"]);
    expect(fused.map((m) => m.score)).toEqual([git, pdf, weather]);
    expect(fused[1]).toEqual({ name: "pdf-toolkit", description: catalog[0]!.description, score: pdf });
  });

  it("CT-2 a skill only the cosine ranking holds comes first when the lexical ranking finds nothing", () => {
    const fused = fuseRankings(catalog, [0, 0, 0], [0.1, 0.9, 0.2], 2);
    expect(fused.map((m) => m.name)).toEqual(["weather-desk", "git-pushing"]);
  });

  it("CT-2 ties go to the better lexical rank, then the catalog's order; the limit is honoured", () => {
    // pdf: lexical 1 + cosine 2; weather: lexical 2 + cosine 1 — the same sum
    const fused = fuseRankings(catalog, [2, 1, 0], [0.5, 0.9, 0.1], 5);
    expect(fused.map((m) => m.name)).toEqual(["pdf-toolkit", "weather-desk", "git-pushing"]);
    expect(fuseRankings(catalog, [0, 0, 0], [0, 0, 0], 2).map((m) => m.name)).toEqual(["pdf-toolkit", "weather-desk"]);
    expect(fuseRankings(catalog, [1, 0, 0], [0, 0, 0], 0)).toEqual([]);
    expect(fuseRankings([], [], [], 5)).toEqual([]);
  });

  it("CT-2 each ranking is read to its window: a skill further down gets nothing from it", () => {
    const many = Array.from({ length: 300 }, (_, i) => ({ name: `skill-${i}`, description: `Skill ${i}.` }));
    // lexical: skill-0 best … skill-299 last; cosine: the other way round
    const lexical = many.map((_, i) => 300 - i);
    const cosine = many.map((_, i) => i);
    const [first, second] = fuseRankings(many, lexical, cosine, 5);
    // skill-0 is 300th by cosine, past the window: its lexical rank alone; skill-299 the same the other way
    expect(first).toMatchObject({ name: "skill-0", score: 1 / (RRF_K + 1) });
    expect(second).toMatchObject({ name: "skill-299", score: 1 / (RRF_K + 1) });
    expect(RRF_WINDOW).toBeLessThan(300);
    // read whole, each ranking counts for every skill
    const whole = fuseRankings(many, lexical, cosine, 5, RRF_K, 300);
    expect(whole[0]!.score).toBe(1 / (RRF_K + 1) + 1 / (RRF_K + 300));
  });

  it("CT-2 one score per skill in each ranking", () => {
    expect(() => fuseRankings(catalog, [1, 0], [0, 0, 0], 5)).toThrow(RangeError);
  });

  it("CT-2 fused over a SkillIndex's scores: the lexical best stays first when the cosine agrees", () => {
    const index = SkillIndex.build(catalog);
    const lexical = index.scores("merge my pdf files");
    const fused = fuseRankings(catalog, lexical, [0.9, 0.1, 0.2], 3);
    expect(fused[0]!.name).toBe(index.search("merge my pdf files", 1)[0]!.name);
  });
});
