import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { REPO_ROOT, serveSite } from '../scripts/demo-site.ts';
import type { RunningServer } from '../src/builder/serve/serve.ts';
import {
  generatedChapters,
  startFeedOrigin,
  type FeedOrigin,
} from '../src/builder/test-support/feed-origin.ts';
import { addTranscriptLink, CHAPTER_TITLES, REALDATA, serveRealFeed } from './feed-host.ts';
import {
  browserForFile,
  expectNoProblems,
  openPage,
  row,
  screenshot,
  search,
  transcript,
  workFolder,
  type PageProblems,
} from './harness.ts';

// A live show from its feed URL (issue 23), in Chromium: a local origin serves a real feed
// (../shared/realdata/pc20-feeds) whose transcript, chapter and media links lead back to it,
// with real transcripts of each link's type behind them. `trawl build --feed <URL>` builds a
// site whose transcripts, snippets and chapters show; the next week's build downloads only the
// new item's files; with the origin down, --offline builds from the cache; and a feed without
// numbers keeps its numbers when a newer item arrives and an older one goes.

const run = promisify(execFile);
const THEMNSHOW = resolve(REALDATA, 'pc20-feeds/themnshow.xml');
const PC20 = resolve(REALDATA, 'pc20-feeds/pc20rss.xml');
const browser = browserForFile();

let origin: FeedOrigin = await startFeedOrigin();
let userCache = '';

/** Runs the real CLI as a podcaster would, with this run's own user cache folder. */
async function trawl(...args: string[]): Promise<string> {
  const { stdout } = await run(process.execPath, [join(REPO_ROOT, 'bin/trawl.js'), ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, XDG_CACHE_HOME: userCache },
    maxBuffer: 16 * 1024 * 1024,
  });
  return stdout;
}

/** The page's problems, with requests to the stand-in host allowed (the feed's media live there). */
function withoutOrigin(problems: PageProblems): PageProblems {
  return {
    ...problems,
    foreignRequests: problems.foreignRequests.filter((url) => !url.startsWith(`${origin.origin}/`)),
  };
}

async function served(dbDir: string): Promise<RunningServer> {
  return serveSite(dbDir, await workFolder('no-media'));
}

/** The heading of an episode's own page. */
async function episodeHeading(page: Page, baseUrl: string, episode: string): Promise<string> {
  await page.goto(`${baseUrl}/episodes/${episode}`);
  // An episode's own page titles it with its h1 (its h2s are sections such as 'Chapters').
  return (await row(page, episode).locator('h1').textContent()) ?? '';
}

beforeAll(async () => {
  userCache = await workFolder('user-cache');
});

afterAll(async () => {
  await origin.close();
});

// Each test builds a real show with the CLI (twice in the second): minutes on a busy machine.
const SLOW = { timeout: 300_000 };

