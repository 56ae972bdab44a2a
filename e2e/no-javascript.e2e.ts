import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { buildWithCli, REPO_ROOT, serveSite } from '../scripts/demo-site.ts';
import type { RunningServer } from '../src/builder/serve/serve.ts';
import {
  browserForFile,
  expectNoProblems,
  openPage,
  PAGE_NOT_FOUND,
  row,
  rows,
  rowTitles,
  workFolder,
} from './harness.ts';

// A visitor (or a crawler) without JavaScript: Chromium with scripts off reads the pre-rendered
// pages `trawl build` published with the demo database, served as `trawl serve` serves them.
// The list, an episode's transcript, the links between them and the 404 page all work from the
// HTML and CSS alone; nothing reads the database.

const browser = browserForFile({ javaScript: false });

/** Opens a page that records problems and every request for the database folder. */
async function open(baseUrl: string): Promise<{
  page: Page;
  problems: Awaited<ReturnType<typeof openPage>>['problems'];
  dbReads: string[];
}> {
  const { page, problems } = await openPage(browser(), baseUrl);
  const dbReads: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/db/')) dbReads.push(request.url());
  });
  return { page, problems, dbReads };
}

describe('the demo without JavaScript', () => {
  test('the list is readable: rows with titles, dates, venues and descriptions', async () => {
    const baseUrl = inject('baseUrl');
    const { page, problems, dbReads } = await open(baseUrl);
    const response = await page.goto(`${baseUrl}/`);
    expect(response?.status()).toBe(200);
    await expect(page.title()).resolves.toBe('The Curious Haul');
    await expect(rows(page).count()).resolves.toBe(10);
    const titles = await rowTitles(page);
    expect(titles[0]).toBe('9: The Orchid in Your Ice Cream');
    expect(titles).toContain("3: The Axolotl's Secret");
    expect(titles).toContain('4.5: The Best Bits So Far');
    const third = row(page, '3');
    // The demo's feed says en-gb: its dates read as a British listener's do.
    await expect(third.locator('time').textContent()).resolves.toBe('20 Jan 2025');
    await expect(third.getByText('The Boathouse Office').first().isVisible()).resolves.toBe(true);
    const description = third.getByText(/one very strange salamander, the axolotl/);
    await expect(description.isVisible()).resolves.toBe(true);
    expect(dbReads).toEqual([]);
    expectNoProblems(problems);
    await page.close();
  });

  test('an episode page shows its transcript as readable paragraphs', async () => {
    const baseUrl = inject('baseUrl');
    const { page, problems, dbReads } = await open(baseUrl);
    const response = await page.goto(`${baseUrl}/episodes/7`);
    expect(response?.status()).toBe(200);
    await expect(page.title()).resolves.toBe('7: Lightning Round in Chicago · The Curious Haul');
    const transcript = page.getByRole('region', { name: 'Transcript of episode 7' });
    await expect(transcript.isVisible()).resolves.toBe(true);
    // Episode 7 is the demo's longest, a conversation: one paragraph per turn, each under its
    // speaker's name, words read as sentences (spaces between them), timestamps where due.
    const paragraphs = await transcript.locator('p').allInnerTexts();
    expect(paragraphs.length).toBeGreaterThan(10);
    expect(paragraphs[0]).toMatch(
      /^Dora Finch\s+0:00\s+Good evening, Chicago! Welcome to a live Curious Haul/,
    );
    expect(paragraphs[2]).toMatch(/^Priya Shah\s+So the whole city is named after a vegetable\?$/);
    // The whole transcript is in the page, to its last words.
    const whole = (await transcript.textContent())?.replace(/\s+/g, ' ') ?? '';
    expect(whole).toMatch(/a banana shortage during the war, .* Goodnight!\s*$/);
    expect(dbReads).toEqual([]);
    expectNoProblems(problems);
    await page.close();
  });

  test('links lead from the list to episode pages and back', async () => {
    const baseUrl = inject('baseUrl');
    const { page, problems, dbReads } = await open(baseUrl);
    await page.goto(`${baseUrl}/`);
    for (const [title, number] of [
      ["3: The Axolotl's Secret", '3'],
      ['4.5: The Best Bits So Far', '4.5'],
    ] as const) {
      await page.getByRole('link', { name: title, exact: true }).click();
      await page.waitForURL(`${baseUrl}/episodes/${number}`);
      await expect(
        page.getByRole('heading', { name: title, exact: true }).first().isVisible(),
      ).resolves.toBe(true);
      await expect(
        page.getByRole('region', { name: `Transcript of episode ${number}` }).isVisible(),
      ).resolves.toBe(true);
      await page.getByRole('link', { name: 'The Curious Haul' }).click();
      await page.waitForURL(`${baseUrl}/`);
      await expect(rows(page).count()).resolves.toBe(10);
    }
    expect(dbReads).toEqual([]);
    expectNoProblems(problems);
    await page.close();
  });

  test("a search from an episode's page goes to the list", async () => {
    const baseUrl = inject('baseUrl');
    const { page, problems, dbReads } = await open(baseUrl);
    await page.goto(`${baseUrl}/episodes/7`);
    await page.getByRole('heading', { level: 1, name: '7: Lightning Round in Chicago' }).waitFor();
    // The way back and on is in the HTML.
    await page.getByRole('link', { name: 'All episodes' }).waitFor();
    await page
      .getByRole('navigation', { name: 'Other episodes' })
      .getByRole('link', { name: /^Previous episode 6: / })
      .waitFor();
    const box = page.getByRole('combobox', { name: 'Search episodes' });
    await box.fill('vanilla');
    const [response] = await Promise.all([page.waitForResponse(/\?q=vanilla/), box.press('Enter')]);
    // The list has loaded before the page closes: a close racing a navigation's commit can be
    // acknowledged by Chromium and never done, and page.close() then waits for ever (Chromium
    // issue 536385539; it hung this test twice in 23 runs).
    await page.waitForLoadState('load');
    expect(response.status()).toBe(200);
    expect(new URL(page.url()).pathname).toBe('/');
    expect(new URL(page.url()).searchParams.get('q')).toBe('vanilla');
    expect(dbReads).toEqual([]);
    expectNoProblems(problems);
    await page.close();
  });

  test('an unknown path and an unknown episode are the 404 page, with status 404', async () => {
    const baseUrl = inject('baseUrl');
    const { page, problems } = await open(baseUrl);
    for (const path of ['/no-such-page', '/episodes/999']) {
      const response = await page.goto(`${baseUrl}${path}`);
      expect(response?.status()).toBe(404);
      await expect(page.title()).resolves.toBe('Not found · The Curious Haul');
      await expect(page.getByText('404 Not Found').isVisible()).resolves.toBe(true);
    }
    await page.getByRole('link', { name: 'Go back home' }).click();
    await page.waitForURL(`${baseUrl}/`);
    await expect(rows(page).count()).resolves.toBe(10);
    expectNoProblems(problems, PAGE_NOT_FOUND);
    await page.close();
  });
});

