import { nameText, type SkillDocument, type SkillMatch } from "./skill-index";

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
  const parts = [nameText(skill.name), skill.description.trim()];
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

/** Unit vectors of one dimension as one matrix, a row per skill: the cosine loop then reads one array. */
export function vectorMatrix(vectors: readonly Float32Array[]): Float32Array {
  const dimensions = vectors[0]?.length ?? 0;
  const matrix = new Float32Array(vectors.length * dimensions);
  vectors.forEach((vector, row) => {
    if (vector.length !== dimensions)
      throw new RangeError(`vector ${row} has ${vector.length} dimensions, the first ${dimensions}`);
    matrix.set(vector, row * dimensions);
  });
  return matrix;
}

/**
 * Each skill's cosine with the request, by catalog position: `matrix` holds the skills' unit vectors a row each
 * (`vectorMatrix`), `query` the request's, of the rows' dimension.
 */
export function cosineScores(matrix: Float32Array, query: Float32Array): Float64Array {
  const length = query.length;
  if (length === 0 || matrix.length % length !== 0)
    throw new RangeError(`the skills' vectors are not of the request's ${length} dimensions`);
  const rows = matrix.length / length;
  const scores = new Float64Array(rows);
  const whole = length - (length % 4);
  for (let row = 0, at = 0; row < rows; row++, at += length) {
    // four sums: the loop's additions do not wait on each other
    let a = 0;
    let b = 0;
    let c = 0;
    let d = 0;
    let i = 0;
    for (; i < whole; i += 4) {
      a += matrix[at + i]! * query[i]!;
      b += matrix[at + i + 1]! * query[i + 1]!;
      c += matrix[at + i + 2]! * query[i + 2]!;
      d += matrix[at + i + 3]! * query[i + 3]!;
    }
    for (; i < length; i++) a += matrix[at + i]! * query[i]!;
    scores[row] = a + b + c + d;
  }
  return scores;
}

/**
 * How deep each ranking is read for the fusion (Elasticsearch's `rank_window_size`, 100 by default there too): a
 * skill further down contributes less than `1 / (k + window)` from that ranking, and both rankings are selected
 * rather than sorted whole (10,000 skills).
 */
export const RRF_WINDOW = 100;

/**
 * The best `window` skills of a ranking, best first (`holds`: the skills it ranks); ties go to the catalog's order,
 * as the lexical ranking's do.
 */
function topOf(scores: ArrayLike<number>, holds: (doc: number) => boolean, window: number): number[] {
  const best: number[] = [];
  const better = (a: number, b: number) => scores[a]! > scores[b]! || (scores[a] === scores[b] && a < b);
  for (let doc = 0; doc < scores.length; doc++) {
    if (!holds(doc)) continue;
    if (best.length === window && !better(doc, best[window - 1]!)) continue;
    let at = best.length === window ? window - 1 : best.length;
    while (at > 0 && better(doc, best[at - 1]!)) {
      best[at] = best[at - 1]!;
      at--;
    }
    best[at] = doc;
  }
  return best;
}

/**
 * CT-2 with an embeddings endpoint: the best `limit` skills by reciprocal-rank fusion of the lexical ranking (`lexical`:
 * each skill's BM25F score, 0 for one that shares no term with the request, which the lexical ranking does not hold)
 * and the cosine ranking (`cosine`: every skill's cosine with the request), each read to its first `window` skills.
 * A skill's score is the fused one, `Σ 1 / (k + rank)` over the rankings that hold it in their window. Ties: the
 * better lexical rank, then the catalog's order.
 */
export function fuseRankings(
  documents: readonly SkillDocument[],
  lexical: ArrayLike<number>,
  cosine: ArrayLike<number>,
  limit: number,
  k = RRF_K,
  window = RRF_WINDOW,
): SkillMatch[] {
  if (lexical.length !== documents.length || cosine.length !== documents.length)
    throw new RangeError("one score per skill in each ranking");
  const wanted = Math.max(0, Math.floor(limit));
  if (wanted === 0 || documents.length === 0) return [];
  const depth = Math.max(window, wanted);
  const fused = new Map<number, { score: number; lexicalRank: number }>();
  topOf(lexical, (doc) => lexical[doc]! > 0, depth).forEach((doc, i) =>
    fused.set(doc, { score: 1 / (k + i + 1), lexicalRank: i + 1 }),
  );
  topOf(cosine, (doc) => Number.isFinite(cosine[doc]!), depth).forEach((doc, i) => {
    const known = fused.get(doc);
    if (known) known.score += 1 / (k + i + 1);
    else fused.set(doc, { score: 1 / (k + i + 1), lexicalRank: Number.MAX_SAFE_INTEGER });
  });
  return [...fused]
    .sort(([a, x], [b, y]) => y.score - x.score || x.lexicalRank - y.lexicalRank || a - b)
    .slice(0, wanted)
    .map(([doc, { score }]) => {
      const { name, description } = documents[doc]!;
      return { name, description, score };
    });
}
