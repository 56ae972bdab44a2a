import type { Page } from 'playwright-core';
import { expect, inject, test } from 'vitest';
import {
  axeViolations,
  browserForFile,
  expectNoProblems,
  freshCountLine,
  markStale,
  openPage,
  openThrottledPage,
  row,
  searchBox,
  search,
  submitSearch,
  transcript,
  waitForWholeList,
} from './harness.ts';

// Issue 27, items 1-3 on the demo podcast (10 episodes): results as the visitor types (on a
// phone's network), the last word as a prefix, and typos that show their nearest word's results.

const browser = browserForFile();

/**
 * Every list the page shows from now on, in order, as its count line and row titles (a
 * MutationObserver in the page).
 */
async function recordLists(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const seen: string[] = [];
    Object.assign(window, { e2eCountLines: seen });
    const note = (): void => {
      for (const element of document.querySelectorAll('[role="status"]')) {
        const text = element.textContent ?? '';
        if (!/^(showing all|found) /.test(text)) continue;
        const titles = [...document.querySelectorAll('.results article h2')].map(
          (title) => title.textContent ?? '',
        );
        const list = [text, ...titles].join(' | ');
        if (seen.at(-1) !== list) seen.push(list);
      }
    };
    new MutationObserver(note).observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
    });
  });
  return () =>
    page.evaluate(() => {
      const seen: unknown = Reflect.get(window, 'e2eCountLines');
      return Array.isArray(seen) ? seen.map(String) : [];
    });
}

test('results follow the typing on a phone’s network; the URL follows without new entries', async () => {
  const baseUrl = inject('baseUrl');
  const { page, problems } = await openThrottledPage(browser(), baseUrl);
  await page.goto(baseUrl);
  await waitForWholeList(page);
  const entries = await page.evaluate(() => history.length);
  const lists = await recordLists(page);

  // An answer still on its way when the visitor types on is never shown: 'vanilla' is asked,
  // its rows are held back, and 'octopus' is typed meanwhile.
  let release = (): void => undefined;
  const gate = new Promise<void>((done) => {
    release = done;
  });
  const held: string[] = [];
  await page.route('**/db/**', async (route) => {
    held.push(route.request().url());
    await gate;
    await route.continue();
  });
  await markStale(page);
  await searchBox(page).pressSequentially('vanilla');
  await page.waitForFunction(() => new URL(location.href).searchParams.get('q') === 'vanilla');
  await searchBox(page).fill('');
  await searchBox(page).pressSequentially('octopus');
  await page.waitForFunction(() => new URL(location.href).searchParams.get('q') === 'octopus');
  expect(held.length).toBeGreaterThan(0);
  // Released, the handler lets every request through (the held ones first).
  release();
  const octopus = /^found \d+ of 10 episodes$/;
  await freshCountLine(page, octopus).waitFor();
  const titles = await page.locator('.results article h2').allTextContents();
  // The only search results shown since the typing began are the newest term's: the held
  // 'vanilla' answer, which arrived first, never reached the screen.
  const shown = await lists();
  expect(shown.filter((list) => list.startsWith('found'))).toEqual([
    [await freshCountLine(page, octopus).textContent(), ...titles].join(' | '),
  ]);

  // One history entry for the typing: the URL was replaced as it followed the box.
  expect(await page.evaluate(() => history.length)).toBe(entries + 1);
  // Enter and the button still search, and the box keeps its text.
  await markStale(page);
  await searchBox(page).press('Enter');
  await freshCountLine(page, octopus).waitFor();
  expect(await searchBox(page).inputValue()).toBe('octopus');
  await page.goBack();
  await page.waitForFunction(() => new URL(location.href).search === '');
  await freshCountLine(page, 'showing all 10 episodes').waitFor();
  // 'vanilla' finds other episodes: had its answer been shown, the record would hold it.
  await search(page, 'vanilla', /^found \d+ of 10 episodes$/);
  const vanilla = await page.locator('.results article h2').allTextContents();
  expect(vanilla).not.toEqual(titles);
  expectNoProblems(problems);
  await page.close();
});

test('the last word is a prefix: ‘octo’ finds what ‘octopus’ finds, the typed part highlighted', async () => {
  const baseUrl = inject('baseUrl');
  const { page, problems } = await openPage(browser(), baseUrl);
  await page.goto(baseUrl);
  await waitForWholeList(page);
  await search(page, 'octopus', /^found \d+ of 10 episodes$/);
  const whole = await page.locator('.results article h2').allTextContents();
  await search(page, 'octo', /^found \d+ of 10 episodes$/);
  const prefixed = await page.locator('.results article h2').allTextContents();
  expect(prefixed).toEqual(expect.arrayContaining(whole));
  expect(await page.getByText(/Did you mean/).count()).toBe(0);
  // The highlights mark 'Octo' of 'Octopus', not the whole word.
  await page.waitForFunction(() => (CSS.highlights.get('trawl-search-match')?.size ?? 0) > 0);
  const marked = await page.evaluate(() =>
    [...(CSS.highlights.get('trawl-search-match') ?? [])].map((range) =>
      range instanceof Range ? range.toString() : '',
    ),
  );
  expect(marked.length).toBeGreaterThan(0);
  for (const text of marked) expect(text.toLowerCase()).toBe('octo');
  // So do the snippets and the opened transcript, the word still read whole (decision 0072).
  const snippets = page.getByRole('region', { name: 'Where it was said in episode 7' });
  const snippet = snippets.getByRole('listitem').filter({ hasText: 'octopus' });
  await snippet.waitFor();
  expect(await snippet.locator('mark').allTextContents()).toEqual(['octo']);
  expect(await snippet.textContent()).toContain('An octopus has three hearts');
  await row(page, '7').getByRole('button', { name: '[+] show transcript' }).click();
  const word = transcript(page, '7').getByRole('button', { name: 'octopus', exact: true });
  await word.waitFor();
  expect(await word.locator('mark').allTextContents()).toEqual(['octo']);
  expect(await transcript(page, '7').locator('mark').allTextContents()).toEqual(['octo']);
  expectNoProblems(problems);
  await page.close();
});

test('a typo shows its nearest word’s results, with both searches as links', async () => {
  const baseUrl = inject('baseUrl');
  const { page, problems } = await openPage(browser(), baseUrl);
  await page.goto(baseUrl);
  await waitForWholeList(page);
  await search(page, 'banana', /^found \d+ of 10 episodes$/);
  const bananas = await page.locator('.results article h2').allTextContents();
  expect(bananas.length).toBeGreaterThan(0);
  await submitSearch(page, 'bananna');
  const notice = page.getByText('Showing results for banana · search instead for ‘bananna’');
  await notice.waitFor();
  expect(await axeViolations(page, { include: ['.typo-notice'] })).toEqual([]);
  expect(await page.locator('.results article h2').allTextContents()).toEqual(bananas);
  expect(await notice.getByRole('link', { name: 'banana' }).getAttribute('href')).toBe(
    '/?q=banana',
  );
  await notice.getByRole('link', { name: '‘bananna’' }).click();
  await freshCountLine(page, 'found 0 of 10 episodes').waitFor();
  expect(new URL(page.url()).search).toBe('?q=bananna&asTyped=1');
  await page.getByRole('button', { name: 'banana', exact: true }).waitFor();
  expectNoProblems(problems);
  await page.close();
});
