import { mkdir, mkdtemp, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { REPO_ROOT, SCREENSHOTS_VARIABLE } from '../scripts/demo-site.ts';
import { APP_READY_MARK } from '../src/site/app/app-ready-mark.ts';
import { newBrowserContext, openPage, type BrowserSession, type PageProblems } from './browser.ts';

// The e2e tests' shared steps: the problems a page must not have, a search that waits for the
// count line of *this* search (never one still on screen from the last), the rows on screen,
// and folders of this run's own.

// A browser session for an e2e file is a fresh context (its own cookies, storage and cache) in
// the Chromium its worker process shares between files (`newBrowserContext`, decision 0071).
export { newBrowserContext, openPage, type BrowserSession, type PageProblems } from './browser.ts';

/**
 * One browser session for the tests of a file: opened before them, closed after them. Call it at the
 * top level of the file; the function it returns gives the session inside a test.
 */
export function browserForFile(
  options?: Parameters<typeof newBrowserContext>[0],
): () => BrowserSession {
  let session: BrowserSession | undefined;
  beforeAll(async () => {
    session = await newBrowserContext(options);
  });
  afterAll(async () => {
    await session?.close();
  });
  return () => {
    if (session === undefined) throw new Error('The browser runs only while the tests do');
    return session;
  };
}

/** What `openPage`'s problems must read at the end of a test that expects none. */
export const NO_PROBLEMS: PageProblems = {
  consoleErrors: [],
  pageErrors: [],
  foreignRequests: [],
  cspViolations: [],
};

/**
 * Fails unless the page had no problems. `expectedConsoleErrors` drops console errors a test
 * causes on purpose (a fault's failed requests); everything else must stay empty.
 */
export function expectNoProblems(problems: PageProblems, expectedConsoleErrors?: RegExp): void {
  expect({
    ...problems,
    consoleErrors: problems.consoleErrors.filter(
      (text) => expectedConsoleErrors === undefined || !expectedConsoleErrors.test(text),
    ),
  }).toEqual(NO_PROBLEMS);
}

/**
 * What Chromium logs for a page whose address has no page of its own: the server answers its
 * 404 page with status 404, as a crawler must see it.
 */
export const PAGE_NOT_FOUND =
  /^Failed to load resource: the server responded with a status of 404 \(Not Found\)$/;

/**
 * Waits until the list comes from the database itself: a pre-rendered page shows its rows
 * from its HTML, and reads the whole list once the engine has started, which is at the
 * visitor's first interaction (decision 0040): a Shift key press here, which does nothing else.
 */
export async function waitForWholeList(page: Page): Promise<void> {
  await page.keyboard.press('Shift');
  await page.locator('.results[data-list="whole"]').waitFor();
}

/** Any count line: 'showing all N episodes' or 'found X of N episodes'. */
export const COUNT_LINE = /^(showing all \d+ episodes?|found \d+ of \d+ episodes?)$/;

/** Set on what was on screen before an action, so a wait after it only sees what is new. */
const STALE = 'data-e2e-stale';

/**
 * Marks every status and alert on screen as old (React leaves an attribute it did not set),
 * once the app is on the page (`APP_READY_MARK`): a pre-rendered page hydrates in slices
 * (decision 0077), and an attribute set on an element before hydration has committed reads to
 * React as a mismatch with the pre-rendered HTML, which it logs as a console error. (Waiting
 * for React's fiber key on each element was not enough: an interrupted hydration render starts
 * again and diffs the elements once more.) Checked and marked in one task.
 */
export async function markStale(page: Page): Promise<void> {
  await page.waitForFunction(
    ({ attribute, ready }) => {
      if (performance.getEntriesByName(ready).length === 0) return false;
      for (const element of document.querySelectorAll('[role="status"], [role="alert"]')) {
        element.setAttribute(attribute, '');
      }
      return true;
    },
    { attribute: STALE, ready: APP_READY_MARK },
  );
}

function exactly(text: string | RegExp): RegExp {
  return typeof text === 'string'
    ? new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`)
    : text;
}

/**
 * The count line put on screen since the last `markStale` (every `submitSearch` marks), reading
 * `text` exactly (a string) or matching it (a RegExp).
 */
export function freshCountLine(page: Page, text: string | RegExp = COUNT_LINE): Locator {
  return page.locator(`[role="status"]:not([${STALE}])`).filter({ hasText: exactly(text) });
}

/** The error card put on screen since the last `markStale`. */
export function freshAlert(page: Page): Locator {
  return page.locator(`[role="alert"]:not([${STALE}])`);
}

/** Types `term` into the search box and submits it, after marking what is on screen as old. */
export async function submitSearch(
  page: Page,
  term: string,
  label = 'Search episodes',
): Promise<void> {
  await markStale(page);
  const box = page.getByRole('combobox', { name: label });
  await box.fill(term);
  await box.press('Enter');
}

/**
 * Searches for `term` and waits until this search's count line reads `expected`. Every submit
 * of a searchable term (and clearing one) re-runs the search, so its count line is new even
 * when it reads as the last one did. A term the form refuses (too short) shows a hint instead:
 * use `submitSearch` and wait for the hint.
 */
export async function search(
  page: Page,
  term: string,
  expected: string | RegExp,
  /** The search box's name in the show's language. */
  label?: string,
): Promise<void> {
  await submitSearch(page, term, label);
  await freshCountLine(page, expected).waitFor();
}

/**
 * Puts `term` in the search box and submits it in one task of the page, so no search as typed
 * runs first. `submitSearch`'s fill and Enter are two steps apart: on a loaded machine more
 * than the typing pause, and then the search as typed is the one that meets a fault the test
 * set for one request, while the submitted search finds the pages it read and succeeds.
 */
export async function submitSearchAtOnce(page: Page, term: string): Promise<void> {
  await markStale(page);
  const box = page.getByRole('combobox', { name: 'Search episodes' });
  await box.focus();
  await box.evaluate(async (input, value) => {
    if (!(input instanceof HTMLInputElement) || input.form === null) {
      throw new Error('the search box is not an input in a form');
    }
    // What typing would leave in the box: the browser cuts typed text at maxlength.
    const typed = input.maxLength > 0 ? value.slice(0, input.maxLength) : value;
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, typed);
    input.dispatchEvent(new Event('input', { bubbles: true }));
    // React renders the typed text before this zero timer, and the typing pause's timer, set
    // after it, cannot fire first.
    await new Promise((resolve) => setTimeout(resolve, 0));
    input.form.requestSubmit();
  }, term);
}

/**
 * Searches for `term` and waits for this search's error card, titled `title`. The term is
 * submitted at once: the failure a test sets up must meet the submitted search.
 */
export async function searchFails(
  page: Page,
  term: string,
  title = 'Problem while searching',
): Promise<void> {
  await submitSearchAtOnce(page, term);
  await freshAlert(page).getByRole('heading', { name: title }).waitFor();
}

/** The episode rows on screen. */
export function rows(page: Page): Locator {
  return page.getByRole('article');
}

/** One episode's row, by its number ('4.5'). */
export function row(page: Page, episode: string): Locator {
  return page.getByRole('article', { name: new RegExp(`^${episode.replace('.', '\\.')}: `) });
}

/** An opened episode's transcript (the region that holds its words). */
export function transcript(page: Page, episode: string, name?: string): Locator {
  return page.getByRole('region', { name: name ?? `Transcript of episode ${episode}` });
}

/** Row headings on screen, in order. */
export function rowTitles(page: Page): Promise<string[]> {
  return rows(page).locator('h2').allTextContents();
}

/** Episode numbers of the rows on screen, in order. */
export async function rowNumbers(page: Page): Promise<string[]> {
  return (await rowTitles(page)).map((title) => title.slice(0, title.indexOf(':')));
}

/**
 * A new, empty folder of this run's own (inside the folder global-setup made for the run and
 * removes after it), so two runs in one working tree never write over each other's files.
 */
export async function workFolder(name: string): Promise<string> {
  return mkdtemp(join(inject('runDir'), `${name}-`));
}

/** Where screenshots go for people to look at (the latest run's; not read by any test). */
const SCREENSHOTS = resolve(REPO_ROOT, 'e2e/screenshots');

/**
 * Saves a full-page screenshot as `SCREENSHOTS/<name>.png` when the run asks for screenshots
 * (`TRAWL_SCREENSHOTS=1`); otherwise does nothing.
 */
export async function screenshot(page: Page, name: string, fullPage = true): Promise<void> {
  if (process.env[SCREENSHOTS_VARIABLE] !== '1') return;
  await mkdir(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage });
}

/** What axe says of a rule a page breaks, in one line: the rule, its impact and the elements. */
export type AxeFinding = string;

/**
 * Runs axe-core on the page (or only inside `include`'s selectors) and returns its violations
 * at or above `impact`, one line each. Evaluated rather than added as a <script>: the site's
 * CSP forbids inline scripts.
 */
export async function axeViolations(
  page: Page,
  options: { include?: string[]; impacts?: readonly string[] } = {},
): Promise<AxeFinding[]> {
  const source = await readFile(
    createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
    'utf8',
  );
  await page.evaluate(source);
  return page.evaluate(
    async ({ include, impacts }) => {
      interface AxeResult {
        violations: { id: string; impact: string | null; nodes: { target: unknown[] }[] }[];
      }
      interface Axe {
        run: (context: unknown) => Promise<AxeResult>;
      }
      const isAxe = (value: unknown): value is Axe =>
        typeof value === 'object' && value !== null && 'run' in value;
      const axe: unknown = Reflect.get(window, 'axe');
      if (!isAxe(axe)) throw new Error('axe-core did not load');
      const context = include === undefined ? document : { include: include.map((s) => [s]) };
      const result = await axe.run(context);
      return result.violations
        .filter((violation) => impacts === undefined || impacts.includes(violation.impact ?? ''))
        .map(
          (violation) =>
            `${violation.id} (${violation.impact ?? 'no impact'}): ${violation.nodes
              .map((node) => JSON.stringify(node.target))
              .join(' ')}`,
        );
    },
    { include: options.include, impacts: options.impacts },
  );
}

/** The search box of the page, pre-rendered or the app's. */
export function searchBox(page: Page): Locator {
  return page.getByRole('combobox', { name: 'Search episodes' });
}

/**
 * A new page (as `openPage`) on a phone's network, as Chromium's DevTools emulate it: 50 ms
 * round trips, 1.5 MB/s down, 750 kB/s up. A file that uses it asserts on real time: it belongs
 * in `TIMED` (e2e/vitest.config.ts).
 */
export async function openThrottledPage(
  session: BrowserSession,
  baseUrl: string,
): Promise<{ page: Page; problems: PageProblems }> {
  const opened = await openPage(session, baseUrl);
  const cdp = await opened.page.context().newCDPSession(opened.page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 50,
    downloadThroughput: 1_500_000,
    uploadThroughput: 750_000,
  });
  return opened;
}
