import type { QueryRunner } from './database-types.ts';

/**
 * Wraps a read of one row by id so each row is read once per database: the promise is kept
 * (callers asking at the same time share it), and a failed read is forgotten, so the next
 * call tries again.
 */
export function cachedByRow<T>(
  read: (db: QueryRunner, id: number) => Promise<T>,
): (db: QueryRunner, id: number) => Promise<T> {
  const cache = new WeakMap<QueryRunner, Map<number, Promise<T>>>();
  return (db, id) => {
    let byId = cache.get(db);
    if (!byId) {
      byId = new Map();
      cache.set(db, byId);
    }
    const cached = byId.get(id);
    if (cached) return cached;
    const pending = read(db, id);
    const rows = byId;
    rows.set(id, pending);
    pending.catch(() => {
      if (rows.get(id) === pending) rows.delete(id);
    });
    return pending;
  };
}
