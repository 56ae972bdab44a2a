import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { DEMO_FACTS } from '../demo/tools/demo-facts.ts';
import type { RunningServer } from '../src/builder/serve/serve.ts';
import { writeSyntheticPodcast } from '../src/builder/test-support/synthetic-podcast.ts';
import { parseClockTime } from '../src/core/time-format.ts';
import { buildWithCli, DEMO_MEDIA, serveSite } from '../scripts/demo-site.ts';
import {
  browserForFile,
  expectNoProblems,
  openPage,
  screenshot,
  search,
  workFolder,
} from './harness.ts';

// Search snippets (issue 10) in Chromium: on the demo podcast a phrase shows where it was said,
// with <mark> and times; a time plays the episode from that sentence; 'and N more' opens the
// transcript; titles are highlighted in place. On a generated 23-episode podcast, paging loads
// the new rows' snippets.

const browser = browserForFile({ audio: true });
const baseUrl = inject('baseUrl');

function snippetsOf(page: Page, episode: string): Locator {
  return page.getByRole('region', { name: `Where it was said in episode ${episode}` });
}

function audioState(page: Page): Promise<{ time: number; paused: boolean; src: string }> {
  return page.evaluate(() => {
    const audio = document.querySelector('audio');
    return {
      time: audio?.currentTime ?? -1,
      paused: audio?.paused ?? true,
      src: audio?.getAttribute('src') ?? '',
    };
  });
}

describe('snippets on the demo podcast', () => {
  test('a phrase shows its snippets with marks and times, and a time plays that sentence', async () => {
    const { page, problems } = await openPage(browser(), baseUrl);
    await page.goto(baseUrl);
    await page.getByText('showing all 10 episodes').waitFor();
    await search(
      page,
      `"${DEMO_FACTS.phrase}"`,
      `found ${DEMO_FACTS.phraseEpisodes.length} of 10 episodes`,
    );

    // Every episode that says the phrase shows where; 7 says it three times.
    for (const episode of DEMO_FACTS.phraseEpisodes) {
      await snippetsOf(page, episode).waitFor();
      const marks = await snippetsOf(page, episode).locator('mark').allTextContents();
      expect(marks.length).toBeGreaterThan(0);
      for (const mark of marks) expect(mark.toLowerCase()).toMatch(/^ice cream[.,!?]?$/);
    }
    const seven = snippetsOf(page, '7');
    expect(await seven.getByRole('listitem').count()).toBe(3);
    const times = await seven.getByRole('button', { name: /^Play from / }).allTextContents();
    for (const time of times) expect(time).toMatch(/^\d+:\d\d$/);
    await screenshot(page, 'snippets-1280');

    // The last snippet of 7: play from its sentence.
    const last = seven.getByRole('button', { name: /^Play from / }).last();
    const at = parseClockTime((await last.innerText()).trim());
    if (at === null) throw new Error('the snippet time is not a clock time');
    await last.click();
    await expect.poll(async () => (await audioState(page)).paused).toBe(false);
    expect((await audioState(page)).src).toMatch(/\/audio\/7\.mp3$/);
    const heard = (await audioState(page)).time;
    // The time shows whole seconds; the sentence starts within the second after it.
    expect(Math.abs(heard - at)).toBeLessThan(1.5);
    expect(heard).toBeGreaterThanOrEqual(at - 1);

    // The keyboard plays another snippet: Enter on its time.
    const first = seven.getByRole('button', { name: /^Play from / }).first();
    const firstAt = parseClockTime((await first.innerText()).trim()) ?? -1;
    await first.focus();
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await audioState(page)).time).toBeLessThan(heard);
    expect(Math.abs((await audioState(page)).time - firstAt)).toBeLessThan(1.5);
    expectNoProblems(problems);
    await page.close();
  });

  test("a common word shows three snippets and 'and N more' opens the transcript", async () => {
    const { page, problems } = await openPage(browser(), baseUrl);
    await page.goto(`${baseUrl}/?q=the`);
    await page.getByText(/^found 10 of 10 episodes$/).waitFor();
    const seven = snippetsOf(page, '7');
    await seven.waitFor();
    expect(await seven.getByRole('listitem').count()).toBe(3);
    const more = seven.getByRole('button', { name: /^and \d+ more/ });
    await more.click();
    const transcript = page.getByRole('region', { name: 'Transcript of episode 7' });
    await transcript.getByRole('button').first().waitFor();
    await expect
      .poll(() =>
        page
          .getByRole('article', { name: /^7: / })
          .getByRole('button', { name: /hide transcript/ })
          .count(),
      )
      .toBe(1);
    // It waits at the first match the snippets leave out, ready to play from there.
    await page.getByText(/^Press play to listen from \d+:\d\d$/).waitFor();
    expectNoProblems(problems);
    await page.close();
  });

  test('titles are highlighted in place; no transcript field, no snippets', async () => {
    const { page, problems } = await openPage(browser(), baseUrl);
    const phrase = encodeURIComponent(`"${DEMO_FACTS.phrase}"`);
    await page.goto(`${baseUrl}/?q=${phrase}`);
    await snippetsOf(page, '9').waitFor();
    const highlighted = (): Promise<string[]> =>
      page.evaluate(() => {
        const highlight = CSS.highlights.get('trawl-search-match');
        return highlight ? [...highlight].map((range) => range.toString()) : [];
      });
    // A quoted phrase is one run; the same words unquoted are marked one by one.
    expect(await highlighted()).toContain('Ice Cream');
    await page.goto(`${baseUrl}/?q=${encodeURIComponent(DEMO_FACTS.phrase)}`);
    await snippetsOf(page, '9').waitFor();
    await expect.poll(highlighted).toEqual(expect.arrayContaining(['Ice', 'Cream']));
    expect(await highlighted()).not.toContain('Ice Cream');

    await page.goto(`${baseUrl}/?q=${phrase}&fieldsOff=words`);
    await page.getByText(/^found \d+ of 10 episodes$/).waitFor();
    // The rows have the phrase (their titles are highlighted), and no row's snippets are even
    // on their way: a row that loads them shows a hidden busy placeholder at once.
    await expect.poll(highlighted).toContain('Ice Cream');
    expect(await page.locator('.snippets').count()).toBe(0);
    expectNoProblems(problems);
    await page.close();
  });
});

