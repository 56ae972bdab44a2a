/**
 * `snippet_heads` (`src/core/snippet-heads.ts`, decision 0082): the ready-made snippets of
 * every stem's and every common pair's newest transcripts, written after the term tables and
 * the passage blocks, from them.
 *
 * The keys and their episodes come from the term rows (`search_stems`, `search_pairs`: the
 * words column). Each episode's passages are read back from its blocks once and scanned token
 * by token for the keys it owes a snippet to; the passages holding a key's first matches go to
 * `buildEpisodeSnippets`, the site's own cutter, so a window is exactly what the site would cut
 * from them (`snippet-cut.ts`, on helper threads too: `snippet-cutters.ts`).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import Database from 'better-sqlite3';
import type { Analyzer } from '../../core/analyzer.ts';
import { FTS_COLUMNS, PASSAGE_BLOCK_SIZE, passageBlockId } from '../../core/db-schema.ts';
import { segmentRowId, segmentRowsSql } from '../../core/row-segments.ts';
import {
  decodeHeadRow,
  HEAD_EPISODES,
  headRowId,
  headRowJson,
  MIN_HEAD_PAIR_EPISODES,
} from '../../core/snippet-heads.ts';
import { decodeTermRow, pairRowId } from '../../core/term-index.ts';
import { joinedReader } from './merge-term-rows.ts';
import { withWordCache, type CutResults, type CutTask, type EpisodeBlocks } from './snippet-cut.ts';
import { helperThreads, openCutters } from './snippet-cutters.ts';
import { BLOB_DEFLATE_LEVEL } from './transcript-blob.ts';

/** The index of the `words` column in a term row. */
const WORDS_COLUMN = FTS_COLUMNS.indexOf('words');

export interface SnippetHeadsOptions {
  /** The segment the rows go in (0: a full build; more: a resumed build's new episodes). */
  segment: number;
  /**
   * Helper threads that cut beside this one (`snippet-cutters.ts`). By default a build with
   * `PARALLEL_FROM_ENTRIES` entries or more takes one per spare core; a smaller one none.
   */
  helpers?: number;
  /** The helpers' source (`CuttersOptions.source`). */
  helperSource?: string;
}

/**
 * Entries from which helper threads pay for their start (about a second each, compiling the
 * cutter): the 600 × 9,000 corpus has about 700,000.
 */
const PARALLEL_FROM_ENTRIES = 100_000;

interface Key {
  /** Its place in the list of keys. */
  index: number;
  key: string;
  /** The transcripts to cut, ascending: the key's newest, or a resumed build's newest new ones. */
  episodes: number[];
  /** Every transcript with the key from this id on is in some row's entries (0: all). */
  from: number;
}

/**
 * Writes the rows of `snippet_heads` in `options.segment` for the keys of `terms`' term rows,
 * cut from `db`'s passage blocks. A full build passes the database itself. A resumed build
 * passes its delta (the new episodes' term rows, decision 0051): a key an earlier segment has
 * a row of gets the newest of its new transcripts, and any other (a pair now in
 * `MIN_HEAD_PAIR_EPISODES` transcripts, with the old ones) the newest of all, so that the
 * joined rows hold what a full build's would (`joinKeyHeads`).
 */
export function writeSnippetHeads(
  db: Database.Database,
  terms: Database.Database,
  analyzer: Analyzer,
  options: SnippetHeadsOptions,
): { keys: number; episodes: number; cutByHelpers: number } {
  const { segment } = options;
  analyzer = withWordCache(analyzer);
  const keys = headKeys(db, terms, segment);
  // Which keys each episode owes snippets to, by their index in `keys`.
  const owed = new Map<number, number[]>();
  keys.forEach((key, index) => {
    for (const episodeId of key.episodes) {
      let forEpisode = owed.get(episodeId);
      if (!forEpisode) owed.set(episodeId, (forEpisode = []));
      forEpisode.push(index);
    }
  });
  // The entries wait in a scratch database on disk, not in memory: at 2,000 × 30,000 they are
  // millions (decision 0082).
  const scratchDir = mkdtempSync(join(tmpdir(), 'trawl-snippet-heads-'));
  const scratch = new Database(join(scratchDir, 'entries.sqlite3'));
  try {
    scratch.pragma('journal_mode = OFF');
    scratch.pragma('synchronous = OFF');
    scratch.exec('CREATE TABLE entries (row INTEGER, key INTEGER, episode INTEGER, json TEXT)');
    scratch.exec('BEGIN');
    const cutByHelpers = cutEntries(db, scratch, keys, owed, analyzer, options);
    scratch.exec('COMMIT');
    const written = writeRows(db, scratch, keys, segment);
    return { keys: written, episodes: owed.size, cutByHelpers };
  } finally {
    scratch.close();
    rmSync(scratchDir, { recursive: true, force: true });
  }
}

/** The keys of `terms`' term rows that get ready-made snippets in `segment`, with their transcripts. */
function headKeys(db: Database.Database, terms: Database.Database, segment: number): Key[] {
  const hasOldRow = segment > 0 ? oldRowCheck(db, segment) : () => false;
  const allEpisodes = segment > 0 ? joinedPairReader(db, segment) : null;
  const keys: Key[] = [];
  const keyOf = (key: string, own: number[]): Key => {
    const listed = own.slice(-HEAD_EPISODES);
    const from = own.length > HEAD_EPISODES ? (listed[0] ?? 0) : 0;
    return { index: keys.length, key, episodes: listed, from };
  };
  // Every stem: a resumed build's new stem is in none of the old transcripts.
  for (const row of termRows(terms, 'search_stems', true)) {
    keys.push(keyOf(row.term, row.episodes));
  }
  for (const row of termRows(terms, 'search_pairs', false)) {
    if (hasOldRow(row.term)) {
      keys.push(keyOf(row.term, row.episodes));
      continue;
    }
    const all = allEpisodes ? allEpisodes(row.term) : row.episodes;
    if (all.length >= MIN_HEAD_PAIR_EPISODES) keys.push(keyOf(row.term, all));
  }
  return keys;
}

