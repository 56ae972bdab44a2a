/**
 * `search_pairs` (docs/decisions/0015-phrase-pair-table.md): every pair of adjacent tokens the
 * term tables hold (`Analyzer.inTermTables`) in a column of `words_fts`, with the episodes whose column holds it, so a 2-word phrase
 * is one row read by rowid instead of two whole doclists that grow with the archive.
 *
 * The pairs come from `words_fts`'s own vocabulary (fts5vocab instance mode, the pass
 * `writeTermTables` already makes): each instance puts its term at its (episode, column,
 * offset), which rebuilds every column as a sequence of term numbers. Adjacent offsets are
 * exactly what an FTS5 phrase matches, so a row answers what `words_fts` would. A token the
 * term tables do not hold (longer than 64 UTF-16 units) leaves a gap: no pair spans it, and
 * such phrases search `words_fts`.
 *
 * Memory is typed arrays, not objects per pair: the sequences (4 bytes a token), then every
 * adjacent pair bucketed by its first term (8 bytes a pair), each bucket sorted on its own. The
 * encoded entries go through a temporary table that SQLite sorts by row id.
 */
import type Database from 'better-sqlite3';
import { FTS_COLUMNS } from '../../core/db-schema.ts';
import { encodeTermRow, pairRowId, pairTerm, type TermPostings } from '../../core/term-index.ts';

/** No indexed token at this offset (one the term tables do not hold, or never seen). */
const GAP = 0xffffffff;
const COLUMN_COUNT = FTS_COLUMNS.length;

/** The columns of every episode as sequences of term numbers, filled from the vocabulary. */
export class TokenSequences {
  readonly terms: string[] = [];
  private readonly sequences = new Map<number, { tokens: Uint32Array; length: number }>();

  /** Numbers a new indexed term; terms must come in the vocabulary's order, each once. */
  addTerm(term: string): number {
    this.terms.push(term);
    return this.terms.length - 1;
  }

  /** Puts term `termNumber` at `offset` of column `column` of episode `doc`. */
  place(termNumber: number, doc: number, column: number, offset: number): void {
    const key = doc * COLUMN_COUNT + column;
    // Keys are stored as 32-bit numbers; episode ids are 1 to the episode count.
    if (!Number.isInteger(key) || key < 0 || key > 0xffffffff) {
      throw new RangeError(`Episode id ${doc} is out of the pair index's range`);
    }
    let entry = this.sequences.get(key);
    if (!entry) {
      entry = { tokens: new Uint32Array(Math.max(16, offset + 1)).fill(GAP), length: 0 };
      this.sequences.set(key, entry);
    }
    if (offset >= entry.tokens.length) {
      const grown = new Uint32Array(Math.max(offset + 1, entry.tokens.length * 2)).fill(GAP);
      grown.set(entry.tokens);
      entry.tokens = grown;
    }
    entry.tokens[offset] = termNumber;
    entry.length = Math.max(entry.length, offset + 1);
  }

  /** Calls `visit` with every adjacent pair of indexed terms, and its episode and column. */
  forEachPair(visit: (first: number, second: number, docColumn: number) => void): void {
    for (const [key, { tokens, length }] of this.sequences) {
      for (let at = 1; at < length; at += 1) {
        const first = tokens[at - 1] ?? GAP;
        const second = tokens[at] ?? GAP;
        if (first !== GAP && second !== GAP) visit(first, second, key);
      }
    }
  }

  /** Frees the sequences. */
  clear(): void {
    this.sequences.clear();
  }
}

/** Every adjacent pair, bucketed by its first term: (second term, episode × columns + column). */
function bucketPairs(sequences: TokenSequences): {
  starts: Uint32Array;
  seconds: Uint32Array;
  docColumns: Uint32Array;
} {
  const termCount = sequences.terms.length;
  const starts = new Uint32Array(termCount + 1);
  sequences.forEachPair((first) => {
    starts[first + 1] = (starts[first + 1] ?? 0) + 1;
  });
  for (let term = 0; term < termCount; term += 1) {
    starts[term + 1] = (starts[term + 1] ?? 0) + (starts[term] ?? 0);
  }
  const total = starts[termCount] ?? 0;
  const seconds = new Uint32Array(total);
  const docColumns = new Uint32Array(total);
  const next = starts.slice(0, termCount);
  sequences.forEachPair((first, second, docColumn) => {
    const at = next[first] ?? 0;
    next[first] = at + 1;
    seconds[at] = second;
    docColumns[at] = docColumn;
  });
  return { starts, seconds, docColumns };
}

