/**
 * Every SQL statement of the main page, with the typed functions that run them. No SQL lives
 * anywhere else in the site. The statements are exported so the Node tests run exactly these
 * strings against a database the real builder made, and check their query plans.
 *
 * Reads are shaped for range requests (docs/architecture.md, docs/performance.md): the first
 * screen's episodes, presenters and venues in one compressed row at the front of the file
 * (reversed here, so newest first), descriptions by primary key for the rows on screen only,
 * and searches that read `rowid` from the FTS index and nothing else.
 */
import {
  EPISODE_LIST_ID,
  FTS_COLUMNS,
  type EpisodeListBlob,
  type EpisodeRow,
  type FtsColumn,
  type PresenterRow,
  type VenueRow,
} from '../../core/db-schema.ts';
import { buildFtsQuery, normaliseFields } from '../../core/fts-query.ts';
import { matchingEpisodes, type PartHits } from '../../core/ranking.ts';
import { phraseQuery, type ParsedQuery, type QueryPart } from '../../core/search-query.ts';
import { showSpeakerSchema, type ShowSpeaker } from '../../core/speech.ts';
import type { Analyzer } from '../../core/analyzer.ts';
import {
  decodeTermRow,
  pairRowId,
  pairTerm,
  termColumnCounts,
  termRowId,
  type TermRowFormat,
} from '../../core/term-index.ts';
import { joinSegments, segmentRowIds, segmentRowsSql } from '../../core/row-segments.ts';
import type { RowLookup } from './row-paths.ts';
import { z } from 'zod/mini';
import type { QueryRunner, TrawlDatabase } from './database-types.ts';
import { blobBytes, inflateRawText } from './inflate.ts';

/** The first screen in one row: `EpisodeListBlob` (docs/decisions/0003-first-screen-list-blob.md). */
export const EPISODE_LIST_SQL = 'SELECT data FROM episode_list WHERE id = ?';

export const PRESENTERS_SQL =
  'SELECT id, first_name, middle_name, last_name, qi_elf, guest FROM presenters ORDER BY id';

export const VENUES_SQL =
  'SELECT id, name, city, region, state, country FROM venues ORDER BY name, id';

/** Rowid order is episode-number order: a forward scan, no sort (read-ahead only sees forward). */
export const EPISODES_SQL =
  'SELECT id, episode, title, pub_date, image, duration, audio_url, presenter1, presenter2, ' +
  'presenter3, presenter4, presenter5, venue, live, compilation, word_count, timing ' +
  'FROM episodes ORDER BY id';

/** Descriptions of the given episode ids (one `?` per id). */
export function descriptionsSql(count: number): string {
  const marks = Array.from({ length: count }, () => '?').join(', ');
  return `SELECT id, description FROM episode_descriptions WHERE id IN (${marks})`;
}

/** Most ids one description query binds (a page is at most 200 rows). */
export const MAX_DESCRIPTION_IDS = 200;

/** What the first screen shows, from the list row (or, in older databases, three queries). */
export interface EpisodeList {
  /** Ascending id (episode-number order). */
  episodes: EpisodeRow[];
  presenters: PresenterRow[];
  venues: VenueRow[];
  /** The show's named speakers ('said by' options); empty for a show without them. */
  speakers: ShowSpeaker[];
  /** Segments of the term tables and passage blocks (decision 0059): 1 after a full build. */
  segments: number;
}

const segmentsSchema = z.catch(z.int().check(z.minimum(1)), 1);

const showSpeakersSchema = z.catch(z.array(showSpeakerSchema), []);

function isListBlob(value: unknown): value is EpisodeListBlob {
  if (typeof value !== 'object' || value === null) return false;
  const field = (key: keyof EpisodeListBlob): unknown =>
    Object.getOwnPropertyDescriptor(value, key)?.value;
  return (
    field('v') === 1 &&
    Array.isArray(field('columns')) &&
    Array.isArray(field('episodes')) &&
    Array.isArray(field('presenters')) &&
    Array.isArray(field('venues'))
  );
}

