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
 * Words that start with a letter are listed, in any script. Prefixes and lengths count
 * characters (code points). Rows of plain ASCII prefixes have the ids they always had; any
 * other prefix or first character is hashed into ranges of its own, and a row shared by two of
 * them is filtered in memory like any other.
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

/** Words the lists hold: folded, starting with a letter, at most 64 UTF-16 units. */
const LISTED_WORD = /^\p{L}[\p{L}\p{N}\p{M}\p{Co}]*$/u;

/** True for a word the lists can hold. */
export function isListedWord(term: string): boolean {
  return term.length <= 64 && LISTED_WORD.test(term);
}

/** A prefix whose rows have the ids databases before other scripts gave them. */
const ASCII_PREFIX = /^[a-z][a-z0-9]*$/;

/** Ids of neighbour rows start here, above every prefix row. */
const NEIGHBOUR_BASE = 1 << 20;

/** Ids of prefix rows of other scripts: a 24-bit hash of the prefix above this. */
const HASHED_PREFIX_BASE = 2 ** 24;

/** Ids of neighbour rows of other scripts: a 20-bit hash of the first character, × 128. */
const HASHED_NEIGHBOUR_BASE = 2 ** 26;

/** The row of every 2-character ASCII prefix's most frequent words. */
export const SHORT_PREFIXES_ID = 0;

/** 32-bit FNV-1a of a string's UTF-16 units. */
function hashText(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** A word's first characters (code points), as many as there are up to `count`. */
function leading(word: string, count: number): string[] {
  return [...word].slice(0, count);
}

/**
 * The row id of the prefix row that answers `prefix` (at least `MIN_PREFIX` characters): for
 * plain ASCII, `SHORT_PREFIXES_ID` for 2 characters, else the first `MAX_KEY_PREFIX` as base-37
 * digits; for any other script, a hash of the first 2 (for 2) or `MAX_KEY_PREFIX` characters.
 * Null for a prefix the lists cannot hold.
 */
export function prefixListId(prefix: string): number | null {
  const chars = leading(prefix, MAX_KEY_PREFIX);
  if (chars.length < MIN_PREFIX || !isListedWord(prefix)) return null;
  const key = chars.join('');
  if (!ASCII_PREFIX.test(key)) return HASHED_PREFIX_BASE + (hashText(key) % HASHED_PREFIX_BASE);
  if (chars.length < MAX_KEY_PREFIX) return SHORT_PREFIXES_ID;
  let id = 0;
  for (const char of chars) id = id * RADIX + ALPHABET.indexOf(char) + 1;
  return id;
}

function neighbourRowId(first: string, length: number): number {
  const letter = ALPHABET.indexOf(first);
  if (letter >= 0) return NEIGHBOUR_BASE + (letter + 1) * 128 + length;
  return HASHED_NEIGHBOUR_BASE + (hashText(first) % 2 ** 20) * 128 + length;
}

/** The row id of the neighbour row of a word: its first character and its length. */
export function neighbourListId(word: string): number | null {
  const chars = [...word];
  return isListedWord(word) ? neighbourRowId(chars[0] ?? '', chars.length) : null;
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
export function editDistance(first: string, second: string, max = MAX_EDIT_DISTANCE): number {
  const a = [...first];
  const b = [...second];
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

/**
 * The word of a neighbour row a typo most likely meant (decision 0035): the fewest edits from
 * `word` (1 or 2), the most frequent of those; null when none is within `MAX_EDIT_DISTANCE`.
 */
export function closestTerm(list: readonly TermFrequency[], word: string): string | null {
  let best: string | null = null;
  let bestDistance = MAX_EDIT_DISTANCE + 1;
  for (const [term] of list) {
    if (term === word) continue;
    const distance = editDistance(term, word, bestDistance - 1);
    if (distance < bestDistance) {
      best = term;
      bestDistance = distance;
      if (distance === 1) break;
    }
  }
  return best;
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
    const chars = [...term];
    const short = chars.slice(0, MIN_PREFIX).join('');
    const taken = shortCounts.get(short) ?? 0;
    if (chars.length >= MIN_PREFIX && taken < SHORT_PREFIX_WORDS) {
      shortCounts.set(short, taken + 1);
      // ASCII prefixes share one row; another script's 2-character prefix has a row of its own.
      add(ASCII_PREFIX.test(short) ? SHORT_PREFIXES_ID : prefixListId(short), entry);
    }
    if (chars.length >= MAX_KEY_PREFIX)
      add(prefixListId(chars.slice(0, MAX_KEY_PREFIX).join('')), entry);
    const longest = Math.min(64, chars.length + MAX_EDIT_DISTANCE);
    for (
      let length = Math.max(1, chars.length - MAX_EDIT_DISTANCE);
      length <= longest;
      length += 1
    ) {
      add(neighbourRowId(chars[0] ?? '', length), entry);
    }
  }
  return rows;
}
