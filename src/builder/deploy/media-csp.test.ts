import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  contentSecurityPolicy,
  cspMetaTag,
  readContentSecurityPolicy,
} from '../../../vite-csp-plugin.ts';
import { buildPodcast } from '../build.ts';
import { bundle } from './bundle.ts';
import { collectOrigins, servedPagePolicy } from '../publish/media-origins.ts';
import { startServer, type RunningServer } from '../serve/serve.ts';
import { siteMounts } from '../serve/site-mounts.ts';
import { REPO_ROOT, runCli } from '../test-support/run-cli.ts';

const FEED = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"
     xmlns:podcast="https://podcastindex.org/namespace/1.0">
  <channel>
    <title>Origins Show</title>
    <itunes:image href="https://art.example.org/show.png"/>
    <podcast:person role="host" img="https://people.example.org:8443/ada.jpg">Ada</podcast:person>
    <item>
      <title>Episode 1: One</title>
      <itunes:episode>1</itunes:episode>
      <enclosure url="http://cdn.example.net/1.mp3" length="1" type="audio/mpeg"/>
    </item>
    <item>
      <title>Episode 2: Two</title>
      <itunes:episode>2</itunes:episode>
      <itunes:image href="javascript:fetch('https://evil.example.com/')"/>
      <enclosure url="data:audio/mpeg;base64,AAAA" length="1" type="audio/mpeg"/>
    </item>
    <item>
      <title>Episode 3: Three</title>
      <itunes:episode>3</itunes:episode>
      <enclosure url="http://[::1]:4701/3.mp3" length="1" type="audio/mpeg"/>
    </item>
  </channel>
