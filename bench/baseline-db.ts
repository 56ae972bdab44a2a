/**
 * Builds the BASELINE database: the same podcast laid out the way the spec's original design
 * does it, so the benchmark compares layouts on identical data in one run.
 *
 * - 16 KiB pages;
 * - `episodes` with the description inline, read newest first (a descending scan);
 * - a rowid `words` table (episode, startTime, endTime, word, probability) with an index on
 *   (episode, startTime);
 * - `words_fts` over title, description, words and episode with its content stored (not
 *   contentless, default `detail=full`), searched with `SELECT episode`.
 *
 * The data comes from the Trawl database the same run built (every episode, description and
 * timed word), so both databases hold exactly the same podcast. Like Trawl's, the file is
 * optimised (FTS `optimize`, VACUUM) and published in sql.js-httpvfs's chunked format, so the
 * comparison is of layouts, not of build hygiene.
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { DbConfig } from '../src/core/site-config.ts';
import { siteSettingsSchema } from '../src/core/site-config.ts';
import { htmlToText } from '../src/builder/read/sanitize-html.ts';
import { writeChunks } from '../src/builder/publish/chunk-files.ts';
import { DEFAULT_CHUNK_SIZE, writeLatest } from '../src/builder/publish/publish.ts';
import { decodeTranscriptBlob } from '../src/builder/index/transcript-blob.ts';
import { BASELINE_PAGE_SIZE } from './baseline-queries.ts';

export const BASELINE_SCHEMA_SQL = `
CREATE TABLE presenters (
  id INTEGER PRIMARY KEY, firstName TEXT, middleName TEXT, lastName TEXT, qiElf INTEGER, guest INTEGER
);
CREATE TABLE venues (
  id INTEGER PRIMARY KEY, name TEXT, city TEXT, region TEXT, state TEXT, country TEXT
);
CREATE TABLE episodes (
  episode NUMERIC PRIMARY KEY, title TEXT, pubDate TEXT, image TEXT, description TEXT,
  duration REAL, presenter1 INTEGER, presenter2 INTEGER, presenter3 INTEGER, presenter4 INTEGER,
  presenter5 INTEGER, venue INTEGER, live INTEGER, compilation INTEGER
);
CREATE TABLE words (episode NUMERIC, startTime REAL, endTime REAL, word TEXT, probability REAL);
CREATE INDEX words_episode_startTime ON words (episode, startTime);
CREATE VIRTUAL TABLE words_fts USING fts5(title, description, words, episode);
`;

/** The published baseline: a version folder with chunks and config.json, and latest.json. */
export interface BaselineBuild {
  outDir: string;
  version: string;
  databaseBytes: number;
  episodes: number;
  words: number;
  seconds: number;
}

interface SourceEpisode {
  id: number;
  episode: string;
  title: string;
  pub_date: string | null;
  image: string | null;
  duration: number | null;
  presenter1: number | null;
  presenter2: number | null;
  presenter3: number | null;
  presenter4: number | null;
  presenter5: number | null;
  venue: number | null;
  live: number;
  compilation: number;
  description: string | null;
  data: Buffer | null;
}

/** Episode numbers are stored as numbers, as the original did ('14.5' → 14.5). */
function episodeNumber(text: string): number {
  const value = Number(text);
  if (!Number.isFinite(value)) throw new Error(`baseline: episode "${text}" is not a number`);
  return value;
}

/**
 * Writes the baseline database from `sourceDb` (a Trawl database file) and publishes it in
 * `outDir` (`latest.json` + one version folder). Replaces whatever `outDir` held.
 */