describe('paging', () => {
  let server: RunningServer;

  beforeAll(async () => {
    const work = await workFolder('snippets-paged');
    const folder = join(work, 'podcast');
    const db = join(work, 'db');
    await writeSyntheticPodcast(folder, { episodes: 23, wordsPerEpisode: 120, seed: 7 });
    await buildWithCli(folder, db);
    server = await serveSite(db, DEMO_MEDIA);
  });

  afterAll(async () => {
    await server.close();
  });

  test("the next page loads its own rows' snippets", async () => {
    const { page, problems } = await openPage(browser(), server.url);
    await page.goto(`${server.url}/?q=the`);
    await page.getByText(/^found \d+ of 23 episodes$/).waitFor();
    const regions = page.getByRole('region', { name: /^Where it was said in episode / });
    const labels = (): Promise<(string | null)[]> =>
      regions.evaluateAll((all) => all.map((r) => r.getAttribute('aria-label')));
    await expect.poll(() => regions.count()).toBe(10);
    const firstPage = await labels();

    await page.getByRole('link', { name: 'Next page' }).click();
    // The first page's snippets stay on screen until the next page's rows replace them.
    await expect
      .poll(async () => (await labels()).some((label) => firstPage.includes(label)))
      .toBe(false);
    await expect.poll(() => regions.count()).toBe(10);
    const secondPage = await labels();
    expect(secondPage.filter((label) => firstPage.includes(label))).toEqual([]);
    // Neighbouring matches ('the the') share one mark; the last word is also a prefix
    // (decision 0034), so 'they' is a match too.
    for (const mark of await regions.locator('mark').allTextContents()) {
      expect(mark.toLowerCase()).toMatch(/^the\p{L}*[.,!?]?( the\p{L}*[.,!?]?)*$/u);
    }
    expectNoProblems(problems);
    await page.close();
  });
});
