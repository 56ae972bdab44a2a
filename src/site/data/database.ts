/**
 * The one owner of the database worker (sql.js-httpvfs, SQLite 3.35 in wasm reading the
 * chunked database over HTTP range requests). Everything else talks to `QueryRunner`, so the
 * library can be swapped here alone (docs/decisions/0001-in-browser-sqlite.md).
 *
 * Every call has a timeout. Transport and corruption errors and timeouts drop the worker; the
 * next call opens a fresh one on the same version, so one bad request never breaks the page
 * for good and a page never mixes two versions (database-connections.ts).
 */
import * as Comlink from 'comlink';
import type { WorkerHttpvfs } from 'sql.js-httpvfs';
import type { SplitFileConfig, SqliteComlinkMod } from 'sql.js-httpvfs/dist/sqlite.worker';
// Both served by Vite; vite-sqlite-worker-plugin.ts patches the worker at build time.
import workerUrl from 'sql.js-httpvfs/dist/sqlite.worker.js?url';
import wasmUrl from 'sql.js-httpvfs/dist/sql-wasm.wasm?url';
import { createWorkerDatabase, type OpenWorker } from './database-connections.ts';
import type { DbConfig } from '../../core/site-config.ts';
import type { TrawlDatabase } from './database-types.ts';
import { toDatabaseError, withTimeout } from './database-errors.ts';
import { chunkUrl, dbBaseUrl, loadDbConfig, workerFileConfig } from './db-config.ts';
import { checkDatabaseHost } from './host-check.ts';
import { workerUrlWithWasm } from './sqlite-worker-patch.ts';

export interface DatabaseOptions {
  /** Folder of latest.json; default `${BASE_URL}db`. */
  dbBase?: string;
  /** Longest wait for latest.json, config.json and the worker to start. */
  openTimeoutMs?: number;
  /** Longest wait for one query. */
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
const DEFAULT_QUERY_TIMEOUT_MS = 30_000;

let transferHandlerSet = false;

/**
 * The worker sends its database object back as a MessagePort under sql.js-httpvfs's own
 * transfer-handler name; this side wraps the port (what the library's `createDbWorker` does
 * with its bundled Comlink).
 */
function setTransferHandler(): void {
  if (transferHandlerSet) return;
  transferHandlerSet = true;
  Comlink.transferHandlers.set('WORKERSQLPROXIES', {
    canHandle: (_value: unknown): _value is never => false,
    serialize: () => {
      throw new Error('The page never sends a database to the worker');
    },
    deserialize: (port: MessagePort) => {
      port.start();
      return Comlink.wrap(port);
    },
  });
}

/**
 * Starts the worker before the config is known: the patched worker downloads and compiles the
 * wasm at once, while latest.json loads (docs/decisions/0002-worker-chunk-boundary-patch.md).
 */
function startWorker(): { thread: Worker; api: Comlink.Remote<SqliteComlinkMod> } {
  setTransferHandler();
  const wasm = new URL(wasmUrl, document.baseURI).href;
  const thread = new Worker(workerUrlWithWasm(new URL(workerUrl, document.baseURI).href, wasm));
  return { thread, api: Comlink.wrap<SqliteComlinkMod>(thread) };
}

/** Opens the database in a started worker (the library's `createDbWorker`, split in two). */
async function openInWorker(
  started: { api: Comlink.Remote<SqliteComlinkMod> },
  configs: SplitFileConfig[],
): Promise<WorkerHttpvfs> {
  const wasm = new URL(wasmUrl, document.baseURI).href;
  const db: unknown = await started.api.SplitFileHttpDatabase(wasm, configs);
  // The transfer handler above made `db` a Comlink proxy of the worker's database.
  return { db: db as WorkerHttpvfs['db'], worker: started.api, configs };
}

/** What the page needs of an open worker. */
function openWorker(
  resolved: OpenWorker['resolved'],
  { db, worker }: WorkerHttpvfs,
  thread: Worker,
): OpenWorker {
  return {
    resolved,
    query: (sql, params) => db.query(sql, params),
    stats: async () => {
      const stats = await worker.getStats();
      if (stats === null) return null;
      const { totalRequests, totalFetchedBytes, totalBytes } = stats;
      return { totalRequests, totalFetchedBytes, totalBytes };
    },
    terminate: () => thread.terminate(),
  };
}

async function connect(
  dbBase: string,
  timeoutMs: number,
  versionUrl: string | undefined,
  knownConfig: DbConfig | undefined,
): Promise<OpenWorker> {
  const abort = new AbortController();
  const started = startWorker();
  const start = async (): Promise<OpenWorker> => {
    const resolved = await loadDbConfig(dbBase, { signal: abort.signal, versionUrl, knownConfig });
    const { config, chunkUrlPrefix } = resolved;
    const opening = openInWorker(started, [workerFileConfig(config, chunkUrlPrefix)]);
    // Awaited below; this keeps a failed open from being reported while the check runs.
    opening.catch(() => undefined);
    await checkDatabaseHost(chunkUrl(resolved, 0), {
      databaseLength: config.databaseLengthBytes,
      signal: abort.signal,
    });
    return openWorker(resolved, await opening, started.thread);
  };
  try {
    return await withTimeout(start(), timeoutMs, 'opening the database');
  } catch (error) {
    abort.abort();
    // Nothing was queued on it yet.
    started.thread.terminate();
    throw toDatabaseError(error);
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
  return createWorkerDatabase(open, {
    queryTimeoutMs: options.queryTimeoutMs ?? DEFAULT_QUERY_TIMEOUT_MS,
  });
}
