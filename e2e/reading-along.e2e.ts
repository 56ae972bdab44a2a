import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, test } from 'vitest';
import { DEMO_FACTS } from '../demo/tools/demo-facts.ts';
import {
  browserForFile,
  expectNoProblems,
  openPage,
  row,
  screenshot,
  transcript,
} from './harness.ts';

// Reading along (issue 6) in Chromium against the demo podcast: play and watch the time and
// the highlighted sentence move, seek with the bar and with a word, switch episodes, open a
// `?t=` link, search a phrase, expand all, and screenshots of a playing episode with a search
// highlight at 1280 and 360 px.

const browser = browserForFile({ audio: true });
const baseUrl = inject('baseUrl');

function audioTime(page: Page): Promise<number> {
  return page.evaluate(() => document.querySelector('audio')?.currentTime ?? -1);
}

function audioSrc(page: Page): Promise<string> {
  return page.evaluate(() => document.querySelector('audio')?.getAttribute('src') ?? '');
}

async function currentSentence(page: Page, episode: string): Promise<string> {
  return (await transcript(page, episode).locator('[aria-current="true"]').allTextContents()).join(
    ' ',
  );
}

async function openEpisode(page: Page, episode: string): Promise<Locator> {
  await row(page, episode)
    .getByRole('button', { name: /show transcript/ })
    .click();
  await transcript(page, episode).getByRole('button').first().waitFor();
  return transcript(page, episode);
}

