import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { expectNoProblems, launchBrowser, openPage, type BrowserSession } from './harness.ts';

let session: BrowserSession;

beforeAll(async () => {
  session = await launchBrowser();
});

afterAll(async () => {
  await session.close();
});

test('the home page loads the demo podcast and shows its title and episodes', async () => {
  const { page, problems } = await openPage(session, inject('baseUrl'));
  await page.goto(inject('baseUrl'));
  await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBeTruthy();
  await page.getByText(/showing all \d+ episodes/).waitFor();
  expect(await page.title()).not.toBe('');
  expectNoProblems(problems);
});
