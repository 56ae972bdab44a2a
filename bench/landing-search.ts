/**
 * From landing to results (issue 27, item 5): a fresh visitor on a phone's network opens `/`,
 * types a word and Enter at the first contentful paint, and waits for the results. Timed in the
 * page from navigation start (`performance.now()`) to the count line reading 'found …', beside
 * the same load's first contentful paint; the budget is 3× that paint.
 *
 * The network is Chromium's DevTools throttling at 1.5 MB/s down (CDP
 * `Network.emulateNetworkConditions`); the round trip is the benchmark server's added delay on
 * every response (50 ms by default), and the server compresses as hosts do (`trawl serve`).
 */
import type { BrowserSession } from '../e2e/browser.ts';
import { NAME_SHIM } from './site-driver.ts';
import type { Stamp } from './site-probe.ts';
import type { Measure } from './stats.ts';
import { summarise, type TrafficEntry, type TrafficLog } from './traffic.ts';

declare global {
  interface Window {
    __trawlLanding?: {
      paint?: Stamp;
      results?: Stamp;
      text?: string;
      /** When the page first handled the visitor's interaction (ms from navigation start). */
      interaction?: number;
      /** The main thread's long tasks (over 50 ms) of the load: start and duration, ms. */
      longTasks?: [number, number][];
    };
  }
}

/** A phone's downlink, bytes per second. */
export const PHONE_DOWNLINK = 1_500_000;

/** One landing: what the results waited for, the paint, and every request of the visit. */
export interface LandingRun {
  /** When the page's main thread first handled the typed interaction, ms from navigation start. */
  interactionMs: number | undefined;
  /** The main thread's long tasks before the results: [start, duration] in ms. */
  longTasks: [number, number][];
  /** Database requests and KB before the results, ms from navigation start to the results. */
  measure: Measure;
  /** First contentful paint of the same load, ms from navigation start. */
  paintMs: number;
  /** Navigation start (epoch ms), to place `entries` (each stamped when it finished) on the load. */
  startEpoch: number;
  entries: TrafficEntry[];
}

/**
 * Watches, from before the page loads, for the first contentful paint and for a count line
 * reading 'found …' (checked on every DOM change). Serialised into the page.
 */
export function installLandingWatch(): void {
  const state: NonNullable<Window['__trawlLanding']> = {};
  window.__trawlLanding = state;
  new PerformanceObserver((list) => {
    const paint = list.getEntriesByName('first-contentful-paint')[0];
    if (paint && state.paint === undefined) {
      state.paint = { ms: paint.startTime, epoch: performance.timeOrigin + paint.startTime };
    }
  }).observe({ type: 'paint', buffered: true });
  // The first focus or key the page handles: an event waits while the main thread is busy.
  const interacted = (): void => {
    state.interaction ??= performance.now();
  };
  for (const type of ['focusin', 'keydown', 'pointerdown']) {
    window.addEventListener(type, interacted, { capture: true, passive: true });
  }
  const longTasks: [number, number][] = [];
  state.longTasks = longTasks;
  try {
    new PerformanceObserver((list) => {
      for (const task of list.getEntries()) longTasks.push([task.startTime, task.duration]);
    }).observe({ type: 'longtask', buffered: true });
  } catch {
    // A browser without long-task timing leaves the list empty.
  }
  const check = (): void => {
    if (state.results !== undefined) return;
    for (const status of document.querySelectorAll('[role="status"]')) {
      const text = status.textContent ?? '';
      if (/^found [\d,]+ of [\d,]+ episodes?$/.test(text)) {
        state.results = { ms: performance.now(), epoch: Date.now() };
        state.text = text;
        return;
      }
    }
  };
  new MutationObserver(check).observe(document, {
    childList: true,
    subtree: true,
    characterData: true,
  });
}

/** Lands on `url` throttled, searches `term` at the first paint, and times the results. */
export async function landAndSearch(
  session: BrowserSession,
  url: string,
  term: string,
  traffic: TrafficLog,
  quietMs: number,
): Promise<LandingRun> {
  const page = await session.context.newPage();
  await page.addInitScript(NAME_SHIM);
  await page.addInitScript(installLandingWatch);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: PHONE_DOWNLINK,
    uploadThroughput: PHONE_DOWNLINK / 2,
  });
  const mark = traffic.mark();
  await page.goto(url, { waitUntil: 'commit' });
  await page.waitForFunction(() => window.__trawlLanding?.paint !== undefined, undefined, {
    timeout: 60_000,
    polling: 'raf',
  });
  // What a visitor does at the first paint: the box, the word, Enter.
  const box = page.getByRole('combobox', { name: 'Search episodes' });
  await box.fill(term);
  await box.press('Enter');
  await page.waitForFunction(() => window.__trawlLanding?.results !== undefined, undefined, {
    timeout: 120_000,
    polling: 50,
  });
  const landing = await page.evaluate(() => window.__trawlLanding);
  const { paint, results } = landing ?? {};
  if (paint === undefined || results === undefined) throw new Error(`${url}: nothing recorded`);
  await traffic.settle(quietMs);
  const db = summarise(traffic.since(mark, results.epoch));
  await page.close();
  return {
    interactionMs: landing?.interaction,
    longTasks: (landing?.longTasks ?? []).filter(([start]) => start < results.ms),
    measure: { requests: db.dbRequests, kb: db.dbKb, ms: results.ms },
    paintMs: paint.ms,
    startEpoch: results.epoch - results.ms,
    entries: traffic.since(mark, results.epoch),
  };
}
