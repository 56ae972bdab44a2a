/**
 * When the SQLite engine (the worker and its wasm) may start on a pre-rendered page. Shown as
 * it was rendered, the page needs no database until the visitor does something: the engine
 * starts at the first interaction (`atFirstInteraction`, decision 0040). Rendered afresh (an
 * address with a search), it starts after the page's first contentful paint, so the page shows
 * from its HTML and CSS alone, or at the first interaction if that comes sooner
 * (`afterFirstPaintOrInteraction`).
 *
 * The paint is the browser's own `first-contentful-paint` entry: a frame the main thread has
 * produced may reach the screen some milliseconds later, so a task queued after the frame could
 * still start reading before the paint. Where the browser has no paint timing, the engine starts
 * after the next frame; a page that never paints or has no frames (opened hidden) starts after
 * `PAINT_WAIT_MS`.
 */
import { ENGINE_INTERACTIONS as INTERACTIONS } from '../../core/early-search.ts';

/** Longest wait for the first paint before the engine starts anyway. */
export const PAINT_WAIT_MS = 1000;

/** What the start needs of the window (a parameter, so tests can drive it). */
export type StartTarget = Pick<
  Window,
  | 'addEventListener'
  | 'removeEventListener'
  | 'setTimeout'
  | 'clearTimeout'
  | 'requestAnimationFrame'
> & { PerformanceObserver?: typeof PerformanceObserver };

/**
 * Calls `start` at the first contentful paint; returns how to stop watching, or null where the
 * browser cannot report paints (no paint timing, or an observer that refuses the `paint`
 * type), so the caller waits for a frame instead.
 */
function watchFirstPaint(target: StartTarget, start: () => void): (() => void) | null {
  const Observer = target.PerformanceObserver;
  // Older browsers have the observer without `supportedEntryTypes`, or without `type` options.
  const types = Observer?.supportedEntryTypes as readonly string[] | undefined;
  if (!Observer || types?.includes('paint') !== true) return null;
  try {
    const observer = new Observer((entries) => {
      if (entries.getEntriesByName('first-contentful-paint').length > 0) start();
    });
    observer.observe({ type: 'paint', buffered: true });
    return () => observer.disconnect();
  } catch {
    return null;
  }
}

/**
 * Settles after the first contentful paint, or at the first interaction. It never rejects: the
 * database waits for it before every first read.
 */
export function afterFirstPaintOrInteraction(target: StartTarget = window): Promise<void> {
  return new Promise((resolve) => {
    const stops: (() => void)[] = [];
    const start = (): void => {
      for (const stop of stops.splice(0)) stop();
      resolve();
    };
    for (const type of INTERACTIONS) {
      target.addEventListener(type, start, { capture: true, passive: true });
      stops.push(() => target.removeEventListener(type, start, true));
    }
    // A page that never paints or has no frames (opened hidden) starts after a while.
    const timer = target.setTimeout(start, PAINT_WAIT_MS);
    stops.push(() => target.clearTimeout(timer));
    const stopWatching = watchFirstPaint(target, start);
    if (stopWatching) {
      stops.push(stopWatching);
    } else {
      // A frame's callback runs before its paint; a task queued from it runs after.
      target.requestAnimationFrame(() => target.setTimeout(start, 0));
    }
  });
}

/**
 * What starts the engine on a page shown as rendered, once the app runs: the visitor's first
 * interaction, or a move through the history (back, forward, or an address the page itself
 * pushed), whose route needs the database though nothing was pressed on the page.
 */
const APP_START_EVENTS = [...INTERACTIONS, 'popstate'] as const;

/**
 * Settles at the visitor's first interaction or history move, or at once if `interacted` says
 * one came before this script ran (decision 0040: a page that shows everything from its HTML
 * loads no engine for a visitor who only reads it). It never rejects.
 */
export function atFirstInteraction(
  interacted: boolean,
  target: Pick<StartTarget, 'addEventListener' | 'removeEventListener'> = window,
): Promise<void> {
  if (interacted) return Promise.resolve();
  return new Promise((resolve) => {
    const start = (): void => {
      for (const type of APP_START_EVENTS) target.removeEventListener(type, start, true);
      resolve();
    };
    for (const type of APP_START_EVENTS) {
      target.addEventListener(type, start, { capture: true, passive: true });
    }
  });
}
