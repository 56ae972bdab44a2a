/**
 * The SQL of search snippets (issue 10) and the function that runs it for a page of results.
 *
 * A search of one word or one quoted pair first reads the key's ready-made snippets
 * (`snippet_heads`, decision 0082): one row holds those of its newest 10 transcripts, marked
 * here with the query typed. The rows it does not cover, and every other search, read the
 * snippet index in three short statements, so a new search never waits long behind a page's
 * snippets:
 *
 * 1. each row's passage range, from the rows the list already loaded (`episode_list` holds
 *    every `episodes` column: no request); a database without them reads `episodes`;
 * 2. the matching passage ids from `passages_fts` (contentless, rowid only), restricted by
 *    rowid: one range when the rows' passages are contiguous (a newest-first page is), one
 *    range per row otherwise, so FTS5 seeks instead of reading the term's whole doclist;
 * 3. the passages to show, in compressed blocks of consecutive passages, by primary key in
 *    ascending order (read-ahead only sees forward). The blocks are stored ordinal first, so
 *    the same block of a page of episodes is a run of adjacent rows: `chooseBlocks` picks as
 *    few ordinals as give every row a match (a common word: only the first blocks), then up
 *    to `MAX_BLOCK_ORDINALS` for more snippets (docs/decisions/0008-compressed-passage-blocks.md).
 *
 * The snippets themselves are cut in JavaScript with the search's tokenizer and phrase rules
 * (`src/core/snippets.ts`).
 */
import {
  PASSAGE_BLOCK_SIZE,
  passageBlockId,
  passageBlockOf,
  type EpisodePassageRange,
  type EpisodeRow,
} from '../../core/db-schema.ts';
import { quoteFtsString } from '../../core/fts-query.ts';
import type { ParsedQuery } from '../../core/search-query.ts';
import { parsePassageBlock } from '../../core/passages.ts';
import { buildTokenStream, findQueryMatches } from '../../core/phrase-match.ts';
import {
  decodeHeadRow,
  HEAD_EPISODES,
  headRowId,
  joinKeyHeads,
  type HeadEpisode,
  type KeyHeads,
} from '../../core/snippet-heads.ts';
import { pairTerm } from '../../core/term-index.ts';
import { markedRuns, wordMarksOf } from '../../core/word-marks.ts';
import {
  blockPassages,
  buildEpisodeSnippets,
  chooseBlocks,
  type BlockChoice,
  type EpisodeSnippets,
  type PassageRange,
  type PassageText,
} from '../../core/snippets.ts';
import { segmentRowIds, segmentRowsSql, unsegmentedId } from '../../core/row-segments.ts';
import type { QueryOptions, QueryRunner, SqlValue } from './database-types.ts';
import { blobBytes, inflateRawText } from './inflate.ts';
import { fetchRowsAhead, loadEpisodeList, type EpisodeList } from './queries.ts';

/** Rows of one snippet load: more are loaded in several (bound values stay under SQLite's old limit of 999). */
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

/**
 * Passage blocks by id, in every segment (one `?` per id; ids from `passageBlockId`): a
 * rebuild's new episodes have their blocks in a segment of their own (decision 0059).
 */
export function passageBlocksSql(count: number): string {
  return segmentRowsSql('passage_blocks', count);
}

/**
 * A compressed JSON row read by `parse`, or null for a damaged one: a passage block or a key's
 * ready-made snippets costs its own snippets only.
 */
async function readRow<T>(data: unknown, parse: (json: string) => T | null): Promise<T | null> {
  const bytes = blobBytes(data);
  if (!bytes) return null;
  try {
    return parse(await inflateRawText(bytes));
  } catch {
    return null;
  }
}

/**
 * The FTS5 match of a query over the snippet index, which holds stems (decision 0009): any
 * part's stems, a phrase's in a row, the last word also as a prefix. A quoted phrase's exact forms are checked when the
 * snippets are cut, so a passage with other forms of its words only costs its read.
 */
export function passageMatch(query: ParsedQuery, options: { prefix?: boolean } = {}): string {
  const { stem } = query.analyzer;
  const prefix = options.prefix ?? true;
  return query.parts
    .map((part) => {
      if (part.kind === 'phrase') return quoteFtsString(part.tokens.map(stem).join(' '));
      // The last word as typed is a prefix of its longer words' stems too (decision 0034).
      const whole = quoteFtsString(part.stem);
      return prefix && part.prefix === true ? `${whole} OR ${quoteFtsString(part.token)}*` : whole;
    })
    .join(' OR ');
}

