/**
 * Drives the real site (production build) in Chromium the way a visitor does: load `/`, type
 * in the search box and submit, click a title, click '>'. Each action is timed in the page by
 * the probe (site-probe.ts); its database traffic is what the server answered in between.
 */
import type { Page } from 'playwright-core';
import type { BrowserSession } from '../e2e/browser.ts';
import type { DatabasePages } from './db-pages.ts';
import { TYPING_PAUSE_MS } from '../src/site/features/search/typing-pause.ts';
import { SNIPPET_EXTRAS } from './report.ts';
import { installSiteProbe, type Timing } from './site-probe.ts';
import { toKb, type Measure } from './stats.ts';
import { isDatabaseChunk, summarise, type TrafficEntry, type TrafficLog } from './traffic.ts';

/** esbuild (under tsx) names functions with a `__name` helper that the page lacks. */
export const NAME_SHIM = 'globalThis.__name = globalThis.__name || ((target) => target);';

/** An operation's figures, and its follow-up's (reads that come after the result shows). */
export interface MeasuredAction {
  measure: Measure;
  after?: Measure;
  /** Figures shown under the operation's row, by label (the count line, a comparison). */
  extras?: Record<string, Measure>;
}

/** Database traffic of a timed action: what the server finished between `mark` and its end. */
export function measureAction(traffic: TrafficLog, mark: number, timing: Timing): MeasuredAction {
  const main = summarise(traffic.since(mark, timing.epoch));
  const result: MeasuredAction = {
    measure: { requests: main.dbRequests, kb: main.dbKb, ms: timing.ms },
  };
  if (timing.after) {
    const later = traffic
      .since(mark, timing.after.epoch)
      .filter((entry) => entry.at > timing.epoch);
    const follow = summarise(later);
    result.after = { requests: follow.dbRequests, kb: follow.dbKb, ms: timing.after.ms };
  }
  return result;
}

/** The first screen of a fresh page: rows shown, rows with descriptions, and all it fetched. */
export interface FirstScreen {
  /** To the first page of rows with their descriptions (the budgeted figure). */
  measure: Measure;
  /** To the rows alone (descriptions still loading). */
  rowsMs: number;
  /**
   * Every request of the first visit of a visitor who only reads the page, until the network
   * was quiet: a pre-rendered page loads no engine before an interaction (decision 0040).
   */
  entries: TrafficEntry[];
  /** And what the first interaction adds: the engine, its open and the whole list. */
  engineEntries: TrafficEntry[];
}

export class SiteDriver {
  private constructor(
    readonly page: Page,
    private readonly traffic: TrafficLog,
    private readonly quietMs: number,
  ) {}

  /** Opens the site in a fresh page of `session` and waits for the first screen. */
  static async open(
    session: BrowserSession,
    url: string,
    traffic: TrafficLog,
    quietMs: number,
  ): Promise<{ driver: SiteDriver; firstScreen: FirstScreen }> {
    const page = await session.context.newPage();
    await page.addInitScript(NAME_SHIM);
    await page.addInitScript(installSiteProbe);
    const mark = traffic.mark();
    await page.goto(url);
    await page.waitForFunction(
      () => {
        const shown = window.__trawlBench?.firstScreen;
        if (shown?.error) throw new Error(shown.error);
        return shown?.full !== null;
      },
      undefined,
      { timeout: 60_000, polling: 50 },
    );
    const shown = await page.evaluate(() => window.__trawlBench?.firstScreen);
    if (!shown?.full || !shown.rows) throw new Error('the first screen was not recorded');
    await traffic.settle(quietMs);
    const visit = traffic.since(mark);
    const engineMark = traffic.mark();
    // A pre-rendered page shows its rows before the engine has started, which it does at the
    // visitor's first interaction (decision 0040; a Shift key press does nothing else). The
    // operations measure what they read once it has (the whole list from the database), not the
    // engine's own open, which a quiet network alone does not tell apart while the wasm compiles.
    await page.keyboard.press('Shift');
    await page.locator('.results[data-list="whole"]').waitFor({ timeout: 60_000 });
    await traffic.settle(quietMs);
    const db = summarise(traffic.since(mark, shown.full.epoch));
    return {
      driver: new SiteDriver(page, traffic, quietMs),
      firstScreen: {
        measure: { requests: db.dbRequests, kb: db.dbKb, ms: shown.full.ms },
        rowsMs: shown.rows.ms,
        entries: visit,
        engineEntries: traffic.since(engineMark),
      },
    };
  }

  private async timed(run: () => Promise<Timing>): Promise<MeasuredAction> {
    await this.traffic.settle(this.quietMs);
    const mark = this.traffic.mark();
    const timing = await run();
    await this.traffic.settle(this.quietMs);
    return measureAction(this.traffic, mark, timing);
  }

