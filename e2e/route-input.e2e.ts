import type { Page, Response } from 'playwright-core';
import { expect, inject, test } from 'vitest';
import { browserForFile, expectNoProblems, openPage } from './harness.ts';

// Whatever follows /episodes/ in the address (typed, shared, or crafted) must end in the
// episode's page, 'No such episode', the list, or the 404 page: never the error screen, a page
// error or a blank page. Each is tried twice: loaded from the server, and reached inside the app (the
// router alone, as a link or the back button would), because the static server refuses some
// paths (a NUL, broken percent-encoding) before the app sees them.

/** What the page shows for a route. */
type Outcome =
  'one episode' | 'no such episode' | 'whole list' | '404 page' | 'refused by the server';

/** Raw route suffixes (already URL-encoded where needed) and what a visitor must see. */
const ROUTES: [string, Outcome | Outcome[]][] = [
  ['4.5', 'one episode'],
  ['9', 'one episode'],
  ['4.50', ['one episode', 'no such episode']],
  ['-1', 'no such episode'],
  ['0', 'no such episode'],
  ['14.5', 'no such episode'],
  ['99999999999999999999999999999999999', 'no such episode'],
  ['1e3', 'no such episode'],
  ['NaN', 'no such episode'],
  ['Infinity', 'no such episode'],
  ['%20', 'no such episode'],
  ['%00', ['no such episode', 'refused by the server']],
  ['%E0%A4%A', ['no such episode', '404 page', 'refused by the server']],
  // The browser resolves dot segments before anything else sees them.
  ['..', ['whole list', 'no such episode', '404 page']],
  ['../', ['whole list', 'no such episode', '404 page']],
  ['..%2F..%2Fetc%2Fpasswd', ['no such episode', '404 page']],
  ['%2e%2e%2f', ['whole list', 'no such episode', '404 page']],
  ['%3Cscript%3Ealert(1)%3C%2Fscript%3E', 'no such episode'],
  ['%F0%9F%A6%91', 'no such episode'],
  ['%D9%85%D8%B1%D8%AD%D8%A8%D8%A7', 'no such episode'],
  ['9/extra', '404 page'],
  ['9?p=99999&q=%22', ['one episode', 'no such episode']],
  ['9#%00', 'one episode'],
  ['x'.repeat(10_240), 'no such episode'],
  ['%41'.repeat(3_500), 'no such episode'],
];

const browser = browserForFile();
const baseUrl = inject('baseUrl');

/** Waits for the page to settle and says what it shows. */
async function outcomeOf(page: Page, response: Response | null): Promise<Outcome> {
  // A 404 with the site's 404 page is a page the app takes over; a plain-text error is not.
  const html = (response?.headers()['content-type'] ?? '').startsWith('text/html');
  if (response !== null && response.status() >= 400 && !html) return 'refused by the server';
  const episodePage = page.locator('article h1');
  const noSuchEpisode = page.getByRole('heading', { name: 'No such episode' });
  const countLine = page.getByText(/^(found \d+ of|showing all) 10 episodes$/);
  const shown = episodePage
    .or(noSuchEpisode)
    .or(countLine)
    .or(page.getByText('404 Not Found'))
    .or(page.getByText('Something went wrong.'))
    .or(page.getByText('Unexpected Application Error!'));
  await shown.first().waitFor();
  if ((await page.getByText('404 Not Found').count()) > 0) return '404 page';
  if ((await page.getByText(/went wrong|Unexpected Application Error/).count()) > 0) {
    throw new Error(`the error screen: ${await page.locator('body').innerText()}`);
  }
  if ((await noSuchEpisode.count()) > 0) return 'no such episode';
  if ((await episodePage.count()) > 0) {
    // An episode's page: its one episode, no count line.
    expect(await page.getByRole('article').count()).toBe(1);
    expect(await countLine.count()).toBe(0);
    return 'one episode';
  }
  expect(await countLine.innerText()).toBe('showing all 10 episodes');
  return 'whole list';
}