const THEMNSHOW = resolve(REPO_ROOT, '../shared/realdata/pc20-feeds/themnshow.xml');

/**
 * How many pixels of an image's screenshot, `inset` px in from its edges, differ from its centre
 * pixel: 0 is a plain tile; a broken-image glyph or alt text makes many. The screenshot is
 * decoded in a blank page of the browser (no page script runs; the test drives the canvas).
 */
async function offTonePixels(image: Locator, inset: number): Promise<number> {
  const png = await image.screenshot();
  const probe = await browser().context.newPage();
  try {
    return await probe.evaluate(
      async ({ bytes, edge }) => {
        const blob = new Blob([new Uint8Array(bytes)], { type: 'image/png' });
        const bitmap = await createImageBitmap(blob);
        const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
        const context = canvas.getContext('2d');
        if (context === null) throw new Error('no 2d canvas');
        context.drawImage(bitmap, 0, 0);
        const { data, width, height } = context.getImageData(0, 0, bitmap.width, bitmap.height);
        const centre = ((height >> 1) * width + (width >> 1)) * 4;
        let off = 0;
        for (let y = edge; y < height - edge; y += 1) {
          for (let x = edge; x < width - edge; x += 1) {
            const at = (y * width + x) * 4;
            const differs = [0, 1, 2].some(
              (channel) => Math.abs((data[at + channel] ?? 0) - (data[centre + channel] ?? 0)) > 8,
            );
            if (differs) off += 1;
          }
        }
        return off;
      },
      { bytes: [...png], edge: inset },
    );
  } finally {
    await probe.close();
  }
}

