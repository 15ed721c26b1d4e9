import type { SkillDocument, SkillMatch } from "./skill-index";

/**
 * CT-2's optional second ranking: the skills by the cosine of their embedding with the request's, fused with the
 * lexical ranking by reciprocal rank (Cormack, Clarke and Büttcher, "Reciprocal Rank Fusion outperforms Condorcet and
 * individual Rank Learning Methods", SIGIR 2009). Pure: the vectors come from the caller, who asked an endpoint.
 */

/** RRF's constant: each ranking adds `1 / (k + rank)`. The paper's 60; not measured here (no model to measure with). */
export const RRF_K = 60;

/** How much of a skill's SKILL.md body is embedded with its name and description (characters). */
export const EMBEDDED_BODY_CHARS = 1_000;

/** At most this many characters of a skill are embedded (its name and description first). */
export const EMBEDDED_TEXT_CHARS = 2_000;

/** What is embedded for a skill: its name as words, its description, then the start of its SKILL.md body, bounded. */
export function embeddingText(skill: SkillDocument): string {
  const parts = [skill.name.replace(/[-_.]+/g, " "), skill.description.trim()];
  const body = (skill.body ?? "").trim().slice(0, EMBEDDED_BODY_CHARS).trim();
  if (body) parts.push(body);
  return parts.join("\n\n").slice(0, EMBEDDED_TEXT_CHARS);
}

/** A vector scaled to length 1 (a zero vector stays zero), so a cosine is a dot product. */
export function unitVector(values: ArrayLike<number>): Float32Array {
  let sum = 0;
  for (let i = 0; i < values.length; i++) sum += values[i]! * values[i]!;
  const norm = Math.sqrt(sum);
  const unit = new Float32Array(values.length);
  if (norm > 0) for (let i = 0; i < values.length; i++) unit[i] = values[i]! / norm;
  return unit;
}

/** Each skill's cosine with the request, by catalog position; the vectors are unit vectors of one dimension. */
export function cosineScores(vectors: readonly Float32Array[], query: Float32Array): Float64Array {
  const scores = new Float64Array(vectors.length);
  for (let doc = 0; doc < vectors.length; doc++) {
    const vector = vectors[doc]!;
    if (vector.length !== query.length)
      throw new RangeError(`vector ${doc} has ${vector.length} dimensions, the request's ${query.length}`);
    let dot = 0;
    for (let i = 0; i < vector.length; i++) dot += vector[i]! * query[i]!;
    scores[doc] = dot;
  }
  return scores;
}

/** Ranks (1 = best) by catalog position, 0 for a skill the ranking does not hold; ties go to the catalog's order. */
function ranksOf(scores: ArrayLike<number>, holds: (doc: number) => boolean): Uint32Array {
  const held: number[] = [];
  for (let doc = 0; doc < scores.length; doc++) if (holds(doc)) held.push(doc);
  held.sort((a, b) => scores[b]! - scores[a]! || a - b);
  const ranks = new Uint32Array(scores.length);
  held.forEach((doc, i) => (ranks[doc] = i + 1));
  return ranks;
}

/**
 * CT-2 with an embeddings endpoint: the best `limit` skills by reciprocal-rank fusion of the lexical ranking (`lexical`:
 * each skill's BM25F score, 0 for one that shares no term with the request, which the lexical ranking does not hold)
 * and the cosine ranking (`cosine`: every skill's cosine with the request). A skill's score is the fused one,
 * `Σ 1 / (k + rank)` over the rankings that hold it. Ties: the better lexical rank, then the catalog's order.
 */
export function fuseRankings(
  documents: readonly SkillDocument[],
  lexical: ArrayLike<number>,
  cosine: ArrayLike<number>,
  limit: number,
  k = RRF_K,
): SkillMatch[] {
  if (lexical.length !== documents.length || cosine.length !== documents.length)
    throw new RangeError("one score per skill in each ranking");
  const wanted = Math.max(0, Math.floor(limit));
  if (wanted === 0 || documents.length === 0) return [];
  const lexicalRanks = ranksOf(lexical, (doc) => lexical[doc]! > 0);
  const cosineRanks = ranksOf(cosine, (doc) => Number.isFinite(cosine[doc]!));
  const fused = new Float64Array(documents.length);
  for (let doc = 0; doc < documents.length; doc++) {
    if (lexicalRanks[doc]! > 0) fused[doc]! += 1 / (k + lexicalRanks[doc]!);
    if (cosineRanks[doc]! > 0) fused[doc]! += 1 / (k + cosineRanks[doc]!);
  }
  const lexicalOrder = (doc: number) => lexicalRanks[doc] || Number.MAX_SAFE_INTEGER;
  const order: number[] = [];
  for (let doc = 0; doc < documents.length; doc++) if (fused[doc]! > 0) order.push(doc);
  order.sort((a, b) => fused[b]! - fused[a]! || lexicalOrder(a) - lexicalOrder(b) || a - b);
  return order.slice(0, wanted).map((doc) => {
    const { name, description } = documents[doc]!;
    return { name, description, score: fused[doc]! };
  });
}