export async function buildBaselineDatabase(
  sourceDb: string,
  outDir: string,
  chunkSize = DEFAULT_CHUNK_SIZE,
): Promise<BaselineBuild> {
  const started = performance.now();
  await rm(outDir, { recursive: true, force: true });
  const version = 'baseline-v1';
  const versionDir = join(outDir, version);
  await mkdir(versionDir, { recursive: true });
  const file = join(outDir, 'baseline.sqlite3');

  const source = new Database(sourceDb, { readonly: true });
  const db = new Database(file);
  let episodes = 0;
  let words = 0;
  try {
    db.pragma(`page_size = ${BASELINE_PAGE_SIZE}`);
    db.pragma('journal_mode = OFF');
    db.pragma('synchronous = OFF');
    db.pragma('cache_size = -262144');
    db.exec(BASELINE_SCHEMA_SQL);
    db.exec('BEGIN');
    const insertPresenter = db.prepare('INSERT INTO presenters VALUES (?, ?, ?, ?, ?, ?)');
    for (const row of source
      .prepare(
        'SELECT id, first_name, middle_name, last_name, qi_elf, guest FROM presenters ORDER BY id',
      )
      .raw()
      .iterate()) {
      insertPresenter.run(row);
    }
    const insertVenue = db.prepare('INSERT INTO venues VALUES (?, ?, ?, ?, ?, ?)');
    for (const row of source
      .prepare('SELECT id, name, city, region, state, country FROM venues ORDER BY id')
      .raw()
      .iterate()) {
      insertVenue.run(row);
    }
    const insertEpisode = db.prepare(
      'INSERT INTO episodes VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
    );
    const insertWord = db.prepare('INSERT INTO words VALUES (?, ?, ?, ?, ?)');
    const insertFts = db.prepare(
      'INSERT INTO words_fts (title, description, words, episode) VALUES (?, ?, ?, ?)',
    );
    const rows = source
      .prepare<[], SourceEpisode>(
        `SELECT e.id, e.episode, e.title, e.pub_date, e.image, e.duration, e.presenter1,
           e.presenter2, e.presenter3, e.presenter4, e.presenter5, e.venue, e.live,
           e.compilation, d.description, t.data
         FROM episodes e
         LEFT JOIN episode_descriptions d ON d.id = e.id
         LEFT JOIN transcripts t ON t.id = e.id
         ORDER BY e.id`,
      )
      .iterate();
    for (const row of rows) {
      const number = episodeNumber(row.episode);
      const description = row.description ?? '';
      insertEpisode.run(
        number,
        row.title,
        row.pub_date,
        row.image,
        description,
        row.duration,
        row.presenter1,
        row.presenter2,
        row.presenter3,
        row.presenter4,
        row.presenter5,
        row.venue,
        row.live,
        row.compilation,
      );
      const blob = row.data ? decodeTranscriptBlob(row.data) : null;
      if (blob) {
        for (let index = 0; index < blob.words.length; index += 1) {
          const probability = blob.prob[index] ?? -1;
          insertWord.run(
            number,
            (blob.start[index] ?? 0) / 100,
            (blob.end[index] ?? 0) / 100,
            blob.words[index],
            probability < 0 ? null : probability / 100,
          );
        }
        words += blob.words.length;
      }
      insertFts.run(
        row.title,
        htmlToText(description),
        blob ? blob.words.join(' ') : '',
        row.episode,
      );
      episodes += 1;
    }
    db.exec("INSERT INTO words_fts (words_fts) VALUES ('optimize')");
    db.exec('COMMIT');
    db.exec('VACUUM');
  } finally {
    db.close();
    source.close();
  }

  const layout = await writeChunks(file, versionDir, chunkSize);
  await rm(file);
  const config: DbConfig = {
    version,
    serverMode: 'chunked',
    requestChunkSize: BASELINE_PAGE_SIZE,
    ...layout,
    site: siteSettingsSchema.parse({ title: 'Baseline' }),
    mediaOrigins: [],
  };
  await writeFile(join(versionDir, 'config.json'), `${JSON.stringify(config, null, 2)}\n`);
  await writeLatest(outDir, version);
  return {
    outDir,
    version,
    databaseBytes: layout.databaseLengthBytes,
    episodes,
    words,
    seconds: (performance.now() - started) / 1000,
  };
}
