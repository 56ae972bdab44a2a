/**
 * What changed between two versions' databases, page by page (issue 23, item 5, step 1): which
 * tables own the pages of the newer file that the older one does not hold at the same offset
 * with the same bytes, and how many chunk files of a given size those pages dirty. A host
 * receives a chunk file again when any of its pages differs, so this is what decides the bytes
 * new to the host once chunk files keep their URLs across versions.
 */
import { readFile } from 'node:fs/promises';
import Database from 'better-sqlite3';
import { z } from 'zod';
import { PAGE_SIZE } from '../src/core/db-schema.ts';

/** Pages of one table (or index) in the newer file that differ from the older file's. */
export interface TableChange {
  name: string;
  pages: number;
  changed: number;
}

export interface DatabaseDiff {
  pagesBefore: number;
  pagesAfter: number;
  /** Pages of the newer file that differ from the older file's page at the same offset. */
  changedPages: number;
  byTable: TableChange[];
  /** For each chunk size tried: chunk files of the newer file that hold a changed page. */
  chunks: { chunkSize: number; changed: number; total: number; changedBytes: number }[];
}

const dbstatRow = z.object({ name: z.string(), pageno: z.number().int() });

/** The table or index that owns each page of `path`, by page number (1-based). */
function pageOwners(path: string): Map<number, string> {
  const db = new Database(path, { readonly: true });
  try {
    const owners = new Map<number, string>();
    for (const row of db.prepare('SELECT name, pageno FROM dbstat').all()) {
      const { name, pageno } = dbstatRow.parse(row);
      owners.set(pageno, name);
    }
    return owners;
  } finally {
    db.close();
  }
}

/** Compares `after` with `before` page by page; `chunkSizes` are tried for the chunk count. */
export async function diffDatabases(
  before: string,
  after: string,
  chunkSizes: readonly number[],
): Promise<DatabaseDiff> {
  const [old, next] = await Promise.all([readFile(before), readFile(after)]);
  const owners = pageOwners(after);
  const pagesAfter = next.length / PAGE_SIZE;
  const changed: number[] = [];
  for (let index = 0; index < pagesAfter; index += 1) {
    const start = index * PAGE_SIZE;
    const same =
      start + PAGE_SIZE <= old.length &&
      old.compare(next, start, start + PAGE_SIZE, start, start + PAGE_SIZE) === 0;
    if (!same) changed.push(index + 1);
  }
  const tables = new Map<string, TableChange>();
  for (const name of owners.values()) {
    const entry = tables.get(name) ?? { name, pages: 0, changed: 0 };
    entry.pages += 1;
    tables.set(name, entry);
  }
  for (const page of changed) {
    // Free pages (on the freelist) belong to no table.
    const name = owners.get(page) ?? '(free)';
    const entry = tables.get(name) ?? { name, pages: 0, changed: 0 };
    entry.changed += 1;
    tables.set(name, entry);
  }
  const chunks = chunkSizes.map((chunkSize) => {
    const perChunk = chunkSize / PAGE_SIZE;
    const dirty = new Set(changed.map((page) => Math.floor((page - 1) / perChunk)));
    const total = Math.ceil(next.length / chunkSize);
    let changedBytes = 0;
    for (const index of dirty) {
      changedBytes += Math.min(chunkSize, next.length - index * chunkSize);
    }
    return { chunkSize, changed: dirty.size, total, changedBytes };
  });
  return {
    pagesBefore: old.length / PAGE_SIZE,
    pagesAfter,
    changedPages: changed.length,
    byTable: [...tables.values()]
      .filter((table) => table.changed > 0)
      .sort((a, b) => b.changed - a.changed),
    chunks,
  };
}

/** The diff as markdown table lines, for the bench's log. */
export function formatDiff(diff: DatabaseDiff): string[] {
  const mib = (bytes: number): string => `${(bytes / 2 ** 20).toFixed(1)} MiB`;
  return [
    `database pages: ${diff.pagesBefore} → ${diff.pagesAfter}, ${diff.changedPages} differ (${mib(diff.changedPages * PAGE_SIZE)})`,
    '| table | pages | changed |',
    '|---|---|---|',
    ...diff.byTable.map((table) => `| ${table.name} | ${table.pages} | ${table.changed} |`),
    '| chunk size | chunks changed | bytes |',
    '|---|---|---|',
    ...diff.chunks.map(
      (chunk) =>
        `| ${chunk.chunkSize / 1024} KiB | ${chunk.changed} of ${chunk.total} | ${mib(chunk.changedBytes)} |`,
    ),
  ];
}
