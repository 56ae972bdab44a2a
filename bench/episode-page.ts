/**
 * The episode page of the benchmark (issue 17): a fresh visitor opens `/episodes/<n>` and
 * waits until the transcript's text is on screen. With pre-rendered pages that is the HTML
 * and CSS alone; the time is taken inside the page with `performance.now()` (ms since
 * navigation start), and what was fetched before it is cut from the server's log.
 */
import type { BrowserSession } from '../e2e/browser.ts';
import type { FirstScreen } from './site-driver.ts';
import { NAME_SHIM } from './site-driver.ts';
import type { Stamp } from './site-probe.ts';
import { summarise, type TrafficLog } from './traffic.ts';

declare global {
  interface Window {
    __trawlEpisodeText?: Stamp;
  }
}

/**
 * Watches, from before the page loads, for the first transcript paragraph with text laid out
 * on screen (checked now, on every DOM change and every frame). Serialised into the page.
 */
export function installTranscriptWatch(): void {
  const seen = (): boolean => {
    const paragraph = document.querySelector('[role="region"][aria-label^="Transcript of"] p');
    return (
      paragraph !== null &&
      (paragraph.textContent ?? '').trim() !== '' &&
      paragraph.getBoundingClientRect().height > 0
    );
  };
  const check = (): boolean => {
    if (window.__trawlEpisodeText !== undefined) return true;
    if (!seen()) return false;
    window.__trawlEpisodeText = { ms: performance.now(), epoch: Date.now() };
    return true;
  };
  const frame = (): void => {
    if (!check()) requestAnimationFrame(frame);
  };
  new MutationObserver(() => check()).observe(document, { childList: true, subtree: true });
  requestAnimationFrame(frame);
}

/** Opens `url` (an episode page) in a fresh page and times its transcript text. */
export async function openEpisodePage(
  session: BrowserSession,
  url: string,
  traffic: TrafficLog,
  quietMs: number,
): Promise<FirstScreen> {
  const page = await session.context.newPage();
  await page.addInitScript(NAME_SHIM);
  await page.addInitScript(installTranscriptWatch);
  const mark = traffic.mark();
  await page.goto(url);
  await page.waitForFunction(() => window.__trawlEpisodeText !== undefined, undefined, {
    timeout: 60_000,
    polling: 50,
  });
  const shown = await page.evaluate(() => window.__trawlEpisodeText);
  if (shown === undefined) throw new Error(`${url}: the transcript text was not recorded`);
  await traffic.settle(quietMs);
  const db = summarise(traffic.since(mark, shown.epoch));
  await page.close();
  return {
    measure: { requests: db.dbRequests, kb: db.dbKb, ms: shown.ms },
    rowsMs: shown.ms,
    entries: traffic.since(mark, shown.epoch),
    // The page is closed before any interaction: it loads no engine (decision 0040).
    engineEntries: [],
  };
}
