import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpGet, type HttpGetOptions } from './http-get.ts';
import { isPrivateAddress, namesPrivateHost } from './remote-url.ts';

// A local server stands in for hosts good and hostile; every case names the URL it failed on.

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

const routes = new Map<string, Handler>();
let server: Server;
let origin = '';
const open = new Set<ServerResponse>();

const OPTIONS: HttpGetOptions = {
  timeoutMs: 2000,
  maxBytes: 64 * 1024,
  maxRedirects: 3,
  allowPrivate: true,
};

/** A gzip body that inflates to `size` zero bytes (a compression bomb in small). */
const BOMB = gzipSync(Buffer.alloc(8 * 1024 * 1024));

beforeAll(async () => {
  routes.set('/ok', (_request, response) => {
    response.writeHead(200, {
      'content-type': 'application/rss+xml',
      etag: '"v1"',
      'last-modified': 'Mon, 25 Mar 2024 09:00:00 GMT',
    });
    response.end('<rss/>');
  });
  routes.set('/conditional', (request, response) => {
    if (request.headers['if-none-match'] === '"v1"') {
      response.writeHead(304);
      response.end();
      return;
    }
    response.writeHead(200, { etag: '"v1"' });
    response.end('fresh');
  });
  routes.set('/gzip', (_request, response) => {
    response.writeHead(200, { 'content-encoding': 'gzip' });
    response.end(gzipSync(Buffer.from('small and compressed')));
  });
  routes.set('/bomb', (_request, response) => {
    response.writeHead(200, { 'content-encoding': 'gzip', 'content-length': BOMB.length });
    response.end(BOMB);
  });
  routes.set('/endless', (_request, response) => {
    response.writeHead(200, { 'content-type': 'application/rss+xml' });
    const chunk = Buffer.alloc(16 * 1024, 0x61);
    const write = (): void => {
      while (response.write(chunk));
      response.once('drain', write);
    };
    open.add(response);
    write();
  });
  routes.set('/declared-huge', (_request, response) => {
    response.writeHead(200, { 'content-length': String(10 * 1024 * 1024) });
    open.add(response);
    response.write('x');
  });
  routes.set('/slow', (_request, response) => {
    response.writeHead(200);
    response.write('<rss>');
    open.add(response);
  });
  routes.set('/missing', (_request, response) => {
    response.writeHead(404, 'Not Found');
    response.end('no');
  });
  routes.set('/to-file', (_request, response) => {
    response.writeHead(302, { location: 'file:///etc/passwd' });
    response.end();
  });
  routes.set('/to-javascript', (_request, response) => {
    response.writeHead(301, { location: 'javascript:alert(1)' });
    response.end();
  });
  routes.set('/loop-a', (_request, response) => {
    response.writeHead(302, { location: '/loop-b' });
    response.end();
  });
  routes.set('/loop-b', (_request, response) => {
    response.writeHead(302, { location: '/loop-a' });
    response.end();
  });
  for (let hop = 0; hop < 6; hop += 1) {
    routes.set(`/chain-${hop}`, (_request, response) => {
      response.writeHead(302, { location: `/chain-${hop + 1}` });
      response.end();
    });
  }
  routes.set('/to-ok', (_request, response) => {
    response.writeHead(307, { location: '/ok' });
    response.end();
  });
  routes.set('/strange-encoding', (_request, response) => {
    response.writeHead(200, { 'content-encoding': 'zstd-custom' });
    response.end('?');
  });
  routes.set('/cut', (_request, response) => {
    response.writeHead(200, { 'content-length': '1000' });
    response.write('only part');
    response.socket?.destroy();
  });
  server = createServer((request, response) => {
    const handler = routes.get(new URL(request.url ?? '/', 'http://x').pathname);
    if (handler) handler(request, response);
    else {
      response.writeHead(404);
      response.end();
    }
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  origin = `http://127.0.0.1:${typeof address === 'object' && address !== null ? address.port : 0}`;
});

afterAll(async () => {
  for (const response of open) response.destroy();
  server.closeAllConnections();
  await new Promise((done) => server.close(done));
});

const get = (path: string, options: Partial<HttpGetOptions> = {}) =>
  httpGet(`${origin}${path}`, { ...OPTIONS, ...options });

describe('httpGet', () => {
  it('returns the body with its validators and type', async () => {
    const result = await get('/ok');
    expect(result).toMatchObject({
      kind: 'body',
      etag: '"v1"',
      lastModified: 'Mon, 25 Mar 2024 09:00:00 GMT',
      contentType: 'application/rss+xml',
      url: `${origin}/ok`,
    });
    expect(result.kind === 'body' && result.body.toString()).toBe('<rss/>');
  });

  it('sends the validators it holds and reports a 304', async () => {
    expect(await get('/conditional', { etag: '"v1"' })).toMatchObject({ kind: 'not-modified' });
    expect(await get('/conditional', { etag: '"old"' })).toMatchObject({ kind: 'body' });
  });

  it('follows a redirect within the limit and decompresses gzip', async () => {
    expect(await get('/to-ok')).toMatchObject({ kind: 'body', url: `${origin}/ok` });
    const gzip = await get('/gzip');
    expect(gzip.kind === 'body' && gzip.body.toString()).toBe('small and compressed');
  });

  it('refuses schemes other than http and https, before and after a redirect', async () => {
    await expect(httpGet('file:///etc/passwd', OPTIONS)).rejects.toThrow(
      'file:///etc/passwd: only http:// and https:// URLs are downloaded, not file:',
    );
    await expect(httpGet('ftp://example.org/feed.xml', OPTIONS)).rejects.toThrow(
      'only http:// and https:// URLs are downloaded, not ftp:',
    );
    await expect(get('/to-file')).rejects.toThrow(
      `${origin}/to-file: redirects to a file: URL; only http:// and https:// are followed`,
    );
    await expect(get('/to-javascript')).rejects.toThrow(
      `${origin}/to-javascript: redirects to a javascript: URL`,
    );
  });

  it('names a redirect loop and a chain longer than the limit', async () => {
    await expect(get('/loop-a')).rejects.toThrow(
      `${origin}/loop-a: redirects in a loop (back to ${origin}/loop-a)`,
    );
    await expect(get('/chain-0')).rejects.toThrow(`${origin}/chain-0: more than 3 redirects`);
  });

  it('stops an endless body, a too-large declared length and a gzip bomb at the limit', async () => {
    await expect(get('/endless')).rejects.toThrow(
      `${origin}/endless: larger than 64 KiB; not read`,
    );
    await expect(get('/declared-huge')).rejects.toThrow('larger than 64 KiB; not read');
    await expect(get('/bomb')).rejects.toThrow(
      `${origin}/bomb: larger than 64 KiB once decompressed; not read`,
    );
  });

  it('gives a stalled host a deadline, and names HTTP errors and cut answers', async () => {
    const started = Date.now();
    await expect(get('/slow', { timeoutMs: 300 })).rejects.toThrow(
      `${origin}/slow: no complete answer within 0.3 s`,
    );
    expect(Date.now() - started).toBeLessThan(2000);
    await expect(get('/missing')).rejects.toThrow(`${origin}/missing: HTTP 404 Not Found`);
    await expect(get('/strange-encoding')).rejects.toThrow('compressed as "zstd-custom"');
    await expect(get('/cut')).rejects.toThrow(`${origin}/cut:`);
  });

  it('refuses this machine and private networks unless allowed, by address or by name', async () => {
    await expect(get('/ok', { allowPrivate: false })).rejects.toThrow(
      '127.0.0.1 is an address of this machine or a private network',
    );
    const port = new URL(origin).port;
    await expect(
      httpGet(`http://localhost:${port}/ok`, { ...OPTIONS, allowPrivate: false }),
    ).rejects.toThrow(/localhost is (127\.0\.0\.1|::1), an address of this machine/);
    await expect(
      httpGet(`http://[::ffff:127.0.0.1]:${port}/ok`, { ...OPTIONS, allowPrivate: false }),
    ).rejects.toThrow('an address of this machine or a private network');
  });
});

describe('private addresses', () => {
  it('knows loopback, private, link-local and mapped addresses from public ones', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      'fd00::1',
      'fe80::1',
      '::ffff:10.0.0.1',
    ]) {
      expect(isPrivateAddress(address), address).toBe(true);
    }
    for (const address of ['93.184.216.34', '2606:4700::1111', '8.8.8.8']) {
      expect(isPrivateAddress(address), address).toBe(false);
    }
    expect(namesPrivateHost(new URL('http://localhost:8080/feed.xml'))).toBe(true);
    expect(namesPrivateHost(new URL('http://[::1]/feed.xml'))).toBe(true);
    expect(namesPrivateHost(new URL('https://feeds.example.org/feed.xml'))).toBe(false);
  });
});
