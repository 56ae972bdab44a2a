/**
 * What a database's episodes were written from, so the next build can tell whether it may
 * reuse them (decision 0051): each episode's fingerprint is a SHA-256 over everything
 * `addEpisode` writes from (the record, the parsed transcript, the resolved speakers and
 * chapters) and over what decides how it is written (the schema, this writer's version, the
 * show's language). Stored in `build_episodes`, the last table of the file; the site never
 * reads it.
 */
import { createHash } from 'node:crypto';
import Database from 'better-sqlite3';
import { z } from 'zod';
import { SCHEMA_VERSION } from '../../core/db-schema.ts';
import { MAX_SEGMENTS, segmentOf, SEGMENTED_TABLES } from '../../core/row-segments.ts';
import type { Analyzer } from '../../core/analyzer.ts';

/** A hex SHA-256. */
export type EpisodeFingerprint = string;

/**
 * Changes whenever the rows an episode gets change for the same inputs (a new column, another
 * passage length, another blob format): a database of an older writer is then never resumed.
 * 2: transcripts as version 3 (decision 0056).
 */
export const WRITER_VERSION = 2;

/** The table of fingerprints, by episode id; row 0 holds a resumed database's compact size. */
export const BUILD_EPISODES_SQL = `
CREATE TABLE build_episodes (
  id INTEGER PRIMARY KEY,
  fingerprint TEXT NOT NULL
);
`;

/**
 * The fingerprint of one episode's rows as `analyzer` writes them, from `addEpisode`'s
 * arguments (record, transcript, speech): plain data, so JSON holds all of it.
 */
export function episodeFingerprint(
  analyzer: Analyzer,
  parts: readonly unknown[],
): EpisodeFingerprint {
  const hash = createHash('sha256');
  hash.update(
    JSON.stringify({
      schema: SCHEMA_VERSION,
      writer: WRITER_VERSION,
      language: analyzer.language,
      search: analyzer.version,
    }),
  );
  for (const part of parts) {
    hash.update('\0');
    hash.update(JSON.stringify(part) ?? 'undefined');
  }
  return hash.digest('hex');
}

/** Records episode `id`'s fingerprint. */
export function writeBuildFingerprint(
  db: Database.Database,
  id: number,
  fingerprint: EpisodeFingerprint,
): void {
  db.prepare('INSERT INTO build_episodes (id, fingerprint) VALUES (?, ?)').run(id, fingerprint);
}

/** Where a resumed database's next episode goes: its id and the passages before it. */
export function readResumeState(db: Database.Database): {
  nextId: number;
  passagesSoFar: number;
} {
  const row = db
    .prepare<[], { last: number | null; lowest: number | null }>(
      'SELECT MAX(id) AS last, MIN(passage_first) AS lowest FROM episodes',
    )
    .get();
  // Passage ids count down by episode: the lowest first id closes the passages so far.
  return { nextId: (row?.last ?? 0) + 1, passagesSoFar: -(row?.lowest ?? 0) };
}

/**
 * A resumed database is not compacted: split pages and the new episodes' own FTS segments make
 * it grow faster than a full build's. Past this factor of its compact size per episode, the
 * next build writes every episode again and compacts (decision 0051).
 */
export const RESUME_GROWTH_LIMIT = 1.25;

/** A previous build's database, as far as resuming it goes. */
export interface BaseDatabase {
  /** Its episodes' fingerprints in id order. */
  fingerprints: EpisodeFingerprint[];
  /** Pages per episode when it was last compacted (a full build). */
  compactPagesPerEpisode: number;
}

const compactSchema = z.object({ compactPagesPerEpisode: z.number().positive() });

/**
 * Reads what resuming the database at `path` needs, or undefined when it cannot be resumed: no
 * `build_episodes` table (a database of an older Trawl), ids that are not exactly 1 to the
 * episode count (then positions would not be ids), grown past `RESUME_GROWTH_LIMIT`, or holding
 * `MAX_SEGMENTS` segments, or without one of the segmented tables (an older build's).
 */
export function readBaseDatabase(path: string): BaseDatabase | undefined {
  let db: Database.Database | undefined;
  try {
    db = new Database(path, { readonly: true, fileMustExist: true });
    const episodes = db
      .prepare<[], { n: number; last: number | null }>(
        'SELECT COUNT(*) AS n, MAX(id) AS last FROM episodes',
      )
      .get();
    const rows = db
      .prepare<[], { id: number; fingerprint: string }>(
        'SELECT id, fingerprint FROM build_episodes WHERE id > 0 ORDER BY id',
      )
      .all();
    const ordered = rows.every((row, index) => row.id === index + 1);
    // A database from before a table it should hold (ready-made snippets, decision 0082).
    const tables = db
      .prepare<[], { name: string }>("SELECT name FROM sqlite_schema WHERE type = 'table'")
      .all()
      .map((row) => row.name);
    if (!SEGMENTED_TABLES.every((table) => tables.includes(table))) return undefined;
    if (!episodes || !ordered || rows.length !== episodes.n || (episodes.last ?? 0) !== episodes.n)
      return undefined;
    const pages = Number(db.pragma('page_count', { simple: true }));
    const recorded = db
      .prepare<[], { fingerprint: string }>('SELECT fingerprint FROM build_episodes WHERE id = 0')
      .get();
    // No record: the database is a full build's, compact as it is.
    const compactPagesPerEpisode = recorded
      ? compactSchema.parse(JSON.parse(recorded.fingerprint)).compactPagesPerEpisode
      : pages / Math.max(1, episodes.n);
    if (pages > RESUME_GROWTH_LIMIT * compactPagesPerEpisode * Math.max(1, episodes.n))
      return undefined;
    if (segmentCount(db) >= MAX_SEGMENTS) return undefined;
    return { fingerprints: rows.map((row) => row.fingerprint), compactPagesPerEpisode };
  } catch {
    // Not a Trawl database of this kind, or damaged: the build starts from nothing.
    return undefined;
  } finally {
    db?.close();
  }
}

/** How many segments the database's segmented tables hold (decision 0059): 1 after a full build. */
export function segmentCount(db: Database.Database): number {
  let top = 0;
  for (const table of SEGMENTED_TABLES) {
    const exists = db
      .prepare<[string], { n: number }>(
        "SELECT COUNT(*) AS n FROM sqlite_schema WHERE type = 'table' AND name = ?",
      )
      .get(table);
    if (!exists?.n) continue;
    const row = db.prepare<[], { top: number | null }>(`SELECT max(id) AS top FROM ${table}`).get();
    top = Math.max(top, segmentOf(row?.top ?? 0));
  }
  return top + 1;
}

/** Records, in a resumed database, the compact size it is measured against. */
export function writeCompactSize(db: Database.Database, compactPagesPerEpisode: number): void {
  const value = JSON.stringify({ compactPagesPerEpisode });
  const known = db
    .prepare<[], { fingerprint: string }>('SELECT fingerprint FROM build_episodes WHERE id = 0')
    .get();
  if (known?.fingerprint === value) return;
  db.prepare('INSERT OR REPLACE INTO build_episodes (id, fingerprint) VALUES (0, ?)').run(value);
}