/**
 * Cuts every episode's entries into `scratch`'s `entries`, on this thread and on helper
 * threads (`snippet-cutters.ts`); returns how many episodes the helpers cut.
 */
function cutEntries(
  db: Database.Database,
  scratch: Database.Database,
  keys: readonly Key[],
  owed: ReadonlyMap<number, number[]>,
  analyzer: Analyzer,
  options: SnippetHeadsOptions,
): number {
  const readBlocks = episodeBlockReader(db, options.segment);
  const insert = scratch.prepare('INSERT INTO entries VALUES (?, ?, ?, ?)');
  const entries = [...owed.values()].reduce((sum, indexes) => sum + indexes.length, 0);
  const helpers = options.helpers ?? (entries >= PARALLEL_FROM_ENTRIES ? helperThreads() : 0);
  const keep = (task: CutTask, results: CutResults): void => {
    const indexes = owed.get(task.episodeId) ?? [];
    for (const [at, json] of results) {
      const key = keys[indexes[at] ?? -1];
      if (key) insert.run(headRowId(key.key), key.index, task.episodeId, json);
    }
  };
  const source = options.helperSource;
  const cutters = openCutters(analyzer, helpers, keep, source ? { source } : {});
  try {
    for (const [episodeId, indexes] of owed) {
      const names = indexes.map((index) => keys[index]?.key ?? '');
      cutters.cut({ ...readBlocks(episodeId), keys: names });
    }
    cutters.finish();
    return cutters.cutByHelpers;
  } finally {
    cutters.close();
  }
}

/** Writes the rows of `snippet_heads` in `segment` from `scratch`'s entries; returns how many. */
function writeRows(
  db: Database.Database,
  scratch: Database.Database,
  keys: readonly Key[],
  segment: number,
): number {
  const insert = db.prepare('INSERT INTO snippet_heads (id, data) VALUES (?, ?)');
  let written = 0;
  let row: number | null = null;
  let entries: { key: string; from: number; episodes: string[] }[] = [];
  const flush = (): void => {
    if (row === null || entries.length === 0) return;
    const data = deflateRawSync(headRowJson(entries), { level: BLOB_DEFLATE_LEVEL });
    insert.run(segmentRowId(row, segment), data);
    written += 1;
  };
  const sorted = scratch
    .prepare<[], [number, number, number, string]>(
      'SELECT row, key, episode, json FROM entries ORDER BY row, key, episode',
    )
    .raw()
    .iterate();
  for (const [rowId, index, , json] of sorted) {
    if (rowId !== row) {
      flush();
      row = rowId;
      entries = [];
    }
    const key = keys[index];
    if (!key) continue;
    const last = entries.at(-1);
    if (last?.key === key.key) last.episodes.push(json);
    else entries.push({ key: key.key, from: key.from, episodes: [json] });
  }
  flush();
  return written;
}

/** A pair's transcripts in every segment of `db` up to `segment` (the new one included). */
function joinedPairReader(db: Database.Database, segment: number): (pair: string) => number[] {
  const read = joinedReader(db, 'search_pairs', {}, segment + 1);
  return (pair) => {
    const [first = '', second = ''] = pair.split(' ');
    const entry = read(pairRowId(first, second)).find((candidate) => candidate.term === pair);
    return entry?.columns[WORDS_COLUMN] ?? [];
  };
}

/** Each term of a term table with its transcripts (none: left out). */
function* termRows(
  db: Database.Database,
  table: 'search_stems' | 'search_pairs',
  counts: boolean,
): Generator<{ term: string; episodes: number[] }> {
  const rows = db.prepare<[], { data: Buffer }>(`SELECT data FROM ${table}`).iterate();
  for (const row of rows) {
    for (const entry of decodeTermRow(new Uint8Array(row.data), { counts })) {
      const episodes = entry.columns[WORDS_COLUMN] ?? [];
      if (episodes.length > 0) yield { term: entry.term, episodes };
    }
  }
}

/** Whether an earlier segment has ready-made snippets of a key (a pair stays in once in). */
function oldRowCheck(db: Database.Database, segment: number): (key: string) => boolean {
  const rows = db.prepare<[number, number], { data: Buffer }>(segmentRowsSql('snippet_heads', 1));
  return (key) =>
    rows.all(segment, headRowId(key)).some((row) => {
      const entries = decodeHeadRow(inflateRawSync(row.data).toString('utf8'));
      return entries?.some((entry) => entry.key === key) === true;
    });
}

/**
 * Reads episodes' stored passages from `db`: an episode written in segment `segment` or an
 * earlier one (an old episode's blocks are in the segment it was written in).
 */
export function episodeBlockReader(
  db: Database.Database,
  segment = 0,
): (episodeId: number) => EpisodeBlocks {
  const range = db.prepare<[number], { first: number | null; count: number }>(
    'SELECT passage_first AS first, passage_count AS count FROM episodes WHERE id = ?',
  );
  const block = db.prepare<[number, number], { data: Buffer }>(segmentRowsSql('passage_blocks', 1));
  return (episodeId) => {
    const found = range.get(episodeId);
    const blocks: (Uint8Array | undefined)[] = [];
    for (let ordinal = 0; ordinal * PASSAGE_BLOCK_SIZE < (found?.count ?? 0); ordinal += 1) {
      blocks.push(block.get(segment + 1, passageBlockId(episodeId, ordinal))?.data);
    }
    return { episodeId, first: found?.first ?? null, blocks };
  };
}
