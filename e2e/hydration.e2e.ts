import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, inject, test } from 'vitest';
import { copyPodcastInputs } from '../src/builder/test-support/copy-podcast.ts';
import { readPublished } from '../src/builder/publish/chunk-files.ts';
import { hashedChunkOf } from '../src/core/chunk-layout.ts';
import type { RunningServer } from '../src/builder/serve/serve.ts';
import { buildWithCli, DEMO_FOLDER, DEMO_MEDIA, serveSite } from '../scripts/demo-site.ts';
import {
  browserForFile,
  expectNoProblems,
  freshCountLine,
  openPage,
  submitSearch,
  waitForWholeList,
  workFolder,
} from './harness.ts';

// Pre-rendered pages in the browser: the app takes over the page's HTML without a flash (no
// console error, the very same row elements, no layout shift), the engine's worker starts once
// the page is parsed but reads the database only at the visitor's first interaction, a search
// typed before it is ready waits for it, and a page older
// than the published version stays on its own version and offers a reload.

const browser = browserForFile();

/** The engine's worker and wasm, and the database's chunk files. */
const ENGINE_REQUEST =
  /(\/assets\/sqlite-engine\.worker-[^/]+\.js|\/assets\/sqlite3-[^/]+\.wasm|\/db\.sqlite3(\.\d+)?|\/db\/chunks\/[0-9a-f]{32}\.bin)$/;

const ENGINE_FILES = ['/assets/sqlite-engine.worker.js', '/assets/sqlite3.wasm'];

/** The engine's files among the requests, without their hashes, once each. */
function engineFiles(requests: readonly string[]): string[] {
  const files = requests
    .filter((name) => name.startsWith('/assets/'))
    .map((name) => name.replace(/-[\w-]+(\.(?:js|wasm))$/, '$1'));
  return [...new Set(files)].sort();
}

/** Before the app's script runs, remembers the rows and starts counting layout shifts. */
const WATCH_HYDRATION = `
  window.__layoutShift = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (!entry.hadRecentInput) window.__layoutShift += entry.value;
    }
  }).observe({ type: 'layout-shift', buffered: true });
  document.addEventListener('readystatechange', () => {
    // 'interactive': the HTML is parsed and the module script has not run yet.
    if (document.readyState === 'interactive') {
      window.__preRendered = new Set(document.querySelectorAll('article'));
      window.__preRenderedTitle = document.title;
    }
  });
`;

interface HydrationFacts {
  rows: number;
  keptRows: number;
  /** The tab's title the HTML gave, and the one the app gives it. */
  titles: [string, string];
  layoutShift: number;
  firstContentfulPaint: number;
  firstDatabaseRead: number;
}

async function hydrationFacts(
  page: Awaited<ReturnType<typeof openPage>>['page'],
): Promise<HydrationFacts> {
  return page.evaluate(() => {
    const state = window as unknown as {
      __preRendered?: Set<Element>;
      __preRenderedTitle?: string;
      __layoutShift: number;
    };
    const rows = [...document.querySelectorAll('article')];
    const paint = performance.getEntriesByName('first-contentful-paint')[0];
    const reads = performance
      .getEntriesByType('resource')
      .filter((entry) => new URL(entry.name).pathname.includes('/db/'))
      .map((entry) => entry.startTime);
    return {
      rows: rows.length,
      keptRows: rows.filter((row) => state.__preRendered?.has(row) === true).length,
      titles: [state.__preRenderedTitle ?? '', document.title],
      layoutShift: state.__layoutShift,
      firstContentfulPaint: paint?.startTime ?? Number.NaN,
      firstDatabaseRead: Math.min(...reads),
    };
  });
}

test('the home page and an episode page hydrate without an error, a new row or a shift', async () => {
  const baseUrl = inject('baseUrl');
  for (const [path, rows] of [
    ['/', 10],
    ['/episodes/3', 1],
  ] as const) {
    const { page, problems } = await openPage(browser(), baseUrl);
    await page.addInitScript(WATCH_HYDRATION);
    const engine: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (ENGINE_REQUEST.test(pathname)) engine.push(pathname);
    });
    await page.goto(`${baseUrl}${path}`);
    if (path === '/') {
      // The app has taken over and a frame has been painted since: the engine's worker and wasm
      // are on their way since the page was parsed (decision 0081), but a visitor who only
      // reads the list has read nothing of the database (decision 0040).
      await page.locator('html[data-app]').waitFor({ state: 'attached' });
      await page.evaluate(
        () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
      );
      await expect.poll(() => engineFiles(engine), { message: path }).toEqual(ENGINE_FILES);
      expect(
        engine.filter((name) => !name.startsWith('/assets/')),
        path,
      ).toEqual([]);
    }
    await waitForWholeList(page);
    // The worker and the wasm, each prefetched from the page and then asked for by the worker,
    // which the browser's cache answers (decision 0054): two files, whatever the count.
    expect(engineFiles(engine), path).toEqual(ENGINE_FILES);
    if (path !== '/') {
      await page.getByRole('region', { name: 'Transcript of episode 3' }).waitFor();
    }
    const facts = await hydrationFacts(page);
    expect(facts.rows, path).toBe(rows);
    // The rows on screen are the elements the HTML made: hydration rendered nothing anew.
    expect(facts.keptRows, path).toBe(rows);
    // The tab's title does not change as the app takes over.
    expect(facts.titles[1], path).toBe(facts.titles[0]);
    expect(facts.titles[0], path).toMatch(path === '/' ? /^[^·]+$/ : /^3: .+ · /);
    expect(facts.layoutShift, path).toBeLessThan(0.01);
    // The engine read nothing before the page was painted from its HTML.
    expect(facts.firstDatabaseRead, path).toBeGreaterThan(facts.firstContentfulPaint);
    expectNoProblems(problems);
    await page.close();
  }
});

