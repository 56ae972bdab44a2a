import { copyFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { RunningServer } from '../src/builder/serve/serve.ts';
import { buildWithCli, DEMO_MEDIA, serveSite } from '../scripts/demo-site.ts';
import { RARE_EVERY, RARE_WORD, writeLongEpisode } from '../scripts/long-episode.ts';
import { browserForFile, expectNoProblems, openPage, workFolder } from './harness.ts';

// A very long transcript does not freeze the tab (issue 26, defect 10): its episode page,
// built by the real CLI from a generated show of one episode, shows every word as text at
// once and makes them interactive a block at a time. No task of the page's main thread may
// run 500 ms or more, from the first byte to the search, the match steps and a click on a
// word; reading along, the match steps and seeking by a word keep working.

/** Words of the generated transcript (about 22 hours of speech at 0.4 s a word). */
const WORDS = 200_000;
const MATCHES = WORDS / RARE_EVERY;
const LONG_TASK_MS = 500;

const browser = browserForFile({ audio: true });
let server: RunningServer;

beforeAll(async () => {
  const folder = await workFolder('long-transcript');
  await writeLongEpisode(folder, WORDS);
  // A real mp3 beside it, so the player has audio of its own origin.
  await mkdir(join(folder, 'media', 'audio'), { recursive: true });
  await copyFile(join(DEMO_MEDIA, 'audio', '1.mp3'), join(folder, 'media', 'audio', '1.mp3'));
  const dbDir = join(folder, 'db');
  await buildWithCli(folder, dbDir);
  server = await serveSite(dbDir, join(folder, 'media'));
}, 120_000);

afterAll(async () => {
  await server.close();
});

/** Records every long task of the page from its start (before any of its scripts). */
const WATCH_LONG_TASKS = `
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__longTasks.push(Math.round(entry.duration));
  }).observe({ type: 'longtask', buffered: true });
`;

function longTasksOf(page: Page): Promise<number[]> {
  return page.evaluate(() => (window as unknown as { __longTasks: number[] }).__longTasks);
}

test('a 200,000-word transcript: no long task, every word on the page, reading along works', async () => {
  const { page, problems } = await openPage(browser(), server.url);
  await page.addInitScript(WATCH_LONG_TASKS);
  await page.goto(`${server.url}/episodes/1`);
  const region = page.getByRole('region', { name: 'Transcript of episode 1' });
  // The interactive words: the first block is live.
  await region.locator('[data-w="0"]').waitFor();
  // Every word is on the page as text from the start, for find-in-page.
  expect(
    await region.evaluate((element, word) => element.textContent?.split(word).length, RARE_WORD),
  ).toBe(MATCHES + 1);
  const longTasks = await longTasksOf(page);

  // Match steps, through blocks that were not live yet (the episode's page of a search).
  await page.goto(`${server.url}/episodes/1?q=${RARE_WORD}`);
  await page.getByText(`found ${MATCHES} utterances of "${RARE_WORD}"`).waitFor();
  for (let step = 0; step < 3; step += 1) {
    await page.getByRole('button', { name: /^Next match/ }).click();
  }
  await page.getByText(`3 of ${MATCHES}`).waitFor();
  const active = page.locator('.is-active-match');
  await active.waitFor();
  expect(await active.textContent()).toBe(RARE_WORD);
  await expect.poll(() => active.isVisible()).toBe(true);

  // Seeking by a word: the word's sentence becomes the one being played.
  const word = region.locator('[data-w="30"]');
  await word.click();
  await page.getByRole('region', { name: 'Audio player' }).waitFor();
  await expect.poll(() => region.locator('[aria-current="true"] [data-w="30"]').count()).toBe(1);

  longTasks.push(...(await longTasksOf(page)));
  expect(Math.max(0, ...longTasks)).toBeLessThan(LONG_TASK_MS);
  expectNoProblems(problems);
});
