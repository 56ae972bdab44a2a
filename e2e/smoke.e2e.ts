import { expect, inject, test } from 'vitest';
import { browserForFile, expectNoProblems, openPage } from './harness.ts';

const browser = browserForFile();

test('the home page loads the demo podcast and shows its title and episodes', async () => {
  const { page, problems } = await openPage(browser(), inject('baseUrl'));
  await page.goto(inject('baseUrl'));
  await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBeTruthy();
  await page.getByText(/showing all \d+ episodes/).waitFor();
  expect(await page.title()).not.toBe('');
  expectNoProblems(problems);
});
