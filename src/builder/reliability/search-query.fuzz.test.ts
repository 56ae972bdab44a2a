/**
 * 2,000 random and adversarial search terms through the query module (src/core/fts-query.ts),
 * run as the exact SQL the site sends against a database the real builder made. Each must
 * return rows or be a term with a clear message; SQLite must never see broken syntax. The
 * transcript matcher gets the same terms.
 */
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { FTS_COLUMNS, type FtsColumn } from '../../core/db-schema.ts';
import { buildFtsQuery, checkSearchTerm, termProblem } from '../../core/fts-query.ts';
import { findPhraseMatches, buildTokenStream, type TokenStream } from '../../core/phrase-match.ts';
import { buildPodcast } from '../build.ts';
import { joinChunks, readPublished } from '../publish/chunk-files.ts';
import { decodeTranscriptBlob } from '../index/transcript-blob.ts';
import { DEMO_PODCAST, makeTempDir } from './fuzz-support.ts';
import { describeTerm, searchTerms } from './search-terms.ts';
import { ENGLISH } from '../../core/test-support/analyzers.ts';

const NODE_FUZZ_SEED = 8_080;
const TERM_COUNT = 2_000;

let root: string;
let db: Database.Database;
let episodeIds: Set<number>;
let streams: TokenStream[];

beforeAll(async () => {
  root = await makeTempDir('search-fuzz');
  await buildPodcast({ folder: DEMO_PODCAST, outDir: join(root, 'out') });
  await joinChunks((await readPublished(join(root, 'out'))).versionDir, join(root, 'db.sqlite3'));
  db = new Database(join(root, 'db.sqlite3'), { readonly: true });
  episodeIds = new Set(
    db
      .prepare('SELECT id FROM episodes')
      .pluck()
      .all()
      .filter((id): id is number => typeof id === 'number'),
  );
  streams = db
    .prepare('SELECT data FROM transcripts')
    .pluck()
    .all()
    .filter((data): data is Buffer => Buffer.isBuffer(data))
    .map((data) => buildTokenStream(decodeTranscriptBlob(data).words, ENGLISH));
});

afterAll(async () => {
  db.close();
  await rm(root, { recursive: true, force: true });
});

/** The search fields a visitor can tick: all of them, each alone, and none. */
const FIELD_SETS: FtsColumn[][] = [[...FTS_COLUMNS], ...FTS_COLUMNS.map((column) => [column]), []];

test(`${TERM_COUNT} random and adversarial terms search or get a clear message, never an SQLite error (seed ${NODE_FUZZ_SEED})`, () => {
  const outcomes = { searched: 0, matched: 0, noQuery: 0, message: 0, cleared: 0 };
  const terms = searchTerms(TERM_COUNT, NODE_FUZZ_SEED);
  expect(terms).toHaveLength(TERM_COUNT);
  for (const [index, term] of terms.entries()) {
    const where = `term ${index} ${describeTerm(term)}`;
    const check = checkSearchTerm(term, 3, ENGLISH);
    if (check.kind === 'empty') {
      outcomes.cleared += 1;
      continue;
    }
    if (check.kind !== 'search') {
      expect(termProblem(check), where).toMatch(
        /^(Type at least 3 characters|“.*” has no words or numbers)/s,
      );
      outcomes.message += 1;
      continue;
    }
    for (const fields of FIELD_SETS) {
      const query = buildFtsQuery(check.tokens, fields);
      if (query === null) {
        expect(fields, where).toEqual([]);
        outcomes.noQuery += 1;
        continue;
      }
      let rows: unknown[];
      try {
        rows = db.prepare(query.sql).pluck().all(query.match);
      } catch (error) {
        throw new Error(
          `${where} over ${fields.join(',')}: ${String(error)} (MATCH ${describeTerm(query.match)})`,
          { cause: error },
        );
      }
      for (const id of rows) expect(episodeIds.has(Number(id)), where).toBe(true);
      outcomes.searched += 1;
      if (rows.length > 0) outcomes.matched += 1;
    }
    for (const stream of streams) {
      const found = findPhraseMatches(stream, check.tokens, ENGLISH);
      expect(found.count, where).toBe(found.matches.length);
      for (const match of found.matches) {
        expect(match.startWord, where).toBeGreaterThanOrEqual(0);
        expect(match.endWord, where).toBeLessThanOrEqual((stream.wordOfToken.at(-1) ?? -1) + 1);
      }
    }
  }
  // The corpus must exercise every path: real searches with hits, messages and cleared terms.
  expect(outcomes.searched).toBeGreaterThan(1_000);
  expect(outcomes.matched).toBeGreaterThan(50);
  expect(outcomes.message).toBeGreaterThan(20);
});

test('a normal search still finds its episodes after the fuzzing', () => {
  const check = checkSearchTerm('ice cream', 3, ENGLISH);
  if (check.kind !== 'search') throw new Error('"ice cream" must be a search');
  const query = buildFtsQuery(check.tokens, FTS_COLUMNS);
  if (query === null) throw new Error('"ice cream" must make a query');
  expect(db.prepare(query.sql).pluck().all(query.match).length).toBeGreaterThan(0);
});
