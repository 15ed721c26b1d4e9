import { describe, expect, it } from "vitest";
import { analyseSkill, MAX_BODY_WORDS, SkillIndex } from "./skill-index";
import { stemOf, termsOf, wordsOf } from "./skill-terms";
import { wordnetThesaurus } from "./skill-thesaurus";

const catalog = [
  { name: "pdf-toolkit", description: "Merge, split and rotate PDF files." },
  { name: "weather", description: "Current conditions and forecasts for a city." },
  { name: "git-pushing", description: "Stage, commit and push changes with a conventional message." },
  { name: "resume-tailoring", description: "Tailor a résumé to a job posting." },
  {
    name: "notes",
    description: "Keep notes.",
    body: "When the user asks to merge two notes, append one to the other.",
  },
];

describe("skill terms", () => {
  it("CT-2 words are lower-cased, NFKC-normalised, stop words and one-letter words dropped", () => {
    expect(wordsOf("The ＰＤＦ and a Café: x")).toEqual(["pdf", "café"]);
  });

  it("CT-2 words are the runs of Unicode letters and digits, as splitting the NFKC, lower-cased text finds them", () => {
    const stop = new Set(wordsOf("the and of a to"));
    expect(stop.size).toBe(0);
    const reference = (text: string) =>
      text
        .normalize("NFKC")
        .toLowerCase()
        .split(/[^\p{L}\p{N}]+/u)
        .filter((word) => word.length >= 2 && wordsOf(word).length === 1);
    const alphabet = [..."aZ09 -_.,\t\né\u00c9Ｐ—→ßﬁ①٣中\u0301\u200b\u00a0İ"].concat(["😀", "\ud83d", "𝐀"]);
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let i = 0; i < 20_000; i++) {
      const text = Array.from(
        { length: Math.floor(random() * 12) },
        () => alphabet[Math.floor(random() * alphabet.length)]!,
      ).join("");
      expect(wordsOf(text), JSON.stringify(text)).toEqual(reference(text));
    }
  });

  it("CT-2 inflections share one Porter2 stem", () => {
    expect(termsOf("merging merged merges")).toEqual(["merg", "merg", "merg"]);
    expect(stemOf("rotation")).toBe(stemOf("rotations"));
  });

  it("CT-2 the WordNet table gives synonyms by stem", () => {
    expect(wordnetThesaurus().get(stemOf("photo"))).toContain(stemOf("picture"));
  });
});

describe("SkillIndex", () => {
  const index = SkillIndex.build(catalog);

  it("CT-2 a request in other inflections finds the skill (stemming), best first with its score", () => {
    const [first] = index.search("merging two pdfs", 5);
    expect(first).toMatchObject({ name: "pdf-toolkit", description: catalog[0]!.description });
    expect(first!.score).toBeGreaterThan(0);
  });

  it("CT-2 the name's parts count: 'pushing to git' finds git-pushing", () => {
    expect(index.search("pushing to git", 1)[0]!.name).toBe("git-pushing");
  });

  it("CT-2 a word no skill uses is replaced by its WordNet synonyms ('résumé' ← 'curriculum vitae'… 'cv')", () => {
    expect(index.search("update my cv", 1).map((m) => m.name)).toEqual(["resume-tailoring"]);
    const plain = SkillIndex.build(catalog, { thesaurus: null });
    expect(plain.search("update my cv", 1)).toEqual([]);
  });

  it("CT-2 the SKILL.md body is searched, at a lower weight than name and description", () => {
    expect(index.search("append", 5).map((m) => m.name)).toEqual(["notes"]);
    expect(index.search("merge", 5).map((m) => m.name)).toEqual(["pdf-toolkit", "notes"]);
  });

  it("CT-2 a request sharing no term with any skill finds nothing; limit bounds the answer", () => {
    expect(index.search("zebra", 5)).toEqual([]);
    expect(index.search("merge forecast commit", 2)).toHaveLength(2);
    expect(index.search("merge", 0)).toEqual([]);
  });

  it("CT-2 ties keep the catalog's order, and scores() agrees with search()", () => {
    const twins = SkillIndex.build([
      { name: "b-twin", description: "same words" },
      { name: "a-twin", description: "same words" },
    ]);
    expect(twins.search("same words", 2).map((m) => m.name)).toEqual(["b-twin", "a-twin"]);
    const scores = index.scores("merge pdf");
    expect(scores[0]).toBeCloseTo(index.search("merge pdf", 1)[0]!.score, 6);
  });

  it("CT-2 an index built from kept analyses ranks exactly as one built from the texts", () => {
    const analysed = catalog.map((document) => analyseSkill(document));
    const kept = SkillIndex.build(catalog, { analysed });
    for (const request of ["merge two pdfs", "update my cv", "append a note", "push my commit"])
      expect(kept.search(request, 5)).toEqual(index.search(request, 5));
  });

  it("CT-2 an index built a step at a time is the index built in one go", () => {
    const many = Array.from({ length: 1_000 }, (_, i) => ({ ...catalog[i % catalog.length]!, name: `skill-${i}` }));
    const steps = SkillIndex.steps(many);
    let yielded = 0;
    let step = steps.next();
    for (; !step.done; step = steps.next()) yielded++;
    expect(yielded).toBeGreaterThan(4);
    const whole = SkillIndex.build(many);
    for (const request of ["merge two pdfs", "update my cv", "forecast"])
      expect(step.value.search(request, 5)).toEqual(whole.search(request, 5));
  });

  it("CT-2 an index assembled from analyses added in any order scores exactly as one built in one go", () => {
    const many = Array.from({ length: 700 }, (_, i) => ({
      ...catalog[i % catalog.length]!,
      name: `skill-${i}-${i % 7}`,
    }));
    const analysed = many.map((document) => analyseSkill(document));
    const assembly = SkillIndex.assemble(many);
    // as analysis threads answer: batches out of order, each skill once
    const order = many.map((_, i) => i).sort((a, b) => ((a * 37) % 101) - ((b * 37) % 101) || b - a);
    for (const i of order) assembly.add(i, analysed[i]!);
    const steps = assembly.steps();
    let step = steps.next();
    while (!step.done) step = steps.next();
    const whole = SkillIndex.build(many);
    for (const request of ["merge two pdfs", "update my cv", "forecast", "append a note", "skill 3"]) {
      expect(step.value.scores(request)).toEqual(whole.scores(request));
      expect(step.value.search(request, 5)).toEqual(whole.search(request, 5));
    }
  });

  it("CT-2 an assembly refuses a skill added twice, and an index before every skill is added", () => {
    const assembly = SkillIndex.assemble(catalog);
    assembly.add(0, analyseSkill(catalog[0]!));
    expect(() => assembly.add(0, analyseSkill(catalog[0]!))).toThrow(/not one to add/);
    expect(() => assembly.add(catalog.length, analyseSkill(catalog[0]!))).toThrow(/not one to add/);
    expect(() => assembly.steps().next()).toThrow(/4 skills were not added/);
  });

  it("CT-2 a body is read up to MAX_BODY_WORDS words", () => {
    const long = { name: "long", description: "Long.", body: `${"filler ".repeat(MAX_BODY_WORDS)} needle` };
    const short = { name: "short", description: "Short.", body: "filler needle" };
    const both = SkillIndex.build([long, short]);
    expect(both.search("needle", 5).map((m) => m.name)).toEqual(["short"]);
    expect(analyseSkill(long).fields[2]!.length).toBe(MAX_BODY_WORDS);
  });

  it("CT-2 an empty catalog answers nothing", () => {
    expect(SkillIndex.build([]).search("anything", 5)).toEqual([]);
  });
});
