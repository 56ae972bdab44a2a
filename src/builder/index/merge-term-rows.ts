/**
 * An incremental build's search tables (decisions 0051, 0059): the new episodes' rows of
 * `search_terms`, `search_stems`, `search_prefixes`, `search_pairs` and `speaker_terms` are
 * written into a small delta database by the same code a full build runs, then added to the
 * previous build's tables as rows of a new segment (`src/core/row-segments.ts`): the old rows
 * keep their bytes and pages, and a reader appends the new segment's entries to theirs. New
 * episodes have the highest ids, so the joined episodes are ascending in each column.
 * `term_lists` is written again from the whole index's frequencies (its lists keep only the
 * most frequent words, so they cannot be merged).
 */
import { inflateRawSync } from 'node:zlib';
import type Database from 'better-sqlite3';
import type { Analyzer } from '../../core/analyzer.ts';
import { FTS_COLUMNS } from '../../core/db-schema.ts';
import {
  decodeTermRow,
  encodeTermRow,
  type TermPostings,
  type TermRowFormat,
} from '../../core/term-index.ts';
import { groupTermLists, parseTermList, type TermFrequency } from '../../core/term-lists.ts';
import {
  appendPostings,
  joinSegments,
  segmentRowId,
  segmentRowsSql,
} from '../../core/row-segments.ts';
import { compressTermList } from './write-term-tables.ts';

/** The term tables whose delta rows become a new segment as they are. */
const APPENDED_TABLES = ['search_terms', 'search_stems', 'search_pairs', 'speaker_terms'];

/** Reads one id's rows of a term table in `segments` segments, joined into one row's entries. */
export function joinedReader(
  db: Database.Database,
  table: string,
  format: TermRowFormat,
  segments: number,
): (id: number) => TermPostings[] {
  const select = db.prepare<[number, number], { data: Buffer }>(segmentRowsSql(table, 1));
  return (id) =>
    joinSegments(
      select.all(segments, id).map((row) => decodeTermRow(row.data, format)),
      format,
    );
}

function deltaRows(delta: Database.Database, table: string): Iterable<[number, Buffer]> {
  return delta
    .prepare<[], [number, Buffer]>(`SELECT id, data FROM ${table} ORDER BY id`)
    .raw()
    .iterate();
}

/** Where a resumed build's rows go: the first new episode's id and the new segment's number. */
export interface NewSegment {
  firstNewId: number;
  /** One past the highest segment of `db`'s rows: the segments before it are `db`'s. */
  segment: number;
}

/**
 * Adds the delta's term tables to `db` as a new segment, whose FTS tables already hold the new
 * episodes. `longerPrefixes`: the prefixes some longer token of the delta starts with
 * (`PrefixRows.longer`). Returns how many rows it wrote.
 */
export function mergeTermTables(
  db: Database.Database,
  delta: Database.Database,
  analyzer: Analyzer,
  { firstNewId, segment }: NewSegment,
  longerPrefixes: ReadonlySet<string>,
): number {
  let written = 0;
  for (const table of APPENDED_TABLES) {
    const insert = db.prepare(`INSERT INTO ${table} (id, data) VALUES (?, ?)`);
    // The delta's rows are what the new episodes add to each id, in the format a reader appends.
    for (const [id, data] of deltaRows(delta, table)) {
      insert.run(segmentRowId(id, segment), data);
      written += 1;
    }
  }
  written += mergePrefixes(db, delta, { firstNewId, segment }, longerPrefixes);
  writeTermListsAgain(db, analyzer);
  return written;
}

/**
 * `search_prefixes` holds a prefix only when a longer token starts with it, with the episodes
 * of every token that starts with it, itself included. The delta holds an entry for every
 * prefix of its tokens. Merged: a prefix the previous rows hold gets the new episodes; one they
 * lack but that a new token makes longer starts from the old episodes' own token of that
 * spelling, read from `words_fts`; one that neither makes longer stays out.
 */