/**
 * Encodes every distinct pair into `temp.pair_entries` (row id, entry), unsorted, and frees the
 * sequences. Returns how many pairs there are. Its typed arrays go when it returns, before
 * SQLite sorts the entries.
 */
function writePairEntries(db: Database.Database, sequences: TokenSequences): number {
  const { terms } = sequences;
  const { starts, seconds, docColumns } = bucketPairs(sequences);
  sequences.clear();
  // A pair occurrence's sort key is second term × span + (episode, column): exact in a double.
  let span = 1;
  for (const docColumn of docColumns) if (docColumn >= span) span = docColumn + 1;
  if (terms.length * span > Number.MAX_SAFE_INTEGER) {
    throw new Error(`Too many terms (${terms.length}) and episodes to index word pairs`);
  }
  const insertEntry = db.prepare('INSERT INTO temp.pair_entries (id, entry) VALUES (?, ?)');
  let pairs = 0;
  for (let first = 0; first < terms.length; first += 1) {
    const from = starts[first] ?? 0;
    const to = starts[first + 1] ?? 0;
    if (from === to) continue;
    // One key per pair occurrence: second term, then episode, then column; sorted, repeats adjacent.
    const keys = new Float64Array(to - from);
    for (let at = from; at < to; at += 1) {
      keys[at - from] = (seconds[at] ?? 0) * span + (docColumns[at] ?? 0);
    }
    keys.sort();
    let at = 0;
    while (at < keys.length) {
      const second = Math.floor((keys[at] ?? 0) / span);
      const firstTerm = terms[first] ?? '';
      const secondTerm = terms[second] ?? '';
      const postings: TermPostings = {
        term: pairTerm(firstTerm, secondTerm),
        columns: FTS_COLUMNS.map(() => []),
      };
      for (; at < keys.length && Math.floor((keys[at] ?? 0) / span) === second; at += 1) {
        const docColumn = (keys[at] ?? 0) - second * span;
        const doc = Math.floor(docColumn / COLUMN_COUNT);
        const ids = postings.columns[docColumn % COLUMN_COUNT];
        if (ids && ids.at(-1) !== doc) ids.push(doc);
      }
      insertEntry.run(pairRowId(firstTerm, secondTerm), encodeTermRow([postings]));
      pairs += 1;
    }
  }
  return pairs;
}

/**
 * Writes `search_pairs` from the sequences (then frees them). Returns how many distinct pairs
 * it stored.
 */
export function writePairTable(db: Database.Database, sequences: TokenSequences): number {
  db.exec('CREATE TEMP TABLE pair_entries (id INTEGER NOT NULL, entry BLOB NOT NULL)');
  const pairs = writePairEntries(db, sequences);
  // Entries with one row id share the row, as colliding terms do in `search_terms`; rows go in
  // in id order.
  const insertRow = db.prepare('INSERT INTO search_pairs (id, data) VALUES (?, ?)');
  const selectEntries = db
    .prepare<[], [number, Uint8Array]>('SELECT id, entry FROM temp.pair_entries ORDER BY id')
    .raw();
  let rowId: number | null = null;
  let parts: Uint8Array[] = [];
  const flush = (): void => {
    if (rowId !== null) insertRow.run(rowId, Buffer.concat(parts));
  };
  // Reading the temporary table while writing `search_pairs` is safe (different tables, one
  // connection); better-sqlite3 allows it only in unsafe mode.
  db.unsafeMode(true);
  try {
    for (const [id, entry] of selectEntries.iterate()) {
      if (id !== rowId) {
        flush();
        rowId = id;
        parts = [];
      }
      parts.push(entry);
    }
    flush();
  } finally {
    db.unsafeMode(false);
  }
  db.exec('DROP TABLE temp.pair_entries');
  return pairs;
}
