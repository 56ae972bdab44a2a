/**
 * What a table of ready-made first snippets would cost (issue 27, item 6; decision 0064): one
 * row per term, stem or pair, holding the first snippet of each of its newest episodes, so
 * that a page of results reads its snippets from one row instead of an FTS lookup and a block
 * page per scattered match. Nothing is written: it counts the entries such a table would hold
 * from the term tables (exact) and cuts the snippets of a sample of keys with the site's own
 * code (`buildEpisodeSnippets`), compressed per row as the other blobs are, for their bytes.
 *
 * With `--postings`, also what a table that only replaces the FTS lookup would hold: each
 * stem's matching passage ids per episode (a row per stem and episode, ids as varint
 * differences, about 9 bytes of row overhead), counted from `passages_fts` with `fts5vocab`.
 *
 *   npx tsx bench/snippet-table-cost.ts <trawl build --out folder> [--sample N] [--newest N] [--postings]
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import Database from 'better-sqlite3';
import { loadAnalyzer } from '../src/core/analyzer.ts';
import { PASSAGE_BLOCK_SIZE, passageBlockId } from '../src/core/db-schema.ts';
import { checkSearchTerm } from '../src/core/fts-query.ts';
import { parsePassageBlock } from '../src/core/passages.ts';
import { createPrng } from '../src/core/prng.ts';
import { buildEpisodeSnippets, type Snippet } from '../src/core/snippets.ts';
import { decodeTermRow } from '../src/core/term-index.ts';
import { joinChunks, readPublished } from '../src/builder/publish/chunk-files.ts';
import { passageMatch } from '../src/site/data/snippet-queries.ts';

/** The index of the `words` column in a term row (`FTS_COLUMNS`). */
const WORDS_COLUMN = 2;

/** Keys in fewer episodes read few enough scattered blocks without a ready-made row. */
const MIN_EPISODES = 3;

interface Key {
  term: string;
  /** Episode ids whose transcript holds the key, ascending. */
  episodes: number[];
}

/** Every key of `table` found in at least `MIN_EPISODES` transcripts. */
function keysOf(db: Database.Database, table: string, counts: boolean): Key[] {
  const keys: Key[] = [];
  const rows = db.prepare<[], { data: Buffer }>(`SELECT data FROM ${table}`).iterate();
  for (const row of rows) {
    for (const entry of decodeTermRow(new Uint8Array(row.data), { counts })) {
      const episodes = entry.columns[WORDS_COLUMN] ?? [];
      if (episodes.length >= MIN_EPISODES) keys.push({ term: entry.term, episodes });
    }
  }
  return keys;
}

/** Bytes of an unsigned LEB128 varint. */
function varintBytes(value: number): number {
  let bytes = 1;
  for (let rest = value; rest >= 0x80; rest = Math.floor(rest / 0x80)) bytes += 1;
  return bytes;
}

/** A row's rowid, cell header and blob length, about. */
const ROW_OVERHEAD = 9;

