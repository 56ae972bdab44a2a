import { describe, expect, it } from 'vitest';
import { dbConfigSchema, type DbConfig } from '../../core/site-config.ts';
import {
  chunkUrl,
  latestUrl,
  latestVersionFrom,
  loadDbConfig,
  resolveDbConfig,
} from './db-config.ts';

const config: DbConfig = dbConfigSchema.parse({
  version: 'v1-abc',
  serverMode: 'chunked',
  requestChunkSize: 16384,
  databaseLengthBytes: 294912,
  serverChunkSize: 8388608,
  urlPrefix: 'db.sqlite3.',
  suffixLength: 3,
  site: { title: 'Fixture Facts', pageSize: 5 },
});

/** A static host of JSON files: answers the paths it has, 404 for the rest, and logs each URL. */
function host(files: Record<string, unknown>): { fetchImpl: typeof fetch; asked: string[] } {
  const asked: string[] = [];
  const fetchImpl: typeof fetch = (input) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    asked.push(url.pathname);
    const body = files[url.pathname];
    return Promise.resolve(
      body === undefined
        ? new Response('not found', { status: 404 })
        : new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } }),
    );
  };
  return { fetchImpl, asked };
}

describe('loadDbConfig', () => {
  it('takes the config latest.json carries, without asking for config.json', async () => {
    const { fetchImpl, asked } = host({ '/db/latest.json': { latest: 'v1-abc', config } });
    const resolved = await loadDbConfig('http://127.0.0.1/db', { fetchImpl, now: 7 });
    expect(asked).toEqual(['/db/latest.json']);
    expect(resolved.config.site.title).toBe('Fixture Facts');
    expect(resolved.chunkUrlPrefix).toBe('http://127.0.0.1/db/v1-abc/db.sqlite3.');
    expect(chunkUrl(resolved, 0)).toBe('http://127.0.0.1/db/v1-abc/db.sqlite3.000');
    expect(chunkUrl(resolved, 12)).toBe('http://127.0.0.1/db/v1-abc/db.sqlite3.012');
  });

  it('reads config.json when latest.json only names the version', async () => {
    const { fetchImpl, asked } = host({
      '/db/latest.json': { latest: 'v1-abc' },
      '/db/v1-abc/config.json': config,
    });
    const resolved = await loadDbConfig('http://127.0.0.1/db', { fetchImpl });
    expect(asked).toEqual(['/db/latest.json', '/db/v1-abc/config.json']);
    expect(resolved.versionUrl).toBe('http://127.0.0.1/db/v1-abc/');
  });

  it('re-opens a pinned version from its config.json, never latest.json', async () => {
    const { fetchImpl, asked } = host({ '/db/v1-abc/config.json': config });
    await loadDbConfig('http://127.0.0.1/db', {
      fetchImpl,
      versionUrl: 'http://127.0.0.1/db/v1-abc/',
    });
    expect(asked).toEqual(['/db/v1-abc/config.json']);
  });

  it('rejects an inlined config of another version, or a damaged one, naming the field', () => {
    expect(() => latestVersionFrom({ latest: 'v2-def', config }, 'http://127.0.0.1/db/')).toThrow(
      /Invalid latest.json: config.version: config.version must be the version/,
    );
    expect(() =>
      latestVersionFrom(
        { latest: 'v1-abc', config: { ...config, urlPrefix: '../x' } },
        'http://127.0.0.1/db/',
      ),
    ).toThrow(/Invalid latest.json: config.urlPrefix/);
  });
});

describe('latest.json and config.json', () => {
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

  it('resolves chunks named by their bytes beside the version folders, and refuses a list that names anything else', () => {
    const hashes = ['0123456789abcdef0123456789abcdef', 'fedcba9876543210fedcba9876543210'];
    const listed = { ...config, databaseLengthBytes: 100_000, serverChunkSize: 65_536 };
    const resolved = resolveDbConfig({ ...listed, chunks: hashes }, 'http://h/sub/db/v1-abc/');
    expect(chunkUrl(resolved, 1)).toBe(`http://h/sub/db/chunks/${hashes[1] ?? ''}.bin`);
    for (const hostile of [
      '../x',
      '../../etc/passwd',
      'https://evil.example/chunk',
      '//evil.example/chunk',
      '0123456789ABCDEF0123456789ABCDEF',
      `${hashes[0] ?? ''}/..`,
    ]) {
      expect(() =>
        resolveDbConfig({ ...listed, chunks: [hashes[0], hostile] }, 'http://h/db/v1/'),
      ).toThrow(/Invalid config.json at http:\/\/h\/db\/v1\/: chunks\.1: must be 32 hex digits/);
      expect(() =>
        latestVersionFrom(
          { latest: 'v1', config: { ...listed, version: 'v1', chunks: [hostile, hashes[1]] } },
          'http://h/db/',
        ),
      ).toThrow(/Invalid latest.json: config.chunks.0/);
    }
    // One hash per chunk: a list too short or too long would read the wrong file.
    expect(() => resolveDbConfig({ ...listed, chunks: [hashes[0]] }, 'http://h/db/v1/')).toThrow(
      /chunks: must list one chunk per serverChunkSize bytes/,
    );
  });
});
