/**
 * The site database's life cycle over its workers, apart from how a worker is started
 * (database.ts) so it can be tested in Node: one current worker, pinned to the version the page
 * first read; a transport failure, corruption or timeout drops it and the next call opens a new
 * one on the same version.
 *
 * Two rules keep one bad request from breaking the page for good:
 * - A failure drops the worker it happened on, never its successor. A broken worker often
 *   fails several queued queries one after the other (the first with the host's error, the
 *   next with SQLite's 'malformed'); by then the page may have opened a new worker already.
 * - A dropped worker ends only once no query waits on it. Its queries come back through the
 *   database's own message port, its control calls through another, and a worker asked to stop
 *   on one port may never read what is queued on the other: those queries would spin until
 *   their timeout. Ending it from the page also stops a worker stuck in a stalled request.
 */
import type { DbConfig } from '../../core/site-config.ts';
import type { DatabaseStats, QueryOptions, SqlValue, TrawlDatabase } from './database-types.ts';
import {
  classifyDatabaseError,
  DatabaseError,
  needsNewWorker,
  toDatabaseError,
  withTimeout,
} from './database-errors.ts';
import type { ResolvedDbConfig } from './db-config.ts';
import type { RowLookup } from './row-paths.ts';

/** A started worker with its database open. */
export interface OpenWorker {
  resolved: ResolvedDbConfig;
  /** Runs one statement; rows as objects. */
  query(sql: string, params: SqlValue[], options?: QueryOptions): Promise<unknown>;
  /** Fetches the pages on the way to these rows (decision 0086). */
  prefetchRows(rows: readonly RowLookup[]): Promise<void>;
  stats(): Promise<DatabaseStats | null>;
  /** Ends the worker at once. */
  terminate(): void;
}

/**
 * Starts a worker and opens the database in it: the version folder `versionUrl` when given,
 * else the one latest.json names. Rejects with a DatabaseError (the open has its own timeout).
 */
export type ConnectWorker = (versionUrl: string | undefined) => Promise<OpenWorker>;

/** A worker of this database and the queries still waiting on it. */
interface Connection {
  open: OpenWorker;
  /** Queries sent and not yet answered, failed or timed out. */
  pending: number;
  /** Dropped: ends once `pending` is 0. */
  dropped: boolean;
}

/**
 * Longest wait for a row prefetch (decision 0086): the worker's own waits end a stalled one
 * after 1 s, unless a body is still arriving; past this the queries go ahead and SQLite reads
 * whatever has not come.
 */
export const PREFETCH_TIMEOUT_MS = 3_000;

function endIfIdle(connection: Connection): void {
  if (connection.dropped && connection.pending === 0) connection.open.terminate();
}

/** Runs `work`, a call sent to `connection`'s worker, counted as pending while it runs. */
async function whilePending<T>(connection: Connection, work: () => Promise<T>): Promise<T> {
  connection.pending += 1;
  try {
    return await work();
  } finally {
    connection.pending -= 1;
    endIfIdle(connection);
  }
}

/** The site's database over workers that `connect` starts. */
export function createWorkerDatabase(
  connect: ConnectWorker,
  /** `queryTimeoutMs` overrides the version's own `site.queryTimeoutSeconds`. */
  options: { queryTimeoutMs?: number } = {},
): TrawlDatabase {
  let current: Promise<Connection> | null = null;
  /** How long one query may take on `connection`'s version (`site.queryTimeoutSeconds`). */
  const queryTimeoutOf = (connection: Connection): number =>
    options.queryTimeoutMs ?? connection.open.resolved.config.site.queryTimeoutSeconds * 1000;
  // The version this page has read from. A new worker stays on it: rows from two versions
  // (whose ids differ) must never meet in one page. A reload picks up a newer version.
  let pinnedVersionUrl: string | undefined;

  const connection = (): Promise<Connection> => {
    if (current === null) {
      const attempt = connect(pinnedVersionUrl).then((open): Connection => ({
        open,
        pending: 0,
        dropped: false,
      }));
      current = attempt;
      attempt.then(
        ({ open }) => {
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

  /**
   * The current connection, tried once more when its open fails:
   * - on a transport error, which may be one cut-off request;
   * - on any failure that needs a new worker, when this call joined an open already under way:
   *   that open may have met a fault that ended before this call was made (a worker re-created
   *   after a failed search, whose host check was answered while the host still ignored Range,
   *   would otherwise fail the visitor's next search too).
   */
  const usable = async (): Promise<{ attempt: Promise<Connection>; open: Connection }> => {
    const joined = current !== null;
    const first = connection();
    try {
      return { attempt: first, open: await first };
    } catch (error) {
      const transport = classifyDatabaseError(error) === 'transport';
      if (!transport && !(joined && needsNewWorker(error))) throw error;
      const second = connection();
      return { attempt: second, open: await second };
    }
  };

  /** Drops `attempt` if it is still the current connection (by default, whatever is). */
  const drop = (attempt: Promise<Connection> | null = current): void => {
    if (attempt === null || attempt !== current) return;
    current = null;
    attempt.then(
      (dropped) => {
        dropped.dropped = true;
        endIfIdle(dropped);
      },
      () => undefined,
    );
  };

  return {
    async open(): Promise<DbConfig> {
      return (await usable()).open.open.resolved.config;
    },
    async query<T>(
      sql: string,
      params: readonly SqlValue[] = [],
      queryOptions: QueryOptions = {},
    ): Promise<T[]> {
      const { attempt, open } = await usable();
      queryOptions.signal?.throwIfAborted();
      return whilePending(open, async () => {
        try {
          const rows: unknown = await withTimeout(
            open.open.query(sql, [...params], queryOptions),
            queryTimeoutOf(open),
            'a database query',
          );
          if (!Array.isArray(rows))
            throw new DatabaseError('transport', 'The worker returned no rows');
          // Rows of a database Trawl built itself: the SQL's column list is their shape.
          return rows as T[];
        } catch (error) {
          const failure = toDatabaseError(error);
          if (needsNewWorker(failure)) drop(attempt);
          throw failure;
        }
      });
    },
    async prefetchRows(rows: readonly RowLookup[]): Promise<void> {
      const { open } = await usable();
      // Its own short limit: a worker held up by a stalled read answers the queries that follow
      // no sooner, and they have their own timeouts (the query's would add up).
      await whilePending(open, () =>
        withTimeout(
          open.open.prefetchRows(rows),
          Math.min(PREFETCH_TIMEOUT_MS, queryTimeoutOf(open)),
          'fetching rows ahead',
        ),
      );
    },
    async recreate() {
      drop();
      await connection();
    },
    async stats() {
      if (current === null) return null;
      return (await current).open.stats();
    },
  };
}
