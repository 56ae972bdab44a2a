/**
 * The SQL of search snippets (issue 10) and the function that runs it for a page of results.
 * Three short statements, so a new search never waits long behind a page's snippets:
 *
 * 1. each row's passage range, from `episodes` (already read by the list: no request);
 * 2. the matching passage ids from `passages_fts` (contentless, rowid only), restricted by
 *    rowid: one range when the rows' passages are contiguous (a newest-first page is), one
 *    range per row otherwise, so FTS5 seeks instead of reading the term's whole doclist;
 * 3. the passages to show, by primary key in ascending order (read-ahead only sees forward):
 *    an episode's first passages from its row of `passage_heads` (a common word matches
 *    there, and a page's heads are a few adjacent pages), later ones from `passages`.
 *
 * The snippets themselves are cut in JavaScript with the search's tokenizer and phrase rules
 * (`src/core/snippets.ts`).
 */
import {
  PASSAGE_HEAD_COUNT,
  type EpisodePassageRange,
  type PassageRow,
} from '../../core/db-schema.ts';
import { quoteFtsString } from '../../core/fts-query.ts';
import { parsePassageData, parsePassageHead } from '../../core/passages.ts';
import {
  buildEpisodeSnippets,
  choosePassages,
  SNIPPETS_PER_EPISODE,
  type EpisodeSnippets,
  type PassageChoice,
  type PassageRange,
  type PassageText,
} from '../../core/snippets.ts';
import type { QueryRunner, SqlValue } from './database.ts';

/** Rows of one snippet load: more are loaded in several (SQLite 3.35 binds at most 999 values). */
export const MAX_SNIPPET_EPISODES = 50;

function marks(count: number): string {
  return Array.from({ length: count }, () => '?').join(', ');
}

/** Passage ranges of the given episode ids (one `?` per id). */
export function passageRangesSql(count: number): string {
  return `SELECT id, passage_first, passage_count FROM episodes WHERE id IN (${marks(count)})`;
}

/** A statement with its parameters. */
export interface BoundSql {
  sql: string;
  params: SqlValue[];
}

/**
 * Matching passage ids inside the given ranges, for an FTS5 `match` string, or null when no
 * range has passages. Contiguous ranges become one `rowid BETWEEN`; otherwise one sub-query
 * per range, joined with UNION ALL.
 */
export function matchingPassagesSql(
  ranges: readonly PassageRange[],
  match: string,
): BoundSql | null {
  const sorted = ranges.filter((range) => range.count > 0).sort((a, b) => a.first - b.first);
  const first = sorted[0];
  const last = sorted.at(-1);
  if (!first || !last) return null;
  const total = sorted.reduce((sum, range) => sum + range.count, 0);
  const end = last.first + last.count - 1;
  const one = 'SELECT rowid FROM passages_fts WHERE passages_fts MATCH ? AND rowid BETWEEN ? AND ?';
  if (end - first.first + 1 === total) return { sql: one, params: [match, first.first, end] };
  return {
    sql: sorted.map(() => `SELECT * FROM (${one})`).join(' UNION ALL '),
    params: sorted.flatMap((range) => [match, range.first, range.first + range.count - 1]),
  };
}

/** Passages by id, ascending (one `?` per id). */
export function passagesSql(count: number): string {
  return `SELECT id, episode_id, first_word, data FROM passages WHERE id IN (${marks(count)}) ORDER BY id`;
}

/** Passage heads of episodes by id, ascending (one `?` per id). */
export function passageHeadsSql(count: number): string {
  return `SELECT id, data FROM passage_heads WHERE id IN (${marks(count)}) ORDER BY id`;
}

/** The FTS5 match of a phrase of index tokens (one token is a phrase of one). */
export function passageMatch(tokens: readonly string[]): string {
  return quoteFtsString(tokens.join(' '));
}

/** Stops a load whose result nobody wants any more, between its statements. */
export interface SnippetLoadOptions {
  signal?: AbortSignal;
}

function checkAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw signal.reason instanceof Error ? signal.reason : new Error('aborted');
}