describe('reading along', () => {
  test('play: the time advances and the highlighted sentence follows', async () => {
    const { page, problems } = await openPage(browser(), baseUrl);
    await page.goto(baseUrl);
    await page.getByText('showing all 10 episodes').waitFor();
    await openEpisode(page, '9');
    await row(page, '9').getByRole('button', { name: 'Play episode 9' }).click();
    await row(page, '9').getByRole('button', { name: 'Pause episode 9' }).waitFor();
    expect(await page.locator('audio').count()).toBe(1);
    expect(await audioSrc(page)).toMatch(/\/audio\/9\.mp3$/);
    await page.waitForFunction(() => (document.querySelector('audio')?.currentTime ?? 0) > 1);
    const first = await currentSentence(page, '9');
    expect(first).not.toBe('');
    await page.waitForFunction(
      (before) => {
        const current = document.querySelector('[aria-current="true"]')?.textContent ?? '';
        return current !== '' && !before.startsWith(current);
      },
      first,
      { timeout: 20_000 },
    );
    const slider = row(page, '9').getByRole('slider', { name: 'Seek in episode 9' });
    expect(await slider.getAttribute('aria-valuetext')).toMatch(/^0:\d\d of \d+:\d\d$/);
    await row(page, '9').getByRole('button', { name: 'Pause episode 9' }).click();
    expect(await page.evaluate(() => document.querySelector('audio')?.paused)).toBe(true);
    expectNoProblems(problems);
    await page.close();
  });

  test('seek: by clicking the bar, with the keyboard, and by clicking a word', async () => {
    const { page, problems } = await openPage(browser(), baseUrl);
    await page.goto(baseUrl);
    const words = await openEpisode(page, '9');
    await row(page, '9').getByRole('button', { name: 'Play episode 9' }).click();
    const slider = row(page, '9').getByRole('slider');
    const box = await slider.boundingBox();
    if (!box) throw new Error('the seek bar has no box');
    const duration = Number(await slider.getAttribute('aria-valuemax'));
    await page.mouse.click(box.x + box.width * 0.75, box.y + box.height / 2);
    await expect.poll(() => audioTime(page)).toBeGreaterThan(duration * 0.7);

    await slider.press('Home');
    await expect.poll(() => audioTime(page)).toBeLessThan(3);
    // The audio plays on between reads: measure the step from the time just before it.
    const beforeStep = await audioTime(page);
    await slider.press('ArrowRight');
    await expect.poll(() => audioTime(page)).toBeGreaterThanOrEqual(beforeStep + 5);
    expect(await audioTime(page)).toBeLessThan(beforeStep + 10);

    const napoleon = words.getByRole('button', { name: 'Napoleon', exact: true }).first();
    await napoleon.click();
    const sentence = await currentSentence(page, '9');
    expect(sentence).toContain('Napoleon');
    const time = await audioTime(page);
    expect(time).toBeGreaterThan(40);
    await words.getByRole('button', { name: 'Vanilla?' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => audioTime(page)).toBeLessThan(time);
    expectNoProblems(problems);
    await page.close();
  });

  test('switch: another episode takes over the one audio element', async () => {
    const { page, problems } = await openPage(browser(), baseUrl);
    await page.goto(baseUrl);
    await page.getByText('showing all 10 episodes').waitFor();
    await row(page, '9').getByRole('button', { name: 'Play episode 9' }).click();
    await page.waitForFunction(() => (document.querySelector('audio')?.currentTime ?? 0) > 0.5);
    await row(page, '1').getByRole('button', { name: 'Play episode 1' }).click();
    await row(page, '1').getByRole('button', { name: 'Pause episode 1' }).waitFor();
    expect(await audioSrc(page)).toMatch(/\/audio\/1\.mp3$/);
    expect(await row(page, '9').getByRole('slider').count()).toBe(0);
    expect(await row(page, '9').getByRole('button', { name: 'Play episode 9' }).count()).toBe(1);
    await page.waitForFunction(() => (document.querySelector('audio')?.currentTime ?? 0) > 0.5);
    expectNoProblems(problems);
    await page.close();
  });

  test('a ?t= link opens the episode at that moment and waits for play', async () => {
    const { page, problems } = await openPage(browser(), baseUrl);
    await page.setViewportSize({ width: 1280, height: 500 });
    await page.goto(`${baseUrl}/episodes/9?t=0:40`);
    const words = transcript(page, '9');
    await words.getByRole('button').first().waitFor();
    const slider = row(page, '9').getByRole('slider');
    expect(await slider.getAttribute('aria-valuetext')).toMatch(/^0:40 of /);
    await row(page, '9').getByText('Press play to listen from 0:40').waitFor();
    expect(await currentSentence(page, '9')).toContain('Edmond Albius');
    expect(await page.evaluate(() => document.querySelector('audio')?.paused)).toBe(true);
    // The transcript is the page: it has scrolled to the moment, and the player bar, ready to
    // play from there, stands in for the play button scrolled away.
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    const bar = page.getByRole('region', { name: 'Audio player' });
    await bar.getByText('Press play to listen from 0:40').waitFor();
    await bar.getByRole('button', { name: 'Play', exact: true }).waitFor();
    await row(page, '9').getByRole('button', { name: 'Play episode 9' }).click();
    await page.waitForFunction(() => (document.querySelector('audio')?.currentTime ?? 0) > 40.3);
    expect(await page.getByText('Press play to listen from').count()).toBe(0);
    expectNoProblems(problems);
    await page.close();
  });

  test('search a phrase: the count line and the highlights agree with the index', async () => {
    const { page, problems } = await openPage(browser(), baseUrl);
    await page.goto(`${baseUrl}/?q=${encodeURIComponent(`"${DEMO_FACTS.phrase}"`)}`);
    await page.getByText(`found ${DEMO_FACTS.phraseEpisodes.length} of 10 episodes`).waitFor();
    const words = await openEpisode(page, '9');
    await page.getByText(`found 1 utterance of "${DEMO_FACTS.phrase}"`).waitFor();
    expect(await words.locator('mark').allTextContents()).toEqual(['ice cream']);
    expectNoProblems(problems);
    await page.close();
  });

  /** The box's scrollTop once it has not moved for 5 frames in a row (no scroll in flight). */
  const settledScrollTop = (box: Locator): Promise<number> =>
    box.evaluate(
      (element) =>
        new Promise<number>((done) => {
          let last = element.scrollTop;
          let still = 0;
          const frame = (): void => {
            still = element.scrollTop === last ? still + 1 : 0;
            last = element.scrollTop;
            if (still >= 5) done(last);
            else requestAnimationFrame(frame);
          };
          requestAnimationFrame(frame);
        }),
    );

  test('follow mode keeps the sentence in view until the visitor scrolls', async () => {
    const { page, problems } = await openPage(browser(), baseUrl);
    await page.goto(baseUrl);
    const words = await openEpisode(page, DEMO_FACTS.longEpisode);
    const scrollTop = () => words.evaluate((box) => box.scrollTop);
    await row(page, DEMO_FACTS.longEpisode)
      .getByRole('button', { name: /^Play episode/ })
      .click();
    const slider = row(page, DEMO_FACTS.longEpisode).getByRole('slider');
    await slider.press('End');
    await slider.press('ArrowLeft');
    await expect.poll(scrollTop).toBeGreaterThan(100);

    const follow = row(page, DEMO_FACTS.longEpisode).getByRole('button', { name: 'Follow along' });
    expect(await follow.getAttribute('aria-pressed')).toBe('true');
    await words.hover();
    await page.mouse.wheel(0, -5000);
    await expect.poll(() => follow.getAttribute('aria-pressed')).toBe('false');
    // The wheel's own scroll is animated: read where it ends, not a frame of it.
    const manual = await settledScrollTop(words);
    const before = await currentSentence(page, DEMO_FACTS.longEpisode);
    await slider.press('Home');
    // The highlight has moved (a following transcript starts scrolling in the same step), and
    // two frames on a smooth scroll would have moved the box.
    await expect.poll(() => currentSentence(page, DEMO_FACTS.longEpisode)).not.toBe(before);
    expect(await settledScrollTop(words)).toBe(manual);
    await slider.press('End');
    await slider.press('ArrowLeft');
    await follow.click();
    await expect.poll(scrollTop).toBeGreaterThan(100);
    expect(await follow.getAttribute('aria-pressed')).toBe('true');
    expectNoProblems(problems);
    await page.close();
  });

  test('expand all opens every transcript once', async () => {
    const { page, problems } = await openPage(browser(), baseUrl);
    await page.goto(baseUrl);
    await page.getByText('showing all 10 episodes').waitFor();
    await page.getByRole('button', { name: '[+] expand all' }).click();
    for (const episode of DEMO_FACTS.episodes) {
      await transcript(page, episode).getByRole('button').first().waitFor();
    }
    const long = transcript(page, DEMO_FACTS.longEpisode);
    expect(await long.locator('.transcript-marker').allTextContents()).toHaveLength(3);
    expectNoProblems(problems);
    await page.close();
  });

  test('screenshots: a playing episode with a search highlight at 1280 and 360 px', async () => {
    const { page, problems } = await openPage(browser(), baseUrl);
    await page.goto(`${baseUrl}/episodes/9?q=${encodeURIComponent(`"${DEMO_FACTS.phrase}"`)}`);
    // An episode's own page opens it.
    const words = transcript(page, '9');
    await words.getByRole('button').first().waitFor();
    expect(await words.locator('mark').allTextContents()).toEqual(['ice cream']);
    await words.getByRole('button', { name: 'popular' }).click();
    await page.waitForFunction(() => (document.querySelector('audio')?.currentTime ?? 0) > 8);
    await screenshot(page, 'playing-1280');
    await page.setViewportSize({ width: 360, height: 800 });
    await screenshot(page, 'playing-360');
    expectNoProblems(problems);
    await page.close();
  });
});