test('a search typed before the engine is ready shows the spinner, then its results', async () => {
  const baseUrl = inject('baseUrl');
  const { page, problems } = await openPage(browser(), baseUrl);
  // A slow host: every database read takes 600 ms, so the engine opens seconds after the
  // search is submitted.
  await page.route('**/db/**', async (route) => {
    await new Promise((done) => setTimeout(done, 600));
    await route.continue();
  });
  await page.goto(baseUrl);
  await submitSearch(page, 'vanilla');
  await page.getByRole('status', { name: 'Loading episodes' }).waitFor();
  await freshCountLine(page, 'found 2 of 10 episodes').waitFor({ timeout: 20_000 });
  expect(new URL(page.url()).searchParams.get('q')).toBe('vanilla');
  expectNoProblems(problems);
  await page.close();
});

/** The notice that the archive is newer than the page. */
function episodeNotice(page: Awaited<ReturnType<typeof openPage>>['page']) {
  return page.getByRole('status').filter({ hasText: 'This archive has been updated' });
}

test('a page older than the published version stays on its version and offers a reload', async () => {
  const work = await workFolder('hydration-versions');
  const db = join(work, 'db');
  const podcast = join(work, 'podcast');
  await copyPodcastInputs(DEMO_FOLDER, podcast);
  await buildWithCli(podcast, db);
  const first = await readPublished(db);
  const oldHome = await readFile(join(first.versionDir, 'pages', 'index.html'), 'utf8');
  // The next version retitles the newest episode.
  const feedFile = join(podcast, 'feed.xml');
  const feed = await readFile(feedFile, 'utf8');
  await writeFile(feedFile, feed.replace('The Orchid in Your Ice Cream', 'The Orchid, Revisited'));
  await buildWithCli(podcast, db);
  const second = await readPublished(db);
  expect(second.version).not.toBe(first.version);

  const server: RunningServer = await serveSite(db, DEMO_MEDIA);
  try {
    const { page, problems } = await openPage(browser(), server.url);
    const reads: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/db/')) reads.push(pathname);
    });
    // A cache hands out the first version's home page after the second was published.
    await page.route(`${server.url}/`, (route) =>
      route.fulfill({ body: oldHome, contentType: 'text/html; charset=utf-8' }),
    );
    await page.goto(`${server.url}/`);
    const notice = page.getByRole('status').filter({ hasText: 'This archive has been updated' });
    await notice.waitFor();
    await page.getByRole('link', { name: /^9: The Orchid in Your Ice Cream$/ }).waitFor();
    // It searches its own version: no read of the new version's files.
    await submitSearch(page, 'orchid');
    await freshCountLine(page, /^found \d+ of 10 episodes$/).waitFor();
    // A version's own reads: its folder, or a chunk file only it lists (decision 0060: chunk
    // files are named by their bytes, and the two versions share those that did not change).
    const onlyOf =
      (mine: typeof first, other: typeof first) =>
      (path: string): boolean => {
        const hash = hashedChunkOf(path);
        if (hash === undefined) return path.includes(mine.version);
        return !!mine.config.chunks?.includes(hash) && !other.config.chunks?.includes(hash);
      };
    expect(reads.filter(onlyOf(second, first))).toEqual([]);
    expect(reads.filter(onlyOf(first, second)).length).toBeGreaterThan(0);

    // The cache is gone; the notice's reload brings the new version's page.
    await page.unroute(`${server.url}/`);
    await notice.getByRole('link', { name: 'Reload for the newest episodes' }).click();
    await page.getByRole('link', { name: /^9: The Orchid, Revisited$/ }).waitFor();
    expect(await notice.count()).toBe(0);
    expectNoProblems(problems);
    await page.close();

    // Episode pages carry no version (decision 0044): an unchanged episode's page keeps its
    // bytes, and the published version's pages.json still lists its hash, so no notice.
    const pageOf = (dir: string, n: string): Promise<string> =>
      readFile(join(dir, 'pages', 'episodes', `${n}.html`), 'utf8');
    expect(await pageOf(second.versionDir, '3')).toBe(await pageOf(first.versionDir, '3'));
    expect(await pageOf(second.versionDir, '9')).not.toBe(await pageOf(first.versionDir, '9'));
    const episode = await openPage(browser(), server.url);
    const checked = episode.page.waitForResponse((r) => r.url().endsWith('/pages.json'));
    await episode.page.goto(`${server.url}/episodes/3`);
    expect((await checked).status()).toBe(200);
    await episode.page.locator('article.episode-article').waitFor();
    expect(await episodeNotice(episode.page).count()).toBe(0);
    // The retitled episode's page from a cache: its hash is not the new version's, so it says so.
    const oldNine = await pageOf(first.versionDir, '9');
    await episode.page.route(`${server.url}/episodes/9`, (route) =>
      route.fulfill({ body: oldNine, contentType: 'text/html; charset=utf-8' }),
    );
    await episode.page.goto(`${server.url}/episodes/9`);
    await episodeNotice(episode.page).waitFor();
    await episode.page.unroute(`${server.url}/episodes/9`);
    await episodeNotice(episode.page)
      .getByRole('link', { name: 'Reload for the newest episodes' })
      .click();
    await episode.page.getByRole('heading', { level: 1, name: /The Orchid, Revisited/ }).waitFor();
    expect(await episodeNotice(episode.page).count()).toBe(0);
    expectNoProblems(episode.problems);
    await episode.page.close();
  } finally {
    await server.close();
  }
  // Two CLI builds of the demo, then three page loads: beside other test files on two cores.
}, 180_000);