async function loadBatch(
  db: QueryRunner,
  episodeIds: readonly number[],
  tokens: readonly string[],
  signal: AbortSignal | undefined,
): Promise<EpisodeSnippets[]> {
  const rangeRows = await db.query<EpisodePassageRange>(
    passageRangesSql(episodeIds.length),
    episodeIds,
  );
  const byId = new Map(rangeRows.map((row) => [row.id, row]));
  const ranges: PassageRange[] = episodeIds.map((id) => {
    const row = byId.get(id);
    return { episodeId: id, first: row?.passage_first ?? 0, count: row?.passage_count ?? 0 };
  });
  checkAborted(signal);
  const matching = matchingPassagesSql(ranges, passageMatch(tokens));
  const matched = matching ? await db.query<{ rowid: number }>(matching.sql, matching.params) : [];
  const choices = choosePassages(
    ranges,
    matched.map((row) => row.rowid),
  );
  // An episode's first passages are in its head row: read those first, and the later passages
  // only for episodes whose heads did not give a full set of snippets (a common word's do).
  const firstOf = new Map(ranges.map((range) => [range.episodeId, range.first]));
  const inHead = (choice: PassageChoice, id: number): boolean =>
    id - (firstOf.get(choice.episodeId) ?? 0) < PASSAGE_HEAD_COUNT;
  const passages = new Map<number, PassageText>();
  const headEpisodes = choices
    .filter((choice) => choice.read.some((id) => inHead(choice, id)))
    .map((choice) => choice.episodeId)
    .sort((a, b) => a - b);
  checkAborted(signal);
  if (headEpisodes.length > 0) {
    const heads = await db.query<{ id: number; data: string }>(
      passageHeadsSql(headEpisodes.length),
      headEpisodes,
    );
    for (const row of heads) {
      const first = firstOf.get(row.id) ?? 0;
      parsePassageHead(row.data)?.forEach(({ f, w, s }, ordinal) => {
        const id = first + ordinal;
        passages.set(id, { id, episodeId: row.id, firstWord: f, data: { w, s } });
      });
    }
  }
  const later = choices.flatMap((choice) => {
    const rest = choice.read.filter((id) => !inHead(choice, id));
    if (rest.length === 0) return [];
    const fromHead = choice.read.flatMap((id) => passages.get(id) ?? []);
    const enough =
      buildEpisodeSnippets(choice.episodeId, fromHead, tokens, 0).snippets.length >=
      SNIPPETS_PER_EPISODE;
    return enough ? [] : rest;
  });
  checkAborted(signal);
  if (later.length > 0) {
    const rows = await db.query<PassageRow>(passagesSql(later.length), later);
    for (const row of rows) {
      const data = parsePassageData(row.data);
      if (data) {
        passages.set(row.id, {
          id: row.id,
          episodeId: row.episode_id,
          firstWord: row.first_word,
          data,
        });
      }
    }
  }
  return choices.map((choice) => {
    const read = choice.read.filter((id) => passages.has(id) || inHead(choice, id));
    return buildEpisodeSnippets(
      choice.episodeId,
      read.flatMap((id) => passages.get(id) ?? []),
      tokens,
      choice.unread + choice.read.length - read.length,
    );
  });
}

/**
 * Snippets of the given episodes (row ids) for a phrase of index tokens (from
 * `checkSearchTerm`): up to three per episode, and how many more. Episodes whose transcript
 * does not match get no snippets. Rejects when the database has no snippet tables (built
 * before them) or a query fails.
 */
export async function loadSnippets(
  db: QueryRunner,
  episodeIds: readonly number[],
  tokens: readonly string[],
  options: SnippetLoadOptions = {},
): Promise<Map<number, EpisodeSnippets>> {
  const found = new Map<number, EpisodeSnippets>();
  const ids = [...new Set(episodeIds)];
  if (tokens.length === 0) return found;
  for (let start = 0; start < ids.length; start += MAX_SNIPPET_EPISODES) {
    const batch = ids.slice(start, start + MAX_SNIPPET_EPISODES);
    for (const episode of await loadBatch(db, batch, tokens, options.signal)) {
      found.set(episode.episodeId, episode);
    }
  }
  return found;
}
