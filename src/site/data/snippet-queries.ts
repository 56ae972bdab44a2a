/**
 * The SQL of search snippets (issue 10) and the function that runs it for a page of results.
 *
 * A search of words and quoted pairs first reads its keys' ready-made snippets
 * (`snippet_heads`, decision 0082): one row per key holds those of its newest 10 transcripts,
 * marked here with the query typed; a row of results takes the first matches of any key
 * (decision 0087), and the last word typed as a prefix reads its completions' rows for the
 * results only a longer word matched. The rows they do not cover, and every other search, read
 * the snippet index in three short statements, so a new search never waits long behind a
 * page's snippets:
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
  HEAD_SNIPPETS,
  MIN_HEAD_PAIR_EPISODES,
  type HeadEpisode,
  type HeadWindow,
  type KeyHeads,
} from '../../core/snippet-heads.ts';
import { pairTerm } from '../../core/term-index.ts';
import { markedRuns, wordMarksOf, type WordMarks } from '../../core/word-marks.ts';
import { endsSentence } from '../../core/sentences.ts';
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
import { fetchRowsAhead, loadEpisodeList, partTranscripts, type EpisodeList } from './queries.ts';
import { loadCompletions, MAX_SUGGESTIONS } from './term-list-queries.ts';

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
 * other query.
 */
export function headKey(query: ParsedQuery): string | null {
  const keys = headKeys(query);
  return keys?.length === 1 ? (keys[0] ?? null) : null;
}

/**
 * The keys of every part of a query (decision 0087): a word's stem, a quoted pair's
 * `pairTerm`; null when a part has none (one quoted word, a phrase of three or more), which
 * reads the snippet index.
 */
export function headKeys(query: ParsedQuery): string[] | null {
  const keys: string[] = [];
  for (const part of query.parts) {
    if (part.kind === 'word') keys.push(part.stem);
    else {
      const [first, second, ...more] = part.tokens;
      if (first === undefined || second === undefined || more.length > 0) return null;
      keys.push(pairTerm(first, second));
    }
  }
  return keys.length === 0 ? null : keys;
}

/**
 * Completions of the last word typed whose ready-made snippets a search reads for the rows
 * that hold it only as the start of a longer word (decision 0087): each is one more leaf of
 * `snippet_heads` (and an interior page in a large archive), so the load stays within a few
 * requests.
 */
export const MAX_COMPLETION_KEYS = 3;

/**
 * The ready-made snippets of keys in every segment, in one statement: key → its entries (a key
 * without a row is absent); null for a database built before the table.
 */
async function readKeyHeads(
  db: QueryRunner,
  keys: readonly string[],
  signal: AbortSignal | undefined,
): Promise<Map<string, KeyHeads> | null> {
  const found = new Map<string, KeyHeads>();
  if (keys.length === 0) return found;
  const { segments } = await loadEpisodeList(db);
  const ids = [...new Set(keys.map(headRowId))];
  // Several keys: their leaves in parallel, not one round trip each (decision 0086).
  if (ids.length > 1) {
    checkAborted(signal);
    await fetchRowsAhead(db, [{ table: 'snippet_heads', ids: segmentRowIds(ids, segments) }]);
  }
  let rows: { id: number; data: unknown }[];
  try {
    rows = await db.query<{ id: number; data: unknown }>(
      segmentRowsSql('snippet_heads', ids.length),
      [segments, ...ids],
      sent(signal),
    );
  } catch (error) {
    // A database built before the table reads the snippet index as it did.
    if (signal?.aborted || !/no such table/i.test(String(error))) throw error;
    return null;
  }
  // Rows in segment order: a key's entries are joined oldest segment first.
  const entries = await Promise.all(
    rows.map(async (row) => (await readRow(row.data, decodeHeadRow)) ?? []),
  );
  for (const key of keys) {
    const heads = joinKeyHeads(entries, key);
    if (heads) found.set(key, heads);
  }
  return found;
}

/** A ready-made episode's snippets, marked with the query the visitor typed. */
export function headSnippets(episode: HeadEpisode, query: ParsedQuery): EpisodeSnippets {
  return windowSnippets(episode.episodeId, episode.windows, episode.more, query);
}

/** What the query marks in a window's words. */
function windowMarks(words: readonly string[], query: ParsedQuery): WordMarks {
  return wordMarksOf(findQueryMatches(buildTokenStream(words, query.analyzer), query).matches);
}

function windowSnippets(
  episodeId: number,
  windows: readonly HeadWindow[],
  more: number,
  query: ParsedQuery,
): EpisodeSnippets {
  const snippets = windows.map((window) => {
    const { words } = window;
    return {
      matchWord: window.matchWord,
      fromWord: window.fromWord,
      toWord: window.fromWord + words.length,
      time: window.timeCs / 100,
      parts: markedRuns(words, 0, words.length, windowMarks(words, query)),
      cutBefore: window.cutBefore,
      cutAfter: window.cutAfter,
      speaker: window.speaker,
    };
  });
  return {
    episodeId,
    snippets,
    more: more > 0 ? { count: more, unit: 'match' } : null,
  };
}

