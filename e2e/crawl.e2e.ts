import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildWithCli, serveSite } from '../scripts/demo-site.ts';
import type { RunningServer } from '../src/builder/serve/serve.ts';
import {
  axeViolations,
  browserForFile,
  expectNoProblems,
  openPage,
  rowTitles,
  screenshot,
  workFolder,
} from './harness.ts';

// Reachable by links (issue 25, item 6): a crawler without JavaScript that starts at '/' of a
// 300-episode show, built from a generated feed with the real CLI and served as `trawl serve`
// serves it, reaches every episode through the list's page links (decision 0032).

const EPISODES = 300;
const SITE_URL = 'https://crawl.example.org/show/';

/** A feed of `count` numbered episodes, one a week, newest last. */
function generatedFeed(count: number): string {
  const start = Date.UTC(2020, 0, 6);
  const items = Array.from({ length: count }, (_, index) => {
    const number = index + 1;
    const date = new Date(start + index * 7 * 86_400_000).toUTCString();
    return `    <item>
      <title>Episode ${number}: Crawlable thing ${number}</title>
      <itunes:episode>${number}</itunes:episode>
      <guid isPermaLink="false">crawl-${number}</guid>
      <pubDate>${date}</pubDate>
      <description>Notes of episode ${number}.</description>
    </item>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd">
  <channel>
    <title>Crawl Test Show</title>
    <language>en</language>
${items.join('\n')}
  </channel>
</rss>
`;
}

/** The same-origin paths an HTML page links to (its `<a href>`s), without query or fragment. */
function linkedPaths(html: string, pageUrl: string): string[] {
  const origin = new URL(pageUrl).origin;
  return [...html.matchAll(/<a\b[^>]*\bhref="([^"]*)"/g)].flatMap(([, href]) => {
    if (href === undefined) return [];
    const url = new URL(href.replaceAll('&amp;', '&'), pageUrl);
    return url.origin === origin ? [url.pathname] : [];
  });
}

/** A 1×1 transparent PNG. */
const ONE_PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

const browser = browserForFile({ javaScript: false });
let server: RunningServer | undefined;

/** The served site's address, once `beforeAll` has built and served it. */
function served(): string {
  if (server === undefined) throw new Error('the show was not built and served');
  return server.url;
}

beforeAll(async () => {
  const work = await workFolder('crawl-300');
  await writeFile(join(work, 'feed.xml'), generatedFeed(EPISODES));
  // The show's artwork is a file of its media folder: og:image names it under the site URL.
  await mkdir(join(work, 'media', 'images'), { recursive: true });
  await writeFile(join(work, 'media', 'images', 'show.png'), ONE_PIXEL_PNG);
  await writeFile(
    join(work, 'trawl.config.json'),
    JSON.stringify({
      site: { title: 'Crawl Test Show', siteUrl: SITE_URL, logo: 'images/show.png' },
    }),
  );
  const dbDir = join(work, 'db');
  await buildWithCli(work, dbDir);
  server = await serveSite(dbDir, join(work, 'media'));
  // 300 pre-rendered episode pages: about a minute of a quiet core, more on a busy machine.
}, 600_000);

afterAll(async () => {
  await server?.close();
});

