import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { DEMO_MEDIA, REPO_ROOT } from '../scripts/demo-site.ts';
import { isBuiltChunk } from '../src/core/chunk-layout.ts';
import {
  expectNoProblems,
  newBrowserContext,
  openPage,
  search,
  workFolder,
  type BrowserSession,
} from './harness.ts';
import { ensureNginx, misconfigure, startNginx, type NginxInstance } from './nginx-harness.ts';

// The production path end to end: `trawl bundle` makes the deployable folder (site built by
// Vite for the base path, the demo database, the media, nginx/trawl.conf), Debian's nginx
// serves it with that server block on a loopback port, and Chromium runs the core flows.
// `trawl check-host` must find it clean, and must name what a misconfigured nginx breaks.

/** `axolotl` occurs in episode 3 only (demo/README.md). */
const SEARCH_WORD = 'axolotl';

interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the real `trawl` CLI, as a user would; never throws on a non-zero exit. */
function trawl(args: string[]): Promise<CliResult> {
  return new Promise((done) => {
    execFile(
      process.execPath,
      [join(REPO_ROOT, 'bin/trawl.js'), ...args],
      { cwd: REPO_ROOT, maxBuffer: 16 << 20, timeout: 180_000 },
      (error, stdout, stderr) => {
        const code = error === null ? 0 : typeof error.code === 'number' ? error.code : 1;
        done({ code, stdout, stderr });
      },
    );
  });
}

async function bundleDemo(out: string, extraArgs: string[]): Promise<string> {
  const result = await trawl([
    'bundle',
    '--db',
    inject('demoDbDir'),
    '--out',
    out,
    '--media',
    DEMO_MEDIA,
    ...extraArgs,
  ]);
  if (result.code !== 0) {
    throw new Error(`trawl bundle failed (${result.code}):\n${result.stdout}\n${result.stderr}`);
  }
  return readFile(join(out, 'nginx/trawl.conf'), 'utf8');
}

let session: BrowserSession | undefined;
const instances: NginxInstance[] = [];
let site: NginxInstance;
let broken: NginxInstance;
let subSite: NginxInstance;

beforeAll(async () => {
  await ensureNginx();
  const work = await workFolder('nginx');
  // A folder name with what nginx's syntax gives meaning to (spaces, ';', braces, '#', quotes,
  // a backslash): the generated config must quote it (issue 26).
  const rootConf = await bundleDemo(join(work, `My Podcast; {1} #2 "q" \\ 's`, 'bundle'), []);
  const subConf = await bundleDemo(join(work, 'bundle-sub'), ['--base-path', '/sub/']);
  site = await startNginx(rootConf);
  instances.push(site);
  broken = await startNginx(misconfigure(rootConf));
  instances.push(broken);
  subSite = await startNginx(subConf);
  instances.push(subSite);
  session = await newBrowserContext({ audio: true });
}, 240_000);

afterAll(async () => {
  await session?.close();
  // Every instance is stopped even when one stop fails.
  await Promise.allSettled(instances.map((instance) => instance.stop()));
});

function browser(): BrowserSession {
  if (session === undefined) throw new Error('the browser did not start');
  return session;
}

/** Loads the site and searches the demo's unique word, as a visitor would. */
async function loadAndSearch(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.getByText(/showing all 10 episodes/).waitFor();
  await search(page, SEARCH_WORD, 'found 1 of 10 episodes');
  await expect(
    page.getByRole('heading', { name: /^3: The Axolotl.s Secret$/ }).isVisible(),
  ).resolves.toBe(true);
}

