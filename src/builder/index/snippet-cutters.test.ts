/**
 * Helper threads cut `snippet_heads` (decision 0083): on a database the real builder makes,
 * the rows they write are the ones the main thread alone writes, and a helper that fails
 * loses no row.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateRawSync } from 'node:zlib';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPodcast } from '../build.ts';
import { joinChunks } from '../publish/chunk-files.ts';
import { writeSyntheticPodcast } from '../test-support/synthetic-podcast.ts';
import { ENGLISH } from '../../core/test-support/analyzers.ts';
import { writeSnippetHeads, type SnippetHeadsOptions } from './write-snippet-heads.ts';

let dir = '';
let file = '';

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'trawl-snippet-cutters-'));
  const folder = join(dir, 'show');
  await writeSyntheticPodcast(folder, { episodes: 24, wordsPerEpisode: 600 });
  const built = await buildPodcast({ folder, outDir: join(dir, 'out') });
  file = join(dir, 'show.sqlite3');
  await joinChunks(built.versionDir, file);
}, 60_000);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Every row of `snippet_heads`, inflated, by id. */
function headRows(db: Database.Database): [number, string][] {
  return db
    .prepare<[], { id: number; data: Buffer }>('SELECT id, data FROM snippet_heads ORDER BY id')
    .all()
    .map((row) => [row.id, inflateRawSync(row.data).toString('utf8')]);
}

/** The built database's rows written again with `options`, and how many tasks helpers cut. */
function rewrite(options: Omit<SnippetHeadsOptions, 'segment'>): {
  rows: [number, string][];
  cutByHelpers: number;
} {
  const db = new Database(file);
  try {
    db.exec('BEGIN');
    db.exec('DELETE FROM snippet_heads');
    const { cutByHelpers } = writeSnippetHeads(db, db, ENGLISH, { segment: 0, ...options });
    const rows = headRows(db);
    db.exec('ROLLBACK');
    return { rows, cutByHelpers };
  } finally {
    db.close();
  }
}

describe('cutting snippet_heads on helper threads', () => {
  it('writes the rows the build wrote, with a helper cutting a share', () => {
    const db = new Database(file, { readonly: true });
    const built = headRows(db);
    db.close();
    expect(built.length).toBeGreaterThan(100);
    const alone = rewrite({ helpers: 0 });
    expect(alone.cutByHelpers).toBe(0);
    expect(alone.rows).toEqual(built);
    const helped = rewrite({ helpers: 1 });
    expect(helped.cutByHelpers).toBeGreaterThan(0);
    expect(helped.rows).toEqual(built);
  }, 60_000);

  it('cuts a failed helper’s tasks on the main thread', async () => {
    // A helper that starts, then dies on its first task without answering.
    const source = join(dir, 'failing-helper.mjs');
    await writeFile(
      source,
      [
        "import { parentPort, workerData } from 'node:worker_threads';",
        'const signal = new Int32Array(workerData.signal);',
        "parentPort.on('message', () => { throw new Error('helper broke'); });",
        'Atomics.store(signal, 1, 1);',
        'Atomics.notify(signal, 1);',
      ].join('\n'),
    );
    const db = new Database(file, { readonly: true });
    const built = headRows(db);
    db.close();
    const helped = rewrite({ helpers: 1, helperSource: source });
    expect(helped.cutByHelpers).toBe(0);
    expect(helped.rows).toEqual(built);
  }, 60_000);

  it('cuts everything on the main thread when a helper cannot start', () => {
    const db = new Database(file, { readonly: true });
    const built = headRows(db);
    db.close();
    const helped = rewrite({ helpers: 1, helperSource: join(dir, 'no-such-helper.mjs') });
    expect(helped.cutByHelpers).toBe(0);
    expect(helped.rows).toEqual(built);
  }, 60_000);
});