describe.skipIf(!existsSync(THEMNSHOW))(
  'a live show from its feed URL (themnshow.xml)',
  SLOW,
  () => {
    let dbDir = '';
    let feed = '';
    let server: RunningServer | undefined;

    beforeAll(async () => {
      // Item 1 also links a word-timed JSON transcript: the finest timing wins over its SRT.
      const withJson = addTranscriptLink(
        await readFile(THEMNSHOW, 'utf8'),
        '1',
        'https://mikeneumann.show/assets/static/themnshow001-words.json',
        'application/json',
      );
      feed = await serveRealFeed(origin, '/feed.xml', withJson);
      dbDir = join(await workFolder('feed-live'), 'db');
    });

    afterAll(async () => {
      await server?.close();
    });

    test('trawl build --feed <URL> builds a site whose transcripts, snippets and chapters show', async () => {
      origin.clearCounts();
      const stdout = await trawl('build', '--feed', `${origin.origin}/feed.xml`, '--out', dbDir);
      expect(stdout).toContain('54 episodes (54 with transcripts');
      expect(stdout).toContain('  transcripts: 54 from the feed, 0 from files, 0 failed');
      expect(stdout).toContain('  chapters: 54 from the feed, 0 from files, 0 failed');
      // One transcript per item: episode 1's JSON (not its SRT), WebVTT over SRT for 49 and 50.
      const asked = origin.fullPaths().filter((path) => path.startsWith('/transcripts/'));
      expect(asked).toHaveLength(54);
      expect(asked).toContain('/transcripts/themnshow001-words.json');
      expect(asked).not.toContain('/transcripts/themnshow001-20220409-transcript.srt');
      expect(asked).toContain('/transcripts/themnshow050-20240622-DRAFT-transcript.vtt');

      server = await served(dbDir);
      const { page, problems } = await openPage(browser(), server.url);
      // Episode 1: its word-timed transcript and its chapters.
      await page.goto(`${server.url}/episodes/1`);
      const words = transcript(page, '1');
      await words
        .getByText(/Aaron Perry/)
        .first()
        .waitFor();
      const chapters = row(page, '1').getByRole('navigation', { name: 'Chapters of episode 1' });
      await chapters.getByRole('button').first().waitFor();
      expect(
        (await chapters.getByRole('button').allTextContents()).map((text) =>
          text.replace(/^\d+:\d\d/, ''),
        ),
      ).toEqual(CHAPTER_TITLES);
      // The transcript's paragraphs are laid out only in view (content-visibility): the
      // pictures show what a visitor sees with the transcript scrolled into view.
      for (const [width, height] of [
        [1280, 900],
        [390, 844],
      ] as const) {
        await page.setViewportSize({ width, height });
        await words
          .getByText(/Aaron Perry/)
          .first()
          .scrollIntoViewIfNeeded();
        await screenshot(page, `feed-live-episode-${width}`, false);
      }
      await page.setViewportSize({ width: 1280, height: 900 });

      // A word from the WebVTT transcripts of 49 and 50: their snippets show where it was said.
      await page.goto(server.url);
      await search(page, 'Kubernetes', /^found \d+ of 54 episodes$/);
      const snippets = page.getByRole('region', { name: 'Where it was said in episode 50' });
      await snippets.waitFor();
      expect(
        (await snippets.locator('mark').allTextContents()).map((text) => text.toLowerCase()),
      ).toContain('kubernetes');
      await screenshot(page, 'feed-live-search-1280');
      await page.setViewportSize({ width: 390, height: 844 });
      await screenshot(page, 'feed-live-search-390');
      expectNoProblems(withoutOrigin(problems));
    });

    test('the next week downloads only the new item; with the origin down, --offline rebuilds from the cache', async () => {
      const newItem = `<item>
      <title>A new week</title><guid isPermaLink="false">new-week-55</guid>
      <pubDate>Sat, 21 Sep 2024 09:00:00 GMT</pubDate><itunes:duration>1800</itunes:duration>
      <podcast:episode>55</podcast:episode>
      <podcast:transcript url="${origin.origin}/transcripts/new-week.srt" type="application/x-subrip" language="EN"/>
      <podcast:chapters url="${origin.origin}/chapters/new-week.json" type="application/json+chapters"/>
    </item>`;
      origin.files.set('/feed.xml', {
        body: feed.replace(/<item>/, `${newItem}<item>`),
        type: 'application/rss+xml',
      });
      const srt = origin.files.get('/transcripts/themnshow054-20240914-DRAFT-transcript.srt');
      if (srt === undefined) throw new Error('the origin serves no SRT for episode 54');
      origin.files.set('/transcripts/new-week.srt', srt);
      origin.files.set('/chapters/new-week.json', {
        body: generatedChapters(['A new week begins']),
        type: 'application/json',
      });
      origin.clearCounts();
      const stdout = await trawl('build', '--feed', `${origin.origin}/feed.xml`, '--out', dbDir);
      expect(stdout).toContain('55 episodes (55 with transcripts');
      expect(stdout).toContain('  downloads of linked files: 2 new, 108 unchanged, 0 failed');
      // The week's build wrote only the new episode into the last version's database (decision
      // 0051); the page checks below read that database.
      expect(stdout).toContain(
        "  1 of them written; the others came with the previous version's database",
      );
      // What the origin answered in full: the feed and the new item's two files, nothing else.
      expect(origin.fullPaths()).toEqual([
        '/chapters/new-week.json',
        '/feed.xml',
        '/transcripts/new-week.srt',
      ]);

      await origin.close();
      const offline = await trawl(
        'build',
        '--feed',
        `${origin.origin}/feed.xml`,
        '--out',
        dbDir,
        '--offline',
      );
      expect(offline).toContain('55 episodes (55 with transcripts');
      expect(offline).toContain(
        "  0 of them written; the others came with the previous version's database",
      );
      expect(offline).toMatch(
        / {2}feed: http:\/\/127\.0\.0\.1:\d+\/feed\.xml, the cached copy \(--offline\)/,
      );
      const { page, problems } = await openPage(browser(), server?.url ?? '');
      await page.goto(`${server?.url ?? ''}/episodes/55`);
      await transcript(page, '55').locator('[data-w]').first().waitFor();
      await row(page, '55')
        .getByRole('navigation', { name: 'Chapters of episode 55' })
        .getByRole('button', { name: /A new week begins/ })
        .waitFor();
      expectNoProblems(withoutOrigin(problems));
    });
  },
);

