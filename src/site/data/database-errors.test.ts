import { describe, expect, it } from 'vitest';
import {
  classifyDatabaseError,
  DatabaseError,
  needsNewWorker,
  toDatabaseError,
  withTimeout,
} from './database-errors.ts';

describe('classifyDatabaseError', () => {
  it.each([
    'doXHR failed (bug)!',
    'database disk image is malformed',
    'recursively defined fts5 content table',
    "Couldn't load http://127.0.0.1/db/v1/db.sqlite3.002. Status: 404",
    'only 100 bytes available! programmer error!',
    "Failed to execute 'send' on 'XMLHttpRequest': Failed to load 'http://127.0.0.1/db/v1/db.sqlite3.000'.",
  ])('treats %s as a transport failure that needs a new worker', (message) => {
    expect(classifyDatabaseError(new Error(message))).toBe('transport');
    expect(needsNewWorker(new Error(message))).toBe(true);
  });

  it("treats the browser's network errors as transport failures, whatever their message", () => {
    const cut = Object.assign(new Error('A network error occurred.'), { name: 'NetworkError' });
    expect(classifyDatabaseError(cut)).toBe('transport');
    expect(toDatabaseError(cut)).toMatchObject({ kind: 'transport' });
  });

  it('treats other SQLite errors as query errors that keep the worker', () => {
    for (const message of ['fts5: syntax error near "*"', 'no such table: words_fts_terms']) {
      expect(classifyDatabaseError(new Error(message))).toBe('query');
      expect(needsNewWorker(message)).toBe(false);
    }
  });

  it('keeps the kind of a DatabaseError and wraps anything else', () => {
    const timeout = new DatabaseError('timeout', 'slow');
    expect(toDatabaseError(timeout)).toBe(timeout);
    expect(needsNewWorker(timeout)).toBe(true);
    const wrapped = toDatabaseError('plain string');
    expect(wrapped).toBeInstanceOf(DatabaseError);
    expect(wrapped.message).toBe('plain string');
    expect(wrapped.kind).toBe('query');
  });
});

describe('withTimeout', () => {
  it('passes a prompt answer through', async () => {
    await expect(withTimeout(Promise.resolve(3), 1000, 'x')).resolves.toBe(3);
  });

  it('rejects with a timeout error when nothing answers', async () => {
    const never = new Promise<number>(() => undefined);
    await expect(withTimeout(never, 20, 'a database query')).rejects.toMatchObject({
      kind: 'timeout',
      message: 'Timed out after 0 s: a database query',
    });
  });
});
