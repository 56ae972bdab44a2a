/**
 * The one owner of the database worker (sql.js-httpvfs, SQLite 3.35 in wasm reading the
 * chunked database over HTTP range requests). Everything else talks to `QueryRunner`, so the
 * library can be swapped here alone (docs/decisions/0001-in-browser-sqlite.md).
 *
 * Every call has a timeout. Transport and corruption errors and timeouts drop the worker; the
 * next call opens a fresh one on the same version, so one bad request never breaks the page
 * for good and a page never mixes two versions.
 */
import * as Comlink from 'comlink';
import type { WorkerHttpvfs } from 'sql.js-httpvfs';
import type { SplitFileConfig, SqliteComlinkMod } from 'sql.js-httpvfs/dist/sqlite.worker';
// Both served by Vite; vite-sqlite-worker-plugin.ts patches the worker at build time.
import workerUrl from 'sql.js-httpvfs/dist/sqlite.worker.js?url';
import wasmUrl from 'sql.js-httpvfs/dist/sql-wasm.wasm?url';
import type { DbConfig } from '../../core/site-config.ts';
import { DatabaseError, needsNewWorker, toDatabaseError, withTimeout } from './database-errors.ts';
import { loadDbConfig, type ResolvedDbConfig } from './db-config.ts';
import { checkDatabaseHost } from './host-check.ts';
import { workerUrlWithWasm } from './sqlite-worker-patch.ts';

/** A value SQLite can bind. */
export type SqlValue = string | number | null;

/** What the query functions need: run SQL with bound parameters, get rows as objects. */
export interface QueryRunner {
  query<T>(sql: string, params?: readonly SqlValue[]): Promise<T[]>;
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

export interface DatabaseOptions {
  /** Folder of latest.json; default `${BASE_URL}db`. */
  dbBase?: string;
  /** Longest wait for latest.json, config.json and the worker to start. */
  openTimeoutMs?: number;
  /** Longest wait for one query. */
  queryTimeoutMs?: number;
}

interface Connection {
  resolved: ResolvedDbConfig;
  worker: WorkerHttpvfs;
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

async function connect(
  dbBase: string,
  timeoutMs: number,
  versionUrl: string | undefined,
): Promise<Connection> {
  const abort = new AbortController();
  const started = startWorker();
  const start = async (): Promise<Connection> => {
    const resolved = await loadDbConfig(dbBase, { signal: abort.signal, versionUrl });
    const { config, chunkUrlPrefix } = resolved;
    const opening = openInWorker(started, [
      {
        from: 'inline',
        config: {
          serverMode: 'chunked',
          requestChunkSize: config.requestChunkSize,
          databaseLengthBytes: config.databaseLengthBytes,
          serverChunkSize: config.serverChunkSize,
          urlPrefix: chunkUrlPrefix,
          suffixLength: config.suffixLength,
        },
      },
    ]);
    // Awaited below; this keeps a failed open from being reported while the check runs.
    opening.catch(() => undefined);
    const firstChunk = `${chunkUrlPrefix}${'0'.padStart(config.suffixLength, '0')}`;
    await checkDatabaseHost(firstChunk, {
      databaseLength: config.databaseLengthBytes,
      signal: abort.signal,
    });
    return { resolved, worker: await opening };
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

/**
 * Asks a worker to stop once it is free: queries already queued on it still answer (it may be
 * stuck in a synchronous request, which the query timeout then reports).
 */
function release(connection: Promise<Connection>): void {
  connection.then(
    (open) => {
      open.worker.worker.evalCode('self.close()').catch(() => undefined);
    },
    () => undefined,
  );
}

/** Creates the site's database. Nothing is fetched until the first call. */
export function createDatabase(options: DatabaseOptions = {}): TrawlDatabase {
  const dbBase = options.dbBase ?? `${import.meta.env.BASE_URL}db`;
  const openTimeout = options.openTimeoutMs ?? DEFAULT_OPEN_TIMEOUT_MS;
  const queryTimeout = options.queryTimeoutMs ?? DEFAULT_QUERY_TIMEOUT_MS;
  let current: Promise<Connection> | null = null;
  // The version this page has read from. A new worker stays on it: rows from two versions
  // (whose ids differ) must never meet in one page. A reload picks up a newer version.
  let pinnedVersionUrl: string | undefined;

  const connection = (): Promise<Connection> => {
    if (current === null) {
      const attempt = connect(dbBase, openTimeout, pinnedVersionUrl);
      current = attempt;
      attempt.then(
        (open) => {
          pinnedVersionUrl ??= open.resolved.versionUrl;
        },
        // A failed open is not cached: the next call tries again.
        () => {
          if (current === attempt) current = null;
        },
      );
    }
    return current;
  };

  const drop = (): void => {
    if (current !== null) release(current);
    current = null;
  };

  return {
    async open() {
      return (await connection()).resolved.config;
    },
    async query<T>(sql: string, params: readonly SqlValue[] = []): Promise<T[]> {
      const open = await connection();
      try {
        const rows: unknown = await withTimeout(
          open.worker.db.query(sql, [...params]),
          queryTimeout,
          'a database query',
        );
        if (!Array.isArray(rows))
          throw new DatabaseError('transport', 'The worker returned no rows');
        // Rows of a database Trawl built itself: the SQL's column list is their shape.
        return rows as T[];
      } catch (error) {
        const failure = toDatabaseError(error);
        if (needsNewWorker(failure)) drop();
        throw failure;
      }
    },
    async recreate() {
      drop();
      await connection();
    },
    async stats() {
      if (current === null) return null;
      const open = await current;
      const stats = await open.worker.worker.getStats();
      if (stats === null) return null;
      const { totalRequests, totalFetchedBytes, totalBytes } = stats;
      return { totalRequests, totalFetchedBytes, totalBytes };
    },
  };
}