/**
 * The matching passage ids of the rows: by whole words first, then, for a query whose last
 * word is also a prefix, by the prefix in the rows that no whole word matched. An FTS5 prefix
 * query merges the whole doclist of every stem it begins (it cannot seek by rowid), so `the*`
 * read 1,152 KB where `the` reads 32 (decision 0055); a row found by the prefix alone ('octo')
 * still gets its snippets.
 */
async function matchingPassages(
  db: QueryRunner,
  ranges: readonly PassageRange[],
  query: ParsedQuery,
  signal: AbortSignal | undefined,
): Promise<number[]> {
  const run = async (within: readonly PassageRange[], match: string): Promise<number[]> => {
    const statement = matchingPassagesSql(within, match);
    if (!statement) return [];
    const rows = await db.query<{ rowid: number }>(statement.sql, statement.params, sent(signal));
    return rows.map((row) => row.rowid);
  };
  const whole = await run(ranges, passageMatch(query, { prefix: false }));
  if (!query.parts.some((part) => part.kind === 'word' && part.prefix === true)) return whole;
  const bare = ranges.filter(
    (range) => !whole.some((id) => id >= range.first && id < range.first + range.count),
  );
  return bare.length === 0 ? whole : [...whole, ...(await run(bare, passageMatch(query)))];
}

/** Stops a load whose result nobody wants any more, between its statements. */
export interface SnippetLoadOptions {
  signal?: AbortSignal;
  /** 'Said by': show speaker ids whose matches make snippets (empty: everyone's). */
  saidBy?: readonly number[];
}

function checkAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw signal.reason instanceof Error ? signal.reason : new Error('aborted');
}

/** A query's options for a load's signal: given up while it waits for the engine, it is not sent. */
function sent(signal: AbortSignal | undefined): QueryOptions {
  return signal ? { signal } : {};
}

const listedRanges = new WeakMap<EpisodeList, Map<number, EpisodePassageRange>>();

/** The passage ranges the episode list holds (none from a list without the two columns). */
async function rangesFromList(db: QueryRunner): Promise<Map<number, EpisodePassageRange>> {
  let list: EpisodeList;
  try {
    list = await loadEpisodeList(db);
  } catch {
    return new Map();
  }
  const known = listedRanges.get(list);
  if (known) return known;
  const ranges = new Map<number, EpisodePassageRange>();
  for (const row of list.episodes as readonly (EpisodeRow & Partial<EpisodePassageRange>)[]) {
    const { passage_first: first, passage_count: count } = row;
    if (count === undefined || first === undefined) continue;
    ranges.set(row.id, { id: row.id, passage_first: first, passage_count: count });
  }
  listedRanges.set(list, ranges);
  return ranges;
}

/**
 * The key of a query's ready-made snippets (`snippet_heads`, decision 0082): one unquoted word
 * (its stem; the last word typed is a prefix too) or one quoted pair of words; null for any
 * other query, which reads the snippet index.
 */
export function headKey(query: ParsedQuery): string | null {
  const [part, ...rest] = query.parts;
  if (!part || rest.length > 0) return null;
  if (part.kind === 'word') return part.stem;
  const [first, second, ...more] = part.tokens;
  return first !== undefined && second !== undefined && more.length === 0
    ? pairTerm(first, second)
    : null;
}

/** The ready-made snippets of a key in every segment, or null (none, or a database without them). */
async function readKeyHeads(
  db: QueryRunner,
  key: string,
  signal: AbortSignal | undefined,
): Promise<KeyHeads | null> {
  const { segments } = await loadEpisodeList(db);
  let rows: { id: number; data: unknown }[];
  try {
    rows = await db.query<{ id: number; data: unknown }>(
      segmentRowsSql('snippet_heads', 1),
      [segments, headRowId(key)],
      sent(signal),
    );
  } catch (error) {
    // A database built before the table reads the snippet index as it did.
    if (signal?.aborted || !/no such table/i.test(String(error))) throw error;
    return null;
  }
  const entries = await Promise.all(
    rows.map(async (row) => (await readRow(row.data, decodeHeadRow)) ?? []),
  );
  return joinKeyHeads(entries, key);
}