function isMissingListTable(error: unknown): boolean {
  return error instanceof Error && error.message.includes('no such table: episode_list');
}

async function readEpisodeList(db: QueryRunner): Promise<EpisodeList> {
  let rows: { data: unknown }[];
  try {
    rows = await db.query<{ data: unknown }>(EPISODE_LIST_SQL, [EPISODE_LIST_ID]);
  } catch (error) {
    if (!isMissingListTable(error)) throw error;
    // A database built before the list row existed: the three list queries.
    const presenters = await db.query<PresenterRow>(PRESENTERS_SQL);
    const venues = await db.query<VenueRow>(VENUES_SQL);
    const episodes = await db.query<EpisodeRow>(EPISODES_SQL);
    return { episodes, presenters, venues, speakers: [], segments: 1 };
  }
  const bytes = blobBytes(rows[0]?.data);
  if (!bytes) throw new Error('The database has no episode list row');
  const blob: unknown = JSON.parse(await inflateRawText(bytes));
  if (!isListBlob(blob)) throw new Error('The episode list row is not a version 1 list');
  const { columns } = blob;
  return {
    // Rows of a database Trawl built itself: `columns` names every field of a row.
    episodes: blob.episodes.map(
      (row) =>
        Object.fromEntries(
          columns.map((name, index) => [name, row[index] ?? null]),
        ) as unknown as EpisodeRow,
    ),
    presenters: blob.presenters,
    venues: blob.venues,
    speakers: showSpeakersSchema.parse(blob.speakers ?? []),
    segments: segmentsSchema.parse(blob.segments ?? 1),
  };
}

const lists = new WeakMap<QueryRunner, Promise<EpisodeList>>();

/** The first screen's data, read once per database and shared by the loaders below. */
export function loadEpisodeList(db: QueryRunner): Promise<EpisodeList> {
  const cached = lists.get(db);
  if (cached) return cached;
  const pending = readEpisodeList(db);
  lists.set(db, pending);
  // A failed read is forgotten, so the next call tries again.
  pending.catch(() => {
    if (lists.get(db) === pending) lists.delete(db);
  });
  return pending;
}

/** Loads every presenter, by id. */
export async function loadPresenters(db: QueryRunner): Promise<PresenterRow[]> {
  return (await loadEpisodeList(db)).presenters;
}

/** Loads the show's named speakers, by id. */
export async function loadShowSpeakers(db: QueryRunner): Promise<ShowSpeaker[]> {
  return (await loadEpisodeList(db)).speakers;
}

/** Loads every venue, by name. */
export async function loadVenues(db: QueryRunner): Promise<VenueRow[]> {
  return (await loadEpisodeList(db)).venues;
}

/** Loads the list columns of every episode, newest (highest number) first. */
export async function loadEpisodes(db: QueryRunner): Promise<EpisodeRow[]> {
  return [...(await loadEpisodeList(db)).episodes].reverse();
}

/** Loads the sanitised description HTML of some episodes, by episode id. */
export async function loadDescriptions(
  db: QueryRunner,
  ids: readonly number[],
): Promise<Map<number, string>> {
  const wanted = [...new Set(ids)].slice(0, MAX_DESCRIPTION_IDS);
  const found = new Map<number, string>();
  if (wanted.length === 0) return found;
  await fetchRowsAhead(db, [{ table: 'episode_descriptions', ids: wanted }]);
  const rows = await db.query<{ id: number; description: string }>(
    descriptionsSql(wanted.length),
    wanted,
  );
  for (const row of rows) found.set(row.id, row.description);
  return found;
}

/**
 * The rows of the single-token index of one `termRowId`, every segment's (decisions 0007,
 * 0059): a full build's database has one.
 */
export const SEARCH_TERMS_SQL = segmentRowsSql('search_terms', 1);

