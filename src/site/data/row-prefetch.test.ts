// @vitest-environment node
/* eslint-disable no-restricted-imports --
 * Node test of the engine's row prefetch on a SQLite file better-sqlite3 writes in a temporary
 * folder; never bundled. */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, test } from 'vitest';
import { missingOnPath, readVarint } from './row-paths.ts';
import { prefetchRows, rootPages, throughCache, type RowPrefetchTarget } from './row-prefetch.ts';
import { emulatedHost, type Fault } from './test-support/emulated-host.ts';
import { OWN_WASM_FILE, startOwnEngine } from './test-support/engines.ts';

// The row prefetch (decision 0086) on a real SQLite file, read by Trawl's own wasm over an
// emulated chunked host: the pages it fetches are exactly the ones SQLite's lookups of those
// rows then read, level by level; a host that answers wrongly leaves SQLite reading as before;
// pages that are not what they should be end the walk instead of misleading it.

const PAGE = 1024;
const dir = mkdtempSync(join(tmpdir(), 'trawl-row-prefetch-'));

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

/**
 * A database of 1 KiB pages: `deep` three levels (3,000 rows of 100 bytes, about 10 to a leaf),
 * `shallow` two (200 rows), `tiny` one (a root that is its leaf).
 */
function databaseBytes(): Uint8Array {
  const file = join(dir, 'rows.sqlite3');
  const db = new Database(file);
  db.pragma(`page_size = ${PAGE}`);
  for (const table of ['deep', 'shallow', 'tiny']) {
    db.exec(`CREATE TABLE ${table} (id INTEGER PRIMARY KEY, data BLOB NOT NULL)`);
  }
  const rows = { deep: 3000, shallow: 200, tiny: 3 };
  for (const [table, count] of Object.entries(rows)) {
    const insert = db.prepare(`INSERT INTO ${table} (id, data) VALUES (?, ?)`);
    // Ids far apart, so keys take several varint bytes.
    for (let at = 0; at < count; at += 1) insert.run(at * 100_003, Buffer.alloc(100, at % 251));
  }
  db.exec('VACUUM');
  const depth = (table: string): number =>
    db
      .prepare<[string], { depth: number }>(
        "SELECT max(length(path) - length(replace(path, '/', ''))) AS depth FROM dbstat WHERE name = ?",
      )
      .get(table)?.depth ?? 0;
  // dbstat's depth: the root's path '/' has one slash; each level adds one.
  expect([depth('deep'), depth('shallow'), depth('tiny')]).toEqual([3, 2, 1]);
  db.close();
  return new Uint8Array(readFileSync(file));
}

const bytes = databaseBytes();
const wasm = readFileSync(OWN_WASM_FILE);

/** The database on a host (8-page chunk files), opened by the engine; its schema read. */
async function opened(fault: Fault = 'none') {
  const site = emulatedHost(bytes, 8, PAGE, fault);
  const db = (await startOwnEngine(wasm))(site.pages);
  const target: RowPrefetchTarget = {
    pages: site.pages,
    layout: site.layout,
    pageSize: PAGE,
    roots: rootPages(db),
  };
  site.asked.length = 0;
  /** The rows' sizes by id, as SQLite reads them. */
  const lookUp = (table: string, ids: readonly number[]): number[] =>
    db
      .query(
        `SELECT length(data) AS size FROM ${table} WHERE id IN (${ids.map(() => '?').join(', ')}) ORDER BY id`,
        ids,
      )
      .map((row) => Number(Reflect.get(Object(row), 'size')));
  return { site, target, lookUp };
}

const DEEP_IDS = [0, 1_500 * 100_003, 2_999 * 100_003];

