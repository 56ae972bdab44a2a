/**
 * The term tables `trawl build` derives from `words_fts`'s own vocabulary (fts5vocab, instance
 * mode), in one pass over it, so each answers exactly what the FTS index holds:
 *
 * - `search_terms`: every token the term tables hold (`Analyzer.inTermTables`: all of up to 64
 *   UTF-16 units, decision 0022) with its episodes per column (decision 0007);
 * - `search_stems`: the same by stem (`src/core/stemmer.ts`), each episode with how often the
 *   stem's forms occur there (decision 0009): unquoted words and 'best match';
 * - `term_lists`: the words by prefix and by first letter and length, with their frequencies,
 *   for suggestions and 'did you mean' (`src/core/term-lists.ts`);
 * - `search_prefixes`: every prefix a longer token starts with, with the episodes of all such
 *   tokens (`write-prefix-table.ts`, decision 0034): the last word typed, as a prefix;
 * - `search_pairs`: adjacent pairs of those tokens, for 2-word phrases (`write-pair-table.ts`,
 *   decision 0015).
 */
import { deflateRawSync } from 'node:zlib';
import type Database from 'better-sqlite3';
import type { Analyzer } from '../../core/analyzer.ts';
import { FTS_COLUMNS } from '../../core/db-schema.ts';
import { encodeTermRow, termRowId, type TermPostings } from '../../core/term-index.ts';
import { TokenSequences, writePairTable } from './write-pair-table.ts';
import { PrefixRows } from './write-prefix-table.ts';
import {
  groupTermLists,
  MAX_LIST_BYTES,
  type TermFrequency,
  type TermListData,
} from '../../core/term-lists.ts';

/**
 * Writes `search_terms`, `search_stems`, `term_lists` and `search_pairs` from the optimised
 * `words_fts`, holding the tokens `analyzer.inTermTables` names, by its stems.
 */
export function writeTermTables(
  db: Database.Database,
  analyzer: Analyzer,
  prefixes = new PrefixRows(),
): void {
  db.exec("CREATE VIRTUAL TABLE temp.words_vocab USING fts5vocab(main, 'words_fts', 'instance')");
  const rows = db
    .prepare<[], [string, string]>(
      `SELECT term, group_concat(doc || ',' || ${COLUMN_NUMBER_SQL} || ',' || offset)
       FROM temp.words_vocab GROUP BY term`,
    )
    .raw()
    .iterate();
  const byId = new Map<number, TermPostings[]>();
  // Per stem, flat (column, episode, count) triples of its forms; merged when written.
  const stems = new Map<string, number[]>();
  const frequencies = new Map<string, number>();
  const sequences = new TokenSequences();

  for (const [term, instances] of rows) {
    if (!analyzer.inTermTables(term)) continue;
    const postings: TermPostings = { term, columns: FTS_COLUMNS.map(() => []) };
    const number = sequences.addTerm(term);
    const triples: number[] = [];
    const id = termRowId(term);
    const entries = byId.get(id);
    if (entries) entries.push(postings);
    else byId.set(id, [postings]);
    const occurrences = readInstances(term, instances, (doc, column, offset) => {
      sequences.place(number, doc, column, offset);
      const ids = postings.columns[column];
      if (ids && ids.at(-1) !== doc) ids.push(doc);
      const at = triples.length - 3;
      if (at >= 0 && triples[at] === column && triples[at + 1] === doc) {
        triples[at + 2] = (triples[at + 2] ?? 0) + 1;
      } else triples.push(column, doc, 1);
    });
    frequencies.set(term, occurrences);
    prefixes.addToken(term, triples);
    const stem = analyzer.stem(term);
    // A stem longer than a table term (a stemmer may lengthen a word) is left to `words_fts`.
    if (!analyzer.inTermTables(stem)) continue;
    const known = stems.get(stem);
    if (known) for (const value of triples) known.push(value);
    else stems.set(stem, triples);
  }
  db.exec('DROP TABLE temp.words_vocab');

  const insertTerm = db.prepare('INSERT INTO search_terms (id, data) VALUES (?, ?)');
  for (const id of [...byId.keys()].sort((a, b) => a - b)) {
    insertTerm.run(id, encodeTermRow(byId.get(id) ?? []));
  }
  byId.clear();
  writeStems(db, stems);
  stems.clear();
  writeTermLists(db, frequencies);
  prefixes.write(db);
  writePairTable(db, sequences);
}

/** A `words_fts` vocabulary row's column as its index in `FTS_COLUMNS`, in SQL. */
const COLUMN_NUMBER_SQL = `(CASE col ${FTS_COLUMNS.map((column, index) => `WHEN '${column}' THEN ${index}`).join(' ')} END)`;

