import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { isCompressible, negotiateCoding } from './compression.ts';
import { startServer, type RunningServer } from './serve.ts';

describe('negotiateCoding', () => {
  test('prefers brotli, then gzip, by weight', () => {
    expect(negotiateCoding('gzip, deflate, br, zstd')).toBe('br');
    expect(negotiateCoding('gzip, deflate')).toBe('gzip');
    expect(negotiateCoding('br;q=0.5, gzip;q=0.8')).toBe('gzip');
    expect(negotiateCoding('*')).toBe('br');
    expect(negotiateCoding(['gzip', 'br'])).toBe('br');
  });

  test('sends plain bytes when nothing it has is acceptable', () => {
    expect(negotiateCoding(undefined)).toBeUndefined();
    expect(negotiateCoding('')).toBeUndefined();
    expect(negotiateCoding('identity')).toBeUndefined();
    expect(negotiateCoding('br;q=0, gzip;q=0')).toBeUndefined();
    expect(negotiateCoding('*;q=0')).toBeUndefined();
    expect(negotiateCoding('gzip;q=nonsense, br;q=2')).toBe('br');
    expect(negotiateCoding(';;;,,,=q;' + 'x'.repeat(10_000))).toBeUndefined();
  });
});

describe('isCompressible', () => {
  test('compresses text and wasm, never database chunks or media', () => {
    expect(isCompressible('text/javascript; charset=utf-8')).toBe(true);
    expect(isCompressible('application/wasm')).toBe(true);
    expect(isCompressible('image/svg+xml')).toBe(true);
    expect(isCompressible('application/octet-stream')).toBe(false);
    expect(isCompressible('image/png')).toBe(false);
    expect(isCompressible('audio/mpeg')).toBe(false);
  });
});

interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A request whose body comes back as sent (fetch would decode it). */
function rawGet(
  url: string,
  headers: Record<string, string>,
  method = 'GET',
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (part: Buffer) => parts.push(part));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(parts) }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('trawl serve compresses as hosts do', () => {
  let root: string;
  let server: RunningServer;
  const script = Buffer.from('export const words = ["honey", "octopus"];\n'.repeat(400));
  const chunk = Buffer.from('SQLite format 3\0'.repeat(2000));

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'trawl-compress-'));
    await mkdir(join(root, 'site/assets'), { recursive: true });
    await mkdir(join(root, 'db/v1'), { recursive: true });
    await writeFile(join(root, 'site/index.html'), `<!doctype html><p>${'x'.repeat(2000)}</p>`);
    await writeFile(join(root, 'site/assets/index-AbCdEfGh12.js'), script);
    await writeFile(join(root, 'db/v1/db.sqlite3.000'), chunk);
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

  test('sends a script with brotli or gzip, as accepted, and says it varies', async () => {
    const url = `${server.url}/assets/index-AbCdEfGh12.js`;
    const br = await rawGet(url, { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(br.body.length).toBeLessThan(script.length / 10);
    expect(brotliDecompressSync(br.body)).toEqual(script);
    const gz = await rawGet(url, { 'Accept-Encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body)).toEqual(script);
    const plain = await rawGet(url, {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('Accept-Encoding');
    expect(plain.body).toEqual(script);
  });

  test('never compresses a database chunk, whole or ranged', async () => {
    const url = `${server.url}/db/v1/db.sqlite3.000`;
    const whole = await rawGet(url, { 'Accept-Encoding': 'gzip, br' });
    expect(whole.headers['content-encoding']).toBeUndefined();
    expect(whole.headers.vary).toBeUndefined();
    expect(whole.body).toEqual(chunk);
    const ranged = await rawGet(url, { 'Accept-Encoding': 'gzip, br', Range: 'bytes=16-31' });
    expect(ranged.status).toBe(206);
    expect(ranged.headers['content-encoding']).toBeUndefined();
    expect(ranged.body).toEqual(chunk.subarray(16, 32));
  });

  test('answers a range of a script with its stored bytes, uncompressed', async () => {
    const url = `${server.url}/assets/index-AbCdEfGh12.js`;
    const ranged = await rawGet(url, { 'Accept-Encoding': 'br', Range: 'bytes=0-9' });
    expect(ranged.status).toBe(206);
    expect(ranged.headers['content-encoding']).toBeUndefined();
    expect(ranged.body).toEqual(script.subarray(0, 10));
  });

  test('a compressed answer has a weak tag that still revalidates, and HEAD its length', async () => {
    const url = `${server.url}/assets/index-AbCdEfGh12.js`;
    const first = await rawGet(url, { 'Accept-Encoding': 'br' });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"/);
    const again = await rawGet(url, { 'Accept-Encoding': 'br', 'If-None-Match': etag });
    expect(again.status).toBe(304);
    const head = await rawGet(url, { 'Accept-Encoding': 'br' }, 'HEAD');
    expect(head.headers['content-length']).toBe(String(first.body.length));
    expect(head.body.length).toBe(0);
  });

  test('compresses the SPA page for a route', async () => {
    const page = await rawGet(`${server.url}/episodes/3`, { 'Accept-Encoding': 'gzip' });
    expect(page.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(page.body).toString()).toContain('<!doctype html>');
  });
});
