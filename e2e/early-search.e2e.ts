import type { Page } from 'playwright-core';
import { expect, inject, test } from 'vitest';
import {
  browserForFile,
  expectNoProblems,
  freshCountLine,
  newBrowserContext,
  openPage,
  openThrottledPage,
  searchBox,
  waitForWholeList,
} from './harness.ts';

// Issue 27, item 4: on a phone's network the pre-rendered page is on screen long before the
// app's script has arrived. What a visitor types then stays in the box, and Enter does not
// reload the page: the search runs once the app and the engine are ready, with a spinner
// meanwhile. Without JavaScript the form is a plain GET.

const browser = browserForFile();

/**
 * Holds back requests matching `pattern` until `release` is called, so the test acts while the
 * page is still without them (the network alone decides no order).
 */
async function holdBack(page: Page, pattern: string): Promise<{ release: () => void }> {
  let release = (): void => undefined;
  const gate = new Promise<void>((done) => {
    release = done;
  });
  await page.route(pattern, async (route) => {
    await gate;
    await route.continue();
  });
  return { release };
}

/** True while the document the test opened is still the page (a reload makes a new one). */
async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => {
    document.documentElement.dataset.e2eOpened = 'yes';
  });
}

const sameDocument = (page: Page) =>
  page.evaluate(() => document.documentElement.dataset.e2eOpened === 'yes');

test('text typed before the app takes over stays in the box, and searches', async () => {
  const baseUrl = inject('baseUrl');
  const { page, problems } = await openThrottledPage(browser(), baseUrl);
  const app = await holdBack(page, '**/assets/index-*.js');
  await page.goto(baseUrl, { waitUntil: 'commit' });
  await searchBox(page).pressSequentially('vanilla');
  // The page is still its HTML: no list from the engine yet.
  expect(await page.locator('.results[data-list="whole"]').count()).toBe(0);
  app.release();
  await waitForWholeList(page);
  expect(await searchBox(page).inputValue()).toBe('vanilla');
  // The app has the text, not only the box: Enter searches it.
  await searchBox(page).press('Enter');
  await freshCountLine(page, 'found 2 of 10 episodes').waitFor();
  expectNoProblems(problems);
  await page.close();
});

test('Enter before the app takes over does not reload: the results come once it is ready', async () => {
  const baseUrl = inject('baseUrl');
  const { page, problems } = await openThrottledPage(browser(), baseUrl);
  const documents: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'document') documents.push(request.url());
  });
  const app = await holdBack(page, '**/assets/index-*.js');
  const database = await holdBack(page, '**/db/**');
  await page.goto(baseUrl, { waitUntil: 'commit' });
  await searchBox(page).pressSequentially('vanilla');
  await markDocument(page);
  await searchBox(page).press('Enter');
  // The page's own script took the submit: the form is busy, the address has not changed.
  await page.locator('form[role="search"][aria-busy="true"]').waitFor();
  expect(new URL(page.url()).search).toBe('');

  app.release();
  // The app runs the search; the engine has not answered yet, so the spinner shows.
  await page.getByRole('status', { name: 'Loading episodes' }).waitFor();
  expect(new URL(page.url()).searchParams.get('q')).toBe('vanilla');
  expect(await searchBox(page).inputValue()).toBe('vanilla');
  database.release();
  await freshCountLine(page, 'found 2 of 10 episodes').waitFor();

  expect(await sameDocument(page)).toBe(true);
  expect(documents).toEqual([`${baseUrl}/`]);
  expect(await page.locator('form[role="search"][aria-busy]').count()).toBe(0);
  // Back returns to the page as it was landed on.
  await page.goBack();
  await page.getByRole('status').filter({ hasText: 'showing all 10 episodes' }).waitFor();
  expectNoProblems(problems);
  await page.close();
});

test('without JavaScript the search form is a plain GET', async () => {
  const baseUrl = inject('baseUrl');
  const session = await newBrowserContext({ javaScript: false });
  try {
    const { page, problems } = await openPage(session, baseUrl);
    await page.goto(baseUrl);
    await searchBox(page).fill('vanilla');
    const [response] = await Promise.all([
      page.waitForResponse((answer) => new URL(answer.url()).searchParams.get('q') === 'vanilla'),
      searchBox(page).press('Enter'),
    ]);
    expect(response.status()).toBe(200);
    expect(response.request().resourceType()).toBe('document');
    expectNoProblems(problems);
  } finally {
    await session.close();
  }
});