/** A ready-made episode's snippets, marked with the query the visitor typed. */
export function headSnippets(episode: HeadEpisode, query: ParsedQuery): EpisodeSnippets {
  const snippets = episode.windows.map((window) => {
    const { words } = window;
    const marks = wordMarksOf(
      findQueryMatches(buildTokenStream(words, query.analyzer), query).matches,
    );
    return {
      matchWord: window.matchWord,
      fromWord: window.fromWord,
      toWord: window.fromWord + words.length,
      time: window.timeCs / 100,
      parts: markedRuns(words, 0, words.length, marks),
      cutBefore: window.cutBefore,
      cutAfter: window.cutAfter,
      speaker: window.speaker,
    };
  });
  const more = episode.more > 0 ? { count: episode.more, unit: 'match' as const } : null;
  return { episodeId: episode.episodeId, snippets, more };
}

async function loadBatch(
  db: QueryRunner,
  episodeIds: readonly number[],
  query: ParsedQuery,
  signal: AbortSignal | undefined,
  saidBy: readonly number[],
): Promise<EpisodeSnippets[]> {
  // A pair has ready-made snippets only in 10 transcripts or more, which fill a first page:
  // fewer rows are a rarer pair's (or a later page's), and would read the row for nothing.
  const pair = query.parts[0]?.kind === 'phrase';
  const key =
    saidBy.length === 0 && !(pair && episodeIds.length < HEAD_EPISODES) ? headKey(query) : null;
  const heads = key === null ? null : await readKeyHeads(db, key, signal);
  if (!heads) return loadFromIndex(db, episodeIds, query, signal, saidBy);
  const prefix = query.parts.some((part) => part.kind === 'word' && part.prefix === true);
  const ready = new Map<number, EpisodeSnippets>();
  for (const id of episodeIds) {
    const episode = heads.episodes.get(id);
    if (episode) ready.set(id, headSnippets(episode, query));
    // A covered transcript without an entry has no whole-word match: no snippet, unless the
    // last word, as a prefix, finds one there.
    else if (id >= heads.coveredFrom && !prefix)
      ready.set(id, { episodeId: id, snippets: [], more: null });
  }
  const rest = episodeIds.filter((id) => !ready.has(id));
  checkAborted(signal);
  for (const episode of rest.length > 0
    ? await loadFromIndex(db, rest, query, signal, saidBy)
    : []) {
    ready.set(episode.episodeId, episode);
  }
  return episodeIds.flatMap((id) => ready.get(id) ?? []);
}

/** Snippets from the snippet index and the passage blocks (decision 0008). */
async function loadFromIndex(
  db: QueryRunner,
  episodeIds: readonly number[],
  query: ParsedQuery,
  signal: AbortSignal | undefined,
  saidBy: readonly number[],
): Promise<EpisodeSnippets[]> {
  const byId = new Map(await rangesFromList(db));
  const unlisted = episodeIds.filter((id) => !byId.has(id));
  if (unlisted.length > 0) {
    const rows = await db.query<EpisodePassageRange>(
      passageRangesSql(unlisted.length),
      unlisted,
      sent(signal),
    );
    for (const row of rows) byId.set(row.id, row);
  }
  const ranges: PassageRange[] = episodeIds.map((id) => {
    const row = byId.get(id);
    return { episodeId: id, first: row?.passage_first ?? 0, count: row?.passage_count ?? 0 };
  });
  checkAborted(signal);
  const matched = await matchingPassages(db, ranges, query, signal);
  const choices = chooseBlocks(ranges, matched, { blockSize: PASSAGE_BLOCK_SIZE });
  // Passages are read in compressed blocks (decision 0008), the ones `chooseBlocks` picked:
  // as few block ordinals as give every row a snippet, each ordinal a run of adjacent rows.
  const firstOf = new Map(ranges.map((range) => [range.episodeId, range.first]));
  const blockIds = choices
    .flatMap((choice) =>
      choice.ordinals.map((ordinal) => passageBlockId(choice.episodeId, ordinal)),
    )
    .sort((a, b) => a - b);
  const passages = new Map<number, PassageText>();
  checkAborted(signal);
  await readBlocks(db, blockIds, firstOf, passages, signal);
  const build = (choice: BlockChoice): EpisodeSnippets => {
    // A block that could not be read leaves its passages unread: the rest still show.
    const read = choice.read.filter((id) => passages.has(id));
    return buildEpisodeSnippets(
      choice.episodeId,
      read.flatMap((id) => passages.get(id) ?? []),
      query,
      choice.unread + choice.read.length - read.length,
      { saidBy },
    );
  };
  let built = choices.map(build);
  // 'Said by': the chosen blocks may hold only others' matches. Rows left without a snippet
  // read their next matching blocks, a few rounds at most.
  for (let round = 0; saidBy.length > 0 && round < SAID_BY_ROUNDS; round += 1) {
    const more = choices.filter(
      (choice, index) => built[index]?.snippets.length === 0 && choice.unread > 0,
    );
    if (more.length === 0) break;
    const extra = more.flatMap((choice) => nextBlocks(choice, matched, firstOf));
    checkAborted(signal);
    await readBlocks(
      db,
      extra.map((block) => block.id).sort((a, b) => a - b),
      firstOf,
      passages,
      signal,
    );
    for (const block of extra) {
      const choice = more.find((candidate) => candidate.episodeId === block.episodeId);
      if (!choice) continue;
      choice.read = [...choice.read, ...block.passages].sort((a, b) => a - b);
      choice.unread -= block.passages.length;
    }
    built = choices.map(build);
  }
  return built;
}

