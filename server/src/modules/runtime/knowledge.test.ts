import { describe, expect, it } from "vitest";
import { searchableKnowledge, searchKnowledge, type SearchableKnowledge } from "./knowledge";
import { agentSnapshot, knowledgeBase, resolvedSkill } from "../../../test/support/runtime-fixtures";

const agentKb = knowledgeBase("agent-faq", "tool", [], { topK: 5, similarityThreshold: 0.4 });
const agentPromptKb = knowledgeBase("agent-policies", "prompt");
const explainKb = knowledgeBase("rates", "tool", [], { topK: 2, similarityThreshold: 0.1 });
const verifyKb = knowledgeBase("id-rules", "tool", [], { topK: 7, similarityThreshold: 0.9 });
const explain = resolvedSkill("explain_bill", { knowledgeBases: [explainKb, knowledgeBase("rates-prompt", "prompt")] });
const verify = resolvedSkill("verify_identity", { knowledgeBases: [verifyKb] });
const resolved = [explain, verify];

describe("searchableKnowledge", () => {
  it("RT-8 nothing is searchable before a load when the agent has no tool-mode base", () => {
    const agent = agentSnapshot({ knowledgeBases: [agentPromptKb] });
    expect(searchableKnowledge({ agent, resolved, loaded: [], toolNames: [] })).toBeNull();
  });

  it("RT-8 a loaded skill's tool-mode bases become searchable; its prompt-mode ones do not", () => {
    const found = searchableKnowledge({ agent: agentSnapshot(), resolved, loaded: ["explain_bill"], toolNames: [] });
    expect(found).toEqual({ bases: [explainKb], topK: 2, similarityThreshold: 0.1 });
  });

  it("RT-8 the agent's own bases come first and give top_k and similarity_threshold", () => {
    const agent = agentSnapshot({ knowledgeBases: [agentPromptKb, agentKb] });
    const found = searchableKnowledge({ agent, resolved, loaded: ["verify_identity", "explain_bill"], toolNames: [] });
    expect(found?.bases.map((b) => b.id)).toEqual(["agent-faq", "id-rules", "rates"]);
    expect([found?.topK, found?.similarityThreshold]).toEqual([5, 0.4]);
  });

  it("RT-8 without agent bases the first loaded skill's settings apply, in load order", () => {
    const found = searchableKnowledge({
      agent: agentSnapshot(),
      resolved,
      loaded: ["verify_identity", "explain_bill"],
      toolNames: [],
    });
    expect(found?.bases.map((b) => b.id)).toEqual(["id-rules", "rates"]);
    expect([found?.topK, found?.similarityThreshold]).toEqual([7, 0.9]);
  });

  it("RT-8 the agent's own tool-mode bases are searchable without any skill", () => {
    const agent = agentSnapshot({ knowledgeBases: [agentKb] });
    expect(searchableKnowledge({ agent, resolved: [], loaded: [], toolNames: [] })?.bases).toEqual([agentKb]);
  });

  it("RT-8 after an unload a skill's bases are no longer searchable", () => {
    const found = searchableKnowledge({ agent: agentSnapshot(), resolved, loaded: ["verify_identity"], toolNames: [] });
    expect(found?.bases.map((b) => b.id)).toEqual(["id-rules"]);
  });

  it("RT-8 a base both the agent and a skill list is searched once, at the agent's place", () => {
    const shared = resolvedSkill("explain_bill", { knowledgeBases: [agentKb, explainKb] });
    const agent = agentSnapshot({ knowledgeBases: [agentKb] });
    const found = searchableKnowledge({ agent, resolved: [shared], loaded: ["explain_bill"], toolNames: [] });
    expect(found?.bases.map((b) => b.id)).toEqual(["agent-faq", "rates"]);
  });

  it("RT-8 a tool named query_knowledge keeps the name: nothing is searchable through the built-in", () => {
    const agent = agentSnapshot({ knowledgeBases: [agentKb] });
    expect(
      searchableKnowledge({ agent, resolved, loaded: ["explain_bill"], toolNames: ["lookup", "query_knowledge"] }),
    ).toBeNull();
  });
});

