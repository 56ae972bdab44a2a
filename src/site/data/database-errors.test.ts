import { describe, expect, it } from 'vitest';
import {
  classifyDatabaseError,
  DatabaseError,
  needsNewWorker,
  toDatabaseError,
  withTimeout,
} from './database-errors.ts';
import { latestUrl, latestVersionFrom, resolveDbConfig } from './db-config.ts';

describe('classifyDatabaseError', () => {
  it.each([
    'doXHR failed (bug)!',
    'database disk image is malformed',
    'recursively defined fts5 content table',
    "Couldn't load http://127.0.0.1/db/v1/db.sqlite3.002. Status: 404",
    'only 100 bytes available! programmer error!',
  ])('treats %s as a transport failure that needs a new worker', (message) => {
    expect(classifyDatabaseError(new Error(message))).toBe('transport');
    expect(needsNewWorker(new Error(message))).toBe(true);
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

describe('latest.json and config.json', () => {
  const config = {
    version: 'v1-abc',
    serverMode: 'chunked',
    requestChunkSize: 16384,
    databaseLengthBytes: 294912,
    serverChunkSize: 8388608,
    urlPrefix: 'db.sqlite3.',
    suffixLength: 3,
    site: { title: 'Fixture Facts', pageSize: 5 },
  };

  it('cache-busts latest.json', () => {
    expect(latestUrl('/db/', 1700000000000)).toBe('/db/latest.json?t=1700000000000');
    expect(latestUrl('https://x.example.org/sub/db', 5)).toBe(
      'https://x.example.org/sub/db/latest.json?t=5',
    );
  });

  it('resolves the version folder and the chunk prefix to absolute URLs', () => {
    const version = latestVersionFrom(
      { latest: 'v1-abc' },
      'http://127.0.0.1:8080/sub/db',
    ).versionUrl;
    expect(version).toBe('http://127.0.0.1:8080/sub/db/v1-abc/');
    const resolved = resolveDbConfig(config, version);
    expect(resolved.chunkUrlPrefix).toBe('http://127.0.0.1:8080/sub/db/v1-abc/db.sqlite3.');
    expect(resolved.config.site.title).toBe('Fixture Facts');
    expect(resolved.config.site.minSearchLength).toBe(3);
  });

  it('rejects malformed files with a message that names the problem', () => {
    expect(() => latestVersionFrom({ latest: '../../etc' }, 'http://h/db/')).toThrow(
      /Invalid latest.json/,
    );
    expect(() => latestVersionFrom([], 'http://h/db/')).toThrow(/Invalid latest.json/);
    expect(() => resolveDbConfig({ ...config, serverMode: 'full' }, 'http://h/db/v1/')).toThrow(
      /Invalid config.json at http:\/\/h\/db\/v1\/: serverMode/,
    );
    expect(() =>
      resolveDbConfig({ ...config, urlPrefix: 'https://evil.example/' }, 'http://h/db/v1/'),
    ).toThrow(/urlPrefix/);
  });
});