function mergePrefixes(
  db: Database.Database,
  delta: Database.Database,
  { firstNewId, segment }: NewSegment,
  longerPrefixes: ReadonlySet<string>,
): number {
  const format: TermRowFormat = { counts: true };
  const read = joinedReader(db, 'search_prefixes', format, segment);
  const insert = db.prepare('INSERT INTO search_prefixes (id, data) VALUES (?, ?)');
  db.exec("CREATE VIRTUAL TABLE temp.prefix_vocab USING fts5vocab(main, 'words_fts', 'instance')");
  const ownInstances = db.prepare<[string, number], { doc: number; col: string; n: number }>(
    'SELECT doc, col, COUNT(*) AS n FROM temp.prefix_vocab WHERE term = ? AND doc < ? GROUP BY doc, col ORDER BY doc',
  );
  let written = 0;
  try {
    for (const [id, data] of deltaRows(delta, 'search_prefixes')) {
      const held = new Set(read(id).map((entry) => entry.term));
      const added: TermPostings[] = [];
      for (const entry of decodeTermRow(data, format)) {
        if (held.has(entry.term)) added.push(entry);
        else if (longerPrefixes.has(entry.term)) {
          // New to the table: the older episodes' own token of this spelling comes first.
          const own = ownPostings(entry.term, ownInstances.all(entry.term, firstNewId));
          added.push(appendPostings(own, entry, format));
        }
      }
      if (added.length === 0) continue;
      insert.run(segmentRowId(id, segment), encodeTermRow(added, format));
      written += 1;
    }
  } finally {
    db.exec('DROP TABLE temp.prefix_vocab');
  }
  return written;
}

/** A token's own occurrences in the older episodes, as a counted entry. */
function ownPostings(term: string, rows: { doc: number; col: string; n: number }[]): TermPostings {
  const columns: number[][] = FTS_COLUMNS.map(() => []);
  const counts: number[][] = FTS_COLUMNS.map(() => []);
  for (const { doc, col, n } of rows) {
    const column = FTS_COLUMNS.findIndex((name) => name === col);
    columns[column]?.push(doc);
    counts[column]?.push(n);
  }
  return { term, columns, counts };
}

/** `term_lists` from the whole index's term frequencies (fts5vocab row mode: no JS per instance). */
function writeTermListsAgain(db: Database.Database, analyzer: Analyzer): void {
  db.exec("CREATE VIRTUAL TABLE temp.list_vocab USING fts5vocab(main, 'words_fts', 'row')");
  const frequencies = new Map<string, number>();
  try {
    const rows = db
      .prepare<[], [string, number]>('SELECT term, cnt FROM temp.list_vocab')
      .raw()
      .iterate();
    for (const [term, count] of rows) {
      if (analyzer.inTermTables(term)) frequencies.set(term, count);
    }
  } finally {
    db.exec('DROP TABLE temp.list_vocab');
  }
  const lists = groupTermLists(frequencies);
  const old = new Map(
    db
      .prepare<[], [number, Buffer]>('SELECT id, data FROM term_lists')
      .raw()
      .all()
      .map(([id, data]) => [id, data]),
  );
  const upsert = db.prepare('INSERT OR REPLACE INTO term_lists (id, data) VALUES (?, ?)');
  const remove = db.prepare('DELETE FROM term_lists WHERE id = ?');
  for (const [id, terms] of lists) {
    const stored = old.get(id);
    old.delete(id);
    // Compressing every list again costs more than the rest of the merge: only changed ones.
    if (stored && sameList(stored, terms)) continue;
    upsert.run(id, compressTermList(terms));
  }
  for (const id of old.keys()) remove.run(id);
}

/** Whether a stored list holds exactly `terms` (a list cut to fit is compressed again). */
function sameList(stored: Buffer, terms: readonly TermFrequency[]): boolean {
  const known = parseTermList(inflateRawSync(stored).toString('utf8'));
  return (
    known.length === terms.length &&
    known.every(([term, count], at) => terms[at]?.[0] === term && terms[at][1] === count)
  );
}
