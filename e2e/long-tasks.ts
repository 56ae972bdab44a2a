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

/** The calibration: a fixed integer loop, about 25 ms of CPU in V8 on this machine. */
const CALIBRATION_LOOPS = 5_000_000;

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 1;
}

/**
 * How much the machine stretches the page's main thread now (decision 0063): the wall time
 * of a fixed loop run as a task in the page, over the CPU time the same loop takes in this
 * process (V8 both), medians of five. About 1 on an idle machine, 3 to 7 at load 16–19 on two
 * cores. Run it after the tasks it scales are recorded: its own tasks are long ones.
 */
export async function pageContention(page: Page): Promise<number> {
  const walls: number[] = [];
  const cpus: number[] = [];
  for (let sample = 0; sample < 5; sample += 1) {
    walls.push(
      await page.evaluate((loops) => {
        const started = performance.now();
        let value = 1;
        for (let i = 0; i < loops; i += 1) value = (value * 31 + i) % 1_000_003;
        // `value` is used, so the loop is not optimised away.
        return performance.now() - started + (value < 0 ? 1 : 0);
      }, CALIBRATION_LOOPS),
    );
    const cpuStart = process.cpuUsage();
    let value = 1;
    for (let i = 0; i < CALIBRATION_LOOPS; i += 1) value = (value * 31 + i) % 1_000_003;
    const cpu = process.cpuUsage(cpuStart);
    cpus.push((cpu.user + cpu.system) / 1000 + (value < 0 ? 1 : 0));
  }
  return Math.max(1, median(walls) / median(cpus));
}