describe.skipIf(!existsSync(PC20))(
  'a feed without numbers (pc20rss.xml, its titles unnumbered)',
  SLOW,
  () => {
    beforeAll(async () => {
      // The show's host may have been taken down above: a host of its own.
      await origin.close();
      origin = await startFeedOrigin();
    });

    test('builds, and its numbers stay when a newer item arrives and an older one goes', async () => {
      // Every "Episode 57: " taken out of the titles: nothing numbers the items but their order.
      const real = await readFile(PC20, 'utf8');
      const plain = real.replace(/<title>Episode \d+: /g, '<title>');
      const items = plain.match(/<item>[\s\S]*?<\/item>/g) ?? [];
      expect(items).toHaveLength(56);
      const head = plain.slice(0, plain.indexOf('<item>'));
      const tail = plain.slice(plain.lastIndexOf('</item>') + '</item>'.length);
      const feedOf = (list: string[]): string => `${head}${list.join('\n')}${tail}`;
      await serveRealFeed(origin, '/plain.xml', feedOf(items));

      const folder = join(await workFolder('unnumbered'), 'show');
      await trawl('init', folder, '--feed', `${origin.origin}/plain.xml`);
      const db = join(folder, 'db');
      const first = await trawl('build', folder, '--out', db);
      expect(first).toContain('56 episodes (');
      // The oldest item (once 'Episode 2') is 1: each number is one less than the title said.
      expect(first).toMatch(
        /"First Board Meeting" \(line \d+\) is now episode 2 \(it had no number\)/,
      );
      const server = await served(db);
      try {
        const { page, problems } = await openPage(browser(), server.url);
        expect(await episodeHeading(page, server.url, '11')).toBe('11: Breaking Code');
        // Its transcript came from the feed's application/srt link.
        await transcript(page, '11').locator('[data-w]').first().scrollIntoViewIfNeeded();
        await screenshot(page, 'feed-live-unnumbered-1280', false);

        // A newer item arrives and the oldest leaves the feed.
        const newer = (items[0] ?? '')
          .replace(/<title>[^<]*<\/title>/, '<title>A brand new week</title>')
          .replace(/<guid([^>]*)>[^<]*<\/guid>/, '<guid$1>PC2058</guid>')
          .replace(/<pubDate>[^<]*<\/pubDate>/, '<pubDate>Fri, 01 Jan 2100 09:00:00 GMT</pubDate>');
        await serveRealFeed(origin, '/plain.xml', feedOf([newer, ...items.slice(0, -1)]));
        const later = await trawl('build', folder, '--out', db);
        expect(later).toContain('56 episodes (');
        expect(later).toMatch(
          /"A brand new week" \(line \d+\) is now episode 57 \(it had no number\)/,
        );
        expect(await episodeHeading(page, server.url, '11')).toBe('11: Breaking Code');
        expect(await episodeHeading(page, server.url, '57')).toBe('57: A brand new week');
        // The oldest item's page is gone, and its number is never given again.
        const gone = await page.goto(`${server.url}/episodes/1`);
        expect(gone?.status()).toBe(404);
        const numbers: unknown = JSON.parse(
          await readFile(join(folder, 'episode-numbers.json'), 'utf8'),
        );
        // Old items of this feed use their date as guid.
        expect(numbers).toMatchObject({
          numbers: { 'Fri, 11 Sep 2020 18:51:09 GMT': '1', PC2012: '11', PC2058: '57' },
        });
        expectNoProblems(withoutOrigin(problems), /status of 404/);
      } finally {
        await server.close();
      }
    });
  },
);