  /** Types `term`, submits, and times until the count line reads 'found …' (then descriptions). */
  async search(term: string): Promise<MeasuredAction> {
    return this.timed(() =>
      this.page.evaluate((text) => {
        const probe = window.__trawlBench;
        if (!probe) throw new Error('no probe');
        return probe.time(
          () => probe.typeAndSubmit(text),
          () => /^found \d+/.test(probe.countLine()),
          () => /^found 0 /.test(probe.countLine()) || probe.descriptionsLoaded(),
        );
      }, term),
    );
  }

  /**
   * Types `term`, submits, times until the count line reads 'found …', then until every row
   * on screen has its snippets (issue 10). `measure` is what the snippets read after the count
   * line: every database request then but those of the descriptions (told apart by the
   * tables of the pages each request covered), and the time from the count line until every
   * row on screen shows its snippets (and its description, which comes sooner). The extras: the count line itself, the descriptions, and the stored size
   * of the rows' whole transcripts (one request each counted, the floor of reading them).
   */
  async searchSnippets(term: string, pages: DatabasePages): Promise<MeasuredAction> {
    await this.traffic.settle(this.quietMs);
    const mark = this.traffic.mark();
    const timing = await this.page.evaluate((text) => {
      const probe = window.__trawlBench;
      if (!probe) throw new Error('no probe');
      return probe.time(
        () => probe.typeAndSubmit(text),
        () => /^found \d+/.test(probe.countLine()),
        () =>
          /^found 0 /.test(probe.countLine()) ||
          (probe.rowCount() > 0 &&
            probe.descriptionsLoaded() &&
            document.querySelector('.snippets[aria-busy="true"]') === null),
      );
    }, term);
    await this.traffic.settle(this.quietMs);
    const done = timing.after ?? { ms: timing.ms, epoch: timing.epoch };
    const later = this.traffic
      .since(mark, done.epoch)
      .filter((entry) => entry.at > timing.epoch && isDatabaseChunk(entry.path));
    const descriptions = later.filter((entry) =>
      pages.tablesOf(entry).includes('episode_descriptions'),
    );
    const snippets = later.filter((entry) => !descriptions.includes(entry));
    const count = summarise(this.traffic.since(mark, timing.epoch));
    const episodes = await this.page.evaluate(() =>
      [...document.querySelectorAll('article.episode-row h2')].map((title) =>
        (title.textContent ?? '').replace(/:.*$/s, ''),
      ),
    );
    const kb = (entries: typeof later): number => summarise(entries).dbKb;
    return {
      measure: { requests: snippets.length, kb: kb(snippets), ms: done.ms - timing.ms },
      extras: {
        [SNIPPET_EXTRAS.countLine]: { requests: count.dbRequests, kb: count.dbKb, ms: timing.ms },
        [SNIPPET_EXTRAS.descriptions]: {
          requests: descriptions.length,
          kb: kb(descriptions),
          ms: Number.NaN,
        },
        [SNIPPET_EXTRAS.transcripts]: {
          requests: episodes.length,
          kb: toKb(pages.transcriptBytes(episodes)),
          ms: Number.NaN,
        },
      },
    };
  }

