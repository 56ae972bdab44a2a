/**
 * Rows in segments (decision 0059). A full build writes the term tables' rows and the passage
 * blocks as segment 0. A rebuild that resumes the previous database (decision 0051) writes the
 * new episodes' rows into a new segment, keyed `segment × SEGMENT_STRIDE + id`, and leaves the
 * old rows as they are: every new row sorts after every old one, so the new rows fill new
 * pages at the end of each table and the old pages keep their bytes (what a host already
 * holds). A reader asks for an id in every segment. A passage block is in one of them; a
 * term's rows are joined in segment order: its episodes are the old segments' followed by the
 * newer ones', per column, as one row of a full build holds them. Pure: no Node or DOM APIs.
 */
import type { TermPostings, TermRowFormat } from './term-index.ts';

/**
 * Ids a segment's rows are offset by: above every id a segmented table uses (`termRowId`, 32
 * bits; `speakerTermRowId`, 42 bits; `passageBlockId`, ordinal × 2^20), with room for 1,024
 * segments below 2^53.
 */
export const SEGMENT_STRIDE = 2 ** 43;

/** The tables whose rows a resumed build adds in segments (the term tables and passage blocks). */
export const SEGMENTED_TABLES = [
  'search_terms',
  'search_stems',
  'search_prefixes',
  'search_pairs',
  'speaker_terms',
  'passage_blocks',
  'snippet_heads',
] as const;

/**
 * Segments a database may hold before the next build writes every episode again (a full build:
 * one segment). Each one costs a reader one more row per term, so they are bounded, as FTS5
 * bounds its own segments by merging them (decision 0059).
 */
export const MAX_SEGMENTS = 16;

/** The row id of `id` in segment `segment` (0: a full build's rows). */
export function segmentRowId(id: number, segment: number): number {
  return segment * SEGMENT_STRIDE + id;
}

/** The row ids of `ids` in each of `segments` segments, segment by segment. */
export function segmentRowIds(ids: readonly number[], segments: number): number[] {
  const all: number[] = [];
  for (let segment = 0; segment < segments; segment += 1) {
    for (const id of ids) all.push(segmentRowId(id, segment));
  }
  return all;
}

/** The segment a stored row id belongs to. */
export function segmentOf(rowId: number): number {
  return Math.floor(rowId / SEGMENT_STRIDE);
}

/** A stored row id without its segment: the id a full build gives the row. */
export function unsegmentedId(rowId: number): number {
  return rowId % SEGMENT_STRIDE;
}

/**
 * SQL that reads every segment's row (`id`, `data`) of `count` ids of `table`, in id order: by
 * segment, then by id. Its first parameter is the database's segment count (the episode list's
 * `segments`, which the site has read before any search, so counting them costs no request),
 * then one per id (segment 0's ids). One segment reads exactly the rows it did before.
 */
export function segmentRowsSql(table: string, count: number): string {
  const marks = Array.from({ length: count }, () => '(?)').join(', ');
  return (
    `WITH RECURSIVE segments(base) AS (SELECT 0 UNION ALL SELECT base + ${SEGMENT_STRIDE} ` +
    `FROM segments WHERE base + ${SEGMENT_STRIDE} < ? * ${SEGMENT_STRIDE}), ` +
    `wanted(id) AS (VALUES ${marks}) ` +
    `SELECT id, data FROM ${table} WHERE id IN (SELECT base + wanted.id FROM segments, wanted) ORDER BY id`
  );
}

/** `base`'s episodes of a term, then `added`'s (all of a higher id), per column. */
export function appendPostings(
  base: TermPostings,
  added: TermPostings,
  format: TermRowFormat,
): TermPostings {
  const columns = base.columns.map((ids, column) => [...ids, ...(added.columns[column] ?? [])]);
  if (!format.counts) return { term: base.term, columns };
  const counts = base.columns.map((_, column) => [
    ...(base.counts?.[column] ?? []),
    ...(added.counts?.[column] ?? []),
  ]);
  return { term: base.term, columns, counts };
}

/** One row's entries followed by a later segment's row of the same id, term by term. */
export function appendEntries(
  base: readonly TermPostings[],
  added: readonly TermPostings[],
  format: TermRowFormat,
): TermPostings[] {
  const merged = [...base];
  for (const entry of added) {
    const at = merged.findIndex((candidate) => candidate.term === entry.term);
    const known = merged[at];
    if (known) merged[at] = appendPostings(known, entry, format);
    else merged.push(entry);
  }
  return merged;
}

/** The entries of one id's rows, given in segment order: what one row of a full build holds. */
export function joinSegments(
  rows: readonly (readonly TermPostings[])[],
  format: TermRowFormat,
): TermPostings[] {
  return rows.reduce<TermPostings[]>((merged, row) => appendEntries(merged, row, format), []);
}
