// @vitest-environment node
/* eslint-disable no-restricted-imports --
 * Node only, never bundled: both SQLite wasm builds read the chunk files the real builder
 * wrote, with the file system standing in for the host. */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  buildFixturePodcast,
  publishedConfig,
} from '../../builder/test-support/fixture-podcast.ts';
import type { DbConfig } from '../../core/site-config.ts';
import { classifyDatabaseError } from './database-errors.ts';
import { HttpPages } from './http-pages.ts';
import { ownEngineLoader } from './own-engine.ts';
import { diskHost } from './test-support/disk-host.ts';
import { ENGINES, OWN_WASM_FILE } from './test-support/engines.ts';

// What the worker's engine does beyond the site's queries (site-engine.test.ts), the same on
// the official build and Trawl's own (decision 0080): values of every type both ways, a
// failed read reported as the host's error, a wrong file refused at the open.

let root: string;
let config: DbConfig;
let versionDir: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'trawl-own-engine-'));
  const built = await buildFixturePodcast(root);
  versionDir = built.result.versionDir;
  config = await publishedConfig(versionDir);
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

/** The fixture's pages, from a host that fails every request once `failing.now` is set. */
function fixturePages(failing = { now: false }): HttpPages {
  const host = diskHost(versionDir, config);
  return new HttpPages({
    layout: config,
    chunkUrlPrefix: `https://host.test/db/${config.version}/${config.urlPrefix}`,
    pageSize: config.requestChunkSize,
    request: (url, start, end) => {
      if (failing.now) throw new Error(`NetworkError: the host hung up on ${start}-${end}`);
      return host(url, start, end);
    },
  });
}

describe.each(ENGINES)('the $name engine', (engine) => {
  test('binds and returns null, integers, floats, text and blobs', async () => {
    const db = await engine.open(fixturePages());
    const rows = db.query(
      'SELECT ? AS n, ? AS i, ? AS big, ? AS f, ? AS t, typeof(?) AS type, ' +
        "x'00ff10' AS b, 9007199254740993 AS huge, 1e308 * 10 AS inf",
      [null, -42, 2 ** 40, 2.5, 'naïve “quotes” 🐙', 7],
    );
    expect(rows).toEqual([
      {
        n: null,
        i: -42,
        big: 2 ** 40,
        f: 2.5,
        t: 'naïve “quotes” 🐙',
        type: 'integer',
        b: new Uint8Array([0, 255, 16]),
        // Past 2^53, an integer comes back as a BigInt, on both.
        huge: 9007199254740993n,
        inf: Infinity,
      },
    ]);
  });

  test('runs every statement of a script, answering the first with columns', async () => {
    const db = await engine.open(fixturePages());
    expect(db.query('SELECT ? AS a; SELECT 2 AS a;  ', [1])).toEqual([{ a: 1 }]);
    expect(db.query("SELECT 1 WHERE 0; SELECT 'b' AS b", [])).toEqual([]);
    expect(db.query('SELECT id FROM episodes WHERE id = ?', [3])).toEqual([{ id: 3 }]);
  });

  test('a read the host fails reports the host’s error, and the next query reads again', async () => {
    const failing = { now: false };
    const db = await engine.open(fixturePages(failing));
    failing.now = true;
    let thrown: unknown;
    try {
      db.query('SELECT count(*) AS n, max(length(title)) AS l FROM episodes', []);
    } catch (error) {
      thrown = error;
    }
    expect(String(thrown)).toMatch(/NetworkError: the host hung up on \d+-\d+/);
    expect(classifyDatabaseError(thrown)).toBe('transport');
    failing.now = false;
    expect(db.query('SELECT count(*) AS n FROM episodes', [])).toEqual([{ n: 7 }]);
  });

  test('a statement SQLite refuses is a query error with its message', async () => {
    const db = await engine.open(fixturePages());
    let thrown: unknown;
    try {
      db.query('SELECT no_such_column FROM episodes', []);
    } catch (error) {
      thrown = error;
    }
    expect(String(thrown)).toMatch(/SQLITE_ERROR: .*no such column: no_such_column/);
    expect(classifyDatabaseError(thrown)).toBe('query');
  });

  test('a statement nested as deep as SQLite allows answers; deeper fails, and it still answers', async () => {
    const db = await engine.open(fixturePages());
    expect(db.query(`SELECT ${'('.repeat(990)}1${')'.repeat(990)} AS v`, [])).toEqual([{ v: 1 }]);
    expect(() => db.query(`SELECT ${'- '.repeat(20_000)}1 AS v`, [])).toThrow(
      /SQLITE_ERROR: .*(Recursion limit|too large|stack overflow)/,
    );
    expect(db.query('SELECT count(*) AS n FROM episodes', [])).toEqual([{ n: 7 }]);
  });

  test('a file that is not a database fails the open', async () => {
    const bytes = new TextEncoder().encode('<!doctype html><title>Not found</title>'.repeat(200));
    const pages = new HttpPages({
      layout: { ...config, databaseLengthBytes: bytes.length, chunks: undefined },
      chunkUrlPrefix: 'https://host.test/db/x/db.sqlite3.',
      pageSize: 4096,
      request: (_url, start, end) => {
        const body = bytes.slice(start, Math.min(end, bytes.length - 1) + 1);
        const range = `bytes ${start}-${start + body.length - 1}/${bytes.length}`;
        return {
          status: 206,
          header: (name) => (name.toLowerCase() === 'content-range' ? range : null),
          body,
        };
      },
    });
    await expect(engine.open(pages)).rejects.toThrow(/file is not a database/);
  });
});

describe("Trawl's own engine", () => {
  test('refuses a wasm that is not its own, naming what it lacks', async () => {
    const loader = ownEngineLoader();
    const empty = new Uint8Array([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00]);
    const { instance } = await WebAssembly.instantiate(empty, loader.imports);
    expect(() => loader.start(instance)).toThrow(
      /not Trawl's SQLite wasm: it lacks memory, _initialize, trawl_open/,
    );
  });

  test('says its version, the amalgamation better-sqlite3 ships', async () => {
    const loader = ownEngineLoader();
    const { instance } = await WebAssembly.instantiate(
      await readFile(OWN_WASM_FILE),
      loader.imports,
    );
    const header = await readFile(
      join(import.meta.dirname, '../../../node_modules/better-sqlite3/deps/sqlite3/sqlite3.h'),
      'utf8',
    );
    expect(loader.start(instance).version).toBe(
      /#define SQLITE_VERSION\s+"([^"]+)"/.exec(header)?.[1],
    );
  });
});
