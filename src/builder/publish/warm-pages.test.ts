import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { PAGE_SIZE } from '../../core/db-schema.ts';
import { pagesOfRuns } from '../../core/warm-pages.ts';
import { warmPagesOf } from './warm-pages.ts';

let dir: string;

/** The page numbers a `dbstat` query selects. */
function pagesOf(db: Database.Database, sql: string): number[] {
  return db
    .prepare<[], { pageno: number }>(sql)
    .all()
    .map((row) => row.pageno);
}

/** The root pages of the two term tables a one-word search reads. */
const TERM_ROOTS_SQL =
  "SELECT pageno FROM dbstat WHERE path = '/' AND name IN ('search_stems', 'search_prefixes')";

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'trawl-warm-pages-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

test('the schema, the list row whole, two roots and the first leaf of term_lists', () => {
  const file = join(dir, 'tables.sqlite3');
  const db = new Database(file);
  db.pragma(`page_size = ${PAGE_SIZE}`);
  for (const table of ['episode_list', 'term_lists', 'search_stems', 'search_prefixes', 'other']) {
    db.exec(`CREATE TABLE ${table} (id INTEGER PRIMARY KEY, data BLOB NOT NULL)`);
  }
  const insert = (table: string, id: number, bytes: number): void => {
    db.prepare(`INSERT INTO ${table} (id, data) VALUES (?, ?)`).run(id, Buffer.alloc(bytes, id));
  };
  // A list row of three pages' overflow; term tables two levels deep; a table nobody warms.
  insert('episode_list', 1, 3 * PAGE_SIZE);
  for (let id = 0; id < 40; id += 1) {
    insert('term_lists', id, 6000);
    insert('search_stems', id, 6000);
    insert('search_prefixes', id, 6000);
    insert('other', id, 6000);
  }
  db.exec('VACUUM');
  const pages = (sql: string): number[] => pagesOf(db, sql);
  const expected = [
    ...pages("SELECT pageno FROM dbstat WHERE name IN ('sqlite_schema', 'episode_list')"),
    ...pages(TERM_ROOTS_SQL),
    ...pages("SELECT pageno FROM dbstat WHERE name = 'term_lists' AND path IN ('/', '/000/')"),
  ].sort((a, b) => a - b);
  // Two levels each, so the roots are interior pages and the first leaf is one of many.
  expect(pages("SELECT pageno FROM dbstat WHERE name = 'term_lists'").length).toBeGreaterThan(10);
  expect(pages("SELECT pageno FROM dbstat WHERE name = 'episode_list'")).toHaveLength(4);
  db.close();
  expect(pagesOfRuns(warmPagesOf(file))).toEqual(expected);
  expect(expected).toHaveLength(1 + 4 + 2 + 2);
});

test('a file that is not a database has none, and publishes without them', async () => {
  const file = join(dir, 'not-a-database');
  await writeFile(file, Buffer.alloc(3 * PAGE_SIZE, 7));
  expect(warmPagesOf(file)).toEqual([]);
});

test('the level below a term table root, when it is a few interior pages (decision 0086)', () => {
  const file = join(dir, 'deep-tables.sqlite3');
  const db = new Database(file);
  // 1 KiB pages: a row a leaf, about 140 leaves below an interior page.
  db.pragma('page_size = 1024');
  for (const table of ['search_stems', 'search_prefixes', 'search_terms']) {
    db.exec(`CREATE TABLE ${table} (id INTEGER PRIMARY KEY, data BLOB NOT NULL)`);
  }
  const fill = (table: string, rows: number): void => {
    const insert = db.prepare(`INSERT INTO ${table} (id, data) VALUES (?, ?)`);
    for (let id = 0; id < rows; id += 1) insert.run(id, Buffer.alloc(600, id % 251));
  };
  // Three levels each: 3 interior pages below the prefixes' root, 7 below the stems', and a
  // table nobody warms.
  fill('search_prefixes', 300);
  fill('search_stems', 800);
  fill('search_terms', 300);
  db.exec('VACUUM');
  const pages = (sql: string): number[] => pagesOf(db, sql);
  const below = (table: string): number[] =>
    pages(
      `SELECT pageno FROM dbstat WHERE name = '${table}' AND pagetype = 'internal' AND path GLOB '/[0-9a-f][0-9a-f][0-9a-f]/'`,
    );
  expect(below('search_prefixes')).toHaveLength(3);
  expect(below('search_stems')).toHaveLength(7);
  const expected = [
    ...pages("SELECT pageno FROM dbstat WHERE name = 'sqlite_schema'"),
    ...pages(TERM_ROOTS_SQL),
    ...below('search_prefixes'),
  ].sort((a, b) => a - b);
  db.close();
  expect(pagesOfRuns(warmPagesOf(file))).toEqual(expected);
});
