/**
 * A page's long tasks (PerformanceObserver `longtask`), split at the transcript panel's
 * hydration (`PANEL_READY_MARK`): what e2e/long-transcript.e2e.ts bounds and
 * bench/long-transcript-page.ts reports.
 */
import type { Page } from 'playwright-core';
import { z } from 'zod';
import { PANEL_READY_MARK } from '../src/site/features/transcript/panel-ready-mark.ts';

/** Records every long task of the page from its start; call before the page loads. */
export async function recordLongTasks(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const tasks: { start: number; duration: number }[] = [];
    Reflect.set(window, '__longTasks', tasks);
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        tasks.push({ start: Math.round(entry.startTime), duration: Math.round(entry.duration) });
      }
    }).observe({ type: 'longtask', buffered: true });
  });
}

const recordedSchema = z.object({
  hydrated: z.number(),
  tasks: z.array(z.object({ start: z.number(), duration: z.number() })),
});

/**
 * The page's long tasks (ms) up to its hydration (the HTML's parse and layout, the app's module
 * and hydration render) and after it (the transcript's load, model and blocks). Hydration is
 * over when the transcript panel's first effect has run; a task that ends after that mark is
 * not the hydration's.
 */
export async function longTasks(
  page: Page,
): Promise<{ hydrated: number; loading: number[]; after: number[]; afterStarts: number[] }> {
  const { hydrated, tasks } = recordedSchema.parse(
    await page.evaluate((mark) => {
      const [ready] = performance.getEntriesByName(mark);
      return { hydrated: ready?.startTime ?? 0, tasks: Reflect.get(window, '__longTasks') };
    }, PANEL_READY_MARK),
  );
  const durations = (after: boolean): number[] =>
    tasks
      .filter((task) => task.start + task.duration > hydrated === after)
      .map((task) => task.duration);
  // When each task after hydration began (ms from navigation), to find it in a CPU profile.
  const afterStarts = tasks
    .filter((task) => task.start + task.duration > hydrated)
    .map((task) => task.start);
  return { hydrated, loading: durations(false), after: durations(true), afterStarts };
}

/** Waits until every block of the transcript is written, as text or live. */
export async function allBlocksWritten(page: Page, timeoutMs: number): Promise<void> {
  await page.waitForFunction(
    () =>
      document.querySelectorAll('.transcript-block').length > 0 &&
      document.querySelectorAll('.transcript-block:empty').length === 0,
    undefined,
    { timeout: timeoutMs, polling: 100 },
  );
}

/**
 * Waits until the transcript is written: its word elements are on the page and, for one long
 * enough to come in blocks, every block is written. A short transcript (up to
 * `BLOCKS_FROM_WORDS` words) is rendered whole, with no blocks to wait for.
 */
export async function transcriptWritten(page: Page, timeoutMs: number): Promise<void> {
  await page.waitForFunction(
    () =>
      document.querySelector('.transcript-body [data-w]') !== null &&
      document.querySelectorAll('.transcript-block:empty').length === 0,
    undefined,
    { timeout: timeoutMs, polling: 100 },
  );
}
