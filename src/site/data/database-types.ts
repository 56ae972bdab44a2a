/**
 * What the rest of the site sees of the database: the contract that `database.ts` (the worker's
 * owner) and `database-connections.ts` (its life cycle over workers) both fulfil, and the query
 * functions and components use. Types only, so neither side imports the other for them.
 */
import type { DbConfig } from '../../core/site-config.ts';
import type { RowLookup } from './row-paths.ts';

/** A value SQLite can bind. */
export type SqlValue = string | number | null;

/** How a statement may read (a runner that cannot use a hint ignores it). */
export interface QueryOptions {
  /**
   * The statement reads a value about this long from the pages after the row's (a blob's
   * overflow pages): the worker fetches them in one request, not a window doubling each time.
   */
  readAheadBytes?: number;
  /**
   * A BLOB column of raw-DEFLATE JSON: a runner that can (the worker) answers it inflated and
   * parsed, as a `DecodedJson` (decoded-json.ts), off the page's main thread; others return
   * the bytes.
   */
  inflateJson?: string;
  /**
   * Aborted before the query is sent to the engine (it waits for the engine to open), the
   * query is not sent and rejects with the signal's reason: queries the page no longer needs do not
   * hold up the ones behind them in the engine's one thread. Once sent, it runs to its end.
   */
  signal?: AbortSignal;
}

/** What the query functions need: run SQL with bound parameters, get rows as objects. */
export interface QueryRunner {
  query<T>(sql: string, params?: readonly SqlValue[], options?: QueryOptions): Promise<T[]>;
  /**
   * Fetches the pages on the way to these rows in parallel, for the queries that follow to read
   * from the cache (decision 0086); a hint: a runner without it reads them as SQLite asks.
   */
  prefetchRows?(rows: readonly RowLookup[]): Promise<void>;
}

/** Requests and bytes the worker has read so far (for tests and the benchmark). */
export interface DatabaseStats {
  totalRequests: number;
  totalFetchedBytes: number;
  totalBytes: number;
}

/** The browser's database: open once, query, re-create after a transport failure. */
export interface TrawlDatabase extends QueryRunner {
  /** Fetches the config and starts the worker (once; later calls share it). */
  open(): Promise<DbConfig>;
  /** Drops the current worker; the next call starts a fresh one. */
  recreate(): Promise<void>;
  stats(): Promise<DatabaseStats | null>;
}
