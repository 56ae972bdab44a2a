/**
 * `search_prefixes` (`src/core/prefix-index.ts`, decision 0034): for every prefix that a longer
 * indexed token starts with, the episodes of every token starting with it, per column, with
 * their occurrence counts summed.
 *
 * The vocabulary comes in FTS5's term order (bytewise UTF-8), so the tokens sharing a prefix
 * are consecutive: the open prefixes of the current token form a chain, each with its episodes
 * so far. A token's counts go into its own entry; a prefix that no longer fits the next token
 * is closed, its counts added into its parent's. Memory is the chain (at most 64 entries, each
 * bounded by episodes × columns) plus the encoded rows.
 */
import type Database from 'better-sqlite3';
import { FTS_COLUMNS } from '../../core/db-schema.ts';
import { prefixesOf } from '../../core/prefix-index.ts';
import { encodeTermRow, termRowId, type TermPostings } from '../../core/term-index.ts';

const COLUMN_COUNT = FTS_COLUMNS.length;

interface OpenPrefix {
  prefix: string;
  /** episode × COLUMN_COUNT + column → occurrences. */
  counts: Map<number, number>;
  /** Whether a token longer than the prefix starts with it (else it needs no row). */
  longer: boolean;
}

/** Encodes one prefix's counts as a counted term entry. */
function prefixPostings(prefix: string, counts: ReadonlyMap<number, number>): TermPostings {
  const columns: number[][] = FTS_COLUMNS.map(() => []);
  const tallies: number[][] = FTS_COLUMNS.map(() => []);
  for (const key of [...counts.keys()].sort((a, b) => a - b)) {
    const column = key % COLUMN_COUNT;
    columns[column]?.push(Math.floor(key / COLUMN_COUNT));
    tallies[column]?.push(counts.get(key) ?? 1);
  }
  return { term: prefix, columns, counts: tallies };
}

/** Collects the prefixes of the vocabulary's tokens as they come, then writes the table. */
export class PrefixRows {
  private readonly chain: OpenPrefix[] = [];
  private readonly rows = new Map<number, Uint8Array[]>();
  /** Prefix entries written (for tests and the build's figures). */
  entries = 0;
  /** The prefixes some longer token starts with (kept only with `everyToken`). */
  readonly longer = new Set<string>();

  /**
   * `everyToken`: also write an entry for a prefix that only equals a token, for an incremental
   * build's delta (merge-term-rows.ts): a token of the new episodes may be a prefix that only
   * the older episodes' tokens make longer, or the reverse.
   */
  constructor(private readonly everyToken = false) {}

  /**
   * Adds a token's (column, episode, count) triples. Tokens must come in the vocabulary's
   * order (bytewise), each once.
   */
  addToken(token: string, triples: readonly number[]): void {
    const prefixes = prefixesOf(token);
    // Close what the token does not continue.
    let keep = 0;
    while (keep < this.chain.length && prefixes[keep] === this.chain[keep]?.prefix) keep += 1;
    while (this.chain.length > keep) this.closeTop();
    for (const [at, prefix] of prefixes.entries()) {
      const open = this.chain[at];
      if (open) open.longer = true;
      else this.chain.push({ prefix, counts: new Map(), longer: prefix !== token });
    }
    const own = this.chain.at(-1);
    if (!own || own.prefix !== token) return;
    for (let at = 0; at + 2 < triples.length; at += 3) {
      const key = (triples[at + 1] ?? 0) * COLUMN_COUNT + (triples[at] ?? 0);
      own.counts.set(key, (own.counts.get(key) ?? 0) + (triples[at + 2] ?? 0));
    }
  }

  private closeTop(): void {
    const top = this.chain.pop();
    if (!top) return;
    const parent = this.chain.at(-1);
    if (parent) {
      for (const [key, count] of top.counts) {
        parent.counts.set(key, (parent.counts.get(key) ?? 0) + count);
      }
    }
    if (top.longer && this.everyToken) this.longer.add(top.prefix);
    if (!top.longer && !this.everyToken) return;
    const id = termRowId(top.prefix);
    const encoded = encodeTermRow([prefixPostings(top.prefix, top.counts)], { counts: true });
    const row = this.rows.get(id);
    if (row) row.push(encoded);
    else this.rows.set(id, [encoded]);
    this.entries += 1;
  }

  /** Closes every open prefix and writes the rows in id order. */
  write(db: Database.Database): void {
    while (this.chain.length > 0) this.closeTop();
    const insert = db.prepare('INSERT INTO search_prefixes (id, data) VALUES (?, ?)');
    for (const id of [...this.rows.keys()].sort((a, b) => a - b)) {
      const parts = this.rows.get(id) ?? [];
      insert.run(id, Buffer.concat(parts));
    }
    this.rows.clear();
  }
}
