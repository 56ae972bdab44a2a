import { expect, inject, test } from 'vitest';
import { browserForFile, expectNoProblems, openPage } from './harness.ts';

// react-select is not in the first screen's bundle: it loads when the filters panel opens
// (or when the visitor reaches for its button). These tests check that the first screen
// does without it and that a failed download is a message with a retry, not a broken page.

const browser = browserForFile();

const SELECT_CODE = /\/assets\/grouped-select-[^/]+\.js$/;

test('the first screen loads without react-select; the panel loads it and it works', async () => {
  const { page, problems } = await openPage(browser(), inject('baseUrl'));
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await page.goto(inject('baseUrl'));
  await page.getByText(/^showing all \d+ episodes$/).waitFor();
  expect(scripts.filter((url) => SELECT_CODE.test(url))).toEqual([]);

  await page.getByRole('button', { name: '[+] show filters (0)' }).click();
  const presenters = page.getByRole('combobox', { name: 'Presenters' });
  await presenters.click();
  await page.getByRole('listbox').waitFor();
  expect(scripts.filter((url) => SELECT_CODE.test(url))).toHaveLength(1);
  expectNoProblems(problems);
  await page.close();
});

test('a failed download of the select says so, and a reload brings it', async () => {
  const { page, problems } = await openPage(browser(), inject('baseUrl'));
  let block = true;
  await page.route(SELECT_CODE, async (route) => {
    if (block) await route.abort('connectionreset');
    else await route.continue();
  });
  await page.goto(inject('baseUrl'));
  await page.getByText(/^showing all \d+ episodes$/).waitFor();
  await page.getByRole('button', { name: '[+] show filters (0)' }).click();
  const failures = page.getByText('This filter could not be loaded:');
  await failures.first().waitFor();
  // Presenters, venues and 'said by' (the demo names its speakers). On a pre-rendered page the
  // speakers come with the whole list, once the engine has started: 'said by' may come later.
  await expect.poll(() => failures.count()).toBe(3);
  // The rest of the page still works: the type filters and the list.
  await page.getByRole('checkbox', { name: 'live' }).click();
  await page.getByText(/^found \d+ of \d+ episodes$/).waitFor();

  block = false;
  await page.getByRole('link', { name: 'reload page' }).first().click();
  await page.getByText(/^found \d+ of \d+ episodes$/).waitFor();
  await page.getByRole('button', { name: /show filters/ }).click();
  await page.getByRole('combobox', { name: 'Presenters' }).waitFor();
  await page.getByRole('combobox', { name: 'Venues' }).waitFor();
  expect(await failures.count()).toBe(0);
  expectNoProblems(problems, /^Failed to load/);
  await page.close();
});