/** 'Said by' rounds of further blocks for rows that got no snippet. */
const SAID_BY_ROUNDS = 2;

/** Blocks of one round per row: the next two ordinals that hold unread matching passages. */
function nextBlocks(
  choice: BlockChoice,
  matched: readonly number[],
  firstOf: ReadonlyMap<number, number>,
): { id: number; episodeId: number; passages: number[] }[] {
  const first = firstOf.get(choice.episodeId) ?? 0;
  const read = new Set(choice.read);
  const byOrdinal = new Map<number, number[]>();
  for (const rowid of matched) {
    const ordinal = Math.floor((rowid - first) / PASSAGE_BLOCK_SIZE);
    if (read.has(rowid) || rowid < first || choice.ordinals.includes(ordinal)) continue;
    byOrdinal.set(ordinal, [...(byOrdinal.get(ordinal) ?? []), rowid]);
  }
  return [...byOrdinal]
    .sort(([a], [b]) => a - b)
    .slice(0, 2)
    .map(([ordinal, passages]) => {
      choice.ordinals.push(ordinal);
      return {
        id: passageBlockId(choice.episodeId, ordinal),
        episodeId: choice.episodeId,
        passages,
      };
    });
}

/** Reads blocks by id into `passages` (passage id → its text, speakers and first word). */
async function readBlocks(
  db: QueryRunner,
  blockIds: readonly number[],
  firstOf: ReadonlyMap<number, number>,
  passages: Map<number, PassageText>,
  signal: AbortSignal | undefined,
): Promise<void> {
  if (blockIds.length === 0) return;
  const { segments } = await loadEpisodeList(db);
  await fetchRowsAhead(db, [{ table: 'passage_blocks', ids: segmentRowIds(blockIds, segments) }]);
  const rows = await db.query<{ id: number; data: unknown }>(
    passageBlocksSql(blockIds.length),
    [segments, ...blockIds],
    sent(signal),
  );
  const blocks = await Promise.all(rows.map((row) => readRow(row.data, parsePassageBlock)));
  rows.forEach((row, index) => {
    const { episodeId, ordinal } = passageBlockOf(unsegmentedId(row.id));
    const block = blocks[index];
    if (!block) return;
    for (const passage of blockPassages(episodeId, firstOf.get(episodeId) ?? 0, ordinal, block)) {
      passages.set(passage.id, passage);
    }
  });
}

/**
 * Snippets of the given episodes (row ids) for a search query (from `checkSearchTerm`): up
 * to three per episode, and how many more. Episodes whose transcript
 * does not match get no snippets. Rejects when the database has no snippet tables (built
 * before them) or a query fails.
 */
export async function loadSnippets(
  db: QueryRunner,
  episodeIds: readonly number[],
  query: ParsedQuery,
  options: SnippetLoadOptions = {},
): Promise<Map<number, EpisodeSnippets>> {
  const found = new Map<number, EpisodeSnippets>();
  const ids = [...new Set(episodeIds)];
  if (query.parts.length === 0) return found;
  for (let start = 0; start < ids.length; start += MAX_SNIPPET_EPISODES) {
    const batch = ids.slice(start, start + MAX_SNIPPET_EPISODES);
    for (const episode of await loadBatch(db, batch, query, options.signal, options.saidBy ?? [])) {
      found.set(episode.episodeId, episode);
    }
  }
  return found;
}