/**
 * One episode's snippets from the ready-made entries of several keys (the parts of a query,
 * the completions of its last word): the first matches of any of them in transcript order, a
 * match another window already shows left out, a window that overlaps the one before it
 * starting where that one ends, as the site's cutter does. 'And N more' counts the keys'
 * further matches, less those the windows show (two keys' matches in one place count once
 * only where a window shows them).
 */
export function mergedHeadSnippets(
  episodes: readonly HeadEpisode[],
  query: ParsedQuery,
): EpisodeSnippets | null {
  const [only, ...others] = episodes;
  if (!only) return null;
  if (others.length === 0) return headSnippets(only, query);
  const windows = episodes
    .flatMap((episode) => episode.windows)
    .sort((a, b) => a.matchWord - b.matchWord || a.fromWord - b.fromWord);
  const shown: HeadWindow[] = [];
  let seen = 0;
  for (const window of windows) {
    if (shown.some((kept) => inWindow(kept, window.matchWord))) {
      seen += 1;
      continue;
    }
    if (shown.length === HEAD_SNIPPETS) continue;
    shown.push(afterPrevious(window, shown.at(-1)));
    seen += 1;
  }
  const total = episodes.reduce((sum, episode) => sum + episode.windows.length + episode.more, 0);
  return windowSnippets(only.episodeId, shown, total - seen, query);
}

function inWindow(window: HeadWindow, word: number): boolean {
  return word >= window.fromWord && word < window.fromWord + window.words.length;
}

/** A window that starts inside the one before it, starting where that one ends. */
function afterPrevious(window: HeadWindow, previous: HeadWindow | undefined): HeadWindow {
  if (!previous) return window;
  const end = previous.fromWord + previous.words.length;
  if (end <= window.fromWord || end > window.matchWord) return window;
  return {
    ...window,
    fromWord: end,
    words: window.words.slice(end - window.fromWord),
    cutBefore: !endsSentence(previous.words.at(-1) ?? ''),
  };
}

/** How the ready-made rows can give one part of a query its matches (decision 0087). */
interface HeadPart {
  key: string;
  /** The transcripts holding the part whole (its term row), or null when that cannot be told. */
  holders: Set<number> | null;
  /** The lowest episode id its key's row covers (as `coveredFrom`), null for a key with no row. */
  from: number | null;
  /**
   * The last word typed, also a prefix: a row holding it only as the start of a longer word
   * takes its completions' entries.
   */
  prefix: boolean;
}

/**
 * The lowest episode id a key's row covers, told from the transcripts holding it (its tenth
 * newest; 0 when that cannot be told), or null for a key with no row (a pair in fewer than
 * `MIN_HEAD_PAIR_EPISODES` transcripts).
 */
function coveredFrom(key: string, holders: ReadonlySet<number> | null): number | null {
  if (!holders) return 0;
  if (key.includes(' ') && holders.size < MIN_HEAD_PAIR_EPISODES) return null;
  if (holders.size <= HEAD_EPISODES) return 0;
  return [...holders].sort((a, b) => b - a)[HEAD_EPISODES - 1] ?? 0;
}

/**
 * Whether a row holds a part only as the start of a longer word: the last word typed, which
 * the row's transcript does not hold whole.
 */
function onlyAsPrefix(part: HeadPart, id: number): boolean {
  return part.prefix && part.holders !== null && !part.holders.has(id);
}

/**
 * The keys whose rows may hold a row's entries: each part's whose row covers it (told from
 * the transcripts holding the part), the completions of a last word it holds only as a prefix
 * when no other part surely has an entry. A part whose term row says the transcript lacks it
 * needs no read. Null when no part's row can hold the row and one might match there: the
 * index gives it.
 */
function keysOfRow(id: number, parts: readonly HeadPart[]): string[] | null {
  // A part the row holds whole, inside its row's cover, has an entry for it: the last word's
  // completions are not needed there.
  const certain = parts.some(
    (part) => part.holders?.has(id) === true && part.from !== null && id >= part.from,
  );
  const keys: string[] = [];
  let unknown = false;
  for (const part of parts) {
    if (onlyAsPrefix(part, id)) {
      if (!certain) keys.push(COMPLETIONS);
    } else if (part.holders?.has(id) === false) continue;
    else if (part.from !== null && id >= part.from) keys.push(part.key);
    else unknown = true;
  }
  return keys.length === 0 && unknown ? null : keys;
}

/** Stands for the last word's completions among a row's keys. */
const COMPLETIONS = '\u0000completions';