</rss>
`;

/**
 * The origins the feed names, http(s) only, that a policy can name (no IPv6 literal): the CSP
 * must allow exactly these.
 */
const ORIGINS = [
  'http://cdn.example.net',
  'https://art.example.org',
  'https://people.example.org:8443',
];

let root: string;
let dbDir: string;
let siteDir: string;
let buildWarnings: string[];

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'trawl-media-csp-'));
  dbDir = join(root, 'db');
  siteDir = join(root, 'site');
  const feed = join(root, 'feed.xml');
  await writeFile(feed, FEED);
  const built = await buildPodcast({ feed, outDir: dbDir });
  buildWarnings = built.warnings.map((warning) => warning.message);
  await mkdir(join(siteDir, 'assets'), { recursive: true });
  await writeFile(
    join(siteDir, 'index.html'),
    `<!doctype html><html><head><meta charset="utf-8" />\n    ${cspMetaTag(contentSecurityPolicy())}<script type="module" src="/assets/index-Ab12Cd34.js"></script></head><body></body></html>\n`,
  );
  await writeFile(join(siteDir, 'assets/index-Ab12Cd34.js'), '');
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

/** The sources of one directive of a policy. */
function sources(policy: string | undefined, directive: string): string[] {
  const found = (policy ?? '')
    .split(';')
    .map((part) => part.trim().split(/\s+/))
    .find(([name]) => name === directive);
  return found?.slice(1) ?? [];
}

function expectExactMediaOrigins(policy: string | undefined): void {
  expect(sources(policy, 'img-src')).toEqual(["'self'", 'data:', ...ORIGINS]);
  expect(sources(policy, 'media-src')).toEqual(["'self'", ...ORIGINS]);
  expect(policy).not.toContain('evil');
  expect(sources(policy, 'media-src')).not.toContain('https:');
}

describe('collectOrigins', () => {
  it('keeps http(s) origins only, once each, sorted', () => {
    expect(
      collectOrigins([
        'https://b.example/x.png?y=1',
        'https://b.example/other.png',
        'HTTPS://A.EXAMPLE:443/a',
        'javascript:alert(1)',
        'data:image/png;base64,AAAA',
        '//evil.example/x',
        'images/cover.png',
        'ftp://files.example/x',
        'https://user:pass@c.example:8080/x',
        null,
        '',
      ]),
    ).toEqual(['https://a.example', 'https://b.example', 'https://c.example:8080']);
  });
});

describe('media on an IPv6 address', () => {
  it('is left out of every policy (CSP cannot name it), and the build says so', () => {
    expect(collectOrigins(['http://[::1]:4701/3.mp3', 'https://a.example/x'])).toEqual([
      'https://a.example',
    ]);
    const heard: string[] = [];
    collectOrigins(['https://[2001:db8::1]/a.mp3', 'http://[::1]:4701/b'], (origin) =>
      heard.push(origin),
    );
    expect(heard).toEqual(['http://[::1]:4701', 'https://[2001:db8::1]']);
    expect(buildWarnings).toContain(
      "media at http://[::1]:4701 cannot be allowed by the page's Content-Security-Policy (it has no way to name an IPv6 address), so browsers will block it: serve that media from a host name",
    );
  });
});

describe('the page policy names exactly the media origins of the database', () => {
  it('under trawl serve, on every page', async () => {
    let server: RunningServer | undefined;
    try {
      server = await startServer({
        mounts: siteMounts({ dbDir, siteDir }),
        pagePolicy: servedPagePolicy(dbDir),
      });
      for (const path of ['/', '/index.html', '/episodes/2']) {
        const response = await fetch(`${server.url}${path}`);
        expect(response.status).toBe(200);
        expectExactMediaOrigins(readContentSecurityPolicy(await response.text()));
      }
      // Other files are served as they are.
      expect((await fetch(`${server.url}/db/latest.json`)).status).toBe(200);
    } finally {
      await server?.close();
    }
  });

  it('in trawl bundle: index.html, 404.html, _headers and the nginx block', async () => {
    const out = join(root, 'bundle');
    await bundle({ db: dbDir, out, site: siteDir });
    for (const page of ['index.html', '404.html']) {
      const html = await readFile(join(out, 'public', page), 'utf8');
      expectExactMediaOrigins(readContentSecurityPolicy(html));
    }
    const headers = await readFile(join(out, 'public/_headers'), 'utf8');
    const headerPolicy = /Content-Security-Policy: (.*)/.exec(headers)?.[1];
    expectExactMediaOrigins(headerPolicy);
    expect(headerPolicy).toContain("frame-ancestors 'self'");
    const nginx = await readFile(join(out, 'nginx/trawl.conf'), 'utf8');
    const nginxPolicies = [...nginx.matchAll(/add_header Content-Security-Policy "([^"]*)"/g)];
    expect(nginxPolicies.length).toBeGreaterThan(0);
    for (const [, policy] of nginxPolicies) expectExactMediaOrigins(policy);
  });

  it('in trawl bundle --media-base: the media host is added, nothing else', async () => {
    const out = join(root, 'bundle-media-base');
    await bundle({ db: dbDir, out, site: siteDir, mediaBase: 'https://media.example.com/show/' });
    const policy = readContentSecurityPolicy(
      await readFile(join(out, 'public/index.html'), 'utf8'),
    );
    expect(sources(policy, 'img-src')).toEqual([
      "'self'",
      'data:',
      ...[...ORIGINS, 'https://media.example.com'].sort(),
    ]);
  });
});

describe('trawl serve on a busy port', () => {
  let blocker: Server;
  let port: number;

  beforeAll(async () => {
    blocker = createServer();
    await new Promise<void>((done) => blocker.listen(0, '127.0.0.1', done));
    const address = blocker.address();
    port = typeof address === 'object' && address !== null ? address.port : 0;
  });

  afterAll(async () => {
    await new Promise((done) => blocker.close(done));
  });

  it('says so in one line that names the fix, without a stack trace', async () => {
    const failure = await runCli(
      ['serve', '--db', dbDir, '--site', siteDir, '--port', String(port)],
      REPO_ROOT,
    );
    expect(failure.code).toBe(1);
    expect(failure.stderr.trim()).toBe(
      `trawl serve failed: --port: port ${port} is already in use: stop what uses it, or pass --port <n> (--port 0 picks a free one)`,
    );
  });
});
