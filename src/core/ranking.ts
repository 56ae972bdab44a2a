/**
 * What a search found, part by part and field by field, and the two orders of the results:
 * 'newest first' (the spec's) and 'best match' (relevance). Both come from the same hits, so
 * switching order reads nothing more.
 */
import { FTS_COLUMNS, type FtsColumn } from './db-schema.ts';

/**
 * One query part's matches: per column in `FTS_COLUMNS` order, episode id → occurrences (1
 * where the index does not count them); null for a field that is not checked.
 */
export interface PartHits {
  columns: (ReadonlyMap<number, number> | null)[];
  /**
   * For the last word searched as a prefix too: the episodes it matches as a whole word (by
   * its stem). Absent: every episode of the part matches whole.
   */
  whole?: ReadonlySet<number>;
}

/** Whether an episode matches every part as a whole word (none only by a prefix). */
function matchesWhole(parts: readonly PartHits[], id: number): boolean {
  return parts.every((part) => part.whole === undefined || part.whole.has(id));
}

/** Whether some part was searched as a prefix (its episodes may then match only by it). */
export function hasPrefixPart(parts: readonly PartHits[]): boolean {
  return parts.some((part) => part.whole !== undefined);
}

/**
 * The episode ids, those matching every word whole first (issue 27), each group newest
 * (highest id) first: 'newest first' for a search whose last word is also a prefix.
 */
export function rankWholeWordsFirst(parts: readonly PartHits[], ids: Iterable<number>): number[] {
  const tier = (id: number): number => (matchesWhole(parts, id) ? 0 : 1);
  return [...ids].sort((a, b) => tier(a) - tier(b) || b - a);
}

/** The episodes of one part, in any checked field. */
export function partEpisodes(part: PartHits): Set<number> {
  const found = new Set<number>();
  for (const column of part.columns) for (const id of column?.keys() ?? []) found.add(id);
  return found;
}

/** The episodes every part matches (no part: none). */
export function matchingEpisodes(parts: readonly PartHits[]): Set<number> {
  const [first, ...rest] = parts.map(partEpisodes);
  if (!first) return new Set();
  return new Set([...first].filter((id) => rest.every((other) => other.has(id))));
}

/** How much a match in each field counts: title above description above transcript. */
export const FIELD_WEIGHTS: Readonly<Record<FtsColumn, number>> = {
  title: 4,
  description: 2,
  words: 1,
  episode: 4,
};

/** BM25's term-frequency saturation (k1 = 1.2): the 10th mention adds less than the 2nd. */
function saturate(count: number): number {
  return (count * 2.2) / (count + 1.2);
}

/**
 * Relevance of each episode: for each part, its rarity (inverse document frequency over the
 * archive's `totalEpisodes`) times, for each field it occurs in, the field's weight times its
 * saturated count.
 */
export function relevanceScores(
  parts: readonly PartHits[],
  ids: Iterable<number>,
  totalEpisodes: number,
): Map<number, number> {
  const rarity = parts.map((part) => {
    const df = partEpisodes(part).size;
    return Math.log(1 + Math.max(totalEpisodes, df) / Math.max(1, df));
  });
  const scores = new Map<number, number>();
  for (const id of ids) {
    let score = 0;
    parts.forEach((part, index) => {
      part.columns.forEach((column, at) => {
        const count = column?.get(id);
        const field = FTS_COLUMNS[at];
        if (count === undefined || field === undefined) return;
        score += (rarity[index] ?? 0) * FIELD_WEIGHTS[field] * saturate(count);
      });
    });
    scores.set(id, score);
  }
  return scores;
}

/** The episode ids, best match first; equal scores newest (highest id) first. */
export function rankByRelevance(
  parts: readonly PartHits[],
  ids: Iterable<number>,
  totalEpisodes: number,
): number[] {
  const scores = relevanceScores(parts, ids, totalEpisodes);
  const tier = (id: number): number => (matchesWhole(parts, id) ? 0 : 1);
  // Whole-word matches above prefix-only ones (issue 27), then by score.
  return [...scores.keys()].sort(
    (a, b) => tier(a) - tier(b) || (scores.get(b) ?? 0) - (scores.get(a) ?? 0) || b - a,
  );
}
