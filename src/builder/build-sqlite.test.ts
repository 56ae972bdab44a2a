import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { inflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { PAGE_SIZE } from '../core/db-schema.ts';
import { decodeTermRow, termRowId } from '../core/term-index.ts';
import { parseTermList, prefixListId } from '../core/term-lists.ts';
import { dbConfigSchema, latestSchema } from '../core/site-config.ts';
import { useBuiltFixture } from './test-support/fixture-podcast.ts';

const built = useBuiltFixture('trawl-build-sqlite-');

describe('the fixture database as SQLite and as published', () => {
  it('finds transcript words, phrases, titles, descriptions and episode numbers by rowid', () => {
    const match = (query: string): number[] =>
      built.ids('SELECT rowid FROM words_fts WHERE words_fts MATCH ? ORDER BY rowid', query);
    expect(match('words:"narwhal"')).toEqual([6]);
    expect(match('words:"ice cream"')).toEqual([6, 7]);
    expect(match('words:"octopuses have three hearts"')).toEqual([1]);
    expect(match('words:"americans"')).toEqual([4]);
    expect(match('title:"octopus"')).toEqual([1]);
    expect(match('description:"octopus"')).toEqual([1]);
    expect(match('description:"alert"')).toEqual([]);
    expect(match('episode:"14.5"')).toEqual([6]);
    expect(match('episode:"15"')).toEqual([7]);
    const narwhal = built.db
      .prepare<[number], { data: Buffer }>('SELECT data FROM search_terms WHERE id = ?')
      .get(termRowId('narwhal'));
    expect(
      narwhal && decodeTermRow(narwhal.data).find((entry) => entry.term === 'narwhal'),
    ).toEqual({ term: 'narwhal', columns: [[6], [6], [6], []] });
    // By stem, with how often its forms occur: 'octopus' in the title, 'octopuses' said.
    const octopus = built.db
      .prepare<[number], { data: Buffer }>('SELECT data FROM search_stems WHERE id = ?')
      .get(termRowId('octopus'));
    const stem =
      octopus &&
      decodeTermRow(octopus.data, { counts: true }).find((entry) => entry.term === 'octopus');
    expect(stem?.columns[0]).toEqual([1]);
    expect(stem?.columns[2]).toEqual([1]);
    expect(stem?.counts?.[2]?.[0]).toBeGreaterThan(0);
    // Words by prefix for suggestions, most frequent first.
    const list = built.db
      .prepare<[number], { data: Buffer }>('SELECT data FROM term_lists WHERE id = ?')
      .get(prefixListId('nar') ?? -1);
    const words = list ? parseTermList(inflateRawSync(list.data).toString('utf8')) : [];
    expect(words.map(([term]) => term)).toContain('narwhal');
  });

  it('answers the hot queries without scanning a whole table', () => {
    const hot = [
      ['SELECT * FROM episodes WHERE episode = ?', '14.5'],
      ['SELECT data FROM transcripts WHERE id = ?', 6],
      ['SELECT id, description FROM episode_descriptions WHERE id IN (?, ?)', 1, 2],
      ['SELECT rowid FROM words_fts WHERE words_fts MATCH ?', 'words:"narwhal"'],
      ['SELECT data FROM search_terms WHERE id = ?', termRowId('narwhal')],
      ['SELECT data FROM search_stems WHERE id = ?', termRowId('narwhal')],
      ['SELECT data FROM term_lists WHERE id = ?', 0],
      [
        'SELECT episode FROM episodes WHERE id IN (SELECT rowid FROM words_fts WHERE words_fts MATCH ?)',
        'words:"ice cream"',
      ],
    ] as const;
    for (const [sql, ...params] of hot) {
      const plan = built.db
        .prepare(`EXPLAIN QUERY PLAN ${sql}`)
        .all(...params)
        .map((row) =>
          typeof row === 'object' && row !== null && 'detail' in row ? String(row.detail) : '',
        );
      const fullScans = plan.filter(
        (detail) => /^SCAN /.test(detail) && !/VIRTUAL TABLE INDEX/.test(detail),
      );
      expect({ sql, fullScans }).toEqual({ sql, fullScans: [] });
    }
  });

  // The browser read with SQLite 3.35 until decision 0016; its 3.54 reads all of these, but the
  // schema keeps to what it was measured with until a newer feature earns its place.
  it('writes the schema it was measured with: none of the newer SQLite features', () => {
    const schema = built.db
      .prepare('SELECT sql FROM sqlite_master WHERE sql IS NOT NULL')
      .pluck()
      .all()
      .join('\n');
    expect(schema).toContain('CREATE VIRTUAL TABLE words_fts USING fts5');
    for (const newer of [
      /\bSTRICT\b/i,
      /jsonb/i,
      /contentless_delete/i,
      /contentless_unindexed/i,
      /\blocale\s*=/i,
      /tokendata/i,
      /\bGENERATED\b/i,
    ]) {
      expect(schema).not.toMatch(newer);
    }
    // FTS5 structure version 4; 5 would mean contentless_delete structures.
    expect(
      built.db.prepare("SELECT v FROM words_fts_config WHERE k = 'version'").pluck().get(),
    ).toBe(4);
    expect(built.db.pragma('page_size', { simple: true })).toBe(PAGE_SIZE);
  });

  it('writes a rollback-journal database (not WAL) with meta but no timestamps', async () => {
    const header = await readFile(built.fixture.databaseFile);
    expect([header[18], header[19]]).toEqual([1, 1]);
    const meta = Object.fromEntries(
      built.db
        .prepare('SELECT key, value FROM meta')
        .raw()
        .all()
        .map((row) => (Array.isArray(row) ? [row[0], row[1]] : [])),
    );
    expect(meta).toMatchObject({ schema_version: '1', title: 'Fixture Facts' });
    expect(String(meta.built_from)).toContain('"feed":"feed.xml"');
    expect(String(meta.built_from)).not.toMatch(/20\d\d-\d\d-\d\d/);
  });

  it('publishes config.json and latest.json the site can validate', async () => {
    const { result } = built.fixture;
    const latest = latestSchema.parse(
      JSON.parse(await readFile(join(result.outDir, 'latest.json'), 'utf8')),
    );
    expect(latest.latest).toBe(result.version);
    const config = dbConfigSchema.parse(
      JSON.parse(await readFile(join(result.versionDir, 'config.json'), 'utf8')),
    );
    expect(config).toMatchObject({
      version: result.version,
      serverMode: 'chunked',
      requestChunkSize: PAGE_SIZE,
      serverChunkSize: 1024 * 1024,
      urlPrefix: 'db.sqlite3.',
      suffixLength: 3,
      databaseLengthBytes: result.databaseBytes,
    });
    expect(config.site.title).toBe('Fixture Facts');
    // latest.json carries the same config, so the site need not ask for config.json.
    expect(latest.config).toEqual(config);
    expect(config.chunks).toHaveLength(1);
    expect(await readdir(result.versionDir)).toEqual(['config.json']);
    expect(await readdir(join(result.outDir, 'chunks'))).toEqual([
      `${config.chunks?.[0] ?? ''}.bin`,
    ]);
  });
});
