import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { PAGE_SIZE } from '../src/core/db-schema.ts';
import { diffDatabases } from './db-page-diff.ts';

const folders: string[] = [];

afterEach(async () => {
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
});

describe('the page-by-page diff of two databases', () => {
  it('names the tables whose pages changed and the chunk files they touch', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'trawl-page-diff-'));
    folders.push(dir);
    const before = join(dir, 'before.sqlite3');
    const after = join(dir, 'after.sqlite3');
    const db = new Database(before);
    db.pragma(`page_size = ${PAGE_SIZE}`);
    db.exec('CREATE TABLE kept (id INTEGER PRIMARY KEY, data BLOB NOT NULL)');
    db.exec('CREATE TABLE grown (id INTEGER PRIMARY KEY, data BLOB NOT NULL)');
    const fill = (table: string, from: number, count: number): void => {
      const insert = db.prepare(`INSERT INTO ${table} (id, data) VALUES (?, ?)`);
      for (let id = from; id < from + count; id += 1) insert.run(id, Buffer.alloc(3000, id));
    };
    fill('kept', 1, 40);
    fill('grown', 1, 40);
    db.close();
    await copyFile(before, after);
    const next = new Database(after);
    const insert = next.prepare('INSERT INTO grown (id, data) VALUES (?, ?)');
    for (let id = 41; id <= 60; id += 1) insert.run(id, Buffer.alloc(3000, id));
    next.close();

    const diff = await diffDatabases(before, after, [4 * PAGE_SIZE]);
    const names = diff.byTable.map((table) => table.name);
    expect(names).toContain('grown');
    // Page 1, the header, belongs to sqlite_schema: the file's page count is in it.
    expect(names).toContain('sqlite_schema');
    expect(names).not.toContain('kept');
    expect(diff.pagesAfter).toBeGreaterThan(diff.pagesBefore);
    const [chunks] = diff.chunks;
    expect(chunks?.total).toBe(Math.ceil(diff.pagesAfter / 4));
    // The header's chunk, the grown table's last old page and the new pages' chunks.
    expect(chunks?.changed).toBeLessThan(chunks?.total ?? 0);
    expect(chunks?.changed).toBeGreaterThanOrEqual(2);
  });
});