/** Descriptions of the newest episodes, from the end of the table (the home page's first rows). */
export const NEWEST_DESCRIPTIONS_SQL =
  'SELECT id, description FROM episode_descriptions ORDER BY id DESC LIMIT ?';

/**
 * Starts reading what the first screen needs before React has rendered anything: the episode
 * list (every route needs it) and, on the plain home page, the newest page's descriptions. The
 * worker runs queries in order, so the descriptions' page is on its way as soon as the list
 * is read, instead of after the rows render; the page's own description query then finds it in
 * the worker's cache. Failures are left to the page's loaders, which try again and report.
 */
export function startFirstScreen(db: TrawlDatabase, isHomePage: boolean): void {
  loadEpisodeList(db).catch(() => undefined);
  if (!isHomePage) return;
  db.open()
    .then((config) => db.query(NEWEST_DESCRIPTIONS_SQL, [config.site.pageSize]))
    .catch(() => undefined);
}

/** The rows of the stem index (`search_stems`, decision 0009): the same format with counts. */
export const SEARCH_STEMS_SQL = segmentRowsSql('search_stems', 1);

/** The rows of the prefix index (`search_prefixes`, decision 0034): the same format with counts. */
export const SEARCH_PREFIXES_SQL = segmentRowsSql('search_prefixes', 1);

/** The rows of the pair index (`search_pairs`, decision 0015): 2-word phrases, no counts. */
export const SEARCH_PAIRS_SQL = segmentRowsSql('search_pairs', 1);

const TERM_TABLE_SQL = {
  search_terms: SEARCH_TERMS_SQL,
  search_stems: SEARCH_STEMS_SQL,
  search_pairs: SEARCH_PAIRS_SQL,
  search_prefixes: SEARCH_PREFIXES_SQL,
} as const;

const COUNTED_TABLES: ReadonlySet<string> = new Set(['search_stems', 'search_prefixes']);

const COUNTED: TermRowFormat = { counts: true };

/**
 * A term's matches per checked column from its rows of a term table (`search_terms`,
 * `search_stems` or `search_pairs`), or null when the database predates that table.
 */
async function lookUpTerm(
  db: QueryRunner,
  table: keyof typeof TERM_TABLE_SQL,
  term: string,
  columns: readonly FtsColumn[],
  rowId = termRowId(term),
): Promise<PartHits | null> {
  const { segments } = await loadEpisodeList(db);
  let rows: { data: unknown }[];
  try {
    rows = await db.query<{ data: unknown }>(TERM_TABLE_SQL[table], [segments, rowId]);
  } catch (error) {
    if (error instanceof Error && error.message.includes(`no such table: ${table}`)) return null;
    throw error;
  }
  const format = COUNTED_TABLES.has(table) ? COUNTED : {};
  const decoded = rows.flatMap((row) => {
    const bytes = blobBytes(row.data);
    return bytes ? [decodeTermRow(bytes, format)] : [];
  });
  return { columns: termColumnCounts(joinSegments(decoded, format), term, columns) };
}

/**
 * The episodes whose transcript holds a part whole: a word's stem row, a 2-word phrase's pair
 * row (the rows a search of it has just read). Null when no term row answers it (a longer
 * phrase, a token the term tables do not hold, a database without the table).
 */
export async function partTranscripts(
  db: QueryRunner,
  part: QueryPart,
  analyzer: Analyzer,
): Promise<Set<number> | null> {
  const hits = await transcriptHits(db, part, analyzer);
  const words = hits?.columns[FTS_COLUMNS.indexOf('words')];
  return hits ? new Set(words?.keys()) : null;
}

async function transcriptHits(
  db: QueryRunner,
  part: QueryPart,
  analyzer: Analyzer,
): Promise<PartHits | null> {
  if (part.kind === 'word') {
    return analyzer.inTermTables(part.stem)
      ? lookUpTerm(db, 'search_stems', part.stem, ['words'])
      : null;
  }
  const pair = heldPair(part, analyzer);
  return pair ? lookUpPair(db, pair, ['words']) : null;
}

