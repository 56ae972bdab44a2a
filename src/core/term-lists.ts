/**
 * Lists of the index's words with how often they occur, for suggestions as a visitor types and
 * for 'did you mean' (docs/decisions/0009-english-stemming.md). `trawl build` writes them to
 * `term_lists`, one raw-DEFLATE JSON row (`TermListData`) per key, so each keystroke or each
 * 'did you mean' reads at most one row:
 *
 * - one row (id 0) with the most frequent words of every 2-character prefix, read once when the
 *   search box is first focused, so the first keystrokes read nothing;
 * - a prefix row for every 3-character prefix: the most frequent words that start with it, as
 *   many as fit `MAX_LIST_BYTES`, so longer prefixes are answered from it in memory;
 * - a neighbour row for every first character and length: the words starting with that
 *   character whose length is within `MAX_EDIT_DISTANCE` of it, most frequent first (as many
 *   as fit `MAX_LIST_BYTES`: in a big archive the rarest words, typos among them, drop out).
 *
 * Only plain ASCII words that start with a letter are listed (`isIndexedToken`).
 */

/** A word and how often it occurs in the index (every field). */
export type TermFrequency = [term: string, count: number];

/** The JSON in a `term_lists.data` blob: words, most frequent first. */
export interface TermListData {
  v: 1;
  terms: TermFrequency[];
}

/** Most edits (insert, delete, substitute, swap two neighbours) a 'did you mean' word is from the typed one. */
export const MAX_EDIT_DISTANCE = 2;

/** Shortest prefix that gets suggestions (the spec's suggestions start at the 2nd character). */
export const MIN_PREFIX = 2;

/** Characters of the prefix a row is keyed by at most; longer prefixes filter that row. */
export const MAX_KEY_PREFIX = 3;

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
const RADIX = ALPHABET.length + 1;

/** Words the lists hold: folded ASCII, starting with a letter. */
const LISTED_WORD = /^[a-z][a-z0-9]{0,63}$/;

/** True for a word the lists can hold. */
export function isListedWord(term: string): boolean {
  return LISTED_WORD.test(term);
}

/** Ids of neighbour rows start here, above every prefix row. */
const NEIGHBOUR_BASE = 1 << 20;

/** The row of every 2-character prefix's most frequent words. */
export const SHORT_PREFIXES_ID = 0;

/**
 * The row id of the prefix row that answers `prefix`: `SHORT_PREFIXES_ID` for 2 characters,
 * else the first `MAX_KEY_PREFIX` characters as base-37 digits. Null for a prefix the lists
 * cannot hold.
 */
export function prefixListId(prefix: string): number | null {
  if (prefix.length < MIN_PREFIX || !/^[a-z][a-z0-9]*$/.test(prefix)) return null;
  if (prefix.length < MAX_KEY_PREFIX) return SHORT_PREFIXES_ID;
  let id = 0;
  for (let index = 0; index < MAX_KEY_PREFIX; index += 1) {
    const char = prefix[index];
    id = id * RADIX + ALPHABET.indexOf(char ?? '') + 1;
  }
  return id;
}

function neighbourRowId(first: string, length: number): number {
  return NEIGHBOUR_BASE + (ALPHABET.indexOf(first) + 1) * 128 + length;
}

/** The row id of the neighbour row of a word: its first character and its length. */
export function neighbourListId(word: string): number | null {
  return isListedWord(word) ? neighbourRowId(word.charAt(0), word.length) : null;
}

/** Parses an inflated `term_lists` row; throws on anything else. */
export function parseTermList(json: string): TermFrequency[] {
  const value: unknown = JSON.parse(json);
  if (typeof value !== 'object' || value === null || !('terms' in value)) {
    throw new Error('A term_lists row is not a term list');
  }
  const { terms } = value;
  if (!Array.isArray(terms)) throw new Error('A term_lists row is not a term list');
  return terms.flatMap((entry: unknown): TermFrequency[] => {
    if (!Array.isArray(entry)) return [];
    const [term, count]: unknown[] = entry;
    return typeof term === 'string' && typeof count === 'number' ? [[term, count]] : [];
  });
}

/** The most frequent words of a prefix row that start with `prefix`, the prefix itself aside. */
export function completionsOf(
  list: readonly TermFrequency[],
  prefix: string,
  limit: number,
): string[] {
  const found: string[] = [];
  for (const [term] of list) {
    if (found.length >= limit) break;
    if (term !== prefix && term.startsWith(prefix)) found.push(term);
  }
  return found;
}

/**
 * Edit distance with adjacent swaps (optimal string alignment), or `max + 1` once it must
 * exceed `max`.
 */
export function editDistance(a: string, b: string, max = MAX_EDIT_DISTANCE): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(
        (previous[j] ?? 0) + 1,
        (current[j - 1] ?? 0) + 1,
        (previous[j - 1] ?? 0) + cost,
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        value = Math.min(value, (before[j - 2] ?? 0) + 1);
      }
      current.push(value);
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > max) return max + 1;
    before = previous;
    previous = current;
  }
  return Math.min(previous[b.length] ?? max + 1, max + 1);
}

/** The words of a neighbour row within `MAX_EDIT_DISTANCE` edits of `word`, most frequent first. */
export function nearestTerms(
  list: readonly TermFrequency[],
  word: string,
  limit: number,
): string[] {
  const found: string[] = [];
  for (const [term] of list) {
    if (found.length >= limit) break;
    if (term !== word && editDistance(term, word) <= MAX_EDIT_DISTANCE) found.push(term);
  }
  return found;
}

/** Words `SHORT_PREFIXES_ID` keeps of each 2-character prefix. */
export const SHORT_PREFIX_WORDS = 5;

/** Largest compressed row the builder writes: a row stays inside one 16 KiB page. */
export const MAX_LIST_BYTES = 12_000;

/**
 * Groups the index's words into rows, before compression: id → words, most frequent first
 * (ties alphabetical). The builder trims rows that compress beyond `MAX_LIST_BYTES`.
 */
export function groupTermLists(
  frequencies: ReadonlyMap<string, number>,
): Map<number, TermFrequency[]> {
  const sorted = [...frequencies]
    .filter(([term]) => isListedWord(term))
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  const rows = new Map<number, TermFrequency[]>();
  const add = (id: number | null, entry: TermFrequency): void => {
    if (id === null) return;
    const row = rows.get(id);
    if (row) row.push(entry);
    else rows.set(id, [entry]);
  };
  const shortCounts = new Map<string, number>();
  for (const entry of sorted) {
    const [term] = entry;
    const short = term.slice(0, MIN_PREFIX);
    const taken = shortCounts.get(short) ?? 0;
    if (term.length >= MIN_PREFIX && taken < SHORT_PREFIX_WORDS) {
      shortCounts.set(short, taken + 1);
      add(SHORT_PREFIXES_ID, entry);
    }
    if (term.length >= MAX_KEY_PREFIX) add(prefixListId(term.slice(0, MAX_KEY_PREFIX)), entry);
    const longest = Math.min(64, term.length + MAX_EDIT_DISTANCE);
    for (
      let length = Math.max(1, term.length - MAX_EDIT_DISTANCE);
      length <= longest;
      length += 1
    ) {
      add(neighbourRowId(term.charAt(0), length), entry);
    }
  }
  return rows;
}
