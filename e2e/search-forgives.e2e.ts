import { describe, expect, inject, test } from 'vitest';
import { DEMO_FACTS } from '../demo/tools/demo-facts.ts';
import {
  browserForFile,
  expectNoProblems,
  openPage,
  rowNumbers,
  screenshot,
  search,
} from './harness.ts';

// Issue 16 in Chromium on the demo podcast: other word forms, several words, a quoted phrase,
// suggestions as you type (by keyboard alone), 'did you mean' after a typo, and 'best match'
// against 'newest first' through the URL.

const browser = browserForFile();
const baseUrl = inject('baseUrl');

describe('search that forgives, suggests and ranks', () => {
  test('plural and singular, two words apart, a quoted phrase', async () => {
    const { page, problems } = await openPage(browser(), baseUrl);
    await page.goto(baseUrl);
    await page.getByText('showing all 10 episodes').waitFor();

    // 'cubes' is in episode 4's title; 4.5 says 'cube'.
    await search(page, 'cubes', 'found 2 of 10 episodes');
    expect(await rowNumbers(page)).toEqual(['4.5', '4']);
    await search(page, 'cube', 'found 2 of 10 episodes');
    await search(page, '"cubes"', 'found 1 of 10 episodes');
    expect(await rowNumbers(page)).toEqual(['4']);

    // The example: episode 1 is 'Clouds, Honey and Bananas'.
    await search(page, 'honey bananas', 'found 1 of 10 episodes');
    expect(await rowNumbers(page)).toEqual(['1']);
    const marked = await page.evaluate(() => {
      const highlight = CSS.highlights.get('trawl-search-match');
      return highlight ? [...highlight].map((range) => range.toString()) : [];
    });
    expect(marked).toEqual(expect.arrayContaining(['Honey', 'Bananas']));
    await search(page, '"honey bananas"', 'found 0 of 10 episodes');

    await search(
      page,
      `"${DEMO_FACTS.phrase}"`,
      `found ${DEMO_FACTS.phraseEpisodes.length} of 10 episodes`,
    );
    expect(await rowNumbers(page)).toEqual([...DEMO_FACTS.phraseEpisodes].reverse());
    expectNoProblems(problems);
    await page.close();
  });

  test('suggestions by keyboard alone: arrows, Escape, Enter', async () => {
    const { page, problems } = await openPage(browser(), baseUrl);
    await page.goto(baseUrl);
    await page.getByText('showing all 10 episodes').waitFor();
    const box = page.getByRole('combobox', { name: 'Search episodes' });
    // Tab to the box, as a keyboard user would (past the header's links).
    const focused = (): Promise<boolean> =>
      box.evaluate((input) => input === document.activeElement);
    for (let presses = 0; presses < 10 && !(await focused()); presses += 1) {
      await page.keyboard.press('Tab');
    }
    expect(await focused()).toBe(true);

    await page.keyboard.type('f');
    expect(await page.getByRole('listbox').count()).toBe(0);
    await page.keyboard.type('la');
    const list = page.getByRole('listbox', { name: 'Suggestions' });
    await list.waitFor();
    const options = await list.getByRole('option').allTextContents();
    // Most frequent first; equally frequent words alphabetically.
    expect(options.slice(0, 2)).toEqual(['flamboyance', 'flamingos']);
    expect(options).toContain('flamingo');
    expect(await box.getAttribute('aria-expanded')).toBe('true');
    await screenshot(page, 'search-suggestions-1280', false);
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'search-suggestions-390', false);
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('listbox').count()).toBe(0);
    expect(await box.inputValue()).toBe('fla');

    await page.keyboard.press('ArrowDown');
    await list.waitFor();
    for (const key of ['ArrowDown', 'ArrowDown', 'ArrowUp', 'ArrowDown']) {
      await page.keyboard.press(key);
    }
    const active = await box.getAttribute('aria-activedescendant');
    expect(active).not.toBeNull();
    expect(await page.locator(`[id="${active ?? ''}"]`).textContent()).toBe('flamingos');
    await page.keyboard.press('Enter');
    await page.getByText('found 1 of 10 episodes').waitFor();
    expect(new URL(page.url()).searchParams.get('q')).toBe('flamingos');
    expect(await box.inputValue()).toBe('flamingos');
    expect(await rowNumbers(page)).toEqual(['8']);

    // Enter without a chosen suggestion searches what was typed, as before.
    await box.fill('honey');
    await page.keyboard.press('Enter');
    await page.getByText('found 2 of 10 episodes').waitFor();
    expectNoProblems(problems);
    await page.close();
  });

  test("a typo's suggestion searches with one click", async () => {
    const { page, problems } = await openPage(browser(), baseUrl);
    // As typed (the link beside 'Showing results for banana'): the nearest words are offered.
    await page.goto(`${baseUrl}/?q=bananna&asTyped=1`);
    await page.getByText('No results found').waitFor();
    const offer = page.getByText(/^Did you mean/);
    await offer.waitFor();
    expect(await offer.getByRole('button').allTextContents()).toEqual(['banana', 'bananas']);
    await screenshot(page, 'search-did-you-mean-1280', false);
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'search-did-you-mean-390', false);
    await page.setViewportSize({ width: 1280, height: 900 });
    await offer.getByRole('button', { name: 'banana', exact: true }).click();
    await page.getByText('found 2 of 10 episodes').waitFor();
    expect(new URL(page.url()).searchParams.get('q')).toBe('banana');
    expect(await rowNumbers(page)).toEqual(['7', '1']);
    expectNoProblems(problems);
    await page.close();
  });

  test("'best match' against 'newest first', through the URL", async () => {
    const { page, problems } = await openPage(browser(), baseUrl);
    await page.goto(`${baseUrl}/?q=facts`);
    await page.getByText('found 9 of 10 episodes').waitFor();
    const newest = await rowNumbers(page);
    expect(newest[0]).toBe('9');
    const order = page.getByRole('combobox', { name: 'Order' });
    expect(await order.inputValue()).toBe('newest');

    await order.selectOption('best');
    await expect.poll(() => new URL(page.url()).searchParams.get('order')).toBe('best');
    // Episode 8 is 'A Flamboyance of Facts': the title counts most.
    await expect.poll(() => rowNumbers(page).then((numbers) => numbers[0])).toBe('8');
    const best = await rowNumbers(page);
    expect([...best].sort()).toEqual([...newest].sort());
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'search-best-match-390', false);
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.reload();
    await page.getByText('found 9 of 10 episodes').waitFor();
    expect(await rowNumbers(page)).toEqual(best);
    expect(await page.getByRole('combobox', { name: 'Order' }).inputValue()).toBe('best');

    await page.goBack();
    await expect.poll(() => new URL(page.url()).searchParams.get('order')).toBeNull();
    await expect.poll(() => rowNumbers(page)).toEqual(newest);
    expectNoProblems(problems);
    await page.close();
  });
});
