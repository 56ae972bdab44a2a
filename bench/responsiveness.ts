/**
 * Issue 5's responsiveness target on the scale corpus, in the real site (production build):
 * typing, paging and filter changes each re-render in under 50 ms. Each figure is from the
 * event to the DOM commit that shows its result, timed in the page (a MutationObserver sees
 * the commit before the browser paints). The database is warm: these are render costs.
 *
 * Issue 6's transcript figures (a 9,000-word transcript renders in under 100 ms, a time update
 * in under 4 ms) come from bench/transcript-render.ts, which renders the real transcript and
 * player components in Chromium; `transcriptRender` runs it and reads its JSON.
 */
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { z } from 'zod';
import type { BrowserSession } from '../e2e/browser.ts';
import { REPO_ROOT } from './assets.ts';
import { SiteDriver } from './site-driver.ts';
import { median } from './stats.ts';
import type { TrafficLog } from './traffic.ts';

/** Median and worst of one interaction's timings, in ms. */
export interface RenderFigure {
  median: number;
  worst: number;
  runs: number;
}

function figure(times: number[]): RenderFigure {
  return { median: median(times), worst: Math.max(...times), runs: times.length };
}

/** Re-render times on the main page of a loaded site. */
export interface MainPageRenders {
  typing: RenderFigure;
  nextPage: RenderFigure;
  typeFilter: RenderFigure;
}

/** Types one more character into the search box: React renders the form in the input event. */
async function keystroke(driver: SiteDriver, text: string): Promise<number> {
  return driver.page.evaluate(async (value) => {
    const probe = window.__trawlBench;
    if (!probe) throw new Error('no probe');
    const started = performance.now();
    probe.typeSearch(value);
    // React flushes a discrete event's update in a microtask after the handler.
    await Promise.resolve();
    await Promise.resolve();
    return performance.now() - started;
  }, text);
}

/** Clicks '>' or '<' and times until the first row is another episode. */
async function page(driver: SiteDriver, label: string): Promise<number> {
  return driver.page.evaluate(async (button) => {
    const probe = window.__trawlBench;
    if (!probe) throw new Error('no probe');
    const before = probe.firstRowTitle();
    const timing = await probe.time(
      () => probe.clickButton(button),
      () => probe.firstRowTitle() !== before,
    );
    return timing.ms;
  }, label);
}

/** Toggles the first episode-type checkbox and times until the count line changes. */
async function toggleType(driver: SiteDriver): Promise<number> {
  return driver.page.evaluate(async () => {
    const probe = window.__trawlBench;
    if (!probe) throw new Error('no probe');
    const group = [...document.querySelectorAll('fieldset')].find((set) =>
      set.querySelector('legend')?.textContent?.startsWith('Episode types'),
    );
    const box = group?.querySelector('input[type="checkbox"]');
    if (!(box instanceof HTMLInputElement)) throw new Error('no episode-type checkbox');
    const before = probe.countLine();
    const timing = await probe.time(
      () => box.click(),
      () => probe.countLine() !== '' && probe.countLine() !== before,
    );
    return timing.ms;
  });
}

/** Measures typing, paging and a type filter `runs` times each on a freshly loaded page. */
export async function mainPageRenders(
  session: BrowserSession,
  url: string,
  traffic: TrafficLog,
  quietMs: number,
  runs: number,
): Promise<MainPageRenders> {
  const { driver } = await SiteDriver.open(session, url, traffic, quietMs);
  const typing: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    typing.push(await keystroke(driver, 'penguins'.slice(0, (run % 8) + 1)));
  }
  await keystroke(driver, '');
  const paging: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    paging.push(await page(driver, run % 2 === 0 ? 'Next page' : 'Previous page'));
    // Let the new rows' descriptions arrive, so the next click times a render, not a load.
    await traffic.settle(quietMs);
  }
  await driver.page.getByRole('button', { name: /show filters/ }).click();
  await driver.page.getByRole('group', { name: 'Episode types' }).waitFor();
  const filters: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    filters.push(await toggleType(driver));
    await traffic.settle(quietMs);
  }
  return { typing: figure(typing), nextPage: figure(paging), typeFilter: figure(filters) };
}

const statsSchema = z.object({ median: z.number(), max: z.number() });

/** What bench/transcript-render.ts prints for Chromium (the fields the benchmark reports). */
const transcriptRenderSchema = z.object({
  env: z.string(),
  words: z.number(),
  renderMs: statsSchema,
  timeUpdateMs: statsSchema,
  searchMs: statsSchema,
});

export type TranscriptRender = z.infer<typeof transcriptRenderSchema>;

/** Runs bench/transcript-render.ts in Chromium for a `words`-word transcript. */
export async function transcriptRender(words: number): Promise<TranscriptRender> {
  const output = await new Promise<string>((done, fail) => {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        resolve(REPO_ROOT, 'bench/transcript-render.ts'),
        '--words',
        String(words),
      ],
      { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let text = '';
    let errors = '';
    child.stdout.on('data', (data: Buffer) => (text += data.toString()));
    child.stderr.on('data', (data: Buffer) => (errors += data.toString()));
    child.on('error', fail);
    child.on('close', (code) =>
      code === 0 ? done(text) : fail(new Error(`transcript-render.ts failed: ${errors || text}`)),
    );
  });
  const start = output.indexOf('{');
  if (start === -1) throw new Error(`transcript-render.ts printed no JSON:\n${output}`);
  return transcriptRenderSchema.parse(JSON.parse(output.slice(start)));
}