describe('prefetchRows', () => {
  test('fetches each level of every lookup in parallel; SQLite then reads without a request', async () => {
    const { site, target, lookUp } = await opened();
    const report = await prefetchRows(
      target,
      [
        { table: 'deep', ids: DEEP_IDS },
        { table: 'shallow', ids: [7 * 100_003] },
      ],
      site.fetchImpl,
    );
    // Round 1 the two roots, round 2 deep's interior pages and shallow's leaf, round 3 deep's
    // leaves: three round trips for what SQLite reads in 1 + 3 × 3 + 2 pages.
    expect(report.rounds).toBe(3);
    expect(site.asked).toEqual([]);
    expect(lookUp('deep', DEEP_IDS)).toEqual([100, 100, 100]);
    expect(lookUp('shallow', [7 * 100_003])).toEqual([100]);
    expect(site.asked).toEqual([]);
  });

  test('every row of a table, the last of each leaf included, is reached', async () => {
    // 47 lookups of 64 rows each 47 rows apart (several leaves), each on a cold cache, so no
    // row's leaf is there from a neighbour's lookup.
    for (let batch = 0; batch < 47; batch += 1) {
      const { site, target, lookUp } = await opened();
      const ids = Array.from({ length: 64 }, (_, at) => batch + at * 47)
        .filter((row) => row < 3000)
        .map((row) => row * 100_003);
      await prefetchRows(target, [{ table: 'deep', ids }], site.fetchImpl);
      expect(lookUp('deep', ids)).toHaveLength(ids.length);
      expect(site.asked).toEqual([]);
    }
  });

  test('without it the same lookups are requests one after another', async () => {
    const { site, lookUp } = await opened();
    expect(lookUp('deep', DEEP_IDS)).toEqual([100, 100, 100]);
    expect(site.asked.length).toBeGreaterThanOrEqual(5);
  });

  test('a second prefetch of cached rows fetches nothing', async () => {
    const { site, target } = await opened();
    await prefetchRows(target, [{ table: 'deep', ids: DEEP_IDS }], site.fetchImpl);
    const fetched = site.fetched.length;
    const again = await prefetchRows(target, [{ table: 'deep', ids: DEEP_IDS }], site.fetchImpl);
    expect(again).toEqual({ rounds: 0, requests: 0 });
    expect(site.fetched).toHaveLength(fetched);
  });

  test('an id no row has leads to the leaf where it would be, and the lookup reads nothing', async () => {
    const { site, target, lookUp } = await opened();
    const absent = [1, 5_000 * 100_003];
    await prefetchRows(target, [{ table: 'deep', ids: absent }], site.fetchImpl);
    expect(lookUp('deep', absent)).toEqual([]);
    expect(site.asked).toEqual([]);
  });

  test('a table the database lacks, a root that is its leaf, or no ids: nothing to fetch', async () => {
    const { site, target, lookUp } = await opened();
    const report = await prefetchRows(
      target,
      [
        { table: 'missing', ids: [1] },
        { table: 'shallow', ids: [] },
      ],
      site.fetchImpl,
    );
    expect(report).toEqual({ rounds: 0, requests: 0 });
    // The tiny table's root is its leaf: one round, then SQLite finds it cached.
    const tiny = await prefetchRows(target, [{ table: 'tiny', ids: [0] }], site.fetchImpl);
    expect(tiny.rounds).toBe(1);
    expect(lookUp('tiny', [0])).toEqual([100]);
    expect(site.asked).toEqual([]);
  });

  test.each(['404', 'whole-file', 'gzip', 'short', 'network'] as const)(
    'a host answering %s: the prefetch settles after one round and SQLite reads as before',
    async (fault) => {
      const { site, target, lookUp } = await opened(fault);
      const report = await prefetchRows(target, [{ table: 'deep', ids: DEEP_IDS }], site.fetchImpl);
      // The root did not arrive: it is not asked for again, and nothing below it is known.
      expect(report).toEqual({ rounds: 1, requests: 1 });
      expect(lookUp('deep', DEEP_IDS)).toEqual([100, 100, 100]);
      expect(site.asked.length).toBeGreaterThanOrEqual(5);
    },
  );

  test('a stalled host is given up after the wait', async () => {
    const { site, target, lookUp } = await opened('stall');
    const report = await prefetchRows(target, [{ table: 'deep', ids: DEEP_IDS }], site.fetchImpl, {
      answerMs: 0,
    });
    expect(report.rounds).toBe(1);
    expect(site.aborted()).toBe(1);
    expect(lookUp('deep', [0])).toEqual([100]);
  });
});

/**
 * A 1 KiB interior table page with `cells` of [left child, key] and a right-most child, its
 * header at `header` (100 on page 1, after the file's header).
 */
function interiorPage(cells: [number, number][], rightMost: number, header = 0): Uint8Array {
  const page = new Uint8Array(PAGE);
  const view = new DataView(page.buffer);
  page[header] = 0x05;
  view.setUint16(header + 3, cells.length);
  view.setUint32(header + 8, rightMost);
  let content = PAGE;
  cells.forEach(([child, key], index) => {
    // Keys below 128 are one varint byte.
    content -= 5;
    view.setUint32(content, child);
    page[content + 4] = key;
    view.setUint16(header + 12 + index * 2, content);
  });
  return page;
}

