/**
 * How long the main page takes to re-render after typing, paging and filter changes, in
 * headless Chromium against the production build and a built database (the 600-episode
 * scale corpus, for the issue's < 50 ms target):
 *
 *   npm run corpus -- --episodes 600 --words 9000 --seed 1 --out .trawl/corpus
 *   npx trawl build .trawl/corpus --out .trawl/corpus-db
 *   npx vite build && npx tsx bench/main-page-render.ts .trawl/corpus-db
 *
 * Each figure is from the event to the end of React's commit: a MutationObserver on the page
 * sees the commit's DOM changes (typing is measured around the synchronous input event, which
 * React renders at once). It prints the median and the worst of several runs; it asserts
 * nothing, so machine load never fails a test.
 */
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { launchBrowser, openPage } from '../e2e/browser.ts';
import type { ServedRequest } from '../src/builder/serve.ts';
import { DEMO_MEDIA, serveSite } from '../scripts/demo-site.ts';

const RUNS = 7;

/** Runs `action` in the page and returns the ms until the next DOM commit under `main`. */
async function timeCommit(page: Page, action: string): Promise<number> {
  return page.evaluate(async (code) => {
    const target = document.querySelector('main');
    if (!target) throw new Error('no <main>');
    const done = new Promise<number>((resolveTime) => {
      const observer = new MutationObserver(() => {
        observer.disconnect();
        resolveTime(performance.now());
      });
      observer.observe(target, {
        childList: true,
        subtree: true,
        characterData: true,
        attributes: true,
      });
    });
    const start = performance.now();
    new Function(code)();
    return (await done) - start;
  }, action);
}

/** Types one character into the search box: React renders the form in the input event. */
async function timeKeystroke(page: Page, text: string): Promise<number> {
  return page.evaluate((value) => {
    const input = document.querySelector<HTMLInputElement>('input[type="search"]');
    if (!input) throw new Error('no search box');
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
    const start = performance.now();
    setter?.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
    return performance.now() - start;
  }, text);
}

function summary(label: string, times: number[]): string {
  const sorted = [...times].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
  const worst = sorted.at(-1) ?? 0;
  return `${label.padEnd(34)} median ${median.toFixed(1).padStart(6)} ms   worst ${worst.toFixed(1).padStart(6)} ms`;
}

const dbDir = resolve(process.argv[2] ?? '.trawl/corpus-db');
const served: ServedRequest[] = [];
const server = await serveSite(dbDir, DEMO_MEDIA, { onResponse: (entry) => served.push(entry) });
const session = await launchBrowser();
try {
  const { page } = await openPage(session, server.url);
  await page.goto(server.url);
  await page.getByText(/showing all \d+ episodes/).waitFor({ timeout: 60_000 });
  const total = await page.getByText(/showing all \d+ episodes/).innerText();
  // Let the first page's descriptions arrive, then count what start-up read.
  await page.waitForTimeout(1000);
  const startup = served.filter((entry) => entry.path.startsWith('/db/'));
  const kib = startup.reduce((sum, entry) => sum + entry.bytes, 0) / 1024;
  console.log(`${total} (${dbDir})`);
  console.log(`start-up: ${startup.length} database requests, ${kib.toFixed(0)} KiB`);
  const results: string[] = [];

  const typing: number[] = [];
  for (let run = 0; run < RUNS; run += 1)
    typing.push(await timeKeystroke(page, 'penguin'.slice(0, (run % 7) + 1)));
  results.push(summary('typing one character', typing));

  const paging: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    paging.push(
      await timeCommit(page, `document.querySelector('[aria-label="Next page"]').click()`),
    );
    await page.waitForTimeout(150);
  }
  results.push(summary('next page', paging));

  const lastPage: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const button = run % 2 === 0 ? 'Last page' : 'First page';
    lastPage.push(
      await timeCommit(page, `document.querySelector('[aria-label="${button}"]').click()`),
    );
    await page.waitForTimeout(150);
  }
  results.push(summary('first/last page', lastPage));

  await page.getByRole('button', { name: /show filters/ }).click();
  await page.getByRole('group', { name: 'Episode types' }).waitFor();
  const filters: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    filters.push(
      await timeCommit(
        page,
        `[...document.querySelectorAll('fieldset')].find((set) => set.textContent.startsWith('Episode types')).querySelector('input').click()`,
      ),
    );
    await page.waitForTimeout(150);
  }
  results.push(summary('type filter on/off', filters));

  const expand: number[] = [];
  for (let run = 0; run < 2; run += 1) {
    expand.push(
      await timeCommit(
        page,
        `[...document.querySelectorAll('button')].find((b) => b.textContent.includes('expand all') || b.textContent.includes('collapse all')).click()`,
      ),
    );
    await page.waitForTimeout(2000);
  }
  results.push(summary('expand all / collapse all', expand));

  console.log(results.join('\n'));
} finally {
  await session.close();
  await server.close();
}