/** Rows and bytes of a table of each stem's matching passage ids, per episode. */
function passagePostings(
  db: Database.Database,
  episodes: readonly { id: number; first: number; count: number }[],
): { rows: number; bytes: number } {
  db.exec(
    "CREATE VIRTUAL TABLE temp.passage_vocab USING fts5vocab(main, 'passages_fts', 'instance')",
  );
  const ranges = episodes.filter((range) => range.count > 0).sort((a, b) => a.first - b.first);
  const episodeOf = (passage: number): { id: number; first: number } | undefined => {
    let low = 0;
    let high = ranges.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if ((ranges[middle]?.first ?? Infinity) <= passage) low = middle;
      else high = middle - 1;
    }
    return ranges[low];
  };
  let rows = 0;
  let bytes = 0;
  let term = '';
  let episode = -1;
  let previous = 0;
  // Instances come by term, then passage: a row ends where either changes episode or term.
  const instances = db
    .prepare<[], [string, number]>('SELECT term, doc FROM temp.passage_vocab')
    .raw()
    .iterate();
  for (const [token, passage] of instances) {
    const owner = episodeOf(passage);
    if (!owner) continue;
    if (token !== term || owner.id !== episode) {
      rows += 1;
      bytes += ROW_OVERHEAD;
      term = token;
      episode = owner.id;
      previous = owner.first - 1;
    }
    if (passage === previous) continue;
    bytes += varintBytes(passage - previous);
    previous = passage;
  }
  return { rows, bytes };
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      sample: { type: 'string' },
      newest: { type: 'string' },
      postings: { type: 'boolean' },
    },
  });
  const outDir = positionals[0];
  if (!outDir) throw new Error('usage: snippet-table-cost.ts <trawl build --out folder>');
  const sampleSize = Number(values.sample ?? 300);
  const newest = Number(values.newest ?? 10);
  const { versionDir, config } = await readPublished(outDir);
  const analyzer = await loadAnalyzer(config.search);
  const temp = await mkdtemp(join(tmpdir(), 'trawl-snippet-cost-'));
  try {
    const joined = join(temp, 'db.sqlite3');
    await joinChunks(versionDir, joined);
    const db = new Database(joined, { readonly: true });
    const ranges = new Map(
      db
        .prepare<[], { id: number; first: number; count: number }>(
          'SELECT id, passage_first AS first, passage_count AS count FROM episodes',
        )
        .all()
        .map((row) => [row.id, row]),
    );
    const firstMatches = db.prepare<[string, number, number], { rowid: number }>(
      'SELECT rowid FROM passages_fts WHERE passages_fts MATCH ? AND rowid BETWEEN ? AND ? ORDER BY rowid',
    );
    const block = db.prepare<[number], { data: Buffer }>(
      'SELECT data FROM passage_blocks WHERE id = ?',
    );
    const database = (config.databaseLengthBytes / 2 ** 20).toFixed(1);
    console.log(
      `database ${database} MiB; keys in ${MIN_EPISODES}+ transcripts, newest ${newest}:`,
    );
    const tables = [
      { table: 'search_stems', counts: true, quote: false },
      { table: 'search_terms', counts: false, quote: true },
      { table: 'search_pairs', counts: false, quote: true },
    ];
    for (const { table, counts, quote } of tables) {
      const keys = keysOf(db, table, counts);
      const entries = keys.reduce((sum, key) => sum + Math.min(newest, key.episodes.length), 0);
      const prng = createPrng(1);
      let sampledEntries = 0;
      let sampledBytes = 0;
      let missed = 0;
      for (let index = 0; index < sampleSize && keys.length > 0; index += 1) {
        const key = prng.pick(keys);
        // A stem is searched as the word it is; a term or pair exactly, as a quoted search.
        const check = checkSearchTerm(quote ? `"${key.term}"` : key.term, 1, analyzer);
        if (check.kind !== 'search') continue;
        const match = passageMatch(check.parsed, { prefix: false });
        const snippets: Snippet[] = [];
        for (const episodeId of key.episodes.slice(-newest)) {
          const range = ranges.get(episodeId);
          if (!range) continue;
          const found = firstMatches
            .all(match, range.first, range.first + range.count - 1)
            .map((row) => row.rowid);
          let snippet: Snippet | undefined;
          for (const rowid of found) {
            const ordinal = Math.floor((rowid - range.first) / PASSAGE_BLOCK_SIZE);
            const data = block.get(passageBlockId(episodeId, ordinal))?.data;
            const passages = data ? parsePassageBlock(inflateRawSync(data).toString('utf8')) : null;
            const passage = passages?.[(rowid - range.first) % PASSAGE_BLOCK_SIZE];
            if (!passage) continue;
            const { f, ...text } = passage;
            const built = buildEpisodeSnippets(
              episodeId,
              [{ id: rowid, episodeId, firstWord: f, data: text }],
              check.parsed,
              0,
              { max: 1 },
            );
            snippet = built.snippets[0];
            if (snippet) break;
          }
          if (snippet) snippets.push(snippet);
          else missed += 1;
        }
        sampledEntries += snippets.length;
        sampledBytes += deflateRawSync(JSON.stringify(snippets), { level: 9 }).length;
      }
      const perEntry = sampledEntries > 0 ? sampledBytes / sampledEntries : 0;
      const estimate = (entries * perEntry) / 2 ** 20;
      console.log(
        `  ${table}: ${keys.length} keys, ${entries} entries; sample of ${sampleSize} keys: ` +
          `${sampledEntries} snippets, ${perEntry.toFixed(0)} bytes each compressed per row ` +
          `(${missed} entries without one); about ${estimate.toFixed(1)} MiB`,
      );
    }
    if (values.postings) {
      const { rows, bytes } = passagePostings(db, [...ranges.values()]);
      console.log(
        `  passage ids by stem and episode: ${rows} rows, about ${(bytes / 2 ** 20).toFixed(1)} MiB`,
      );
    }
    db.close();
  } finally {
    await rm(temp, { recursive: true, force: true });
  }
}

await main();
