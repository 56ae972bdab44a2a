import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cspMetaTag,
  contentSecurityPolicy,
  withContentSecurityPolicy,
} from '../../../vite-csp-plugin.ts';
import { startServer, type RunningServer } from './serve.ts';
import { HEAD_BYTES } from './serve-page.ts';
import { siteMounts } from './site-mounts.ts';

const VERSION = 'v1-0123456789ab';
const POLICY = { mediaOrigins: ['https://media.example.org'] };
/** More than loopback's socket buffers hold, so a reader that reads nothing blocks the answer. */
const CHUNK_BYTES = 48 * 1024 * 1024;

let dir: string;
let server: RunningServer;
let page: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'trawl-serve-limits-'));
  const site = join(dir, 'site');
  const db = join(dir, 'db');
  const pages = join(db, VERSION, 'pages');
  await mkdir(join(pages, 'episodes'), { recursive: true });
  await mkdir(site);
  const tag = cspMetaTag(contentSecurityPolicy({}));
  await writeFile(join(site, 'index.html'), `<!doctype html><head>${tag}</head><body>spa</body>`);
  await writeFile(join(site, 'app.js'), 'code');
  await writeFile(join(db, 'latest.json'), JSON.stringify({ latest: VERSION }));
  await writeFile(join(db, VERSION, 'db.sqlite3.000'), Buffer.alloc(CHUNK_BYTES, 7));
  // A long page: its head is rewritten, the rest (past the first read) streamed as it is,
  // with a character of three bytes across the boundary of that first read.
  const words = 'Straße 東京 '.repeat(40_000);
  page = `<!doctype html><html><head><meta charset="utf-8">${tag}<title>T</title></head><body>${'x'.repeat(HEAD_BYTES - 120)}東${words}</body></html>`;
  await writeFile(join(pages, 'index.html'), page);
  await writeFile(join(pages, 'episodes', '1.html'), page);
  await writeFile(join(pages, '404.html'), `<html><head>${tag}</head>not found</html>`);
  server = await startServer({
    mounts: siteMounts({ dbDir: db, siteDir: site }),
    pagePolicy: () => Promise.resolve(POLICY),
    idleTimeoutMs: 400,
  });
});

afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

describe('trawl serve and slow readers', () => {
  it('drops a reader that takes nothing, and still answers others', async () => {
    // The server's end of the connection closes: the sign it let the reader go.
    const closed = new Promise<void>((done) => {
      server.server.once('connection', (accepted: Socket) => accepted.once('close', () => done()));
    });
    const socket = connect(server.port, '127.0.0.1');
    socket.pause();
    socket.write(
      `GET /db/${VERSION}/db.sqlite3.000 HTTP/1.1\r\nHost: x\r\nRange: bytes=0-${CHUNK_BYTES - 1}\r\n\r\n`,
    );
    await closed;
    expect(socket.bytesRead).toBeLessThan(CHUNK_BYTES);
    socket.destroy();
    expect((await fetch(`${server.url}/app.js`)).status).toBe(200);
  });
});

describe("trawl serve's pages", () => {
  it('streams a long page whole, its policy rewritten, plain and compressed', async () => {
    const expected = withContentSecurityPolicy(page, POLICY);
    const plain = await fetch(`${server.url}/episodes/1`, {
      headers: { 'Accept-Encoding': 'identity' },
    });
    expect(plain.status).toBe(200);
    expect(plain.headers.get('content-length')).toBe(String(Buffer.byteLength(expected)));
    expect(await plain.text()).toBe(expected);
    // fetch would decode it itself: read the gzip bytes as they came.
    const zipped = await new Promise<Buffer>((done, fail) => {
      const socket = connect(server.port, '127.0.0.1');
      const parts: Buffer[] = [];
      socket.on('data', (part: Buffer) => parts.push(part));
      socket.on('error', fail);
      socket.on('end', () => done(Buffer.concat(parts)));
      socket.write(
        'GET / HTTP/1.1\r\nHost: x\r\nAccept-Encoding: gzip\r\nConnection: close\r\n\r\n',
      );
    });
    const split = zipped.indexOf('\r\n\r\n');
    const head = zipped.subarray(0, split).toString('latin1');
    expect(head).toMatch(/content-encoding: gzip/i);
    expect(head).toMatch(/transfer-encoding: chunked/i);
    expect(gunzipSync(dechunk(zipped.subarray(split + 4))).toString('utf8')).toBe(expected);
  });

  it('says on every page, and the app shell, that only the site may frame it', async () => {
    for (const path of ['/', '/episodes/1', '/episodes/404', '/index.html']) {
      const response = await fetch(`${server.url}${path}`);
      expect(response.headers.get('x-frame-options'), path).toBe('SAMEORIGIN');
      expect(response.headers.get('content-security-policy'), path).toBe("frame-ancestors 'self'");
      await response.arrayBuffer();
    }
    const script = await fetch(`${server.url}/app.js`);
    expect(script.headers.get('x-frame-options')).toBeNull();
  });
});

/** The body of a chunked HTTP/1.1 answer. */
function dechunk(body: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = body.indexOf('\r\n', at);
    const size = Number.parseInt(body.subarray(at, lineEnd).toString('latin1'), 16);
    if (size === 0) return Buffer.concat(parts);
    parts.push(body.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
}