/**
 * A 2-word phrase's tokens when `search_pairs` can answer it (both in the term tables), else
 * null (a word, a longer phrase, a token the term tables do not hold).
 */
function heldPair(part: QueryPart, analyzer: Analyzer): [string, string] | null {
  if (part.kind !== 'phrase') return null;
  const [first, second, ...more] = part.tokens;
  if (first === undefined || second === undefined || more.length > 0) return null;
  return analyzer.inTermTables(first) && analyzer.inTermTables(second) ? [first, second] : null;
}

/** A pair's matches from its `search_pairs` row; null for a database built before the table. */
function lookUpPair(
  db: QueryRunner,
  [first, second]: readonly [string, string],
  columns: readonly FtsColumn[],
): Promise<PartHits | null> {
  return lookUpTerm(db, 'search_pairs', pairTerm(first, second), columns, pairRowId(first, second));
}

/** A phrase's matches per checked column from `words_fts` (one query per column). */
async function searchPhrase(
  db: QueryRunner,
  tokens: readonly string[],
  columns: readonly FtsColumn[],
): Promise<PartHits> {
  const found = new Map<FtsColumn, Map<number, number>>();
  for (const column of columns) {
    const query = buildFtsQuery(tokens, [column]);
    if (!query) continue;
    const rows = await db.query<{ rowid: number }>(query.sql, [query.match]);
    found.set(column, new Map(rows.map((row) => [row.rowid, 1])));
  }
  return { columns: FTS_COLUMNS.map((column) => found.get(column) ?? null) };
}

/** The part's hits and the episodes of every longer token starting with the part's word. */
function withPrefix(whole: PartHits, prefixed: PartHits | null): PartHits {
  const columns = whole.columns.map((column, at) => {
    const more = prefixed?.columns[at];
    if (!column || !more || more.size === 0) return column;
    const merged = new Map(more);
    // A whole word's count stands; the prefix row counts the same occurrences and more.
    for (const [id, count] of column) merged.set(id, Math.max(count, merged.get(id) ?? 0));
    return merged;
  });
  const ids = new Set<number>();
  for (const column of whole.columns) for (const id of column?.keys() ?? []) ids.add(id);
  return { columns, whole: ids };
}

/**
 * One part's matches: a word by its stem (the last word also by the prefix row of what was
 * typed, decision 0034), a phrase (or a single quoted word) by its forms; a
 * 2-word phrase from its pair row, longer ones and other tokens from `words_fts`.
 */
async function searchPart(
  db: QueryRunner,
  part: QueryPart,
  columns: readonly FtsColumn[],
  analyzer: Analyzer,
): Promise<PartHits> {
  const found = await searchWhole(db, part, columns, analyzer);
  if (part.kind !== 'word' || part.prefix !== true || !analyzer.inTermTables(part.token)) {
    return found;
  }
  // A database built before `search_prefixes` searches the whole word only.
  return withPrefix(found, await lookUpTerm(db, 'search_prefixes', part.token, columns));
}

async function searchWhole(
  db: QueryRunner,
  part: QueryPart,
  columns: readonly FtsColumn[],
  analyzer: Analyzer,
): Promise<PartHits> {
  const tokens = part.kind === 'word' ? [part.token] : part.tokens;
  const [token] = tokens;
  const held = analyzer.inTermTables;
  if (tokens.length === 1 && token !== undefined && held(token)) {
    const stemmed =
      part.kind === 'word' &&
      held(part.stem) &&
      (await lookUpTerm(db, 'search_stems', part.stem, columns));
    if (stemmed) return stemmed;
    // A database built before `search_stems` searches the word as it was typed.
    const exact = await lookUpTerm(db, 'search_terms', token, columns);
    if (exact) return exact;
  }
  const pair = heldPair(part, analyzer);
  if (pair) {
    // A database built before `search_pairs` searches `words_fts`.
    const hits = await lookUpPair(db, pair, columns);
    if (hits) return hits;
  }
  return searchPhrase(db, tokens, columns);
}