  /**
   * Focuses the search box, then types `word` one key at a time, as a visitor does (decision
   * 0009's suggestions). `measure` is the worst keystroke: its requests and KB, and the time
   * until its suggestions show (keystrokes that show none are not timed). The focus's own read
   * (the 2-character prefixes' row) is an extra.
   *
   * A keystroke also shows results once typing pauses (issue 27): its reads are the
   * suggestions' only until then, and the results' after. The worst keystroke's whole reads,
   * results and their snippets included, are an extra.
   */
  async suggest(word: string): Promise<MeasuredAction> {
    const box = this.page.locator('input[type="search"]');
    await this.traffic.settle(this.quietMs);
    let mark = this.traffic.mark();
    await box.focus();
    await this.traffic.settle(this.quietMs);
    const focus = summarise(this.traffic.since(mark));
    const worst: Measure = { requests: 0, kb: 0, ms: 0 };
    const worstWhole: Measure = { requests: 0, kb: 0, ms: Number.NaN };
    for (const key of word) {
      mark = this.traffic.mark();
      // Before the pause is over no search can have started: what arrives by then is the
      // suggestions'.
      const resultsFrom = Date.now() + TYPING_PAUSE_MS;
      const ms = await this.page.evaluate(async (typed) => {
        const input = document.querySelector('input[type="search"]');
        const before = document.querySelector('[role="listbox"]')?.textContent ?? '';
        const started = performance.now();
        const shown = (): boolean => {
          const now = document.querySelector('[role="listbox"]')?.textContent ?? '';
          return now !== '' && now !== before;
        };
        if (input instanceof HTMLInputElement) {
          const setValue = Object.getOwnPropertyDescriptor(
            HTMLInputElement.prototype,
            'value',
          )?.set;
          setValue?.call(input, input.value + typed);
          input.dispatchEvent(new Event('input', { bubbles: true }));
        }
        for (let waited = 0; waited < 2000; waited += 10) {
          if (shown()) return performance.now() - started;
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
        return Number.NaN;
      }, key);
      await this.traffic.settle(this.quietMs);
      const whole = this.traffic.since(mark);
      const keystroke = summarise(whole.filter((entry) => entry.at < resultsFrom));
      worst.requests = Math.max(worst.requests, keystroke.dbRequests);
      worst.kb = Math.max(worst.kb, keystroke.dbKb);
      const all = summarise(whole);
      worstWhole.requests = Math.max(worstWhole.requests, all.dbRequests);
      worstWhole.kb = Math.max(worstWhole.kb, all.dbKb);
      if (!Number.isNaN(ms)) worst.ms = Math.max(worst.ms, ms);
    }
    return {
      measure: worst,
      extras: {
        'focusing the box (the 2-character prefixes)': {
          requests: focus.dbRequests,
          kb: focus.dbKb,
          ms: Number.NaN,
        },
        'the worst keystroke with its results as you type and their snippets': worstWhole,
      },
    };
  }

  /**
   * Types a typo and submits: times until the nearest word's results show in its place with
   * their descriptions (decision 0035). `measure` is the whole search, the typed term's rows,
   * the neighbour row and the corrected term's rows.
   */
  async typo(typo: string): Promise<MeasuredAction> {
    await this.page.evaluate((text) => window.__trawlBench?.typeSearch(text), typo);
    return this.timed(() =>
      this.page.evaluate(() => {
        const probe = window.__trawlBench;
        if (!probe) throw new Error('no probe');
        return probe.time(
          () => probe.submitSearch(),
          () =>
            document.querySelector('.typo-notice') !== null &&
            /^found [1-9]/.test(probe.countLine()),
          () => probe.descriptionsLoaded(),
        );
      }),
    );
  }

  /**
   * After a search, switches the order to 'best match' and times until the list shows in it:
   * its database reads are what 'best match' costs beyond 'newest first'.
   */
  async bestMatch(term: string): Promise<MeasuredAction> {
    await this.search(term);
    return this.timed(() =>
      this.page.evaluate(() => {
        const probe = window.__trawlBench;
        if (!probe) throw new Error('no probe');
        const select = [...document.querySelectorAll('select')].find((element) =>
          element.labels?.[0]?.textContent?.includes('Order'),
        );
        if (!(select instanceof HTMLSelectElement)) throw new Error('no Order select');
        return probe.time(
          () => {
            select.value = 'best';
            select.dispatchEvent(new Event('change', { bubbles: true }));
          },
          () => location.search.includes('order=best') && probe.descriptionsLoaded(),
        );
      }),
    );
  }

  /** Submits an empty search: the list shows every episode again (no database read). */
  async clearSearch(): Promise<void> {
    await this.page.evaluate(async () => {
      const probe = window.__trawlBench;
      if (!probe) throw new Error('no probe');
      probe.typeSearch('');
      await probe.time(
        () => probe.submitSearch(),
        () => /^showing all/.test(probe.countLine()),
      );
    });
    await this.traffic.settle(this.quietMs);
  }

  /** Clicks the title `text` and times until the transcript's words are on the page. */
  /**
   * A 'said by' search (issue 15): the page's own URL changes to `?q=term&saidBy=ids`, as a
   * link or the filter would change it, and the count line of that search is timed.
   */
  async saidBy(term: string, speakers: readonly number[]): Promise<MeasuredAction> {
    return this.timed(() =>
      this.page.evaluate(
        ({ text, ids }) => {
          const probe = window.__trawlBench;
          if (!probe) throw new Error('no probe');
          return probe.time(
            () => {
              const query = new URLSearchParams({ q: text, saidBy: ids.join(',') });
              history.pushState(null, '', `${location.pathname}?${query.toString()}`);
              dispatchEvent(new PopStateEvent('popstate'));
            },
            () => /^found \d+/.test(probe.countLine()),
            () => /^found 0 /.test(probe.countLine()) || probe.descriptionsLoaded(),
          );
        },
        { text: term, ids: [...speakers] },
      ),
    );
  }

  async openTranscript(text: string): Promise<MeasuredAction> {
    return this.timed(() =>
      this.page.evaluate((title) => {
        const probe = window.__trawlBench;
        if (!probe) throw new Error('no probe');
        return probe.time(
          () => probe.clickTitle(title),
          () => document.querySelector('[data-w]') !== null,
        );
      }, text),
    );
  }

  /** Clicks '>' and times until the next page's rows show with their descriptions. */
  async nextPage(): Promise<MeasuredAction> {
    return this.timed(() =>
      this.page.evaluate(() => {
        const probe = window.__trawlBench;
        if (!probe) throw new Error('no probe');
        const before = probe.firstRowTitle();
        return probe.time(
          () => probe.clickButton('Next page'),
          () => probe.firstRowTitle() !== before && probe.descriptionsLoaded(),
        );
      }),
    );
  }
}