function searchable(
  documents: Array<[string, string, string]>,
  settings: Partial<SearchableKnowledge> = {},
): SearchableKnowledge {
  const byBase = new Map<string, Array<{ id: string; title: string; content: string }>>();
  for (const [base, id, text] of documents) {
    const [title, content] = text.split(" | ") as [string, string];
    byBase.set(base, [...(byBase.get(base) ?? []), { id, title, content }]);
  }
  const bases = [...byBase].map(([id, docs]) => knowledgeBase(id, "tool", docs));
  return { bases, topK: 10, similarityThreshold: 0, ...settings };
}

describe("searchKnowledge", () => {
  const corpus = searchable([
    ["rates", "r1", "Roaming rates | Calls abroad cost 0.20 EUR a minute in the EU."],
    ["rates", "r2", "Basic plan | The basic plan costs 10 EUR a month and includes 5 GB."],
    ["faq", "f1", "Late payment | A late payment adds a fee of 5 EUR to the next bill."],
    ["faq", "f2", "Changing plan | You can change plan once a month."],
  ]);

  it("RT-8 finds the documents that match, best first, with their base and document ids", () => {
    const hits = searchKnowledge(corpus, "roaming abroad");
    expect(hits[0]).toMatchObject({ knowledgeBaseId: "rates", documentId: "r1", title: "Roaming rates", score: 1 });
    expect(hits.every((hit, i) => i === 0 || (hits[i - 1]?.score ?? 0) >= hit.score)).toBe(true);
  });

  it("RT-8 a title match outranks the same word in a body", () => {
    const hits = searchKnowledge(corpus, "plan");
    expect(
      hits
        .map((hit) => hit.documentId)
        .slice(0, 2)
        .sort(),
    ).toEqual(["f2", "r2"]);
  });

  it("RT-8 fuzzy and prefix matching find near spellings and word starts", () => {
    expect(searchKnowledge(corpus, "roamin")[0]?.documentId).toBe("r1");
    expect(searchKnowledge(corpus, "paymant")[0]?.documentId).toBe("f1");
  });

  it("RT-8 top_k caps the number of hits", () => {
    expect(searchKnowledge({ ...corpus, topK: 1 }, "plan month EUR")).toHaveLength(1);
    expect(searchKnowledge({ ...corpus, topK: 0 }, "plan")).toEqual([]);
  });

  it("RT-8 similarity_threshold drops hits whose score, relative to the best, is below it", () => {
    const all = searchKnowledge(corpus, "late payment fee month");
    const strict = searchKnowledge({ ...corpus, similarityThreshold: 0.99 }, "late payment fee month");
    expect(all.length).toBeGreaterThan(1);
    expect(strict.map((hit) => hit.documentId)).toEqual(["f1"]);
    expect(strict[0]?.score).toBe(1);
    for (const hit of all) expect(hit.score).toBeGreaterThan(0);
  });

  it("RT-8 no hit and a blank query return nothing", () => {
    expect(searchKnowledge(corpus, "zebra")).toEqual([]);
    expect(searchKnowledge(corpus, "   ")).toEqual([]);
  });

  it("RT-8 the same document id in two bases is two documents", () => {
    const twins = searchable([
      ["a", "doc", "Invoice copy | How to get an invoice copy."],
      ["b", "doc", "Invoice copy | How to get an invoice copy."],
    ]);
    expect(searchKnowledge(twins, "invoice").map((hit) => [hit.knowledgeBaseId, hit.documentId])).toEqual([
      ["a", "doc"],
      ["b", "doc"],
    ]);
  });

  it("RT-8 equal scores are ordered by base id then document id, whatever the input order", () => {
    const docs: Array<[string, string, string]> = [
      ["z", "2", "Same | same words"],
      ["a", "9", "Same | same words"],
      ["a", "1", "Same | same words"],
    ];
    const expected = [
      ["a", "1"],
      ["a", "9"],
      ["z", "2"],
    ];
    expect(searchKnowledge(searchable(docs), "same").map((h) => [h.knowledgeBaseId, h.documentId])).toEqual(expected);
    expect(
      searchKnowledge(searchable([...docs].reverse()), "same").map((h) => [h.knowledgeBaseId, h.documentId]),
    ).toEqual(expected);
  });

  it("RT-8 one query always answers the same", () => {
    expect(searchKnowledge(corpus, "plan EUR")).toEqual(searchKnowledge(corpus, "plan EUR"));
  });
});
