/**
 * The one owner of the database worker (the official SQLite wasm build reading the chunked
 * database over HTTP range requests, `sqlite-engine.worker.ts`). Everything else talks to
 * `QueryRunner`, so the engine can be swapped here alone
 * (docs/decisions/0001-in-browser-sqlite.md, 0016-official-sqlite-wasm.md).
 *
 * Every call has a timeout. Transport and corruption errors and timeouts drop the worker; the
 * next call opens a fresh one on the same version, so one bad request never breaks the page
 * for good and a page never mixes two versions (database-connections.ts).
 */
import { createWorkerDatabase, type OpenWorker } from './database-connections.ts';
import type { DbConfig } from '../../core/site-config.ts';
import type { DatabaseStats, TrawlDatabase } from './database-types.ts';
import { toDatabaseError, withTimeout } from './database-errors.ts';
import { chunkUrl, dbBaseUrl, loadDbConfig, type ResolvedDbConfig } from './db-config.ts';
import { startEngine, type EngineClient } from './engine-client.ts';
import { checkDatabaseHost } from './host-check.ts';
import { chunkFileUrl } from './http-pages.ts';
import { forwardWarmBurst, warmKey, type PageBurst } from './page-warm.ts';
import { capRowLookups } from './row-paths.ts';
import { warmRequests } from './warm-burst.ts';

export interface DatabaseOptions {
  /** Folder of latest.json; default `${BASE_URL}db`. */
  dbBase?: string;
  /** Longest wait for latest.json, config.json and the worker to start. */
  openTimeoutMs?: number;
  /** Longest wait for one query; default the version's `site.queryTimeoutSeconds` (30). */
  queryTimeoutMs?: number;
  /**
   * The version a pre-rendered page was rendered from, with its config: the page stays on it
   * (a page never shows rows of two versions) and reads neither latest.json nor config.json.
   */
  pinned?: DbConfig;
  /** Nothing starts (worker, wasm, requests) before this settles: the page's first paint. */
  startAfter?: Promise<void>;
}

const DEFAULT_OPEN_TIMEOUT_MS = 30_000;

/** The counters a 'stats' answer carries, or null before the database is open. */
function statsOf(value: unknown): DatabaseStats | null {
  if (typeof value !== 'object' || value === null) return null;
  const read = (key: string): number => {
    const field: unknown = Reflect.get(value, key);
    return typeof field === 'number' ? field : 0;
  };
  return {
    totalRequests: read('totalRequests'),
    totalFetchedBytes: read('totalFetchedBytes'),
    totalBytes: read('totalBytes'),
  };
}

/** What the page needs of an open worker. */
function openWorker(resolved: ResolvedDbConfig, engine: EngineClient): OpenWorker {
  return {
    resolved,
    query: (sql, params, options = {}) =>
      engine.call({
        type: 'query',
        sql,
        params,
        readAheadBytes: options.readAheadBytes,
        inflateJson: options.inflateJson,
      }),
    prefetchRows: async (rows) => {
      await engine.call({ type: 'rows', rows: capRowLookups(rows) });
    },
    stats: async () => statsOf(await engine.call({ type: 'stats' })),
    terminate: () => engine.terminate(),
  };
}

async function connect(
  dbBase: string,
  timeoutMs: number,
  versionUrl: string | undefined,
  knownConfig: DbConfig | undefined,
): Promise<OpenWorker> {
  const abort = new AbortController();
  // Started before the config is known: its wasm downloads and compiles while latest.json
  // loads (decision 0006).
  const engine = startEngine();
  // The page's warm burst, once started (an array: it is set inside `start`).
  const bursts: PageBurst[] = [];
  const start = async (): Promise<OpenWorker> => {
    const resolved = await loadDbConfig(dbBase, { signal: abort.signal, versionUrl, knownConfig });
    const { config, chunkUrlPrefix } = resolved;
    const warmPages = config.warmPages ?? [];
    const pageSize = config.requestChunkSize;
    // The warm burst from the page, now: the worker may need a second more to hear of the
    // version (decision 0068). Its requests are the worker's own, named the same way.
    const requests = warmRequests(warmPages, config, pageSize, {
      chunkUrl: (index) => chunkFileUrl(config, chunkUrlPrefix, index),
    });
    const keys = requests.map(warmKey);
    const opening = engine.call({
      type: 'open',
      layout: config,
      chunkUrlPrefix,
      pageSize,
      warmPages,
      pageWarm: keys,
    });
    // Awaited below; this keeps a failed open from being reported while the check runs.
    opening.catch(() => undefined);
    // The host check first: the open waits for it, and on HTTP/1.1 the burst's requests would
    // take the last of the host's six connections beside the worker's script and the wasm.
    const checked = checkDatabaseHost(chunkUrl(resolved, 0), {
      databaseLength: config.databaseLengthBytes,
      signal: abort.signal,
    });
    bursts.push(forwardWarmBurst(requests, (message, transfer) => engine.send(message, transfer)));
    await checked;
    await opening;
    return openWorker(resolved, engine);
  };
  try {
    return await withTimeout(start(), timeoutMs, 'opening the database');
  } catch (error) {
    abort.abort();
    // Nothing was queued on it yet.
    engine.terminate();
    throw toDatabaseError(error);
  } finally {
    // The open has taken what it waited for; a request still in flight is stalled.
    for (const burst of bursts) burst.cancel();
  }
}

/** Creates the site's database. Nothing is fetched until the first call. */
export function createDatabase(options: DatabaseOptions = {}): TrawlDatabase {
  const dbBase = options.dbBase ?? `${import.meta.env.BASE_URL}db`;
  const openTimeout = options.openTimeoutMs ?? DEFAULT_OPEN_TIMEOUT_MS;
  const { pinned, startAfter } = options;
  const pinnedUrl =
    pinned === undefined ? undefined : new URL(`${pinned.version}/`, dbBaseUrl(dbBase)).href;
  const open = async (versionUrl: string | undefined): Promise<OpenWorker> => {
    await startAfter;
    const target = versionUrl ?? pinnedUrl;
    return connect(dbBase, openTimeout, target, target === pinnedUrl ? pinned : undefined);
  };
  return createWorkerDatabase(
    open,
    options.queryTimeoutMs === undefined ? {} : { queryTimeoutMs: options.queryTimeoutMs },
  );
}
