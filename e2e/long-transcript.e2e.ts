import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { buildWithCli, serveSite } from '../scripts/demo-site.ts';
import { RARE_EVERY, RARE_WORD, writeLongEpisode } from '../scripts/long-episode.ts';
import type { RunningServer } from '../src/builder/serve/serve.ts';
import {
  expectNoProblems,
  newBrowserContext,
  openPage,
  workFolder,
  type BrowserSession,
} from './harness.ts';
import { allBlocksWritten, longTasks, recordLongTasks, pageContention } from './long-tasks.ts';

// Issue 26, defect 10: a long transcript never blocks the tab. One episode of 100,000 words
// (and nothing else), built by the real CLI: after load and hydration, its longest task stays
// under 500 ms while the transcript loads, every word reaches the page as text, only the blocks near the visitor
// are live, and a search marks its matches in every block and steps to one that was not live
// (decisions 0049, 0050). About real time: in TIMED; the bound scales with the machine's
// contention, measured in the same page (decision 0063).

const WORDS = 100_000;
const RARE_COUNT = WORDS / RARE_EVERY;

let server: RunningServer;
let session: BrowserSession;

beforeAll(async () => {
  const folder = await workFolder('long-transcript');
  await writeLongEpisode(join(folder, 'show'), WORDS);
  await buildWithCli(join(folder, 'show'), join(folder, 'out'));
  server = await serveSite(join(folder, 'out'));
  session = await newBrowserContext();
});

afterAll(async () => {
  await session.close();
  await server.close();
});

/** Every block written, as text or live, and the first one live. */
async function allBlocksReady(page: Page): Promise<void> {
  await allBlocksWritten(page, 60_000);
  await page.locator('.transcript-block [data-w]').first().waitFor();
}

test('a 100,000-word transcript loads in tasks under 500 ms, every word on the page', async () => {
  const { page, problems } = await openPage(session, server.url);
  await recordLongTasks(page);
  await page.goto(`${server.url}/episodes/1`);
  await allBlocksReady(page);
  const tasks = await longTasks(page);
  const contention = await pageContention(page);
  // The figures go with the test's output: the machine's load stretches every task.
  console.log(
    `long tasks (ms), loading: ${tasks.loading.join(', ')}; after: ${tasks.after.join(', ')}; ` +
      `contention ${contention.toFixed(2)}`,
  );
  // The bound is on what follows the page's load and hydration (issue 26, defect 10): 500 ms
  // of an idle machine's time, stretched as much as the machine stretches a fixed loop in the
  // same page (decision 0063); on an idle machine, 500 ms.
  expect(Math.max(0, ...tasks.after)).toBeLessThan(500 * contention);
  // Find-in-page sees every word: each occurrence of the rare word is on the page as text
  // (textContent: innerText leaves out blocks whose layout content-visibility skips).
  const text = await page.locator('.transcript-block').allTextContents();
  expect(text.join(' ').split(RARE_WORD).length - 1).toBe(RARE_COUNT);
  // Far fewer word elements than words: only the blocks near the visitor are live.
  expect(await page.locator('[data-w]').count()).toBeLessThan(10_000);
  expectNoProblems(problems);
  await page.close();
});

test('a search marks its matches in every block, and steps to one in a block not live', async () => {
  const { page, problems } = await openPage(session, server.url);
  await page.goto(`${server.url}/episodes/1?q=${RARE_WORD}`);
  await allBlocksReady(page);
  const marks = page.locator('.transcript-body mark');
  await expect.poll(() => marks.allTextContents()).toEqual(Array(RARE_COUNT).fill(RARE_WORD));
  // The last match is far down, in a block that is text only until the step reaches it.
  const lastWord = (RARE_COUNT - 1) * RARE_EVERY + RARE_EVERY / 2;
  expect(await page.locator(`[data-w="${lastWord}"]`).count()).toBe(0);
  await page.getByRole('button', { name: 'Previous match' }).click();
  await expect
    .poll(() => page.getByRole('group', { name: 'Matches' }).getByRole('status').textContent())
    .toBe(`${RARE_COUNT} of ${RARE_COUNT}`);
  const active = page.locator('.is-active-match');
  await active.waitFor();
  expect(await active.locator(`[data-w="${lastWord}"]`).count()).toBe(1);
  // In view: inside the window, and it stays there once the blocks around it are laid out.
  const inView = (): Promise<boolean> =>
    active.evaluate((mark) => {
      const { top, bottom } = mark.getBoundingClientRect();
      return top >= 0 && bottom <= window.innerHeight;
    });
  await expect.poll(inView).toBe(true);
  await page.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
  );
  expect(await inView()).toBe(true);
  expectNoProblems(problems);
  await page.close();
});
