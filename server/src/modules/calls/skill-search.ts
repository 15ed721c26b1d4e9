import { createHash } from "node:crypto";
import { LruCache } from "../../platform/cache/lru-cache";
import type { Logger } from "../../platform/logger";
import {
  cosineScores,
  embeddingText,
  fuseRankings,
  unitVector,
  vectorMatrix,
  type ResolvedSkill,
  type SkillDocument,
  type SkillIndex,
  type SkillMatch,
} from "../runtime";
import { analyseInTurns, skillDocument, skillIndexOf } from "./call-catalog";

/** What the search asks of an embeddings endpoint (the model module's EmbeddingsClient). */
export interface Embedder {
  readonly model: string;
  /** One vector per input, in order, all of one dimension; a failure throws. */
  embed(inputs: readonly string[]): Promise<number[][]>;
}

export interface SkillSearchOptions {
  /** Null: lexical ranking only (EMBEDDINGS_BASE_URL unset). */
  embedder?: Embedder | null;
  /** After a failed request, searches are lexical only for this long (EMBEDDINGS_PAUSE_MS). */
  pauseMs?: number;
  /** Failures are warned here (the endpoint by origin and path; never its key). */
  logger?: Pick<Logger, "warn">;
  /** OB-2: each request to the endpoint, by outcome. */
  counted?: (outcome: "ok" | "error" | "timeout") => void;
}

/**
 * How many skill vectors are kept. A 1,536-dimension vector takes 6 KB, so the cache holds at most about 120 MB; a
 * list of more skills than it holds is searched lexically.
 */
export const SKILL_VECTORS = 20_000;

/**
 * How many numbers the lists' matrices hold together (128 MB): a list's vectors are copied into one matrix once all
 * are in (the cosine loop over one array took half the time of one over 10,000), kept while within this, the least
 * recently searched list's dropped first (gathered again from the vectors' cache when it is searched again).
 */
export const MATRIX_FLOATS = 32 * 1024 * 1024;

/**
 * The vectors of a list's content: each skill's vector key, their matrix, whether a fill runs. Shared by every list
 * of the same content (a list read again from a stored state, another agent version of the same skills).
 */
interface ListVectors {
  keys: readonly string[];
  matrix: Float32Array | null;
  filling: boolean;
}

/** What a list's search keeps beyond its index: its skills (names and descriptions answered), its vectors. */
interface ListEntry {
  documents: readonly SkillDocument[];
  vectors: ListVectors;
}

/**
 * CT-2: the one search `find_skills` (calls, chat sessions, evals, gateway turns of registry agents) and
 * `agentSkillSearch` answer. Without an embeddings endpoint it is the lexical ranking (SkillIndex). With one, the
 * lexical ranking fused by reciprocal rank with the cosine ranking of the same skills — once their vectors are in:
 * until then the search answers the lexical ranking at once and the list's vectors are filled in the background (one
 * fill per list at a time). A failing endpoint (an error status, a timeout, an answer of another shape or dimension)
 * answers the lexical ranking, warns, and pauses the endpoint's use for `pauseMs`. Only searches ask the endpoint:
 * a catalog's ranking (call starts, conversations) stays lexical.
 */
export class SkillSearch {
  private readonly lists = new WeakMap<SkillIndex, ListEntry>();
  /** Lists' vectors by their content (the digest of their keys). */
  private readonly contents = new LruCache<string, ListVectors>(256);
  /**
   * Skill vectors by model and the embedded text's digest: computed once per skill content, shared by every agent
   * version and list that holds it.
   */
  private readonly vectors = new LruCache<string, Float32Array>(SKILL_VECTORS);
  /** Requests' vectors by model and text: a request asked again (a retried tool call) is not embedded again. */
  private readonly requestVectors = new LruCache<string, Float32Array>(1_000);
  /** The lists holding a matrix, least recently searched first, and the numbers they hold together. */
  private readonly matrices = new Set<ListVectors>();
  private matrixFloats = 0;
  private readonly embedder: Embedder | null;
  private pausedUntil = 0;

  constructor(private readonly options: SkillSearchOptions = {}) {
    this.embedder = options.embedder ?? null;
  }

  /** Whether an endpoint is configured (fusion may apply). */
  get fused(): boolean {
    return this.embedder !== null;
  }

  /**
   * The best `limit` skills of a list for a request. `index` is the list's lexical index (by catalog position, as
   * `documents()` gives the skills); what is kept of the list is kept with it (one index per list's versions).
   */
  async search(
    index: SkillIndex,
    documents: () => readonly SkillDocument[],
    query: string,
    limit: number,
  ): Promise<SkillMatch[]> {
    const embedder = this.embedder;
    const lexicalOnly = index.size === 0 || index.size > SKILL_VECTORS;
    if (!embedder || Date.now() < this.pausedUntil || !query.trim() || limit < 1 || lexicalOnly)
      return index.search(query, limit);
    const { documents: docs, vectors: state } = this.listOf(index, documents, embedder.model);
    const matrix = this.matrixOf(state);
    if (!matrix) {
      this.fill(state, docs, embedder);
      return index.search(query, limit);
    }
    const request = await this.requestVector(embedder, query);
    if (!request) return index.search(query, limit);
    let cosine: Float64Array;
    try {
      cosine = cosineScores(matrix, request);
    } catch (error) {
      // another dimension than the skills' (the endpoint's model changed): the vectors are asked again
      for (const key of state.keys) this.vectors.delete(key);
      this.dropMatrix(state);
      this.failed(embedder, error);
      return index.search(query, limit);
    }
    return fuseRankings(docs, index.scores(query), cosine, limit);
  }

