/**
 * The single-token search index (docs/decisions/0007-term-index.md). A search for one word
 * reads one row of `search_terms` by rowid: the root page and one leaf, instead of the five
 * pages an FTS5 query needs (its `_data` root, structure record, `_idx`, `_config` and the
 * doclist leaf).
 *
 * A row's id is a 32-bit hash of the term, so the site can compute it; its `data` lists, for
 * each term with that hash, the episode ids (rowids of `words_fts`) whose columns contain the
 * term. The builder takes the terms and episodes from `words_fts` itself (fts5vocab), so a
 * lookup answers exactly what `words_fts` would. Which tokens are stored depends on the index's
 * version (`Analyzer.inTermTables`): every token of up to 64 UTF-16 units since the builder
 * tokenizes for itself (decision 0022), plain ASCII tokens in older databases, whose FTS tables
 * SQLite tokenized. Any other token searches `words_fts`.
 *
 * Row format, bytes: for each term, `varint(byte length)`, the term's UTF-8 bytes, then for
 * each column in `FTS_COLUMNS` order `varint(count)` and `count` varints, the ascending episode
 * ids as differences from the previous one (the first from 0). Varints are unsigned LEB128.
 *
 * `search_pairs` (docs/decisions/0015-phrase-pair-table.md) holds the same rows for pairs of
 * adjacent tokens, named `first second` (`pairTerm`), keyed by `pairRowId`.
 *
 * `search_stems` (docs/decisions/0009-english-stemming.md) holds the same rows for stems
 * (`stemmer.ts`), each episode id followed by `varint(count)`, how often the stem's forms
 * occur in that column of that episode: 'best match' ranks with it.
 */
import { FTS_COLUMNS, type FtsColumn } from './db-schema.ts';

/**
 * The longest name a row holds, in UTF-8 bytes: a pair of the longest tokens (64 UTF-16 units,
 * at most 3 bytes each) and the space between them.
 */
const MAX_ROW_TERM = 64 * 3 * 2 + 1;

/**
 * The entry name of a pair of adjacent tokens in `search_pairs` (decision 0015): both tokens
 * with one space between them. Its row id is `termRowId` of this name.
 */
export function pairTerm(first: string, second: string): string {
  return `${first} ${second}`;
}

/**
 * The `search_pairs` rowid of a pair: the top 20 bits of its `termRowId`. A pair table holds
 * millions of mostly one-episode pairs; a row per pair would spend more on each row's own
 * bytes than on its episodes, so about a million rows share them (decision 0015).
 */
export function pairRowId(first: string, second: string): number {
  return termRowId(pairTerm(first, second)) >>> PAIR_ROW_SHIFT;
}

const PAIR_ROW_SHIFT = 12;

/** True for a name a term row may hold: a token, or two with one space between them. */
function isRowTerm(term: string): boolean {
  const parts = term.split(' ');
  return parts.length <= 2 && parts.every((part) => part.length > 0 && part.length <= 64);
}

const ASCII = /^[\p{ASCII}]*$/u;
const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: true });

/** A term's bytes in a row and in its hash: UTF-8 (plain ASCII, one byte a character, as before). */
function termBytes(term: string): Uint8Array {
  if (!ASCII.test(term)) return encoder.encode(term);
  const bytes = new Uint8Array(term.length);
  for (let index = 0; index < term.length; index += 1) bytes[index] = term.charCodeAt(index);
  return bytes;
}

/**
 * The `search_terms` rowid of a term: 32-bit FNV-1a of its UTF-8 bytes (an ASCII term's
 * characters, one byte each, as databases before other languages hashed them).
 */
