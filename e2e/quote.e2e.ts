import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, inject, test } from 'vitest';
import { parseSrt } from '../src/builder/read/transcripts/srt.ts';
import { parseWebVtt } from '../src/builder/read/transcripts/webvtt.ts';
import {
  axeViolations,
  browserForFile,
  expectNoProblems,
  openPage,
  screenshot,
} from './harness.ts';

// Quoting on the demo with its real audio (issue 25, items 3 and 4): a quote link plays its
// range and stops; a drag selects words and 'Copy quote' copies them with their link; the
// transcript downloads parse as WebVTT and SRT.

const browser = browserForFile({ audio: true });
const baseUrl = inject('baseUrl');

function audioState(page: Page): Promise<{ paused: boolean; time: number }> {
  return page.evaluate(() => {
    const audio = document.querySelector('audio');
    return { paused: audio?.paused ?? true, time: audio?.currentTime ?? -1 };
  });
}

async function openEpisode(page: Page, episode: string): Promise<void> {
  await page.goto(`${baseUrl}/episodes/${episode}`);
  await page.locator('.transcript-body [data-w="0"]').waitFor();
  // The words are the app's once the toolbar of the loaded transcript shows.
  await page.getByRole('group', { name: 'Download transcript' }).waitFor();
}

async function dragAcross(page: Page, from: number, to: number): Promise<void> {
  // A visitor scrolls to the words first: at 390 px they start below the window (y 851 of
  // 844), where a press reaches no element and selects nothing.
  await page.locator(`[data-w="${from}"]`).scrollIntoViewIfNeeded();
  const first = await page.locator(`[data-w="${from}"]`).boundingBox();
  const last = await page.locator(`[data-w="${to}"]`).boundingBox();
  if (!first || !last) throw new Error('the words are not on screen');
  await page.mouse.move(first.x + 1, first.y + first.height / 2);
  await page.mouse.down();
  await page.mouse.move(last.x + last.width - 1, last.y + last.height / 2, { steps: 8 });
  await page.mouse.up();
}

describe('quotes', () => {
  test('a quote link marks its words, plays its range and stops at its end', async () => {
    const { page, problems } = await openPage(browser(), baseUrl);
    await page.goto(`${baseUrl}/episodes/7?t=3,6`);
    await page.locator('.transcript-word.is-quoted').first().waitFor();
    expect(await page.locator('.transcript-word.is-quoted').count()).toBeGreaterThan(2);
    await page.waitForFunction(() => (document.querySelector('audio')?.currentTime ?? 0) > 3.5);
    // Playing stops by itself once the range has been heard.
    await page.waitForFunction(() => {
      const audio = document.querySelector('audio');
      return audio !== null && audio.paused && audio.currentTime >= 6;
    });
    const { time } = await audioState(page);
    // A timer set from the playing time stops it at the end, not at the next timeupdate
    // (about 250 ms apart): a quarter of a second, with room for a loaded machine's timers.
    expect(time).toBeLessThan(6.5);
    await page
      .getByRole('region', { name: 'Audio player' })
      .getByRole('button', { name: 'Play', exact: true })
      .waitFor();
    expectNoProblems(problems);
  });

  test('a drag selects words without playing; Copy quote copies them with who, where and a link', async () => {
    const session = browser();
    await session.context.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: new URL(baseUrl).origin,
    });
    const { page, problems } = await openPage(session, baseUrl);
    await page.setViewportSize({ width: 1280, height: 900 });
    await openEpisode(page, '7');
    await dragAcross(page, 2, 9);
    const toolbar = page.getByRole('toolbar', { name: /^Quote from / });
    await toolbar.waitFor();
    const words = await page.evaluate(() =>
      [2, 3, 4, 5, 6, 7, 8, 9]
        .map((index) => document.querySelector(`[data-w="${index}"]`)?.textContent ?? '')
        .join(' '),
    );
    expect((await page.evaluate(() => window.getSelection()?.toString() ?? '')).trim()).toBe(words);
    expect((await audioState(page)).paused).toBe(true);
    expect(
      await axeViolations(page, { include: ['.quote-toolbar', '.transcript-controls'] }),
    ).toEqual([]);
    await screenshot(page, 'quote-selection-1280', false);
    await toolbar.getByRole('button', { name: 'Copy quote' }).click();
    await toolbar.getByText('Quote copied').waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    const [text = '', attribution = '', link = ''] = copied.split('\n');
    expect(text).toBe(`“${words}”`);
    expect(attribution).toMatch(/^— .+, 0:\d\d$/);
    expect(link).toMatch(new RegExp(`^${baseUrl}/episodes/7\\?t=\\d+,\\d+$`));

    // A phone: a second drag brings the toolbar back for the new words.
    await page.setViewportSize({ width: 390, height: 844 });
    await dragAcross(page, 2, 6);
    const fewer = await page.evaluate(() =>
      [2, 3, 4, 5, 6]
        .map((index) => document.querySelector(`[data-w="${index}"]`)?.textContent ?? '')
        .join(' '),
    );
    expect((await page.evaluate(() => window.getSelection()?.toString() ?? '')).trim()).toBe(fewer);
    await toolbar.waitFor({ state: 'visible' });
    const box = await toolbar.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    expect(await axeViolations(page, { include: ['.quote-toolbar'] })).toEqual([]);
    await toolbar.getByRole('button', { name: 'Copy quote' }).click();
    await toolbar.getByText('Quote copied').waitFor();
    expect((await page.evaluate(() => navigator.clipboard.readText())).split('\n')[0]).toBe(
      `“${fewer}”`,
    );
    await screenshot(page, 'quote-selection-390', false);
    expectNoProblems(problems);
  });

  test('the transcript downloads parse as WebVTT and SRT, with the words on the page', async () => {
    const { page, problems } = await openPage(browser(), baseUrl);
    await openEpisode(page, '3');
    const shown = await page.locator('.transcript-body [data-w]').allTextContents();
    const downloaded = async (label: string): Promise<{ name: string; text: string }> => {
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: `Download transcript as ${label}` }).click(),
      ]);
      return {
        name: download.suggestedFilename(),
        text: await readFile(await download.path(), 'utf8'),
      };
    };
    const vtt = await downloaded('WebVTT');
    expect(vtt.name).toBe('episode-3.vtt');
    expect(parseWebVtt(vtt.name, vtt.text).words).toEqual(shown);
    const srt = await downloaded('SRT');
    expect(srt.name).toBe('episode-3.srt');
    expect(parseSrt(srt.name, srt.text).words.length).toBeGreaterThanOrEqual(shown.length);
    const txt = await downloaded('Text');
    expect(txt.name).toBe('episode-3.txt');
    expect(txt.text).toContain(shown.slice(0, 5).join(' '));
    expect(await axeViolations(page, { include: ['.transcript-downloads'] })).toEqual([]);
    expectNoProblems(problems);
  });
});
