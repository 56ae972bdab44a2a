import { cp, rename } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { writeSyntheticPodcast } from '../src/builder/test-support/synthetic-podcast.ts';
import type { RunningServer } from '../src/builder/serve/serve.ts';
import { servedReportPath, type ReceivedReport } from '../src/builder/serve/error-reports.ts';
import { DEMO_FACTS } from '../demo/tools/demo-facts.ts';
import { buildWithCli, DEMO_MEDIA, serveSite } from '../scripts/demo-site.ts';
import {
  axeViolations,
  browserForFile,
  expectNoProblems,
  PAGE_NOT_FOUND,
  waitForWholeList,
  openPage,
  rowNumbers,
  rowTitles,
  screenshot,
  search,
  submitSearch,
  workFolder,
} from './harness.ts';

// The main page in Chromium against the demo podcast (10 episodes, one page): search, each
// filter group, combinations, routes, the 404 page, an axe scan with the filters open and
// screenshots at 1280 and 360 px; paging on a generated 23-episode podcast; and the search
// error card when the database's chunk files disappear from the host.

const browser = browserForFile();
const baseUrl = inject('baseUrl');

describe('the demo podcast', () => {
  test('home: title, count line and every episode newest first', async () => {
    const { page, problems } = await openPage(browser(), baseUrl);
    await page.goto(baseUrl);
    await page.getByText('showing all 10 episodes').waitFor();
    await expect(page.getByRole('heading', { level: 1 }).innerText()).resolves.toBe(
      'The Curious Haul',
    );
    await expect.poll(() => rowNumbers(page)).toEqual([...DEMO_FACTS.episodes].reverse());
    await expect(
      page.getByRole('combobox', { name: 'Search episodes' }).getAttribute('placeholder'),
    ).resolves.toBe('no such thing as a search bar');
    // One page only: no page input.
    expect(await page.getByRole('textbox', { name: 'page' }).count()).toBe(0);
    // Greyed avatars where a host is missing.
    const missing = page
      .getByRole('article', { name: /^6: / })
      .getByRole('img', { name: /not in this episode/ });
    expect(await missing.count()).toBe(1);
    await screenshot(page, 'home-1280');
    expectNoProblems(problems);
    await page.close();
  });

  test('search: a word, a phrase, fields, URL state, reload and back', async () => {
    const { page, problems } = await openPage(browser(), baseUrl);
    await page.goto(baseUrl);
    await page.getByText('showing all 10 episodes').waitFor();

    await search(page, DEMO_FACTS.uniqueWord, 'found 1 of 10 episodes');
    expect(await rowNumbers(page)).toEqual([DEMO_FACTS.uniqueWordEpisode]);
    expect(new URL(page.url()).search).toBe(`?q=${DEMO_FACTS.uniqueWord}`);
    await page.reload();
    await page.getByText('found 1 of 10 episodes').waitFor();

    await search(
      page,
      DEMO_FACTS.phrase,
      `found ${DEMO_FACTS.phraseEpisodes.length} of 10 episodes`,
    );
    expect((await rowNumbers(page)).sort()).toEqual([...DEMO_FACTS.phraseEpisodes].sort());

    // Only titles: 'ice cream' is in episode 9's title alone.
    await page.getByRole('button', { name: /show filters/ }).click();
    const fields = page.getByRole('group', { name: 'Search in' });
    for (const field of ['description', 'transcript', 'episode number']) {
      await fields.getByRole('checkbox', { name: field, exact: true }).uncheck();
    }
    await page.getByText('found 1 of 10 episodes').waitFor();
    await expect.poll(() => rowNumbers(page)).toEqual(['9']);
    await expect(page.getByRole('button', { name: '[-] hide filters (1)' }).count()).resolves.toBe(
      1,
    );

    // Too short: ignored, with a hint.
    await submitSearch(page, 'ab');
    await page.getByText('Type at least 3 characters to search.').waitFor();
    await expect.poll(() => rowNumbers(page)).toEqual(['9']);

    // Operators and quotes are words, never a syntax error.
    for (const term of ['"ice" AND (cream*', 'NEAR(ice cream)', "doesn't", 'Réunion']) {
      await search(page, term, /^found \d+ of 10 episodes$/);
      expect(await page.getByText('Problem while searching').count()).toBe(0);
      expect(await page.getByRole('alert').count()).toBe(0);
    }

    // Back past the four searches: 'ice cream' in titles only again.
    for (let step = 0; step < 4; step += 1) await page.goBack();
    // The box follows the URL's term in the same render that starts its search.
    await expect
      .poll(() => page.getByRole('combobox', { name: 'Search episodes' }).inputValue())
      .toBe('ice cream');
    await page.getByText('found 1 of 10 episodes').waitFor();
    await expect.poll(() => rowNumbers(page)).toEqual(['9']);
    expectNoProblems(problems);
    await page.close();
  });

  test('filters: types with the no-type fix, presenters, venues, row buttons, combinations', async () => {
    const { page, problems } = await openPage(browser(), baseUrl);
    await page.goto(baseUrl);
    await page.getByText('showing all 10 episodes').waitFor();
    await page.getByRole('button', { name: '[+] show filters (0)' }).click();
    await screenshot(page, 'filters-1280');

    const types = page.getByRole('group', { name: 'Episode types' });
    await types.getByRole('checkbox', { name: 'live' }).uncheck();
    await page.getByText('found 7 of 10 episodes').waitFor();
    const withoutLive = await rowNumbers(page);
    for (const hidden of [...DEMO_FACTS.liveEpisodes, DEMO_FACTS.noTypeEpisode]) {
      expect(withoutLive).not.toContain(hidden);
    }
    await types.getByRole('checkbox', { name: 'live' }).check();
    await page.getByText('showing all 10 episodes').waitFor();

    const presenters = page.getByRole('combobox', { name: 'Presenters' });
    await presenters.click();
    await page.getByRole('listbox').getByText('Guests').waitFor();
    await presenters.fill('Ingrid');
    await presenters.press('Enter');
    await page.getByText('found 1 of 10 episodes').waitFor();
    await expect.poll(() => rowNumbers(page)).toEqual([DEMO_FACTS.noTypeEpisode]);
    await presenters.press('Backspace');
    await page.getByText('showing all 10 episodes').waitFor();

    const venues = page.getByRole('combobox', { name: 'Venues' });
    await venues.fill('Lakeshore');
    await venues.press('Enter');
    await page.getByText('found 1 of 10 episodes').waitFor();
    await expect.poll(() => rowNumbers(page)).toEqual(['7']);
    await venues.fill('Harbourside');
    await venues.press('Enter');
    await page.getByText('found 2 of 10 episodes').waitFor();

    // Combined with a search: only the Sydney show mentions emus.
    await search(page, 'emus', 'found 1 of 10 episodes');
    expect(await rowNumbers(page)).toEqual(['4']);
    expect(new URL(page.url()).searchParams.get('venues')).toBe('6,3');
    await search(page, '', 'found 2 of 10 episodes');

    // One value at a time: each Backspace re-renders the select and re-runs the filter.
    await venues.press('Backspace');
    await page.getByText('found 1 of 10 episodes').waitFor();
    // The select keeps the focus, so the next Backspace goes on removing.
    expect(await venues.evaluate((input) => input === document.activeElement)).toBe(true);
    await venues.press('Backspace');
    await page.getByText('showing all 10 episodes').waitFor();
    await page.getByRole('article', { name: /^7: / }).getByRole('button', { name: 'Live' }).click();
    await page.getByText('found 2 of 10 episodes').waitFor();
    expect((await rowNumbers(page)).sort()).toEqual([...DEMO_FACTS.liveEpisodes].sort());
    await page.getByRole('article', { name: /^7: / }).getByRole('button', { name: 'Live' }).click();
    await page.getByText('showing all 10 episodes').waitFor();
    expectNoProblems(problems);
    await page.close();
  });

  test('routes: an episode page, a half episode, a garbage number and the 404 page', async () => {
    const { page, problems } = await openPage(browser(), baseUrl);
    await page.goto(`${baseUrl}/episodes/4.5`);
    // An episode's page: its title is the H1, the show's name is in the header, no count line.
    await page.getByRole('heading', { level: 1, name: '4.5: The Best Bits So Far' }).waitFor();
    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
    await page.getByRole('banner').getByRole('link', { name: 'The Curious Haul' }).waitFor();
    expect(await page.getByText(/^found \d+ of|^showing all/).count()).toBe(0);
    expect(await page.getByRole('button', { name: /show filters|expand all/ }).count()).toBe(0);
    expect(await page.getByRole('article').count()).toBe(1);
    await page.getByText('Loading transcript…').waitFor({ state: 'detached' });
    await screenshot(page, 'episode-360');
    // Back to every episode, and on to the episodes either side.
    const others = page.getByRole('navigation', { name: 'Other episodes' });
    await others
      .getByRole('link', { name: 'Previous episode 4: Live in Sydney: Cubes and Emus' })
      .waitFor();
    await others.getByRole('link', { name: /^Next episode 5: / }).click();
    await page.getByRole('heading', { level: 1, name: /^5: / }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/episodes/5');
    await page
      .getByRole('navigation', { name: 'Back' })
      .getByRole('link', { name: 'All episodes' })
      .click();
    await page.getByText('showing all 10 episodes').waitFor();
    expect(new URL(page.url()).pathname).toBe('/');

    await page.goto(`${baseUrl}/episodes/999`);
    await page.getByRole('heading', { name: 'No such episode' }).waitFor();
    await page.getByText('There is no episode 999 in this podcast.').waitFor();
    expect(await page.title()).toMatch(/^Not found · /);
    await page.goto(`${baseUrl}/episodes/not-a-number`);
    await page.getByRole('heading', { name: 'No such episode' }).waitFor();

    await page.goto(`${baseUrl}/no/such/page`);
    await page.getByRole('heading', { name: '404 Not Found' }).waitFor();
    // The 404 page has the site's header.
    await page.getByRole('heading', { level: 1, name: 'The Curious Haul' }).waitFor();
    expect(await page.title()).toBe('Not found · The Curious Haul');
    await page.getByRole('link', { name: 'Go back home' }).click();
    await page.getByText('showing all 10 episodes').waitFor();
    expect(new URL(page.url()).pathname).toBe('/');

    await page.getByRole('link', { name: /^3: / }).click();
    await page.getByRole('heading', { level: 1, name: /^3: / }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/episodes/3');
    // The three addresses with no page of their own answer the 404 page with status 404.
    expect(problems.consoleErrors.filter((text) => PAGE_NOT_FOUND.test(text))).toHaveLength(3);
    expectNoProblems(problems, PAGE_NOT_FOUND);
    await page.close();
  });

  test('accessibility: no serious or critical axe violations with the filters open', async () => {
    const { page } = await openPage(browser(), baseUrl);
    await page.goto(baseUrl);
    await page.getByText('showing all 10 episodes').waitFor();
    await page.getByRole('button', { name: /show filters/ }).click();
    await page.getByRole('button', { name: '[+] expand all' }).click();
    await page.getByText('Loading transcript…').first().waitFor({ state: 'detached' });
    const violations = await axeViolations(page, { impacts: ['serious', 'critical'] });
    expect(violations).toEqual([]);
    await page.close();
  });

  test('keyboard: search, open the filters and page with the keyboard alone', async () => {
    const { page, problems } = await openPage(browser(), baseUrl);
    await page.goto(baseUrl);
    await page.getByText('showing all 10 episodes').waitFor();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('search');
    await page.keyboard.type(DEMO_FACTS.uniqueWord);
    await page.keyboard.press('Enter');
    await page.getByText('found 1 of 10 episodes').waitFor();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(
      '[+] show filters (0)',
    );
    // A visible focus ring.
    const outline = await page.evaluate(() => {
      const active = document.activeElement;
      return active ? getComputedStyle(active).outlineStyle : 'none';
    });
    expect(outline).not.toBe('none');
    await page.keyboard.press('Enter');
    await page.getByRole('group', { name: 'Search in' }).waitFor();
    expectNoProblems(problems);
    await page.close();
  });

  test('phone: the page at 360 px', async () => {
    const { page, problems } = await openPage(browser(), baseUrl);
    await page.setViewportSize({ width: 360, height: 780 });
    await page.goto(baseUrl);
    await page.getByText('showing all 10 episodes').waitFor();
    // Nothing is wider than the screen.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'home-360');
    await page.getByRole('button', { name: /show filters/ }).click();
    await screenshot(page, 'filters-360');
    await page.setViewportSize({ width: 320, height: 700 });
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    expectNoProblems(problems);
    await page.close();
  });
});

describe('a podcast with several pages', () => {
  let server: RunningServer;

  beforeAll(async () => {
    const work = await workFolder('main-page-paged');
    const folder = join(work, 'podcast');
    const db = join(work, 'db');
    await writeSyntheticPodcast(folder, { episodes: 23, wordsPerEpisode: 40, seed: 7 });
    await buildWithCli(folder, db);
    server = await serveSite(db, DEMO_MEDIA);
  });

  afterAll(async () => {
    await server.close();
  });

  test('pages with the links and the page box; a filter change goes back to page 1', async () => {
    const { page } = await openPage(browser(), server.url);
    await page.goto(server.url);
    await page.getByText('showing all 23 episodes').waitFor();
    const box = page.getByRole('textbox', { name: 'page' });
    await expect.poll(() => box.inputValue()).toBe('1');
    await page.getByText('of 3').waitFor();
    await page.getByRole('link', { name: 'Next page' }).click();
    await expect.poll(() => box.inputValue()).toBe('2');
    await page.waitForURL((url) => url.pathname === '/page/2');
    await page.getByRole('link', { name: 'Last page' }).click();
    await expect.poll(() => box.inputValue()).toBe('3');
    await expect.poll(async () => (await rowTitles(page)).length).toBe(3);
    await box.fill('9');
    await box.press('Enter');
    await expect.poll(() => box.inputValue()).toBe('3');
    await box.fill('');
    await box.blur();
    await expect.poll(() => box.inputValue()).toBe('3');
    await box.fill('2');
    await box.blur();
    await expect.poll(() => box.inputValue()).toBe('2');
    await page.waitForURL((url) => url.pathname === '/page/2');
    await page.goBack();
    await expect.poll(() => box.inputValue()).toBe('3');
    expect(new URL(page.url()).pathname).toBe('/page/3');
    await search(page, 'penguin', /^found \d+ of 23 episodes$/);
    expect(new URL(page.url()).searchParams.get('p')).toBeNull();
    await page.close();
  });
});

describe('search errors', () => {
  let server: RunningServer;
  let db: string;
  const reports: ReceivedReport[] = [];

  beforeAll(async () => {
    db = join(await workFolder('main-page-broken'), 'db');
    await cp(inject('demoDbDir'), db, { recursive: true });
    // As `trawl serve` does, with the reports kept for the test instead of printed.
    server = await serveSite(db, DEMO_MEDIA, {
      errorReports: { path: servedReportPath(db), onReport: (report) => reports.push(report) },
    });
  });

  afterAll(async () => {
    await server.close();
  });

  test('a failed chunk request shows "Problem while searching"; the next search works', async () => {
    const { page, problems } = await openPage(browser(), server.url);
    await page.goto(server.url);
    await page.getByText('showing all 10 episodes').waitFor();
    await waitForWholeList(page);

    // The host loses the database files (say, a half-finished deploy): the chunk files,
    // which live beside the version folders (decision 0060).
    await rename(join(db, 'chunks'), join(db, 'chunks.gone'));
    await submitSearch(page, DEMO_FACTS.uniqueWord);
    const card = page.getByRole('alert');
    await card.waitFor();
    expect(await card.getByRole('heading').innerText()).toBe('Problem while searching');
    // The demo names where reports go (its errorReports), so the spec's words are true.
    expect(await card.innerText()).toContain(
      'Sorry about that. A report has been filed. Please try a different search.',
    );
    await expect.poll(() => reports.length).toBe(1);
    expect(reports[0]).toMatchObject({
      kind: 'search',
      message: 'Problem while searching',
      page: `/?q=${DEMO_FACTS.uniqueWord}`,
    });
    await screenshot(page, 'search-error-1280', false);

    await rename(join(db, 'chunks.gone'), join(db, 'chunks'));
    await search(page, DEMO_FACTS.uniqueWord, 'found 1 of 10 episodes');
    expect(problems.pageErrors).toEqual([]);
    expect(problems.foreignRequests).toEqual([]);
    await page.close();
  });
});