describe('the bundle served by nginx', () => {
  test('loads, searches, opens a transcript and plays, reading the database in ranges', async () => {
    const { page, problems } = await openPage(browser(), site.url);
    const chunkReads: string[] = [];
    page.on('response', (response) => {
      if (isBuiltChunk(new URL(response.url()).pathname)) {
        chunkReads.push(`${response.request().method()} ${response.status()}`);
      }
    });
    await loadAndSearch(page, `${site.url}/`);

    await page.getByRole('link', { name: /^3: The Axolotl.s Secret$/ }).click();
    const transcript = page.getByRole('region', { name: 'Transcript of episode 3' });
    await transcript.waitFor();
    await expect(transcript.textContent()).resolves.toMatch(/axolotl/i);
    await page.getByText(/found \d+ utterances? of "axolotl"/).waitFor();

    await page.getByRole('button', { name: 'Play episode 3' }).first().click();
    await page.waitForFunction(() => {
      const audio = document.querySelector('audio');
      return audio !== null && audio.currentTime > 0.2;
    });
    const audioSource = await page.evaluate(() => document.querySelector('audio')?.currentSrc);
    expect(audioSource).toBe(`${site.url}/audio/3.mp3`);

    // Every read of the database is a range request: the worker sends no HEAD (the host check's
    // 100-byte range read replaced it, docs/decisions/0002-worker-chunk-boundary-patch.md).
    expect(chunkReads).toContain('GET 206');
    expect(chunkReads.filter((read) => read !== 'GET 206')).toEqual([]);
    expectNoProblems(problems);
    await page.close();
  });

  test('opens an episode link with a dot in it directly', async () => {
    const { page, problems } = await openPage(browser(), site.url);
    const response = await page.goto(`${site.url}/episodes/4.5`);
    expect(response?.status()).toBe(200);
    await page.getByRole('heading', { name: /^4\.5: The Best Bits So Far$/ }).waitFor();
    expectNoProblems(problems);
    await page.close();
  });

  test('answers each episode route with its own page and an unknown path with the 404 page', async () => {
    const episode = await fetch(`${site.url}/episodes/3`);
    expect(episode.status).toBe(200);
    expect(await episode.text()).toContain(
      '<title>3: The Axolotl&#39;s Secret · The Curious Haul</title>',
    );
    const dotted = await fetch(`${site.url}/episodes/4.5/`);
    expect(dotted.status).toBe(200);
    expect(await dotted.text()).toContain(
      '<title>4.5: The Best Bits So Far · The Curious Haul</title>',
    );
    // Canonical numbers only (decision 0038): '/episodes/03' is not episode 3's page.
    for (const path of [
      '/episodes/999',
      '/no-such-page',
      '/episodes/',
      '/episodes/03',
      '/episodes/4.50',
    ]) {
      const missing = await fetch(`${site.url}${path}`);
      expect(missing.status, path).toBe(404);
      expect(await missing.text()).toContain('<title>Not found · The Curious Haul</title>');
    }
    const home = await fetch(`${site.url}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('3: The Axolotl&#x27;s Secret</a>');
    // The bundle's files for Netlify and Cloudflare Pages are not served by nginx.
    for (const path of ['/_headers', '/_redirects']) {
      expect((await fetch(`${site.url}${path}`)).status, path).toBe(404);
    }
  });

  test('trawl check-host reports it clean', async () => {
    const result = await trawl(['check-host', `${site.url}/`, '--cross-origin']);
    expect(result.stdout).not.toMatch(/^(PROBLEM|warning)/m);
    expect(result.stdout).toMatch(/^ok {7}ranges: first chunk .* → 206 /m);
    expect(result.stdout).toMatch(/^ok {7}compression: chunks are not compressed/m);
    expect(result.stdout).toMatch(/^ok {7}pages: episodes\/9 is its own page/m);
    expect(result.stdout).toMatch(/^ok {7}pages: episodes\/4\.5 is its own page/m);
    expect(result.stdout).toMatch(
      /^ok {7}pages: an unknown route is the 404 page with status 404/m,
    );
    expect(result.stdout).toMatch(/0 warning\(s\), 0 problem\(s\)\n$/);
    expect(result.code).toBe(0);
  });

  test('trawl check-host names both faults of an nginx with gzip on everything and no ranges', async () => {
    const result = await trawl(['check-host', `${broken.url}/`]);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(
      /^PROBLEM {2}ranges: first chunk .*: Range bytes=0-99 was ignored \(200 with the whole file instead of 206\)/m,
    );
    expect(result.stdout).toMatch(
      /^PROBLEM {2}compression: database chunks are compressed \(Content-Encoding: GET gzip/m,
    );
    expect(result.stdout).toMatch(/^ {9}fix: turn compression off for the db folder/m);
  });
});

describe('the bundle under a sub-path', () => {
  test('loads and searches under /sub/, asking nothing outside it', async () => {
    const { page, problems } = await openPage(browser(), subSite.url);
    const outside: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (!request.url().startsWith('data:') && !path.startsWith('/sub/')) outside.push(path);
    });
    await loadAndSearch(page, `${subSite.url}/sub/`);
    expect(outside).toEqual([]);
    expectNoProblems(problems);
    await page.close();
  });

  test('serves pages rendered again for /sub/: their links and assets are under /sub/', async () => {
    const page = await fetch(`${subSite.url}/sub/episodes/4.5`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<title>4.5: The Best Bits So Far · The Curious Haul</title>');
    expect(html).toMatch(/src="\/sub\/assets\/index-[\w-]+\.js"/);
    // Every link and asset is under /sub/ (the header's home link is /sub itself, and the
    // episode's links to the list, filtered or not, are /sub with a query).
    expect(html).not.toMatch(/(?:src|href)="\/(?!sub(?:[/?"]))/);
    expect(html).toMatch(/href="\/sub\?typesOff=[\w%,-]+"/);
    // …which the host answers with the home page, as a visitor without scripts follows it.
    const list = await fetch(`${subSite.url}/sub?typesOff=live`);
    expect(list.status).toBe(200);
    expect(await list.text()).toContain('<title>The Curious Haul</title>');
    const missing = await fetch(`${subSite.url}/sub/episodes/999`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('<title>Not found · The Curious Haul</title>');
  });

  test('opens /sub/episodes/4.5 directly and passes check-host', async () => {
    const { page, problems } = await openPage(browser(), subSite.url);
    await page.goto(`${subSite.url}/sub/episodes/4.5`);
    await page.getByRole('heading', { name: /^4\.5: The Best Bits So Far$/ }).waitFor();
    expectNoProblems(problems);
    await page.close();
    const result = await trawl(['check-host', `${subSite.url}/sub/`]);
    expect(result.stdout).not.toMatch(/^(PROBLEM|warning)/m);
    expect(result.code).toBe(0);
  });
});
