/**
 * What the bench page (bench/page/main.ts, in Chromium) and its driver (bench/query-bench.ts,
 * in Node) say to each other. The page opens the database named in its URL
 * (`?db=/db/trawl/&layout=trawl`), runs the first screen at once, then runs what it is asked.
 */

/**
 * Which database layout, and so which queries, the page runs, and on which engine: 'trawl' and
 * 'baseline' on the site's engine (the official SQLite wasm, decision 0016); 'legacy' is
 * Trawl's database and queries on sql.js-httpvfs 0.8.12, the engine before it (`--compare-engines`).
 */
export type Layout = 'trawl' | 'baseline' | 'legacy';

/** The database folder a layout reads: the legacy engine reads Trawl's. */
export function databaseOf(layout: Layout): 'trawl' | 'baseline' {
  return layout === 'baseline' ? 'baseline' : 'trawl';
}

/** One operation of the benchmark at the query level. */
export type PageOperation =
  | { kind: 'search'; term: string }
  /** `id` is Trawl's row id, `episode` the episode number (the baseline's key). */
  | { kind: 'transcript'; id: number; episode: string }
  | { kind: 'next-page' }
  /** Snippets of the first page of the last search's results (newest first), Trawl only. */
  | { kind: 'snippets'; term: string }
  /** A 'said by' search (issue 15): what show speakers `speakers` said, Trawl only. */
  | { kind: 'said-by'; term: string; speakers: number[] };

/** What one operation took, measured in the page. */
export interface PageOutcome {
  /** Wall time in ms; for the first screen, from navigation start. */
  ms: number;
  /** Rows (or ids, or words) the operation returned. */
  rows: number;
  /** The library's own counters for this operation (the server counts too). */
  requests: number;
  fetchedBytes: number;
  /** Database pages read from the network by this operation, in order. */
  pagesFetched: number[];
  /** Pages it read that were already cached. */
  pagesCached: number;
  /** Every page it read, in order (`c` marks a cached one): for finding out why. */
  pageTrace: string;
}

/** The page's global, for `page.evaluate`. */
export interface QueryBenchApi {
  /** Resolves when the first screen is done (or rejects with why it failed). */
  firstScreen: Promise<PageOutcome>;
  run: (operation: PageOperation) => Promise<PageOutcome>;
}

export const BENCH_GLOBAL = 'trawlQueryBench';
