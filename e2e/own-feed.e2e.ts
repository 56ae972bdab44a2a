import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWithCli, REPO_ROOT, SITE_DIR } from '../scripts/demo-site.ts';
import type { RunningServer } from '../src/builder/serve/serve.ts';
import {
  expectNoProblems,
  newBrowserContext,
  openPage,
  row,
  screenshot,
  search,
  workFolder,
  type BrowserSession,
} from './harness.ts';
import { fillMediaFolder, startMediaHost, writeMappedFeed } from './media-host.ts';

// A podcaster's own feed, and nothing else: `trawl build --feed` on a real Podcasting 2.0 feed
// (../shared/realdata), `trawl serve` on the result, Chromium on the page. The feed's media
// live on another origin; a second local server stands in for it (the feed's URLs are mapped
// to it here, in the test only), so the site must load artwork, avatars and audio from an
// origin of the database's naming, under its own CSP, and stay tidy when that origin is down.

const FEED = resolve(REPO_ROOT, '../shared/realdata/pc20-feeds/themnshow.xml');
const SHOW = 'The Mike Neumann Show';
const EPISODES = 54;

/** Words of the demo show's settings and data that must never reach another podcast's site. */
const DEMO_TEXTS = [
  'no such thing as a search bar',
  'QI Elves',
  'qi offices',
  'wfh',
  'Curious Haul',
  'Compilation',
  '[+] show transcript',
];

let session: BrowserSession;
let mediaFolder: string;
let mediaHost: RunningServer | null = null;
let mediaPort = 0;
let serve: ChildProcess | null = null;
let siteUrl = '';

/** Starts `trawl serve` as a podcaster would and reads the address it prints. */
async function trawlServe(dbDir: string): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(
    process.execPath,
    ['bin/trawl.js', 'serve', '--db', dbDir, '--site', SITE_DIR, '--port', '0'],
    { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  const url = await new Promise<string>((done, fail) => {
    const read = (chunk: Buffer): void => {
      output += chunk.toString();
      const found = /Serving .* at (http:\/\/\S+)/.exec(output);
      if (found?.[1]) done(found[1]);
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('exit', () => fail(new Error(`trawl serve exited: ${output}`)));
  });
  return { child, url };
}

const mediaOrigin = (): string => `http://127.0.0.1:${mediaPort}`;

/** The rows' artwork and avatar images, and whether each has loaded a picture. */
function rowImages(page: Page): Promise<{ src: string; loaded: boolean }[]> {
  return page.$$eval('article img.episode-row__image, article .host-avatar img', (images) =>
    images
      .filter((image) => image instanceof HTMLImageElement)
      .map((image) => ({
        src: image.currentSrc,
        loaded: image.complete && image.naturalWidth > 0,
      })),
  );
}

/** Scrolls through the page so lazy images start loading. */
async function scrollThrough(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += 400) {
      window.scrollTo(0, y);
      await new Promise((done) => requestAnimationFrame(done));
    }
    window.scrollTo(0, 0);
  });
}

