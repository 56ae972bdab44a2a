import { createReadStream } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createGzip } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { chunkName } from '../../../core/chunk-layout.ts';
import { latestSchema } from '../../../core/site-config.ts';
import { bundle, type BundleResult } from '../bundle.ts';
import { startServer, type RunningServer } from '../../serve/serve.ts';
import { publishFixtureDatabase } from '../../test-support/bundle-fixtures.ts';
import { runCheckHost } from '../../commands/check-host-command.ts';
import { siteRoot } from './probe.ts';
import { PROBE_ORIGIN } from './responses.ts';

// Against real servers on 127.0.0.1: the lead's static server, a misbehaving one, a stalled one.

let root: string;
let built: BundleResult;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'trawl-check-host-'));
  await publishFixtureDatabase(join(root, 'db-out'));
  const site = join(root, 'site');
  await mkdir(join(site, 'assets'), { recursive: true });
  await writeFile(
    join(site, 'index.html'),
    '<!doctype html><html><head><script type="module" crossorigin src="/assets/index-Ab12Cd34.js"></script></head><body><div id="root"></div></body></html>\n',
  );
  await writeFile(
    join(site, 'assets/index-Ab12Cd34.js'),
    `const wasm = "/assets/sql-wasm-Ef56Gh78.wasm";\n${'// padding\n'.repeat(100)}`,
  );
  await writeFile(join(site, 'assets/sql-wasm-Ef56Gh78.wasm'), Buffer.from('\0asm\x01\0\0\0'));
  built = await bundle({ db: join(root, 'db-out'), out: join(root, 'bundle'), site });
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

async function checkHost(
  url: string,
  options: { crossOrigin?: boolean; timeoutSeconds?: number } = {},
): Promise<{ code: number; output: string }> {
  let output = '';
  const code = await runCheckHost({ url, ...options, write: (text) => (output += text) });
  return { code, output };
}

function listen(server: Server): Promise<string> {
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve(`http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`);
    });
  });
}

function close(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
}

describe('runCheckHost', () => {
  let clean: RunningServer;

  beforeAll(async () => {
    clean = await startServer({
      mounts: [
        { prefix: '/db/', dir: join(built.webRoot, 'db') },
        { prefix: '/', dir: built.webRoot, spaFallback: true },
      ],
    });
  });

  afterAll(async () => {
    await clean.close();
  });

  test('reports the static server of `trawl serve` clean, also for a cross-origin site', async () => {
    const { code, output } = await checkHost(clean.url, { crossOrigin: true });
    expect(output).not.toMatch(/^(PROBLEM|warning)/m);
    expect(output).toContain(`Checking ${clean.url}/\n`);
    expect(output).toMatch(
      /^ok {7}ranges: first chunk db\/chunks\/[0-9a-f]{32}\.bin: bytes=0-99 → 206 bytes 0-99\/65536$/m,
    );
    expect(output).toMatch(/^ok {7}ranges: last chunk db\/chunks\/[0-9a-f]{32}\.bin: /m);
    expect(output).toMatch(/a missing chunk \(db\/chunks\/0{32}\.bin\) is a real 404/);
    expect(output).toMatch(/^17 ok, 0 warning\(s\), 0 problem\(s\)$/m);
    expect(code).toBe(0);
  });

  test('reports a server that ignores ranges, gzips everything and answers every path', async () => {
    const seen: string[] = [];
    const server = createServer((req, res) => {
      seen.push(`${req.method} ${req.headers.origin === PROBE_ORIGIN ? 'cors ' : ''}${req.url}`);
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      const file = join(built.webRoot, path.endsWith('/') ? `${path}index.html` : path);
      // A request handler cannot be awaited; a failure to answer ends the response.
      void stat(file)
        .then((info) => (info.isFile() ? file : join(built.webRoot, 'index.html')))
        .catch(() => join(built.webRoot, 'index.html'))
        .then((served) => {
          const type = served.endsWith('.html') ? 'text/html' : 'application/octet-stream';
          res.writeHead(200, { 'Content-Type': type, 'Content-Encoding': 'gzip' });
          if (req.method === 'HEAD') res.end();
          else createReadStream(served).pipe(createGzip()).pipe(res);
        })
        .catch(() => res.destroy());
    });
    const url = await listen(server);
    try {
      const { code, output } = await checkHost(url);
      expect(code).toBe(1);
      expect(output).toMatch(
        /^PROBLEM {2}ranges: first chunk .*Range bytes=0-99 was ignored \(200 with the whole file instead of 206\)/m,
      );
      expect(output).toMatch(
        /^PROBLEM {2}compression: database chunks are compressed \(Content-Encoding: GET gzip and HEAD gzip\)/m,
      );
      expect(output).toMatch(/^PROBLEM {2}404: a missing chunk .* answered HTTP 200 with HTML/m);
      expect(output).toMatch(/^warning {2}cors: the db folder lacks CORS headers/m);
      expect(output).toContain('fix: turn compression off for the db folder');
      expect(seen).toContain(`OPTIONS cors ${new URL(await chunkPath()).pathname}`);
    } finally {
      await close(server);
    }
  });

  test('gives up on a host that never answers, within the timeout', async () => {
    const server = createServer(() => undefined);
    const url = await listen(server);
    try {
      const started = Date.now();
      const { code, output } = await checkHost(url, { timeoutSeconds: 0.3 });
      expect(Date.now() - started).toBeLessThan(5000);
      expect(code).toBe(1);
      expect(output).toContain(
        `PROBLEM  site: the site root did not answer: GET ${url}: no complete answer within 300 ms`,
      );
      expect(output).toContain('PROBLEM  latest.json: db/latest.json: GET');
      // Nothing is known of how it routes episodes: no advice to rewrite them.
      expect(output).not.toMatch(/rewrite|episodes\/\*/);
    } finally {
      await close(server);
    }
  });

  test('refuses a URL it cannot check', async () => {
    expect(await checkHost('ftp://example.org/')).toEqual({
      code: 2,
      output: 'trawl check-host: give the http(s) URL of the deployed site\n',
    });
    expect((await checkHost('http://127.0.0.1:1/', { timeoutSeconds: -1 })).output).toBe(
      'trawl check-host: --timeout is a number of seconds above 0\n',
    );
  });
});

async function chunkPath(): Promise<string> {
  const { latest, config } = latestSchema.parse(
    JSON.parse(await readFile(join(built.webRoot, 'db/latest.json'), 'utf8')),
  );
  if (config === undefined) throw new Error('latest.json carries no config');
  return new URL(chunkName(config, 0), `http://x/db/${latest}/`).href;
}

describe('siteRoot', () => {
  test('normalises the site URL to its root', () => {
    expect(siteRoot('https://example.org/podcast?x=1#top')).toBe('https://example.org/podcast/');
    expect(() => siteRoot('ftp://example.org/')).toThrow('only http:// and https://');
  });
});
