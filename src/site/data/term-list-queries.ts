/**
 * Suggestions as the visitor types and 'did you mean' after a search that found nothing, from
 * `term_lists` (`src/core/term-lists.ts`, docs/decisions/0009-english-stemming.md). Each call
 * reads at most one row by primary key, and a row read once is kept for the visit, so the
 * keystrokes after the third character of a word read nothing.
 */
import {
  closestTerm,
  completionsOf,
  nearestTerms,
  neighbourListId,
  parseTermList,
  prefixListId,
  SHORT_PREFIXES_ID,
  type TermFrequency,
} from '../../core/term-lists.ts';
import type { QueryRunner } from './database-types.ts';
import { blobBytes, inflateRawText } from './inflate.ts';
import { cachedByRow } from './row-cache.ts';

/** One row of `term_lists` by id. */
export const TERM_LIST_SQL = 'SELECT data FROM term_lists WHERE id = ?';

function isMissingTable(error: unknown): boolean {
  return error instanceof Error && error.message.includes('no such table: term_lists');
}

async function readList(
  db: QueryRunner,
  id: number,
  signal: AbortSignal,
): Promise<TermFrequency[]> {
  let rows: { data: unknown }[];
  try {
    rows = await db.query<{ data: unknown }>(TERM_LIST_SQL, [id], { signal });
  } catch (error) {
    // A database built before the lists: no suggestions, nothing wrong.
    if (isMissingTable(error)) return [];
    throw error;
  }
  const bytes = blobBytes(rows[0]?.data);
  return bytes ? parseTermList(await inflateRawText(bytes)) : [];
}

/** A row of `term_lists`, read once per database (a failed read is tried again next time). */
const loadList = cachedByRow(readList);

/** Reads the 2-character prefixes' row ahead of the first keystroke (on the box's focus). */
export function prepareSuggestions(db: QueryRunner): void {
  loadList(db, SHORT_PREFIXES_ID).catch(() => undefined);
}

/** Most suggestions shown for a word. */
export const MAX_SUGGESTIONS = 8;

/**
 * The index's most frequent words that complete `prefix` (a folded token of 2 or more
 * characters), most frequent first; none for a prefix the lists cannot hold. `signal` gives
 * it up: a row nobody else waits for is then not read (a search submitted meanwhile goes
 * first, decision 0069).
 */
export async function loadCompletions(
  db: QueryRunner,
  prefix: string,
  limit = MAX_SUGGESTIONS,
  signal?: AbortSignal,
): Promise<string[]> {
  const id = prefixListId(prefix);
  if (id === null) return [];
  return completionsOf(await loadList(db, id, signal), prefix, limit);
}

/** Most 'did you mean' words offered for one typed word. */
export const MAX_NEAREST = 5;

/** Indexed words within two edits of `word` (a folded token), most frequent first. */
export async function loadNearestWords(
  db: QueryRunner,
  word: string,
  limit = MAX_NEAREST,
): Promise<string[]> {
  const id = neighbourListId(word);
  if (id === null) return [];
  return nearestTerms(await loadList(db, id), word, limit);
}

/** The indexed word a typo most likely meant (`closestTerm`), or null: one neighbour row. */
export async function loadCorrection(db: QueryRunner, word: string): Promise<string | null> {
  const id = neighbourListId(word);
  if (id === null) return null;
  return closestTerm(await loadList(db, id), word);
}
