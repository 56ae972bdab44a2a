import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { cacheControlFor, parseRange, startServer, type RunningServer } from './serve.ts';

describe('parseRange', () => {
  test('reads closed, open and suffix ranges', () => {
    expect(parseRange('bytes=0-99', 1000)).toEqual({ start: 0, end: 99 });
    expect(parseRange('bytes=900-', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseRange('bytes=-100', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseRange('bytes=990-2000', 1000)).toEqual({ start: 990, end: 999 });
  });

  test('rejects ranges past the end and ignores malformed headers', () => {
    expect(parseRange('bytes=1000-1001', 1000)).toBe('unsatisfiable');
    expect(parseRange('bytes=5-1', 1000)).toBe('unsatisfiable');
    expect(parseRange('items=0-1', 1000)).toBeUndefined();
    expect(parseRange(undefined, 1000)).toBeUndefined();
  });
});

describe('cacheControlFor', () => {
  test('keeps version folders and hashed assets for ever, revalidates the pointers', () => {
    expect(cacheControlFor('/db/v1-abc/db.sqlite3.000')).toContain('immutable');
    // Chunk files named by their bytes never change either (decision 0060).
    expect(cacheControlFor(`/db/chunks/${'0a'.repeat(16)}.bin`)).toContain('immutable');
    expect(cacheControlFor(`/sub/db/chunks/${'0a'.repeat(16)}.bin`)).toContain('immutable');
    expect(cacheControlFor('/assets/index-BQ3x9_aZ.js')).toContain('immutable');
    expect(cacheControlFor('/db/latest.json')).toBe('no-cache');
    expect(cacheControlFor('/index.html')).toBe('no-cache');
  });
});

describe('startServer', () => {
  let root: string;
  let server: RunningServer;
  const bytes = Buffer.from(Array.from({ length: 5000 }, (_, index) => index % 251));

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'trawl-serve-'));
    await mkdir(join(root, 'site'));
    await mkdir(join(root, 'db/v1'), { recursive: true });
    await writeFile(join(root, 'site/index.html'), '<!doctype html><title>t</title>');
    await writeFile(join(root, 'db/v1/db.sqlite3.000'), bytes);
    await writeFile(join(root, 'db/latest.json'), '{"latest":"v1"}');
    await writeFile(join(root, 'secret.txt'), 'outside');
    server = await startServer({
      mounts: [
        { prefix: '/db/', dir: join(root, 'db') },
        { prefix: '/', dir: join(root, 'site'), spaFallback: true },
      ],
    });
  });

  afterAll(async () => {
    await server.close();
    await rm(root, { recursive: true, force: true });
  });

  test('answers a byte range with 206, the exact bytes and no compression', async () => {
    const response = await fetch(`${server.url}/db/v1/db.sqlite3.000`, {
      headers: { Range: 'bytes=100-199', 'Accept-Encoding': 'gzip, br' },
    });
    expect(response.status).toBe(206);
    expect(response.headers.get('content-range')).toBe('bytes 100-199/5000');
    expect(response.headers.get('accept-ranges')).toBe('bytes');
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(response.headers.get('content-type')).toBe('application/octet-stream');
    expect(Buffer.from(await response.arrayBuffer())).toEqual(bytes.subarray(100, 200));
  });

  test('answers HEAD with the length and 416 for a range past the end', async () => {
    const head = await fetch(`${server.url}/db/v1/db.sqlite3.000`, { method: 'HEAD' });
    expect(head.headers.get('content-length')).toBe('5000');
    const past = await fetch(`${server.url}/db/v1/db.sqlite3.000`, {
      headers: { Range: 'bytes=6000-' },
    });
    expect(past.status).toBe(416);
  });

  test('serves JSON and HTML with their types and falls back to the SPA for routes', async () => {
    const latest = await fetch(`${server.url}/db/latest.json`);
    expect(latest.headers.get('content-type')).toContain('application/json');
    expect(latest.headers.get('cache-control')).toBe('no-cache');
    const route = await fetch(`${server.url}/episodes/14.5x`);
    expect(route.status).toBe(200);
    expect(await route.text()).toContain('<title>t</title>');
  });

  test('gives a real 404 for missing assets and never serves files outside a mount', async () => {
    expect((await fetch(`${server.url}/assets/missing.js`)).status).toBe(404);
    expect((await fetch(`${server.url}/db/v1/db.sqlite3.001`)).status).toBe(404);
    expect((await fetch(`${server.url}/episodes/14.5`)).status).toBe(200);
    expect((await fetch(`${server.url}/db/..%2Fsecret.txt`)).status).toBe(404);
    expect((await fetch(`${server.url}/%2e%2e/secret.txt`)).status).toBe(404);
  });
  test('sends ETag and Last-Modified, and answers a conditional GET with 304', async () => {
    const url = `${server.url}/db/v1/db.sqlite3.000`;
    const first = await fetch(url);
    const etag = first.headers.get('etag') ?? '';
    const lastModified = first.headers.get('last-modified') ?? '';
    expect(etag).toMatch(/^"[0-9a-f]+-1388"$/);
    expect(new Date(lastModified).getTime()).toBeGreaterThan(0);
    expect(first.headers.get('access-control-expose-headers')).toContain('ETag');
    const conditions: Record<string, string>[] = [
      { 'If-None-Match': etag },
      { 'If-None-Match': `"stale", W/${etag}` },
      { 'If-Modified-Since': lastModified },
    ];
    for (const headers of conditions) {
      const again = await fetch(url, { headers });
      expect(again.status, JSON.stringify(headers)).toBe(304);
      expect(again.headers.get('etag')).toBe(etag);
      expect((await again.arrayBuffer()).byteLength).toBe(0);
    }
    const changed = await fetch(url, { headers: { 'If-None-Match': '"stale"' } });
    expect(changed.status).toBe(200);
    expect(Buffer.from(await changed.arrayBuffer())).toEqual(bytes);
  });

  test('honours If-Range only for the current version: otherwise the whole file with 200', async () => {
    const url = `${server.url}/db/v1/db.sqlite3.000`;
    const { headers } = await fetch(url, { method: 'HEAD' });
    const etag = headers.get('etag') ?? '';
    const lastModified = headers.get('last-modified') ?? '';
    for (const ifRange of [etag, lastModified]) {
      const ranged = await fetch(url, { headers: { Range: 'bytes=10-19', 'If-Range': ifRange } });
      expect(ranged.status, ifRange).toBe(206);
      expect(Buffer.from(await ranged.arrayBuffer())).toEqual(bytes.subarray(10, 20));
    }
    for (const ifRange of ['"v0-older"', `W/${etag}`, 'Thu, 01 Jan 2026 00:00:00 GMT']) {
      const whole = await fetch(url, { headers: { Range: 'bytes=10-19', 'If-Range': ifRange } });
      expect(whole.status, ifRange).toBe(200);
      expect(whole.headers.get('content-range')).toBeNull();
      expect(Buffer.from(await whole.arrayBuffer())).toEqual(bytes);
    }
  });
});