/**
 * The term rows `searchPart` looks up for a part, by table and id (segment 0's), as it looks
 * them up: a word's stem row (a database without stems: the word's own row), the last word's
 * prefix row, a 2-word phrase's pair row, a quoted word's own row. Longer phrases and tokens
 * outside the term tables read `words_fts`, which is not looked up by id.
 */
function partTermRows(part: QueryPart, analyzer: Analyzer): [table: string, id: number][] {
  const held = analyzer.inTermTables;
  const tokens = part.kind === 'word' ? [part.token] : part.tokens;
  const [first] = tokens;
  const rows: [string, number][] = [];
  if (tokens.length === 1 && first !== undefined && held(first)) {
    if (part.kind === 'word' && held(part.stem)) {
      rows.push(['search_stems', termRowId(part.stem)]);
    } else {
      rows.push(['search_terms', termRowId(first)]);
    }
    if (part.kind === 'word' && part.prefix === true) {
      rows.push(['search_prefixes', termRowId(first)]);
    }
  }
  const pair = heldPair(part, analyzer);
  if (pair) rows.push(['search_pairs', pairRowId(...pair)]);
  return rows;
}

/**
 * Fetches the pages on the way to `rows` at once, level by level, for the reads that follow
 * (decision 0086): their leaves in parallel, not one round trip each. A hint: a runner without
 * it, or a prefetch that fails, leaves those reads as they would have been.
 */
export async function fetchRowsAhead(db: QueryRunner, rows: readonly RowLookup[]): Promise<void> {
  if (rows.every(({ ids }) => ids.length === 0)) return;
  await db.prefetchRows?.(rows).catch(() => undefined);
}

/** Every term row a search reads, in every segment: the row prefetch's lookups (0086). */
export function searchRowLookups(query: ParsedQuery, segments: number): RowLookup[] {
  const byTable = new Map<string, number[]>();
  for (const part of query.parts) {
    for (const [table, id] of partTermRows(part, query.analyzer)) {
      byTable.set(table, [...(byTable.get(table) ?? []), id]);
    }
  }
  return [...byTable].map(([table, ids]) => ({ table, ids: segmentRowIds(ids, segments) }));
}

/** What a search found: the matching episodes and, per part, where (for 'best match'). */
export interface SearchHits {
  ids: Set<number>;
  parts: PartHits[];
}

/**
 * Episodes whose checked fields contain every part of the query (`search-query.ts`), with
 * each part's hits per field. No checked field means no matches. The query comes from
 * `checkSearchTerm`.
 */
export async function searchEpisodes(
  db: QueryRunner,
  query: ParsedQuery,
  fields: Iterable<FtsColumn>,
): Promise<SearchHits> {
  const columns = normaliseFields(fields);
  if (columns.length === 0 || query.parts.length === 0) return { ids: new Set(), parts: [] };
  if (db.prefetchRows !== undefined) {
    await fetchRowsAhead(db, searchRowLookups(query, (await loadEpisodeList(db)).segments));
  }
  const parts: PartHits[] = [];
  for (const part of query.parts) parts.push(await searchPart(db, part, columns, query.analyzer));
  return { ids: matchingEpisodes(parts), parts };
}

/**
 * Episode ids whose checked fields contain the tokens as one phrase (the spec's search; the
 * benchmark's baseline comparison). Tokens come from `checkSearchTerm`.
 */
export async function searchEpisodeIds(
  db: QueryRunner,
  tokens: readonly string[],
  fields: Iterable<FtsColumn>,
  analyzer: Analyzer,
): Promise<Set<number>> {
  return (await searchEpisodes(db, phraseQuery(tokens, analyzer), fields)).ids;
}

// ---------------------------------------------------------------------------------------------
// Transcripts: `getTranscript(db, id)` lives in ./transcript-queries.ts (the transcript and
// player issue). It runs through the same `QueryRunner` and reads one row by primary key.
// ---------------------------------------------------------------------------------------------