describe.skipIf(!existsSync(THEMNSHOW))('a real feed without JavaScript (themnshow.xml)', () => {
  let server: RunningServer | undefined;

  beforeAll(async () => {
    const work = await workFolder('themnshow');
    const dbDir = join(work, 'db');
    // Offline: its transcript and chapter links lead to its real host, never reached in tests.
    await buildWithCli(work, dbDir, ['--feed', THEMNSHOW, '--offline']);
    server = await serveSite(dbDir, join(work, 'no-media'));
  }, 180_000);

  afterAll(async () => {
    await server?.close();
  });

  test('the list, an episode page and the way back are readable', async () => {
    const baseUrl = server?.url ?? '';
    const { page, problems, dbReads } = await open(baseUrl);
    const response = await page.goto(`${baseUrl}/`);
    expect(response?.status()).toBe(200);
    await expect(page.title()).resolves.toBe('The Mike Neumann Show');
    expect(await rows(page).count()).toBeGreaterThan(0);
    const [title] = await rowTitles(page);
    if (title === undefined) throw new Error('no rows');
    await page.getByRole('link', { name: title, exact: true }).click();
    await page.waitForURL(/\/episodes\/[0-9.]+$/);
    await expect(page.title()).resolves.toMatch(/ · The Mike Neumann Show$/);
    await expect(
      page.getByRole('heading', { name: title, exact: true }).first().isVisible(),
    ).resolves.toBe(true);
    await page.getByRole('link', { name: 'The Mike Neumann Show' }).click();
    await page.waitForURL(`${baseUrl}/`);
    expect(dbReads).toEqual([]);
    // The feed's artwork and avatars live on the web, which these machines cannot reach.
    expect(problems.pageErrors).toEqual([]);
    await page.close();
  });

  test('artwork, logo and avatars that cannot load are plain tiles, their alt text still read', async () => {
    const baseUrl = server?.url ?? '';
    const { page } = await open(baseUrl);
    await page.goto(`${baseUrl}/`);
    const artwork = page.locator('article img.episode-row__image').first();
    const logo = page.locator('img.page-header__logo');
    const avatar = page.locator('article .host-avatar img').first();
    // Every image has finished failing (the media host's names do not resolve here).
    await expect
      .poll(() =>
        page
          .locator('img')
          .evaluateAll((images) =>
            images.every((image) => image instanceof HTMLImageElement && image.complete),
          ),
      )
      .toBe(true);
    // Each keeps its box and shows one colour: no broken-image glyph, no spilled alt text.
    await expect(artwork.boundingBox()).resolves.toMatchObject({ width: 72, height: 72 });
    await expect(logo.boundingBox()).resolves.toMatchObject({ width: 48, height: 48 });
    await expect(avatar.boundingBox()).resolves.toMatchObject({ width: 36, height: 36 });
    await expect(offTonePixels(artwork, 6)).resolves.toBe(0);
    await expect(offTonePixels(logo, 2)).resolves.toBe(0);
    await expect(offTonePixels(avatar, 10)).resolves.toBe(0);
    // Screen readers still have the alt text.
    await expect(artwork.getAttribute('alt')).resolves.toBe('Artwork of episode 54');
    await expect(
      page.getByRole('img', { name: 'Artwork of episode 54', exact: true }).count(),
    ).resolves.toBe(1);
    // The show's host presents every episode, so each row has his avatar.
    const shown = await rows(page).count();
    await expect(
      page.getByRole('img', { name: 'Mike Neumann', exact: true }).count(),
    ).resolves.toBe(shown);
    await page.close();
  });
});