describe.skipIf(!existsSync(FEED))('a podcast from its feed alone (themnshow.xml)', () => {
  beforeAll(async () => {
    mediaFolder = await workFolder('media-host');
    mediaHost = await startMediaHost(mediaFolder);
    mediaPort = mediaHost.port;
    const podcast = await workFolder('own-feed');
    const { file, paths } = await writeMappedFeed(FEED, podcast, mediaOrigin());
    await fillMediaFolder(mediaFolder, paths);
    const dbDir = resolve(podcast, 'db');
    // Offline: the feed's transcript and chapter links lead to its real host, which a test
    // never reaches (e2e/feed-live.e2e.ts serves them from a local origin).
    await buildWithCli(podcast, dbDir, ['--feed', file, '--offline']);
    const served = await trawlServe(dbDir);
    serve = served.child;
    siteUrl = served.url;
    session = await newBrowserContext({ audio: true });
  });

  afterAll(async () => {
    await session?.close();
    serve?.kill('SIGTERM');
    await mediaHost?.close();
  });

  it('shows the show, its artwork and avatars from the media host, and nothing of the demo', async () => {
    const { page, problems } = await openPage(session, siteUrl);
    await page.goto(siteUrl);
    await page.getByText(`showing all ${EPISODES} episodes`).waitFor();
    expect(await page.title()).toBe(SHOW);
    await page.getByRole('heading', { level: 1, name: SHOW }).waitFor();
    // The header's logo and the tab's icon are the channel's image, from the media host.
    await expect
      .poll(() =>
        page.evaluate(() => {
          const logo = document.querySelector<HTMLImageElement>('img.page-header__logo');
          return logo !== null && logo.complete && logo.naturalWidth > 0 ? logo.currentSrc : '';
        }),
      )
      .toMatch(new RegExp(`^${mediaOrigin()}/mikeneumann\\.show/.+\\.jpg$`));
    expect(
      await page.evaluate(() => document.querySelector<HTMLLinkElement>('link[rel="icon"]')?.href),
    ).toMatch(new RegExp(`^${mediaOrigin()}/mikeneumann\\.show/.+\\.jpg$`));
    await screenshot(page, 'own-feed-home-1280', false);
    expect(
      await page.getByRole('combobox', { name: 'Search episodes' }).getAttribute('placeholder'),
    ).toBe('Search episodes and transcripts');

    await scrollThrough(page);
    await expect
      .poll(async () => (await rowImages(page)).every((image) => image.loaded))
      .toBe(true);
    const images = await rowImages(page);
    const artwork = await page.locator('article img.episode-row__image').count();
    const avatars = await page.locator('article .host-avatar img').count();
    expect(artwork).toBe(10);
    expect(avatars).toBeGreaterThan(0);
    for (const image of images) expect(image.src.startsWith(`${mediaOrigin()}/`)).toBe(true);

    // No transcript anywhere: each row says so in one slim line and offers none.
    expect(await page.getByText('No transcript yet').count()).toBe(10);
    expect(await page.getByRole('button', { name: /show transcript/ }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /expand all/ }).count()).toBe(0);

    // No episode types: the filters panel has no type group.
    await page.getByRole('button', { name: /show filters/ }).click();
    await page.getByText('Search in').waitFor();
    expect(await page.getByText('Episode types').count()).toBe(0);
    expect(await page.getByRole('checkbox', { name: 'live' }).count()).toBe(0);
    const text = await page.locator('body').innerText();
    for (const demo of DEMO_TEXTS) expect(text, demo).not.toContain(demo);

    // Everything the page fetched from elsewhere came from the media host.
    expect(problems.foreignRequests.filter((url) => !url.startsWith(`${mediaOrigin()}/`))).toEqual(
      [],
    );
    expectNoProblems({ ...problems, foreignRequests: [] });
    await screenshot(page, 'own-feed-filters-1280');
    await page.close();
  });

  it('plays the enclosure from the media host', async () => {
    const { page, problems } = await openPage(session, siteUrl);
    await page.goto(siteUrl);
    await page.getByText(`showing all ${EPISODES} episodes`).waitFor();
    await row(page, '54').getByRole('button', { name: 'Play episode 54' }).click();
    await page.waitForFunction(() => (document.querySelector('audio')?.currentTime ?? 0) > 0.5);
    const source = await page.evaluate(() => document.querySelector('audio')?.currentSrc ?? '');
    expect(source).toBe(
      `${mediaOrigin()}/op3.dev/e,pg=7a2d292c-8656-5fcf-88d2-31b10e54d7c7/mikeneumann.show/assets/static/themnshow054-20240914-FINAL.mp3`,
    );
    await row(page, '54').getByRole('slider').waitFor();
    expectNoProblems({ ...problems, foreignRequests: [] });
    await page.close();
  });

  it('searches titles and descriptions, and shows an episode page', async () => {
    for (const [width, name] of [
      [1280, '1280'],
      [390, '390'],
    ] as const) {
      const { page, problems } = await openPage(session, siteUrl);
      await page.setViewportSize({ width, height: 900 });
      await page.goto(siteUrl);
      await page.getByText(`showing all ${EPISODES} episodes`).waitFor();
      if (width === 390) await screenshot(page, `own-feed-home-${name}`, false);
      await search(page, 'community', /^found \d+ of 54 episodes$/);
      expect(await page.title()).toBe(`Search: community · ${SHOW}`);
      await screenshot(page, `own-feed-search-${name}`, false);
      await page.goto(`${siteUrl}/episodes/53`);
      await page.getByRole('heading', { level: 1, name: '53: Community' }).waitFor();
      expect(await page.title()).toBe(`53: Community · ${SHOW}`);
      await expect
        .poll(async () => (await rowImages(page)).every((image) => image.loaded))
        .toBe(true);
      await screenshot(page, `own-feed-episode-${name}`, false);
      expectNoProblems({ ...problems, foreignRequests: [] });
      await page.close();
    }
  });

  it('with the media host down: no broken image, and the audio says it could not load', async () => {
    await mediaHost?.close();
    mediaHost = null;
    const { page, problems } = await openPage(session, siteUrl);
    // Earlier pages put the pictures in the HTTP cache; a visitor arriving now has none.
    const cdp = await session.context.newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    await cdp.detach();
    await page.goto(siteUrl);
    await page.getByText(`showing all ${EPISODES} episodes`).waitFor();
    await scrollThrough(page);
    // Every picture failed, so none is left: the numbered tile and the initials stand in.
    await expect.poll(async () => (await rowImages(page)).length).toBe(0);
    expect(await page.locator('article .episode-tile').count()).toBe(10);
    await page.locator('.page-header__initials').getByText('MN').waitFor();
    expect(await page.locator('article .host-avatar__initials').count()).toBeGreaterThan(0);
    await expect
      .poll(() => page.locator('article .host-avatar__initials').first().innerText())
      .toMatch(/^[A-Z]{1,2}$/);

    await row(page, '54').getByRole('button', { name: 'Play episode 54' }).click();
    await row(page, '54')
      .getByText('The audio could not be loaded. Press play to try again.')
      .waitFor();
    expect(await row(page, '54').getByRole('slider').count()).toBe(0);
    await screenshot(page, 'own-feed-media-down-1280', false);
    expectNoProblems(
      { ...problems, foreignRequests: [] },
      /Failed to load resource|ERR_CONNECTION_REFUSED/,
    );
    await page.close();
  });
});
