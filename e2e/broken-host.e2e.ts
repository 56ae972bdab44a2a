import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest';
import Database from 'better-sqlite3';
import { joinChunks, readPublished, writeChunks } from '../src/builder/publish/chunk-files.ts';
import { chunkAt, chunkFiles, hashedChunkOf } from '../src/core/chunk-layout.ts';
import type { DbConfig } from '../src/core/site-config.ts';
import { buildWithCli, DEMO_FOLDER } from '../scripts/demo-site.ts';
import {
  expectNoProblems,
  freshAlert,
  freshCountLine,
  newBrowserContext,
  openPage,
  row,
  search,
  searchFails,
  submitSearch,
  transcript,
  workFolder,
  type BrowserSession,
  type PageProblems,
} from './harness.ts';
import {
  CHUNK_PATH,
  startFaultServer,
  type FaultedRequest,
  type FaultServer,
} from './fault-server.ts';

// Broken hosts, one fault at a time, through a test server that misbehaves on demand
// (e2e/fault-server.ts). Each must end in a clear visible message, never a spinner that
// spins for ever or SQLite's 'database disk image is malformed', and the site must recover
// once the fault clears (a reload for faults at open, the next search or 'Try again' for faults
// mid-visit). The demo database is built with 64 KiB chunks, and again in chunk files of two
// pages (the 'crossing' version) whose first screen's read crosses a file's end, and
// without pre-rendered pages, so that every page opens the database itself (latest.json, the
// config, the first screen's reads); prerender.e2e.ts covers a broken host under pages.

const CHUNK_SIZE = 65_536;
/** The database folder the fault server publishes (this run's own). */
let DB_DIR: string;

/**
 * What the first screen reads (docs/decisions/0003): the schema, the list row and the newest
 * descriptions. Every other b-tree (the search indexes, transcripts, …) is read only later.
 */
const FIRST_SCREEN_BTREES = ['sqlite_schema', 'episode_list', 'episode_descriptions'] as const;

/** Where a b-tree's pages are: the chunk file's index and each page's first byte in it. */
interface PageSpot {
  chunk: number;
  offset: number;
}

/**
 * Where every page of these b-trees (tables or indexes) is, overflow pages included, read from
 * the built database's dbstat, and the database's page size.
 */
async function pagesOf(
  versionDir: string,
  config: DbConfig,
  names: readonly string[],
): Promise<{ pageSize: number; pages: PageSpot[]; numbers: number[] }> {
  const file = join(DB_DIR, 'whole.sqlite3');
  await joinChunks(versionDir, file);
  const db = new Database(file, { readonly: true });
  try {
    const pageSize = Number(db.pragma('page_size', { simple: true }));
    const pages = db
      .prepare(`SELECT pageno FROM dbstat WHERE name IN (${names.map(() => '?').join(', ')})`)
      .pluck()
      .all(...names);
    return {
      pageSize,
      numbers: pages.map(Number),
      pages: pages.map((page) => {
        const at = chunkAt(config, (Number(page) - 1) * pageSize);
        return { chunk: at.index, offset: at.offset };
      }),
    };
  } finally {
    db.close();
    await rm(file);
  }
}

/** The chunk files that hold any page of these b-trees. */
async function chunksOf(
  versionDir: string,
  config: DbConfig,
  names: readonly string[],
): Promise<Set<number>> {
  const { pages } = await pagesOf(versionDir, config, names);
  return new Set(pages.map((page) => page.chunk));
}

/** Whether the bytes `start`-`end` (inclusive) of chunk file `chunk` touch any of `pages`. */
function touches(
  { pageSize, pages }: { pageSize: number; pages: PageSpot[] },
  chunk: number,
  start: number,
  end: number,
): boolean {
  return pages.some(
    (page) => page.chunk === chunk && page.offset <= end && page.offset + pageSize - 1 >= start,
  );
}

/** The built version's chunk hashes, in order (set in beforeAll). */
let chunkHashes: string[] = [];

/**
 * The index of a chunk file from its request path: by its place in the built version's list
 * ('/db/chunks/<hash>.bin'), or by its number ('/db/v/db.sqlite3.006' is 6).
 */
