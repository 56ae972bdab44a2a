import type { Page, Response } from 'playwright-core';
import { expect, inject, test } from 'vitest';
import { browserForFile, expectNoProblems, openPage } from './harness.ts';

// Whatever follows /episodes/ in the address (typed, shared, or crafted) must end in the
// episode's list, an empty list, or the 404 page: never the error screen, a page error or a
// blank page. Each is tried twice: loaded from the server, and reached inside the app (the
// router alone, as a link or the back button would), because the static server refuses some
// paths (a NUL, broken percent-encoding) before the app sees them.

/** What the page shows for a route. */
type Outcome = 'one episode' | 'empty list' | 'whole list' | '404 page' | 'refused by the server';

/** Raw route suffixes (already URL-encoded where needed) and what a visitor must see. */
const ROUTES: [string, Outcome | Outcome[]][] = [
  ['4.5', 'one episode'],
  ['9', 'one episode'],
  ['4.50', ['one episode', 'empty list']],
  ['-1', 'empty list'],
  ['0', 'empty list'],
  ['14.5', 'empty list'],
  ['99999999999999999999999999999999999', 'empty list'],
  ['1e3', 'empty list'],
  ['NaN', 'empty list'],
  ['Infinity', 'empty list'],
  ['%20', 'empty list'],
  ['%00', ['empty list', 'refused by the server']],
  ['%E0%A4%A', ['empty list', '404 page', 'refused by the server']],
  // The browser resolves dot segments before anything else sees them.
  ['..', ['whole list', 'empty list', '404 page']],
  ['../', ['whole list', 'empty list', '404 page']],
  ['..%2F..%2Fetc%2Fpasswd', ['empty list', '404 page']],
  ['%2e%2e%2f', ['whole list', 'empty list', '404 page']],
  ['%3Cscript%3Ealert(1)%3C%2Fscript%3E', 'empty list'],
  ['%F0%9F%A6%91', 'empty list'],
  ['%D9%85%D8%B1%D8%AD%D8%A8%D8%A7', 'empty list'],
  ['9/extra', '404 page'],
  ['9?p=99999&q=%22', ['one episode', 'empty list']],
  ['9#%00', 'one episode'],
  ['x'.repeat(10_240), 'empty list'],
  ['%41'.repeat(3_500), 'empty list'],
];

const browser = browserForFile();
const baseUrl = inject('baseUrl');

/** Waits for the page to settle and says what it shows. */
async function outcomeOf(page: Page, response: Response | null): Promise<Outcome> {
  // A 404 with the site's 404 page is a page the app takes over; a plain-text error is not.
  const html = (response?.headers()['content-type'] ?? '').startsWith('text/html');
  if (response !== null && response.status() >= 400 && !html) return 'refused by the server';
  const shown = page
    .getByText(/^(found \d+ of|showing all) 10 episodes$/)
    .or(page.getByText('404 Not Found'))
    .or(page.getByText('Something went wrong.'))
    .or(page.getByText('Unexpected Application Error!'));
  await shown.first().waitFor();
  if ((await page.getByText('404 Not Found').count()) > 0) return '404 page';
  if ((await page.getByText(/went wrong|Unexpected Application Error/).count()) > 0) {
    throw new Error(`the error screen: ${await page.locator('body').innerText()}`);
  }
  const count = await page.getByText(/^(found \d+ of|showing all) 10 episodes$/).innerText();
  if (count === 'showing all 10 episodes') return 'whole list';
  if (count === 'found 0 of 10 episodes') {
    // A number the podcast lacks says so; anything else names no episode at all.
    await page.getByText('No such episode').or(page.getByText('No results found')).waitFor();
    return 'empty list';
  }
  expect(count).toBe('found 1 of 10 episodes');
  expect(await page.locator('article h2').count()).toBe(1);
  return 'one episode';
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
});

test(`the same ${ROUTES.length} routes reached inside the app (router only, then back)`, async () => {
  const { page, problems } = await openPage(browser(), baseUrl);
  await page.goto(baseUrl);
  await page.getByText('showing all 10 episodes').waitFor();
  for (const [suffix, expected] of ROUTES) {
    await page.evaluate((path) => {
      window.history.pushState({}, '', path);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, `/episodes/${suffix}`);
    const outcome = await outcomeOf(page, null);
    const allowed = [expected]
      .flat()
      .map((entry) => (entry === 'refused by the server' ? 'empty list' : entry));
    expect(allowed, suffix.slice(0, 60)).toContain(outcome);
    await page.goBack();
    await page.getByText('showing all 10 episodes').waitFor();
  }
  expectNoProblems(problems);
  await page.close();
});
