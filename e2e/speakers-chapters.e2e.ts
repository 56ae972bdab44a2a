import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, test } from 'vitest';
import {
  browserForFile,
  expectNoProblems,
  freshCountLine,
  openPage,
  row,
  search,
  transcript,
} from './harness.ts';

// Speakers and chapters (issue 15) in Chromium on the demo: speaker paragraphs with names,
// chapter headings, ticks and the chapter list (each seeking), a 'said by' search whose count,
// snippets and highlights agree, and the URL round trip. Screenshots go to e2e/screenshots/ (`npm run screenshots` refreshes docs/screenshots/).

const SHOTS = resolve(import.meta.dirname, 'screenshots');

const browser = browserForFile({ audio: true });
const baseUrl = inject('baseUrl');

async function openEpisode(page: Page, episode: string): Promise<Locator> {
  await row(page, episode)
    .getByRole('button', { name: /show transcript/ })
    .click();
  await transcript(page, episode).locator('[data-w]').first().waitFor();
  return transcript(page, episode);
}

/** The seek bar's value (whole seconds) once the episode is in the player. */
async function seekValue(page: Page, episode: string): Promise<number> {
  const slider = row(page, episode).getByRole('slider', { name: `Seek in episode ${episode}` });
  return Number(await slider.getAttribute('aria-valuenow'));
}