const LEAF = Uint8Array.of(0x0d);

describe('missingOnPath', () => {
  const pages = new Map<number, Uint8Array>([
    [
      2,
      interiorPage(
        [
          [3, 10],
          [4, 20],
        ],
        5,
      ),
    ],
    [3, LEAF],
    [5, LEAF],
  ]);
  const source = (pageno: number) => pages.get(pageno);

  test('follows the first key at least the id, else the right-most child', () => {
    expect(missingOnPath(2, 10, source, 10)).toBeNull();
    expect(missingOnPath(2, 11, source, 10)).toBe(4);
    expect(missingOnPath(2, 20, source, 10)).toBe(4);
    expect(missingOnPath(2, 21, source, 10)).toBeNull();
    expect(missingOnPath(9, 1, source, 10)).toBe(9);
  });

  test('a hostile page ends the walk: loops, pointers outside the file, cut or foreign pages', () => {
    const hostile = new Map<number, Uint8Array>([
      // Its own child, for ever.
      [2, interiorPage([[2, 50]], 2)],
      // A child past the file's last page, and page 0.
      [3, interiorPage([[99, 50]], 0)],
      // More cells than the page holds.
      [4, Uint8Array.from([0x05, 0, 0, 0xff, 0xff, 0, 0, 0, 0, 0, 0, 2])],
      // A cell pointer past the page's end.
      [
        5,
        (() => {
          const page = interiorPage([[3, 50]], 3);
          new DataView(page.buffer).setUint16(12, PAGE - 2);
          return page;
        })(),
      ],
      // An index page, and a page of text.
      [6, Uint8Array.of(0x02, 0, 0, 0, 0)],
      [7, new TextEncoder().encode('<!doctype html>')],
    ]);
    const from = (pageno: number) => hostile.get(pageno);
    expect(missingOnPath(2, 1, from, 10)).toBeNull();
    expect(missingOnPath(3, 1, from, 10)).toBeNull();
    expect(missingOnPath(3, 51, from, 10)).toBeNull();
    expect(missingOnPath(4, 1, from, 10)).toBeNull();
    expect(missingOnPath(5, 1, from, 10)).toBeNull();
    expect(missingOnPath(6, 1, from, 10)).toBeNull();
    expect(missingOnPath(7, 1, from, 10)).toBeNull();
    expect(missingOnPath(0, 1, from, 10)).toBeNull();
    expect(missingOnPath(11, 1, from, 10)).toBeNull();
  });

  test('page 1 is read past the file header', () => {
    const first = interiorPage([[3, 10]], 5, 100);
    const source = (pageno: number) => (pageno === 1 ? first : undefined);
    expect(missingOnPath(1, 5, source, 10)).toBe(3);
    expect(missingOnPath(1, 50, source, 10)).toBe(5);
  });
});

describe('readVarint', () => {
  test('one to nine bytes, big-endian groups of seven bits, the ninth byte whole', () => {
    expect(readVarint(Uint8Array.of(0x05), 0)).toBe(5);
    expect(readVarint(Uint8Array.of(0x81, 0x00), 0)).toBe(128);
    expect(readVarint(Uint8Array.of(0x86, 0xc3, 0x17), 0)).toBe((6 * 128 + 0x43) * 128 + 0x17);
    expect(readVarint(Uint8Array.of(0x81, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x00), 0)).toBe(
      2 ** 57,
    );
    expect(readVarint(Uint8Array.of(0x81), 0)).toBeNaN();
  });
});

describe('throughCache', () => {
  test('the first range of each chunk file through the HTTP cache, any other past it', () => {
    const request = (url: string, start: number) => ({
      url,
      start,
      end: start + PAGE - 1,
      fileSize: 8 * PAGE,
      first: 0,
    });
    const modes = throughCache([
      request('a', 0),
      request('b', 0),
      request('a', 4 * PAGE),
      request('a', 6 * PAGE),
    ]).map(({ url, cache }) => `${url} ${cache}`);
    expect(modes).toEqual(['a default', 'b default', 'a no-store', 'a no-store']);
  });
});