describe('a 300-episode show without JavaScript', () => {
  test('a crawler starting at / reaches every episode by following links', async () => {
    const seen = new Set<string>(['/']);
    const queue = ['/'];
    const episodes = new Set<string>();
    const listPages = new Set<string>();
    while (queue.length > 0) {
      const path = queue.shift() ?? '/';
      const response = await fetch(new URL(path, served()));
      expect(response.status, path).toBe(200);
      const html = await response.text();
      if (path.startsWith('/episodes/')) {
        // An episode's own page, with its title in the HTML.
        episodes.add(path);
        expect(html).toContain(`Crawlable thing ${path.slice('/episodes/'.length)}<`);
        continue;
      }
      listPages.add(path);
      for (const next of linkedPaths(html, response.url)) {
        if (seen.has(next) || !(next === '/' || /^\/(page|episodes)\//.test(next))) continue;
        seen.add(next);
        queue.push(next);
      }
    }
    expect(episodes.size).toBe(EPISODES);
    // 10 a page: '/' and '/page/2' … '/page/30'.
    expect(listPages.size).toBe(30);
    expect(listPages).toContain('/page/30');
  });

  test("the list's links work in Chromium with scripts off, each page its own", async () => {
    const { page, problems } = await openPage(browser(), served());
    await page.goto(`${served()}/`);
    expect(await rowTitles(page)).toHaveLength(10);
    expect((await rowTitles(page))[0]).toBe('300: Crawlable thing 300');
    const pages = page.getByRole('navigation', { name: 'Pages' });
    await pages.getByRole('link', { name: 'Next page' }).click();
    await page.waitForURL(`${served()}/page/2`);
    expect((await rowTitles(page))[0]).toBe('290: Crawlable thing 290');
    await expect(page.getByRole('textbox', { name: 'page' }).inputValue()).resolves.toBe('2');
    await pages.getByRole('link', { name: 'Last page' }).click();
    await page.waitForURL(`${served()}/page/30`);
    expect(await rowTitles(page)).toEqual([
      '10: Crawlable thing 10',
      '9: Crawlable thing 9',
      '8: Crawlable thing 8',
      '7: Crawlable thing 7',
      '6: Crawlable thing 6',
      '5: Crawlable thing 5',
      '4: Crawlable thing 4',
      '3: Crawlable thing 3',
      '2: Crawlable thing 2',
      '1: Crawlable thing 1',
    ]);
    // The list's last page as a visitor without scripts sees it, at both widths.
    await screenshot(page, 'crawl-last-page-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'crawl-last-page-390');
    // Nowhere further to go: the arrows say so and link nowhere.
    const next = pages.getByRole('link', { name: 'Next page' });
    await expect(next.getAttribute('aria-disabled')).resolves.toBe('true');
    await expect(next.getAttribute('href')).resolves.toBeNull();
    // The page names itself, and its picture, for link previews and search engines.
    await expect(page.locator('link[rel="canonical"]').getAttribute('href')).resolves.toBe(
      `${SITE_URL}page/30`,
    );
    await expect(page.locator('meta[property="og:image"]').getAttribute('content')).resolves.toBe(
      `${SITE_URL}images/show.png`,
    );
    expectNoProblems(problems);
    await page.close();
  });

  test('with scripts on, the page links stay in the app', async () => {
    const { newBrowserContext } = await import('./harness.ts');
    const session = await newBrowserContext();
    try {
      const { page, problems } = await openPage(session, served());
      await page.goto(`${served()}/page/2`);
      // The app has taken the page over (it marks the root element). Its engine starts at the
      // first interaction (decision 0040): the click below, as a visitor's would.
      await page.locator('html[data-app]').waitFor({ state: 'attached' });
      expect((await rowTitles(page))[0]).toBe('290: Crawlable thing 290');
      // The page links, the first and last of them included, as a screen reader meets them.
      expect(await axeViolations(page, { include: ['.pagination'] })).toEqual([]);
      // A marker on the window survives only a navigation inside the app.
      await page.evaluate(() => {
        Object.assign(window, { stayed: true });
      });
      await page
        .getByRole('navigation', { name: 'Pages' })
        .getByRole('link', { name: 'Next page' })
        .click();
      await page.waitForURL(`${served()}/page/3`);
      await expect.poll(async () => (await rowTitles(page))[0]).toBe('280: Crawlable thing 280');
      // The tab names the page as its pre-rendered HTML does.
      await expect.poll(() => page.title()).toBe('Crawl Test Show · page 3 of 30');
      await expect(page.evaluate(() => 'stayed' in window)).resolves.toBe(true);
      expectNoProblems(problems);
      await page.close();
    } finally {
      await session.close();
    }
  });
});
