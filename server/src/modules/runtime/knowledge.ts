import MiniSearch from "minisearch";
import { QUERY_KNOWLEDGE } from "./builtin-tools";
import { loadedSkills } from "./loaded-set";
import type { AgentSnapshot, ResolvedSkill, RuntimeKnowledgeBase } from "./types";

/** What `query_knowledge` searches now, with the settings of the first base searched (RT-8). */
export interface SearchableKnowledge {
  bases: RuntimeKnowledgeBase[];
  topK: number;
  similarityThreshold: number;
}

export interface KnowledgeHit {
  knowledgeBaseId: string;
  documentId: string;
  title: string;
  content: string;
  /** The hit's relevance relative to the best hit's: 1 for the best, down to the threshold. */
  score: number;
}

/**
 * RT-8: the agent's own tool-mode bases, then those of the loaded skills in load order (a base listed twice is
 * searched once, where it first appears). Null when none is searchable, or when a tool of the agent, a loaded skill
 * or an MCP server is named `query_knowledge`: that tool keeps the name and no built-in search is offered.
 */
export function searchableKnowledge(input: {
  agent: AgentSnapshot;
  resolved: readonly ResolvedSkill[];
  loaded: readonly string[];
  toolNames: readonly string[];
}): SearchableKnowledge | null {
  if (input.toolNames.includes(QUERY_KNOWLEDGE)) return null;
  const candidates = [
    ...input.agent.knowledgeBases,
    ...loadedSkills(input).flatMap((skill) => skill.knowledgeBases),
  ].filter((base) => base.mode === "tool");
  const bases: RuntimeKnowledgeBase[] = [];
  for (const base of candidates) if (!bases.some((kept) => kept.id === base.id)) bases.push(base);
  const first = bases[0];
  if (!first) return null;
  return { bases, topK: first.topK, similarityThreshold: first.similarityThreshold };
}

interface IndexedDocument {
  key: number;
  knowledgeBaseId: string;
  documentId: string;
  title: string;
  content: string;
}

/**
 * RT-8: full-text search over every document of the bases (title boosted, fuzzy and prefix matching). Scores are
 * normalised by the best hit's; hits below `similarityThreshold` are dropped and at most `topK` returned, best first,
 * ties broken by knowledge base id then document id so one query always answers the same.
 */
export function searchKnowledge(searchable: SearchableKnowledge, query: string): KnowledgeHit[] {
  const limit = Math.floor(searchable.topK);
  if (query.trim().length === 0 || !(limit > 0)) return [];
  const documents: IndexedDocument[] = searchable.bases.flatMap((base) =>
    base.documents.map((document) => ({
      key: 0,
      knowledgeBaseId: base.id,
      documentId: document.id,
      title: document.title,
      content: document.content,
    })),
  );
  documents.forEach((document, key) => (document.key = key));
  // Keys are positions, not document ids: two bases may hold documents with the same id.
  const index = new MiniSearch<IndexedDocument>({ idField: "key", fields: ["title", "content"] });
  index.addAll(documents);
  const found = index.search(query, { boost: { title: 2 }, fuzzy: 0.2, prefix: true, combineWith: "OR" });
  const best = found.reduce((max, hit) => Math.max(max, hit.score), 0);
  if (!(best > 0)) return [];
  const threshold = Number.isFinite(searchable.similarityThreshold) ? searchable.similarityThreshold : 0;
  return found
    .map((hit) => ({ document: documents[hit.id as number] as IndexedDocument, score: hit.score / best }))
    .filter((hit) => hit.score >= threshold)
    .sort((a, b) => b.score - a.score || compare(a.document, b.document))
    .slice(0, limit)
    .map(({ document, score }) => ({
      knowledgeBaseId: document.knowledgeBaseId,
      documentId: document.documentId,
      title: document.title,
      content: document.content,
      score,
    }));
}

function compare(a: IndexedDocument, b: IndexedDocument): number {
  return order(a.knowledgeBaseId, b.knowledgeBaseId) || order(a.documentId, b.documentId) || a.key - b.key;
}

function order(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
