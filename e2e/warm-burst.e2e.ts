import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { PAGE_SIZE } from '../src/core/db-schema.ts';
import { dbConfigSchema, latestSchema, type DbConfig } from '../src/core/site-config.ts';
import { pagesOfRuns } from '../src/core/warm-pages.ts';
import { CHUNK_PATH, startFaultServer, type Fault, type FaultServer } from './fault-server.ts';
import { browserForFile, expectNoProblems, openPage } from './harness.ts';

// The engine's warm burst (decision 0066) on the demo database the global setup built (read
// only): on a good host it fetches the version's warm pages in parallel and SQLite asks for
// none of them again; a burst answered with a 404, with a page of HTML, or not at all, is a
// hint lost, never a failure: the search answers as it did before the burst existed.

const FOUND = /^found \d+ of 10 episodes$/;
const session = browserForFile();
let host: FaultServer;
let config: DbConfig;

beforeAll(async () => {
  const dbDir = inject('demoDbDir');
  // Chunk answers are not kept, so every test's burst reaches the host and its fault.
  host = await startFaultServer(dbDir, { noStore: CHUNK_PATH });
  const latest = latestSchema.parse(JSON.parse(await readFile(join(dbDir, 'latest.json'), 'utf8')));
  config = dbConfigSchema.parse(
    JSON.parse(await readFile(join(dbDir, latest.latest, 'config.json'), 'utf8')),
  );
  // The demo database is one chunk file: every burst request is a range of its first.
  expect(config.chunks).toHaveLength(1);
});

afterAll(async () => {
  await host.close();
});

/** The burst's ranges, as `bytes=start-end`: one per run of warm pages. */
function burstRanges(): string[] {
  const last = config.databaseLengthBytes - 1;
  return (config.warmPages ?? []).map(
    ([first, count]) =>
      `bytes=${(first - 1) * PAGE_SIZE}-${Math.min((first - 1 + count) * PAGE_SIZE - 1, last)}`,
  );
}

/** Opens a search's address and waits for its count; returns the chunk requests it made. */
async function searchFromLanding(fault: Fault | null): Promise<string[]> {
  const { page, problems } = await openPage(session(), host.url);
  host.clearFault();
  if (fault !== null) host.setFault(fault);
  const before = host.requests.length;
  await page.goto(`${host.url}/?q=octopus`);
  await page.getByText(FOUND).waitFor({ timeout: 20_000 });
  expect(await page.getByText(/Problem|malformed/).count()).toBe(0);
  // A 404 the page's own fetch met is reported by Chromium on the console; nothing else is.
  expectNoProblems(problems, /^Failed to load resource/);
  await page.close();
  host.clearFault();
  return host.requests
    .slice(before)
    .filter((entry) => CHUNK_PATH.test(entry.path))
    .map((entry) => `${entry.range ?? 'whole'}${entry.fault === 'none' ? '' : ` ${entry.fault}`}`);
}

test('the warm pages come in one parallel burst, and SQLite asks for none of them again', async () => {
  const warm = new Set(pagesOfRuns(config.warmPages ?? []));
  expect(warm.has(1)).toBe(true);
  const asked = await searchFromLanding(null);
  for (const range of burstRanges())
    expect(asked.filter((entry) => entry === range)).toHaveLength(1);
  const again = asked.filter((entry) => {
    const bytes = /^bytes=(\d+)-(\d+)$/.exec(entry);
    if (bytes === null || burstRanges().includes(entry)) return false;
    const first = Math.floor(Number(bytes[1]) / PAGE_SIZE) + 1;
    const last = Math.floor(Number(bytes[2]) / PAGE_SIZE) + 1;
    // The host check's 100 bytes are not SQLite's.
    return (
      entry !== 'bytes=0-99' &&
      pagesOfRuns([[first, last - first + 1]]).some((page) => warm.has(page))
    );
  });
  expect({ again, asked }).toEqual({ again: [], asked });
});

const isBurst = (_path: string, start: number, end: number): boolean =>
  burstRanges().includes(`bytes=${start}-${end}`);

test.each([
  ['a 404', { kind: 'status', status: 404 }],
  [
    'an HTML page',
    { kind: 'body', status: 200, contentType: 'text/html', body: '<!doctype html><p>Not here</p>' },
  ],
  ['no answer at all', { kind: 'stall' }],
] as const)('a burst answered with %s: the search answers as without one', async (_name, shape) => {
  const count = burstRanges().length;
  const asked = await searchFromLanding({ ...shape, path: CHUNK_PATH, bytes: isBurst, count });
  // Every burst request met the fault, and SQLite then read those pages itself.
  expect(asked.filter((entry) => entry.endsWith(` ${shape.kind}`))).toHaveLength(count);
  expect(
    asked.some(
      (entry) => entry.startsWith('bytes=0-') && entry !== 'bytes=0-99' && !entry.includes(' '),
    ),
  ).toBe(true);
});

test('the first interaction on the list opens the database: the burst, and no query yet', async () => {
  const { page, problems } = await openPage(session(), host.url);
  host.clearFault();
  const before = host.requests.length;
  const chunkRanges = (): string[] =>
    host.requests
      .slice(before)
      .filter((entry) => CHUNK_PATH.test(entry.path))
      .map((entry) => entry.range ?? 'whole');
  await page.goto(host.url);
  await page.locator('html[data-app]').waitFor({ state: 'attached' });
  // Nothing read while the visitor only looks (decision 0040).
  expect(chunkRanges()).toEqual([]);
  // A key that starts nothing on the page: the database opens at it with its burst (decisions
  // 0068, 0086), though this key sends no query.
  await page.keyboard.press('Shift');
  await expect
    .poll(() => chunkRanges().sort(), { timeout: 20_000 })
    .toEqual(['bytes=0-99', ...burstRanges()].sort());
  // The search then reads only what the burst did not bring.
  await page.getByRole('combobox', { name: 'Search episodes' }).fill('octopus');
  await page.getByRole('combobox', { name: 'Search episodes' }).press('Enter');
  await page.getByText(FOUND).waitFor({ timeout: 20_000 });
  for (const range of burstRanges()) {
    expect(chunkRanges().filter((entry) => entry === range)).toHaveLength(1);
  }
  expectNoProblems(problems);
  await page.close();
});