/**
 * Calls `visit` with each (episode, column, offset) of a term's instances, given as SQLite's
 * `group_concat` of them ('doc,column,offset,doc,…'): one string per term instead of a row per
 * instance, which at 2,000 × 30,000 are 60 million. They come by episode, then column, then
 * offset (the vocabulary's order); anything else throws, as the term rows rely on it. Returns
 * how many there were.
 */
export function readInstances(
  term: string,
  instances: string,
  visit: (doc: number, column: number, offset: number) => void,
): number {
  let count = 0;
  let field = 0;
  let value = 0;
  let digits = 0;
  let doc = 0;
  let column = 0;
  let last = -1;
  for (let at = 0; at <= instances.length; at += 1) {
    const code = at < instances.length ? instances.charCodeAt(at) : 44;
    if (code >= 48 && code <= 57) {
      value = value * 10 + (code - 48);
      digits += 1;
      continue;
    }
    if (code !== 44 || digits === 0) {
      throw new Error(
        `The search index's vocabulary of "${term}" does not read: ${instances.slice(0, 80)}`,
      );
    }
    if (field === 0) doc = value;
    else if (field === 1) column = value;
    else {
      if (column >= FTS_COLUMNS.length) {
        throw new Error(`The search index's vocabulary of "${term}" names no column ${column}`);
      }
      if (doc < last) throw new Error(`The search index's vocabulary of "${term}" is out of order`);
      last = doc;
      visit(doc, column, value);
      count += 1;
    }
    field = (field + 1) % 3;
    value = 0;
    digits = 0;
  }
  if (field !== 0) throw new Error(`The search index's vocabulary of "${term}" does not read`);
  return count;
}

/** One stem's postings with counts, from its forms' (column, episode, count) triples. */
export function mergeStemTriples(stem: string, triples: readonly number[]): TermPostings {
  const columns: number[][] = FTS_COLUMNS.map(() => []);
  const counts: number[][] = FTS_COLUMNS.map(() => []);
  const order: number[] = [];
  for (let at = 0; at < triples.length; at += 3) order.push(at);
  // Forms of one stem interleave: sort by column then episode, and add up repeats.
  order.sort(
    (a, b) =>
      (triples[a] ?? 0) - (triples[b] ?? 0) || (triples[a + 1] ?? 0) - (triples[b + 1] ?? 0),
  );
  for (const at of order) {
    const column = triples[at] ?? 0;
    const doc = triples[at + 1] ?? 0;
    const count = triples[at + 2] ?? 0;
    const ids = columns[column];
    const tallies = counts[column];
    if (!ids || !tallies) continue;
    if (ids.at(-1) === doc) tallies[tallies.length - 1] = (tallies.at(-1) ?? 0) + count;
    else {
      ids.push(doc);
      tallies.push(count);
    }
  }
  return { term: stem, columns, counts };
}

function writeStems(db: Database.Database, stems: Map<string, number[]>): void {
  const byId = new Map<number, string[]>();
  for (const stem of stems.keys()) {
    const id = termRowId(stem);
    const known = byId.get(id);
    if (known) known.push(stem);
    else byId.set(id, [stem]);
  }
  const insert = db.prepare('INSERT INTO search_stems (id, data) VALUES (?, ?)');
  for (const id of [...byId.keys()].sort((a, b) => a - b)) {
    const entries = (byId.get(id) ?? []).map((stem) =>
      mergeStemTriples(stem, stems.get(stem) ?? []),
    );
    insert.run(id, encodeTermRow(entries, { counts: true }));
  }
}

/** Compresses a list, dropping its least frequent words until it fits `MAX_LIST_BYTES`. */
export function compressTermList(terms: readonly TermFrequency[]): Buffer {
  let kept = terms.length;
  for (;;) {
    const data: TermListData = { v: 1, terms: terms.slice(0, kept) };
    const bytes = deflateRawSync(JSON.stringify(data), { level: 9 });
    if (bytes.length <= MAX_LIST_BYTES || kept <= 1) return bytes;
    kept = Math.floor((kept * MAX_LIST_BYTES) / bytes.length / 1.05);
  }
}

function writeTermLists(db: Database.Database, frequencies: ReadonlyMap<string, number>): void {
  const lists = groupTermLists(frequencies);
  const insert = db.prepare('INSERT INTO term_lists (id, data) VALUES (?, ?)');
  for (const id of [...lists.keys()].sort((a, b) => a - b)) {
    insert.run(id, compressTermList(lists.get(id) ?? []));
  }
}