function chunkIndexOf(path: string): number {
  const hash = hashedChunkOf(path);
  if (hash !== undefined) return chunkHashes.indexOf(hash);
  return Number(/\.(\d+)$/.exec(path)?.[1] ?? -1);
}

/**
 * Which range requests read the stem index (`search_stems`, decision 0009), which every word
 * search reads, and no page of the term lists (`term_lists`), which the search box reads for
 * its suggestions as the visitor types: a fault on them meets the search itself.
 */
let readsSearchOnly: (path: string, start: number, end: number) => boolean;

/**
 * The chunk size of the 'crossing' version: the same database in chunk files of two pages.
 * The first screen reads pages 1, 2 and 3 in file order (decisions 0003 and 0004), and the
 * worker reads ahead on sequential reads: page 1 alone, then pages 2 and 3 in one request,
 * which starts in the first chunk file and ends in the second. Set in beforeAll.
 */
let crossingChunkSize: number;

let session: BrowserSession;
let host: FaultServer;
let version: string;
let faultsInjected = 0;

beforeAll(async () => {
  DB_DIR = join(await workFolder('broken-host'), 'db');
  await buildWithCli(DEMO_FOLDER, DB_DIR, ['--chunk-size', String(CHUNK_SIZE), '--no-pages']);
  const published = await readPublished(DB_DIR);
  version = published.version;
  const { chunks, ...numbered } = published.config;
  const config = published.config;
  chunkHashes = chunks ?? [];
  expect(chunkHashes.length).toBeGreaterThan(1);
  // Not 'whole.sqlite3': pagesOf joins its own copy there, and removes it.
  const whole = join(DB_DIR, 'joined.sqlite3');
  await joinChunks(join(DB_DIR, version), whole);
  // The versions below are laid out by hand in files named by their index, in their own
  // folders: the built version's chunk files, named by their bytes, are shared, never touched.
  // A version whose config names chunk files that are not there.
  await mkdir(join(DB_DIR, 'wrong-prefix'));
  await writeFile(
    join(DB_DIR, 'wrong-prefix', 'config.json'),
    JSON.stringify({ ...numbered, version: 'wrong-prefix', urlPrefix: 'missing.sqlite3.' }),
  );
  // A version that keeps only the chunk files of what the first screen reads: the list loads
  // (or fails with a message), and every search and transcript needs a missing chunk file.
  await mkdir(join(DB_DIR, 'missing-chunk'));
  const missingLayout = await writeChunks(whole, join(DB_DIR, 'missing-chunk'), CHUNK_SIZE);
  await writeFile(
    join(DB_DIR, 'missing-chunk', 'config.json'),
    JSON.stringify({ ...numbered, ...missingLayout, version: 'missing-chunk' }),
  );
  const kept = await chunksOf(join(DB_DIR, version), config, FIRST_SCREEN_BTREES);
  expect(kept.has(0)).toBe(true);
  let removed = 0;
  for (const chunk of chunkFiles(missingLayout)) {
    if (kept.has(chunk.index)) continue;
    await rm(join(DB_DIR, 'missing-chunk', chunk.name));
    removed += 1;
  }
  expect(removed).toBeGreaterThan(0);
  const stems = await pagesOf(join(DB_DIR, version), config, ['search_stems']);
  const lists = await pagesOf(join(DB_DIR, version), config, ['term_lists']);
  expect(stems.pages.length).toBeGreaterThan(0);
  // The 'crossing' version: a boundary between the first screen's pages 2 and 3.
  const firstScreen = await pagesOf(join(DB_DIR, version), config, FIRST_SCREEN_BTREES);
  expect(firstScreen.numbers).toEqual(expect.arrayContaining([1, 2, 3]));
  crossingChunkSize = 2 * firstScreen.pageSize;
  await mkdir(join(DB_DIR, 'crossing'));
  const layout = await writeChunks(whole, join(DB_DIR, 'crossing'), crossingChunkSize);
  await rm(whole);
  await writeFile(
    join(DB_DIR, 'crossing', 'config.json'),
    JSON.stringify({ ...numbered, ...layout, version: 'crossing' }),
  );
  readsSearchOnly = (path, start, end) =>
    touches(stems, chunkIndexOf(path), start, end) &&
    !touches(lists, chunkIndexOf(path), start, end);
  // Once Chromium's HTTP cache knows a chunk file's size, it cuts a range that runs past the
  // file's end to that end: the crossing version's answers are not kept, so the host sees the
  // ranges the worker asks for.
  host = await startFaultServer(DB_DIR, { noStore: /^\/db\/crossing\// });
  session = await newBrowserContext();
});

afterAll(async () => {
  await session.close();
  await host.close();
});

// A failed test must not leave its fault on for the next one.
afterEach(() => host.clearFault());

/** What a page may log under a fault: the browser logs each failed request. */
const FAILED_REQUEST = /^Failed to load resource/;

const LIST_READY = /^showing all 10 episodes$/;
const LIST_FAILED = 'The episodes could not be loaded';

/** Opens the home page and waits for the list or its error. */
async function openHome(): Promise<{ page: Page; problems: PageProblems }> {
  const opened = await openPage(session, host.url);
  // The server's ETags let Chromium keep chunk ranges in its HTTP cache. A fault must meet the
  // reads of the page under test, not be skipped because an earlier page cached those bytes.
  const cdp = await session.context.newCDPSession(opened.page);
  await cdp.send('Network.clearBrowserCache');
  await cdp.detach();
  await opened.page.goto(host.url);
  await opened.page.getByText(LIST_READY).or(opened.page.getByText(LIST_FAILED)).waitFor();
  return opened;
}

/** The fault is on while the page opens: a specific message, then a reload after it clears works. */
async function expectOpenFaultMessage(message: RegExp | string): Promise<void> {
  faultsInjected += 1;
  const { page, problems } = await openHome();
  await page.getByText(LIST_FAILED).waitFor();
  await page.getByText(message).waitFor();
  expect(await page.getByText('malformed').count()).toBe(0);
  expect(await page.getByRole('status', { name: /Loading/ }).count()).toBe(0);
  host.clearFault();
  await page.getByRole('link', { name: 'reload page' }).click();
  await page.getByText(LIST_READY).waitFor();
  expectNoProblems(problems, FAILED_REQUEST);
  await page.close();
}

test('a host that ignores Range says so, and the site recovers on reload', async () => {
  host.setFault({ kind: 'ignore-range' });
  await expectOpenFaultMessage("This site's host does not support byte ranges");
});

/** What the site says when a host answers a range request with the whole file. */
const NO_RANGES =
  /This site's host does not support byte ranges \(it sent the whole of (?:chunks\/[0-9a-f]{32}\.bin|[^ ]+\/db\.sqlite3\.\d{3}) for a range request\)/;

/** Every chunk file of the built version but the first (the one the site's host check reads). */
function laterChunks(): RegExp {
  return new RegExp(`/db/chunks/(?!${chunkHashes[0] ?? ''})[0-9a-f]{32}\\.bin$`);
}

/**
 * Searches for `term` under a fault, and expects the host message in place of an answer: the
 * list's error (if the list itself needed a faulty chunk) or the search's error card, never a
 * count line.
 */
async function expectHostMessageFor(page: Page, term: string, message: RegExp): Promise<void> {
  if ((await page.getByText(LIST_FAILED).count()) === 0) {
    await submitSearch(page, term);
    await freshAlert(page).getByText(message).waitFor();
  } else {
    await page.getByText(message).waitFor();
  }
  expect(await freshCountLine(page).count()).toBe(0);
  expect(await page.getByText(/^found \d+ of 10 episodes$/).count()).toBe(0);
  expect(await page.getByText('malformed').count()).toBe(0);
  expect(await page.getByRole('status', { name: /Loading/ }).count()).toBe(0);
}

test('a host that ignores Range for every chunk but the first: the host message, never a wrong answer', async () => {
  faultsInjected += 1;
  host.setFault({ kind: 'ignore-range', path: laterChunks() });
  const { page, problems } = await openHome();
  const before = host.requests.length;
  await expectHostMessageFor(page, 'vanilla', NO_RANGES);
  // The fault did answer: a later chunk came back whole.
  expect(host.requests.slice(before).some((entry) => entry.fault === 'ignore-range')).toBe(true);
  host.clearFault();
  await page.goto(host.url);
  await page.getByText(LIST_READY).waitFor();
  await searchWorks(page, 'vanilla');
  expectNoProblems(problems, FAILED_REQUEST);
  await page.close();
});

test('a host that starts ignoring Range mid-visit: the host message, then the next search works', async () => {
  await midVisit(
    () => host.setFault({ kind: 'ignore-range' }),
    (page) => expectHostMessageFor(page, 'honey', NO_RANGES),
    (page) => searchWorks(page, 'honey'),
  );
});

test('a host that gzips the database says so, and the site recovers on reload', async () => {
  host.setFault({ kind: 'gzip' });
  await expectOpenFaultMessage(
    "This site's host compresses its database files (Content-Encoding: gzip)",
  );
});

// Five cold page loads, each to its failure message: over a minute at a load average of 15.
test(
  'latest.json missing or invalid: a clear message, and the site recovers on reload',
  {
    timeout: 150_000,
  },
  async () => {
    host.setFault({ kind: 'latest', body: null });
    await expectOpenFaultMessage(
      /latest\.json.*Status: 404 \(this site's database is not published there\)/,
    );
    for (const [body, message] of [
      ['{"latest": 5}', /Invalid latest\.json: .*not published correctly/],
      ['{"latest": "../../etc"}', /Invalid latest\.json: latest: must be a plain file name/],
      ['<!doctype html><p>Not found</p>', /latest\.json\?t=\d+ is not JSON/],
      ['', /latest\.json\?t=\d+ is not JSON/],
    ] as const) {
      host.setFault({ kind: 'latest', body });
      await expectOpenFaultMessage(message);
    }
  },
);

test('config.json naming chunk files that are not there: a clear message, then recovery', async () => {
  host.setFault({ kind: 'latest', body: '{"latest":"wrong-prefix"}' });
  await expectOpenFaultMessage(
    /database files are missing from its host \(wrong-prefix\/missing\.sqlite3\.000: 404\)/,
  );
});

test('a version missing chunk files: whatever needs them fails with a message, never a spinner', async () => {
  faultsInjected += 1;
  host.setFault({ kind: 'latest', body: '{"latest":"missing-chunk"}' });
  const { page, problems } = await openHome();
  if ((await page.getByText(LIST_FAILED).count()) === 0) {
    // The first screen came from the chunk files that are there; transcripts and searches (a
    // phrase and a single word read different indexes) need the others.
    await page.getByRole('button', { name: '[+] expand all' }).click();
    await page.getByText('The transcript could not be loaded.').first().waitFor();
    await page.getByText('Loading transcript…').first().waitFor({ state: 'detached' });
    await searchFails(page, 'octopus elephant');
    await searchFails(page, 'octopus');
  }
  expect(await page.getByText('malformed').count()).toBe(0);
  expect(await page.getByRole('status', { name: /Loading/ }).count()).toBe(0);
  host.clearFault();
  await page.goto(host.url);
  await page.getByText(LIST_READY).waitFor();
  await searchWorks(page, 'octopus elephant');
  await searchWorks(page, 'octopus');
  expectNoProblems(problems, FAILED_REQUEST);
  await page.close();
});

/** Opens the site with no fault, then runs `during` with the fault on and `after` without it. */
async function midVisit(
  setFault: () => void,
  during: (page: Page) => Promise<void>,
  after: (page: Page) => Promise<void>,
): Promise<void> {
  faultsInjected += 1;
  const { page, problems } = await openHome();
  await page.getByText(LIST_READY).waitFor();
  setFault();
  await during(page);
  host.clearFault();
  await after(page);
  expect(await page.getByText('malformed').count()).toBe(0);
  expectNoProblems(problems, FAILED_REQUEST);
  await page.close();
}

/** Whether a logged request read the search's index (`readsSearchOnly`). */
function readsIndexOf(entry: FaultedRequest): boolean {
  const bytes = /^bytes=(\d+)-(\d+)$/.exec(entry.range ?? '');
  return bytes !== null && readsSearchOnly(entry.path, Number(bytes[1]), Number(bytes[2]));
}

async function searchWorks(page: Page, term: string): Promise<void> {
  await search(page, term, /^found \d+ of 10 episodes$/);
  expect(await page.getByText('Problem while searching').count()).toBe(0);
}

for (const status of [500, 404]) {
  test(`${status} on the search's chunk requests mid-visit: 'Problem while searching', then the next search works`, async () => {
    let before = 0;
    await midVisit(
      () => {
        before = host.requests.length;
        // Every read of the search's own index fails, the row prefetch's (decision 0086) and
        // SQLite's own: the search box's suggestions read other pages as the term is typed,
        // and a fault they met would leave the search itself untouched.
        host.setFault({ kind: 'status', status, path: CHUNK_PATH, bytes: readsSearchOnly });
      },
      async (page) => {
        await searchFails(page, 'volcano telescope');
        expect(
          host.requests.slice(before).filter((entry) => entry.fault === 'status').length,
        ).toBeGreaterThanOrEqual(1);
      },
      (page) => searchWorks(page, 'volcano telescope'),
    );
  });
}

test("500 on one request of the search's rows fetched ahead: the search answers all the same", async () => {
  let before = 0;
  await midVisit(
    () => {
      before = host.requests.length;
      // The first read of the search's index is the row prefetch's (decision 0086): a hint,
      // whose failure SQLite's own read of those pages makes good.
      host.setFault({
        kind: 'status',
        status: 500,
        path: CHUNK_PATH,
        count: 1,
        bytes: readsSearchOnly,
      });
    },
    async (page) => {
      await searchWorks(page, 'volcano telescope');
      const asked = host.requests.slice(before).filter((entry) => readsIndexOf(entry));
      expect(asked.filter((entry) => entry.fault === 'status')).toHaveLength(1);
      // The failed range was read again, by SQLite, and answered.
      expect(asked.filter((entry) => entry.fault === 'none').length).toBeGreaterThanOrEqual(1);
    },
    (page) => searchWorks(page, 'honey'),
  );
});

test('a truncated response mid-visit: the transcript says so, and Try again loads it', async () => {
  // One row's transcript: every chunk read is cut short while it loads, so it fails; once the
  // fault is lifted its 'Try again' loads it. (One row, not every row: loads still in flight
  // when the fault is lifted would fail later, one after another.)
  await midVisit(
    () => host.setFault({ kind: 'truncate', path: CHUNK_PATH }),
    async (page) => {
      await row(page, '7').getByRole('button', { name: '[+] show transcript' }).click();
      await row(page, '7').getByText('The transcript could not be loaded.').waitFor();
    },
    async (page) => {
      await row(page, '7').getByRole('button', { name: 'Try again' }).click();
      await transcript(page, '7').locator('[data-w]').first().waitFor();
      expect(await page.getByText('The transcript could not be loaded.').count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Try again' }).count()).toBe(0);
    },
  );
});

test('reads that cross chunk files succeed: list, filters, searches and transcripts', async () => {
  // Not a fault: the same database in smaller chunk files, where the first screen's own read
  // crosses one (crossingChunkSize), and so may every later read of more than one page.
  host.setFault({ kind: 'latest', body: '{"latest":"crossing"}' });
  const before = host.requests.length;
  const { page, problems } = await openHome();
  await page.getByText(LIST_READY).waitFor();
  await page.getByRole('button', { name: /show filters/ }).click();
  expect(await page.getByText(/could not be loaded/).count()).toBe(0);
  await page.getByRole('button', { name: '[+] expand all' }).click();
  await page.getByText('Loading transcript…').first().waitFor({ state: 'detached' });
  expect(await page.getByText('The transcript could not be loaded.').count()).toBe(0);
  for (const term of ['the', 'ice cream', 'museum island']) await searchWorks(page, term);
  const crossing = host.requests.slice(before).filter((entry) => {
    const end = /^bytes=\d+-(\d+)$/.exec(entry.range ?? '')?.[1];
    return (
      entry.path.startsWith('/db/crossing/') &&
      CHUNK_PATH.test(entry.path) &&
      end !== undefined &&
      Number(end) >= crossingChunkSize
    );
  });
  // The engine cuts every read at its chunk file's end: none asks past it.
  expect(crossing).toEqual([]);
  expectNoProblems(problems);
  await page.close();
});

test('every fault was injected and recovered from', () => {
  // 2 + 5 + 1 open faults or versions, the version missing chunk files, Range ignored after
  // the first chunk and mid-visit, two statuses, one failed prefetch and truncation mid-visit
  // (a stall mid-visit is stalled-host.e2e.ts's).
  expect(faultsInjected).toBe(15);
});
