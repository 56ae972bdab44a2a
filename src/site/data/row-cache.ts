import type { QueryRunner } from './database-types.ts';

/** One row's read, shared by every caller that asked for it while it was on its way. */
interface SharedRead<T> {
  promise: Promise<T>;
  abort: AbortController;
  /** Callers still waiting for it; one that gave no signal waits for good. */
  waiting: number;
  /** It has arrived: kept for the visit, whoever gives up. */
  arrived: boolean;
}

/** Every cache `cachedByRow` made, so that `forgetRows` reaches them all. */
const rowCaches: WeakMap<QueryRunner, unknown>[] = [];

/**
 * Forgets every row read from `db` through `cachedByRow`: the pre-renderer reads all of a
 * build's pages through one database, and a page's transcript is its own (src/site/prerender).
 */
export function forgetRows(db: QueryRunner): void {
  for (const cache of rowCaches) cache.delete(db);
}

/**
 * Wraps a read of one row by id so each row is read once per database: the promise is kept
 * (callers asking at the same time share it), and a failed read is forgotten, so the next
 * call tries again.
 *
 * A caller may pass a signal: once every caller of a read still on its way has given up, the
 * read is cancelled (the database then does not send a query nobody waits for, which would
 * hold up the ones behind it: the suggestions of a word already submitted read a page before
 * the search's own, decision 0069) and forgotten. The release waits a microtask, because React
 * ends an effect before it starts the next one: a new key asking for the same row joins the
 * read before its old key's abort could end it.
 */
export function cachedByRow<T>(
  read: (db: QueryRunner, id: number, signal: AbortSignal) => Promise<T>,
): (db: QueryRunner, id: number, signal?: AbortSignal) => Promise<T> {
  const cache = new WeakMap<QueryRunner, Map<number, SharedRead<T>>>();
  rowCaches.push(cache);
  return (db, id, signal) => {
    let byId = cache.get(db);
    if (!byId) {
      byId = new Map();
      cache.set(db, byId);
    }
    const rows = byId;
    let entry = rows.get(id);
    if (entry === undefined) {
      const abort = new AbortController();
      const pending = read(db, id, abort.signal);
      const created: SharedRead<T> = { promise: pending, abort, waiting: 0, arrived: false };
      entry = created;
      rows.set(id, created);
      pending.then(
        () => {
          created.arrived = true;
        },
        () => {
          if (rows.get(id) === created) rows.delete(id);
        },
      );
    }
    const shared = entry;
    shared.waiting += 1;
    if (signal !== undefined) {
      const release = (): void => {
        queueMicrotask(() => {
          shared.waiting -= 1;
          if (shared.waiting > 0 || shared.arrived || shared.abort.signal.aborted) return;
          shared.abort.abort(signal.reason);
          if (rows.get(id) === shared) rows.delete(id);
        });
      };
      if (signal.aborted) release();
      else signal.addEventListener('abort', release, { once: true });
    }
    return shared.promise;
  };
}