describe('speakers and chapters', () => {
  test('a transcript reads like a conversation, with chapter headings that play', async () => {
    const { page, problems } = await openPage(browser(), baseUrl);
    await page.goto(baseUrl);
    await page.getByText('showing all 10 episodes').waitFor();
    const body = await openEpisode(page, '9');
    // Paragraphs at each change of speaker, headed by name; hosts with their avatars.
    const names = await body.locator('.transcript-speaker__name').allTextContents();
    expect(names.slice(0, 4)).toEqual(['Dora Finch', 'Kofi Mensah', 'Priya Shah', 'Kofi Mensah']);
    expect(
      await body.locator('img.transcript-speaker__avatar').first().getAttribute('src'),
    ).toMatch(/\/hosts\/6\.png$/);
    // WhisperX labels (episode 9) were mapped by speakers.json: no 'Speaker N' left.
    expect(names.some((name) => name.startsWith('Speaker '))).toBe(false);
    const headings = await body.getByRole('heading', { level: 3 }).allTextContents();
    expect(headings.map((text) => text.replace(/^\d+:\d\d /, ''))).toEqual([
      'Welcome back',
      'Vanilla and orchids',
      'Napoleon',
      'Robots',
    ]);

    const napoleon = body.getByRole('button', { name: /^\d+:\d\d Napoleon$/ });
    const label = (await napoleon.textContent()) ?? '';
    const [minutes = '0', seconds = '0'] = (/^(\d+):(\d\d)/.exec(label) ?? []).slice(1);
    const start = Number(minutes) * 60 + Number(seconds);
    await napoleon.click();
    await row(page, '9').getByRole('button', { name: 'Pause episode 9' }).waitFor();
    await expect.poll(() => seekValue(page, '9')).toBeGreaterThanOrEqual(start);
    expect(await seekValue(page, '9')).toBeLessThan(start + 4);
    // The current chapter's name beside the time.
    await row(page, '9').getByLabel('Chapter: Napoleon', { exact: true }).waitFor();
    await row(page, '9').getByRole('button', { name: 'Pause episode 9' }).click();
    // e2e/screenshots: the row with its chapters, speakers and headings, wide and narrow.
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 1100 });
      await body.evaluate((element) => {
        element.scrollTop = 0;
      });
      await row(page, '9').scrollIntoViewIfNeeded();
      await mkdir(SHOTS, { recursive: true });
      await row(page, '9').screenshot({ path: join(SHOTS, `speakers-chapters-${width}.png`) });
    }
    expectNoProblems(problems);
  });

  test('the seek bar has named chapter ticks and the opened episode a chapter list; both seek', async () => {
    const { page, problems } = await openPage(browser(), baseUrl);
    await page.goto(`${baseUrl}/episodes/7`);
    const body = transcript(page, '7');
    await body.locator('[data-w]').first().waitFor();
    const list = row(page, '7').getByRole('navigation', { name: 'Chapters of episode 7' });
    const chapters = await list.getByRole('button').allTextContents();
    expect(chapters.map((text) => text.replace(/^\d+:\d\d/, ''))).toEqual([
      'Good evening, Chicago',
      'Rivers and wind',
      'The Ferris wheel',
      'Lightning round',
      'The Twinkie',
    ]);
    // Click plays from the chapter; Enter on another seeks there.
    await list.getByRole('button', { name: /Lightning round/ }).click();
    await row(page, '7').getByRole('button', { name: 'Pause episode 7' }).waitFor();
    const lightning = await seekValue(page, '7');
    expect(lightning).toBeGreaterThan(60);
    await list.getByRole('button', { name: /Rivers and wind/ }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => seekValue(page, '7')).toBeLessThan(lightning);
    await expect(
      list.getByRole('button', { name: /Rivers and wind/ }).getAttribute('aria-current'),
    ).resolves.toBe('step');

    const ticks = row(page, '7').getByRole('button', { name: /^Chapter: / });
    expect(await ticks.count()).toBe(5);
    const twinkie = row(page, '7').getByRole('button', { name: /^Chapter: The Twinkie/ });
    // Named on hover and on focus (the name is drawn from data-name).
    await twinkie.hover();
    const shown = await twinkie.evaluate((element) => getComputedStyle(element, '::after').content);
    expect(shown).toMatch(/The Twinkie \(\d+:\d\d\)/);
    await twinkie.click();
    await expect.poll(() => seekValue(page, '7')).toBeGreaterThan(lightning);
    await row(page, '7').getByLabel('Chapter: The Twinkie', { exact: true }).waitFor();
    await row(page, '7').getByRole('button', { name: 'Pause episode 7' }).click();
    expectNoProblems(problems);
  });

  test("a 'said by' search: the count, the snippets and the highlights agree; the URL keeps it", async () => {
    const { page, problems } = await openPage(browser(), baseUrl);
    await page.goto(baseUrl);
    await page.getByText('showing all 10 episodes').waitFor();
    await search(page, 'vanilla', /^found \d+ of 10 episodes?$/);
    await openEpisode(page, '9');
    const everyone = await page.getByText(/^found \d+ utterances? of "vanilla"$/).textContent();

    await page.getByRole('button', { name: /show filters/ }).click();
    const saidBy = page.getByRole('combobox', { name: 'Said by (transcript matches)' });
    await saidBy.click();
    await page.getByRole('listbox').getByText('Kofi Mensah').waitFor();
    await saidBy.fill('Kofi');
    await saidBy.press('Enter');
    await freshCountLine(page, 'found 1 of 10 episodes').waitFor();
    expect(new URL(page.url()).searchParams.get('saidBy')).toMatch(/^\d+$/);
    await page.getByRole('button', { name: /hide filters \(1\)/ }).waitFor();

    const snippets = row(page, '9').getByRole('region', { name: 'Where it was said in episode 9' });
    await snippets.waitFor();
    const speakers = await snippets.locator('.snippet__speaker').allTextContents();
    expect(speakers.length).toBeGreaterThan(0);
    expect(new Set(speakers)).toEqual(new Set(['Kofi Mensah: ']));

    const body = transcript(page, '9');
    const found = await page.getByText(/^found \d+ utterances? of "vanilla"$/).textContent();
    const count = Number(/found (\d+)/.exec(found ?? '')?.[1]);
    expect(count).toBeGreaterThan(0);
    expect(found).not.toBe(everyone);
    const marks = body.locator('mark');
    expect(await marks.count()).toBe(count);
    // Every mark sits in one of Kofi's paragraphs.
    const owners = await marks.evaluateAll((elements) =>
      elements.map(
        (mark) =>
          mark.closest('p')?.querySelector('.transcript-speaker__name')?.textContent ?? 'continued',
      ),
    );
    expect(owners.every((owner) => owner === 'Kofi Mensah' || owner === 'continued')).toBe(true);

    // The URL round trip: a reload restores the filter and the same answer.
    const url = page.url();
    await page.goto(url);
    await page.getByText('found 1 of 10 episodes').waitFor();
    expect(page.url()).toBe(url);
    await page.getByRole('button', { name: /show filters \(1\)/ }).click();
    await page.getByText('Kofi Mensah').first().waitFor();
    expectNoProblems(problems);
  });
});
