/**
 * The engine's row prefetch (decision 0086): before a search runs its lookups, the pages on the
 * way to every row it will read are fetched level by level, each level's pages in parallel
 * (row-paths.ts finds them in the pages already cached), and kept in the page cache, where
 * SQLite's own reads then find them. A search whose word rows sit on two leaves below warm
 * roots waits one round trip for both, not one each.
 *
 * A hint, never a new way to fail: the fetches are the warm burst's (warm-burst.ts), whose
 * wrong or failed answers are dropped without a word; a page that did not arrive is not asked
 * for again here, and SQLite's own read of it meets whatever that was.
 */
import type { ChunkLayout } from '../../core/chunk-layout.ts';
import { pageRuns } from '../../core/warm-pages.ts';
import type { HttpPages } from './http-pages.ts';
import { MAX_ROW_LOOKUPS, missingOnPath, type RowLookup } from './row-paths.ts';
import type { OpenDatabase } from './sqlite-http-vfs.ts';
import { startWarmBurst, warmRequests, type WarmRequest, type WarmWaits } from './warm-burst.ts';

/** What a prefetch reads: the open database's pages, its layout, its tables' root pages. */
export interface RowPrefetchTarget {
  pages: HttpPages;
  layout: ChunkLayout;
  pageSize: number;
  /** Each table's root page (SQLite's page number), by name. */
  roots: ReadonlyMap<string, number>;
}

/** Each table's root page, from the schema (cached since the open: no request). */
export function rootPages(db: OpenDatabase): Map<string, number> {
  const rows = db.query("SELECT name, rootpage FROM sqlite_schema WHERE type = 'table'", []);
  const roots = new Map<string, number>();
  for (const row of rows) {
    const name: unknown = Reflect.get(Object(row), 'name');
    const root: unknown = Reflect.get(Object(row), 'rootpage');
    if (typeof name === 'string' && typeof root === 'number') roots.set(name, root);
  }
  return roots;
}

/**
 * Requests fetched at once, the first range of each chunk file through the HTTP cache (a later
 * visit finds it there, as it finds SQLite's own reads) and any other of the same file past it:
 * it would wait for the first's cache entry (warm-burst.ts).
 */
export function throughCache(requests: readonly WarmRequest[]): WarmRequest[] {
  const files = new Set<string>();
  return requests.map((request) => {
    const first = !files.has(request.url);
    files.add(request.url);
    return { ...request, cache: first ? 'default' : 'no-store' };
  });
}

/** What one prefetch did: rounds of parallel requests, and requests in all. */
export interface RowPrefetchReport {
  rounds: number;
  requests: number;
}

/**
 * Fetches the pages on the way to the rows of `lookups` that the page cache lacks, a level of
 * the B-trees at a time; settles when every way ends in a cached leaf (or cannot be followed).
 */
export async function prefetchRows(
  target: RowPrefetchTarget,
  lookups: readonly RowLookup[],
  fetchImpl: typeof fetch = fetch,
  waits?: Partial<WarmWaits>,
): Promise<RowPrefetchReport> {
  const { pages, layout, pageSize, roots } = target;
  const pageCount = Math.ceil(layout.databaseLengthBytes / pageSize);
  const wanted: [root: number, rowid: number][] = [];
  for (const { table, ids } of lookups) {
    const root = roots.get(table);
    if (root === undefined) continue;
    for (const id of ids) if (Number.isSafeInteger(id)) wanted.push([root, id]);
  }
  wanted.length = Math.min(wanted.length, MAX_ROW_LOOKUPS);
  const peek = (pageno: number): Uint8Array | undefined => pages.peek(pageno - 1);
  const asked = new Set<number>();
  const report: RowPrefetchReport = { rounds: 0, requests: 0 };
  for (;;) {
    const missing = new Set<number>();
    for (const [root, rowid] of wanted) {
      const pageno = missingOnPath(root, rowid, peek, pageCount);
      if (pageno !== null && !asked.has(pageno)) missing.add(pageno);
    }
    if (missing.size === 0) return report;
    for (const pageno of missing) asked.add(pageno);
    const requests = throughCache(warmRequests(pageRuns(missing), layout, pageSize, pages));
    report.rounds += 1;
    report.requests += requests.length;
    await startWarmBurst(requests, fetchImpl).primeInto(pages, waits);
  }
}