/**
 * A row's ready-made entries from the rows read: every part's entry for it (a row it holds the
 * last word of only as a prefix: those of its completions whose windows the query marks).
 * Empty when no part matches in the transcript (each part's term row or key row says so); null
 * when nothing was found and some part could still match there: the index gives the row.
 *
 * A part whose row does not cover the row (it is older than the part's newest 10 transcripts)
 * gives nothing: the row's snippets are then the other parts' first matches, where the site's
 * cutter, taking every part's, might have shown a common word's first.
 */
function entriesOfRow(
  id: number,
  parts: readonly HeadPart[],
  heads: ReadonlyMap<string, KeyHeads>,
  completions: readonly string[],
  query: ParsedQuery,
): HeadEpisode[] | null {
  const found: HeadEpisode[] = [];
  let known = true;
  for (const part of parts) {
    if (onlyAsPrefix(part, id)) {
      const entries = completions.flatMap((key) => {
        const entry = heads.get(key)?.episodes.get(id);
        const marked = entry?.windows.every((window) => {
          const marks = windowMarks(window.words, query);
          return marks.whole.size + marks.parts.size > 0;
        });
        return entry && marked ? [entry] : [];
      });
      found.push(...entries);
      if (entries.length === 0) known = false;
      continue;
    }
    if (part.holders?.has(id) === false) continue;
    const key = heads.get(part.key);
    const entry = key?.episodes.get(id);
    if (entry) found.push(entry);
    else if (!key || id < key.coveredFrom || part.holders?.has(id) === true) known = false;
  }
  return found.length > 0 || known ? found : null;
}

/**
 * The stems of the last word's most frequent completions (`term_lists`, which the suggestions
 * have most likely read) that start with it, other than the query's own keys. A list that
 * cannot be read gives none: the rows they would have given read the snippet index.
 */
async function completionKeys(
  db: QueryRunner,
  token: string,
  query: ParsedQuery,
  keys: readonly string[],
  signal: AbortSignal | undefined,
): Promise<string[]> {
  let words: string[];
  try {
    words = await loadCompletions(db, token, MAX_SUGGESTIONS, signal);
  } catch {
    return [];
  }
  const { stem, inTermTables } = query.analyzer;
  // A stem shorter than the word typed ('walk' for 'walki') holds windows of forms it does
  // not match.
  const stems = words
    .map(stem)
    .filter((found) => found.startsWith(token) && inTermTables(found) && !keys.includes(found));
  return [...new Set(stems)].slice(0, MAX_COMPLETION_KEYS);
}

/** The parts of a query as its ready-made rows see them, or null when one has no key. */
async function headParts(db: QueryRunner, query: ParsedQuery): Promise<HeadPart[] | null> {
  const keys = headKeys(query);
  if (!keys) return null;
  const last = query.parts.at(-1);
  // A key a part, each once: `parseSearchQuery` keeps one word part per stem.
  return Promise.all(
    query.parts.map(async (part, index): Promise<HeadPart> => {
      const key = keys[index] ?? '';
      const holders = await partTranscripts(db, part, query.analyzer).catch(() => null);
      return {
        key,
        holders,
        from: coveredFrom(key, holders),
        prefix: part === last && part.kind === 'word' && part.prefix === true,
      };
    }),
  );
}

async function loadBatch(
  db: QueryRunner,
  episodeIds: readonly number[],
  query: ParsedQuery,
  signal: AbortSignal | undefined,
  saidBy: readonly number[],
): Promise<EpisodeSnippets[]> {
  const parts = saidBy.length === 0 ? await headParts(db, query) : null;
  // Which rows the ready-made rows can give, and the keys they need: told from the term rows
  // the search has just read, so a later page of a common word reads none.
  const plans = new Map<number, string[]>();
  for (const id of episodeIds) {
    const keys = parts ? keysOfRow(id, parts) : null;
    if (keys) plans.set(id, keys);
  }
  const wanted = new Set([...plans.values()].flat());
  const last = query.parts.at(-1);
  const completions =
    wanted.delete(COMPLETIONS) && last?.kind === 'word'
      ? await completionKeys(db, last.token, query, [...wanted], signal)
      : [];
  const keys = [...wanted, ...completions];
  // No key to read: every planned row is one whose term rows say it holds no part.
  const heads =
    keys.length === 0 ? new Map<string, KeyHeads>() : await readKeyHeads(db, keys, signal);
  const ready = new Map<number, EpisodeSnippets>();
  for (const id of plans.keys()) {
    const entries = heads && parts ? entriesOfRow(id, parts, heads, completions, query) : null;
    if (!entries) continue;
    ready.set(
      id,
      mergedHeadSnippets(entries, query) ?? { episodeId: id, snippets: [], more: null },
    );
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