export function termRowId(term: string): number {
  let hash = 0x811c9dc5;
  if (ASCII.test(term)) {
    for (let index = 0; index < term.length; index += 1) {
      hash ^= term.charCodeAt(index);
      hash = Math.imul(hash, 0x01000193);
    }
    return hash >>> 0;
  }
  for (const byte of encoder.encode(term)) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** One term's episodes, per column in `FTS_COLUMNS` order, each ascending. */
export interface TermPostings {
  term: string;
  columns: number[][];
  /** Occurrences per episode, parallel to `columns` (rows of `search_stems` only). */
  counts?: number[][];
}

/** Row format options: `counts` for `search_stems` rows (an occurrence count after each id). */
export interface TermRowFormat {
  counts?: boolean;
}

/** Raised for a row the decoder cannot read: the database is damaged or not Trawl's. */
export class TermRowError extends Error {
  override name = 'TermRowError';
}

function pushVarint(out: number[], value: number): void {
  let rest = value;
  while (rest >= 0x80) {
    out.push((rest % 0x80) | 0x80);
    rest = Math.floor(rest / 0x80);
  }
  out.push(rest);
}

/** Encodes the terms of one row (all with the same `termRowId`). */
export function encodeTermRow(
  entries: readonly TermPostings[],
  format: TermRowFormat = {},
): Uint8Array {
  const out: number[] = [];
  for (const { term, columns, counts } of entries) {
    if (!isRowTerm(term)) throw new TermRowError(`“${term}” is not an indexed token or pair`);
    if (columns.length !== FTS_COLUMNS.length) {
      throw new TermRowError(`“${term}” needs ${FTS_COLUMNS.length} columns of episodes`);
    }
    const bytes = termBytes(term);
    pushVarint(out, bytes.length);
    for (const byte of bytes) out.push(byte);
    columns.forEach((ids, column) => {
      pushVarint(out, ids.length);
      let previous = 0;
      ids.forEach((id, index) => {
        if (!Number.isSafeInteger(id) || id <= previous) {
          throw new TermRowError(`“${term}”: episode ids must be positive and ascending`);
        }
        pushVarint(out, id - previous);
        previous = id;
        if (!format.counts) return;
        const count = counts?.[column]?.[index];
        if (count === undefined || !Number.isSafeInteger(count) || count < 1) {
          throw new TermRowError(`“${term}”: every episode needs a positive count`);
        }
        pushVarint(out, count);
      });
    });
  }
  return Uint8Array.from(out);
}

function decodeTerm(bytes: Uint8Array): string {
  try {
    return decoder.decode(bytes);
  } catch {
    throw new TermRowError('A term index row has a damaged term');
  }
}

/** Decodes a row written by `encodeTermRow`. Throws `TermRowError` on anything else. */
export function decodeTermRow(bytes: Uint8Array, format: TermRowFormat = {}): TermPostings[] {
  let at = 0;
  const varint = (): number => {
    let value = 0;
    let scale = 1;
    for (;;) {
      const byte = bytes[at];
      if (byte === undefined) throw new TermRowError('A term index row ends early');
      at += 1;
      value += (byte & 0x7f) * scale;
      if (byte < 0x80) return value;
      scale *= 0x80;
      if (scale > 2 ** 49) throw new TermRowError('A term index row has an oversized number');
    }
  };
  const entries: TermPostings[] = [];
  while (at < bytes.length) {
    const length = varint();
    if (length > MAX_ROW_TERM || at + length > bytes.length) {
      throw new TermRowError('A term index row has a damaged term');
    }
    const term = decodeTerm(bytes.subarray(at, at + length));
    at += length;
    const counts: number[][] = [];
    const columns = FTS_COLUMNS.map(() => {
      const count = varint();
      if (count > bytes.length - at) throw new TermRowError('A term index row ends early');
      const ids: number[] = [];
      const occurrences: number[] = [];
      let previous = 0;
      for (let index = 0; index < count; index += 1) {
        previous += varint();
        ids.push(previous);
        if (format.counts) occurrences.push(varint());
      }
      counts.push(occurrences);
      return ids;
    });
    entries.push(format.counts ? { term, columns, counts } : { term, columns });
  }
  return entries;
}

/**
 * How often `term` occurs in each checked column of each episode, from a decoded row: one map
 * per column in `FTS_COLUMNS` order (null for an unchecked column), episode id → count (1 for
 * rows without counts).
 */
export function termColumnCounts(
  entries: readonly TermPostings[],
  term: string,
  fields: Iterable<FtsColumn>,
): (Map<number, number> | null)[] {
  const checked = new Set(fields);
  const entry = entries.find((candidate) => candidate.term === term);
  return FTS_COLUMNS.map((column, index) => {
    if (!checked.has(column)) return null;
    const counts = entry?.counts?.[index];
    return new Map(
      (entry?.columns[index] ?? []).map((id, at): [number, number] => [id, counts?.[at] ?? 1]),
    );
  });
}

/** Episode ids of a decoded row whose checked columns contain `term`. */
export function termEpisodeIds(
  entries: readonly TermPostings[],
  term: string,
  fields: Iterable<FtsColumn>,
): Set<number> {
  const found = new Set<number>();
  const entry = entries.find((candidate) => candidate.term === term);
  if (!entry) return found;
  for (const field of new Set(fields)) {
    for (const id of entry.columns[FTS_COLUMNS.indexOf(field)] ?? []) found.add(id);
  }
  return found;
}