  /** CT-2: the best `limit` of a resolution's skills for a request — what find_skills and agentSkillSearch answer. */
  async searchResolved(resolved: readonly ResolvedSkill[], query: string, limit: number): Promise<SkillMatch[]> {
    await analyseInTurns(resolved);
    return this.search(skillIndexOf(resolved), () => resolved.map(skillDocument), query, limit);
  }

  private listOf(index: SkillIndex, documents: () => readonly SkillDocument[], model: string): ListEntry {
    let entry = this.lists.get(index);
    if (!entry) {
      const docs = documents();
      // the texts themselves are not kept (up to 2,000 characters a skill): a fill makes the missing ones again
      const keys = docs.map((doc) => vectorKey(model, embeddingText(doc)));
      const content = createHash("sha256").update(keys.join("\n")).digest("base64url");
      let vectors = this.contents.get(content);
      if (!vectors) this.contents.set(content, (vectors = { keys, matrix: null, filling: false }));
      entry = { documents: docs, vectors };
      this.lists.set(index, entry);
    }
    return entry;
  }

  /** The list's vectors as one matrix once every one is in; null while some are missing. */
  private matrixOf(state: ListVectors): Float32Array | null {
    if (state.matrix) {
      // the most recently searched last
      this.matrices.delete(state);
      this.matrices.add(state);
      return state.matrix;
    }
    const found: Float32Array[] = [];
    for (const key of state.keys) {
      const vector = this.vectors.get(key);
      if (!vector) return null;
      found.push(vector);
    }
    if (found.some((vector) => vector.length !== found[0]!.length)) {
      // filled at different times by a model that changed its dimension: asked again
      for (const key of state.keys) this.vectors.delete(key);
      return null;
    }
    const matrix = vectorMatrix(found);
    for (const oldest of this.matrices) {
      if (this.matrixFloats + matrix.length <= MATRIX_FLOATS) break;
      this.dropMatrix(oldest);
    }
    state.matrix = matrix;
    this.matrices.add(state);
    this.matrixFloats += matrix.length;
    return matrix;
  }

  private dropMatrix(state: ListVectors): void {
    if (!state.matrix) return;
    this.matrixFloats -= state.matrix.length;
    state.matrix = null;
    this.matrices.delete(state);
  }

  /** Embeds the list's missing skills in the background; at most one fill per list at a time. */
  private fill(state: ListVectors, documents: readonly SkillDocument[], embedder: Embedder): void {
    if (state.filling) return;
    const missing = state.keys.flatMap((key, i) => (this.vectors.get(key) ? [] : [i]));
    if (missing.length === 0) return;
    state.filling = true;
    void this.embed(
      embedder,
      missing.map((i) => embeddingText(documents[i]!)),
    )
      .then((found) => {
        if (found) missing.forEach((i, at) => this.vectors.set(state.keys[i]!, unitVector(found[at]!)));
      })
      .finally(() => (state.filling = false));
  }

  private async requestVector(embedder: Embedder, query: string): Promise<Float32Array | null> {
    const key = vectorKey(embedder.model, query);
    const known = this.requestVectors.get(key);
    if (known) return known;
    const found = await this.embed(embedder, [query]);
    if (!found) return null;
    const vector = unitVector(found[0]!);
    this.requestVectors.set(key, vector);
    return vector;
  }

  /** The endpoint's vectors, or null after a failure (warned, counted, the endpoint paused). */
  private async embed(embedder: Embedder, inputs: string[]): Promise<number[][] | null> {
    try {
      const found = await embedder.embed(inputs);
      if (found.length !== inputs.length) throw new Error(`${found.length} vectors for ${inputs.length} inputs`);
      this.options.counted?.("ok");
      return found;
    } catch (error) {
      this.failed(embedder, error);
      return null;
    }
  }

  private failed(embedder: Embedder, error: unknown): void {
    const pauseMs = this.options.pauseMs ?? 30_000;
    this.pausedUntil = Date.now() + pauseMs;
    const timeout = (error as { timeout?: unknown } | null)?.timeout === true;
    this.options.counted?.(timeout ? "timeout" : "error");
    // The error's message names the endpoint by origin and path; the key is never part of it.
    this.options.logger?.warn(
      { model: embedder.model, reason: error instanceof Error ? error.message : String(error), pauseMs },
      "CT-2: the embeddings endpoint failed; skill search answers the lexical ranking",
    );
  }
}

function vectorKey(model: string, text: string): string {
  return `${model}\u0000${createHash("sha256").update(text).digest("base64url")}`;
}
