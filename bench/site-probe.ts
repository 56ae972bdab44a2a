/**
 * The probe the benchmark installs in the real site's page before it loads (Playwright's
 * `addInitScript`). Everything is timed inside the page with `performance.now()`, so no
 * round trip to Node is in a figure, and stamped with `Date.now()` so the server's log can
 * be cut at the moment the page saw the result.
 *
 * `installSiteProbe` is serialised into the page: it may use nothing from this module's scope.
 */

/** When the page saw something: ms since navigation start, and the wall clock (epoch ms). */
export interface Stamp {
  ms: number;
  epoch: number;
}

/** A timed action: its duration, when it ended and, if asked, when its follow-up ended. */
export interface Timing {
  ms: number;
  epoch: number;
  /** The follow-up (the new rows' descriptions, say): ms from the action's start. */
  after?: { ms: number; epoch: number };
}

/** What the probe offers code that `page.evaluate` runs. */
export interface SiteProbe {
  /** Resolves when `check` holds (tested now and after every DOM change). */
  until: (check: () => boolean, timeoutMs?: number) => Promise<Stamp>;
  /** Runs `action`, then times until `check` holds and, if given, until `afterCheck` does. */
  time: (action: () => void, check: () => boolean, afterCheck?: () => boolean) => Promise<Timing>;
  countLine: () => string;
  rowCount: () => number;
  firstRowTitle: () => string;
  /** Every row on screen shows its description. */
  descriptionsLoaded: () => boolean;
  /** Types `term` into the search box as a visitor would (React sees an input event). */
  typeSearch: (term: string) => void;
  submitSearch: () => void;
  /**
   * Types `term` and submits it in the next task, before the typing pause ends: typed alone and
   * left, the term searches by itself (results as you type) and a later submit finds it loaded.
   */
  typeAndSubmit: (term: string) => void;
  /** Clicks the row title link that reads `text`. */
  clickTitle: (text: string) => void;
  clickButton: (label: string) => void;
  /** Set as the first screen appears: the rows, then the rows with their descriptions. */
  firstScreen: { rows: Stamp | null; full: Stamp | null; error: string | null };
}

declare global {
  interface Window {
    __trawlBench?: SiteProbe;
  }
}

/** Installs `window.__trawlBench` and starts watching for the first screen. */
export function installSiteProbe(): void {
  const stamp = (): Stamp => ({ ms: performance.now(), epoch: Date.now() });
  const until = (check: () => boolean, timeoutMs = 60_000): Promise<Stamp> =>
    new Promise((resolve, reject) => {
      const holds = (): boolean => {
        try {
          return check();
        } catch {
          return false;
        }
      };
      if (holds()) {
        resolve(stamp());
        return;
      }
      const observer = new MutationObserver(() => {
        if (!holds()) return;
        observer.disconnect();
        clearTimeout(timer);
        resolve(stamp());
      });
      const timer = setTimeout(() => {
        observer.disconnect();
        reject(new Error(`the page did not get there in ${timeoutMs} ms`));
      }, timeoutMs);
      observer.observe(document, {
        subtree: true,
        childList: true,
        characterData: true,
        attributes: true,
      });
    });
  const rows = (): NodeListOf<Element> => document.querySelectorAll('article.episode-row');
  const countLine = (): string => document.querySelector('.count-line')?.textContent ?? '';
  const descriptionsLoaded = (): boolean =>
    rows().length > 0 &&
    document.querySelector('.episode-row__description[aria-busy="true"]') === null;
  const searchBox = (): HTMLInputElement => {
    const box = document.querySelector('input[type="search"]');
    if (!(box instanceof HTMLInputElement)) throw new Error('no search box');
    return box;
  };
  const probe: SiteProbe = {
    until,
    async time(action, check, afterCheck) {
      const started = performance.now();
      action();
      const done = await until(check);
      const timing: Timing = { ms: done.ms - started, epoch: done.epoch };
      if (afterCheck) {
        const after = await until(afterCheck);
        timing.after = { ms: after.ms - started, epoch: after.epoch };
      }
      return timing;
    },
    countLine,
    rowCount: () => rows().length,
    firstRowTitle: () => rows()[0]?.querySelector('h2')?.textContent ?? '',
    descriptionsLoaded,
    typeSearch(term) {
      const box = searchBox();
      const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
      setValue?.call(box, term);
      box.dispatchEvent(new Event('input', { bubbles: true }));
    },
    submitSearch() {
      const form = searchBox().form;
      if (!form) throw new Error('the search box has no form');
      form.requestSubmit();
    },
    typeAndSubmit(term) {
      probe.typeSearch(term);
      // React renders the typed text before a zero timer; the typing pause's timer comes later.
      setTimeout(() => probe.submitSearch(), 0);
    },
    clickTitle(text) {
      const link = [...document.querySelectorAll('article.episode-row h2 a')].find(
        (element) => element.textContent === text,
      );
      if (!(link instanceof HTMLElement)) throw new Error(`no row titled "${text}"`);
      link.click();
    },
    clickButton(label) {
      // The list's page arrows are links (decision 0032); every other control a button.
      const button = document.querySelector(
        `button[aria-label="${label}"], a[href][aria-label="${label}"]`,
      );
      if (!(button instanceof HTMLElement)) throw new Error(`no "${label}" button`);
      button.click();
    },
    firstScreen: { rows: null, full: null, error: null },
  };
  window.__trawlBench = probe;
  const shown = (): boolean => rows().length > 0 && /^showing all \d+/.test(countLine());
  until(shown).then(
    (at) => (probe.firstScreen.rows = at),
    (error: unknown) => (probe.firstScreen.error = String(error)),
  );
  until(() => shown() && descriptionsLoaded()).then(
    (at) => (probe.firstScreen.full = at),
    (error: unknown) => (probe.firstScreen.error = String(error)),
  );
}