test(`${ROUTES.length} hostile /episodes/ routes, loaded from the server`, async () => {
  const { page, problems } = await openPage(browser(), baseUrl);
  const failed: string[] = [];
  let failedResponses = 0;
  page.on('response', (response) => {
    if (response.status() < 400) return;
    failedResponses += 1;
    if (!(response.headers()['content-type'] ?? '').startsWith('text/html')) {
      failed.push(new URL(response.url()).pathname);
    }
  });
  const seen: string[] = [];
  for (const [suffix, expected] of ROUTES) {
    const response = await page.goto(`${baseUrl}/episodes/${suffix}`);
    const outcome = await outcomeOf(page, response);
    seen.push(`${suffix.slice(0, 30)}: ${outcome}`);
    expect([expected].flat(), suffix.slice(0, 60)).toContain(outcome);
  }
  // The server refuses a NUL and broken encoding with a plain-text 400 (after which the browser
  // asks for /favicon.ico, which the site does not have); a number with no page of its own gets
  // the 404 page, with status 404; nothing else fails.
  expect(failed).toEqual(['/episodes/%00', '/episodes/%E0%A4%A']);
  const failedLoads = problems.consoleErrors.filter((text) =>
    text.startsWith('Failed to load resource'),
  );
  expect(failedLoads.length).toBeLessThanOrEqual(failedResponses + 1);
  expectNoProblems(problems, /^Failed to load resource/);
  expect(seen).toHaveLength(ROUTES.length);
  await page.close();
  // 25 cold page loads, each starting the engine (about 2.5 s apiece on a busy machine).
}, 150_000);

/**
 * What the app shows now, without waiting for it: 'unsettled' while the route it left is still
 * partly on screen (an episode's heading beside the list's count line).
 */
async function shownNow(page: Page): Promise<Outcome | 'unsettled'> {
  if ((await page.getByText('404 Not Found').count()) > 0) return '404 page';
  if ((await page.getByText(/went wrong|Unexpected Application Error/).count()) > 0) {
    throw new Error(`the error screen: ${await page.locator('body').innerText()}`);
  }
  if ((await page.getByRole('heading', { name: 'No such episode' }).count()) > 0) {
    return 'no such episode';
  }
  const countLine = page.getByText(/^(found \d+ of|showing all) 10 episodes$/);
  const counts = await countLine.allInnerTexts();
  if ((await page.locator('article h1').count()) > 0) {
    // An episode's page: its one episode, no count line.
    const single = counts.length === 0 && (await page.getByRole('article').count()) === 1;
    return single ? 'one episode' : 'unsettled';
  }
  return counts.length === 1 && counts[0] === 'showing all 10 episodes'
    ? 'whole list'
    : 'unsettled';
}

test(`the same ${ROUTES.length} routes reached inside the app (router only, then back)`, async () => {
  const { page, problems } = await openPage(browser(), baseUrl);
  await page.goto(baseUrl);
  await page.getByText('showing all 10 episodes').waitFor();
  for (const [suffix, expected] of ROUTES) {
    await page.evaluate((path) => {
      window.history.pushState({}, '', path);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, `/episodes/${suffix}`);
    // The router renders the new route after the popstate, as a transition that other work
    // (the engine opening on this first move, decision 0040) may hold for some frames; until
    // then the list it leaves is still on screen and would read as 'whole list'. So the page is
    // read until it shows what the route may show, or the poll's time is up.
    const allowed = [expected]
      .flat()
      .map((entry) => (entry === 'refused by the server' ? 'no such episode' : entry));
    await expect
      .poll(() => shownNow(page), { message: suffix.slice(0, 60), timeout: 10_000 })
      .toBeOneOf(allowed);
    await page.goBack();
    await page.getByText('showing all 10 episodes').waitFor();
  }
  expectNoProblems(problems);
  await page.close();
});
