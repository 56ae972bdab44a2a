/**
 * Every SQL statement of the main page, with the typed functions that run them. No SQL lives
 * anywhere else in the site. The statements are exported so the Node tests run exactly these
 * strings against a database the real builder made, and check their query plans.
 *
 * Reads are shaped for range requests (docs/architecture.md): episodes in one forward rowid
 * scan (reversed here, so newest first), descriptions by primary key for the rows on screen
 * only, and searches that read `rowid` from the FTS index and nothing else.
 */
import type { EpisodeRow, FtsColumn, PresenterRow, VenueRow } from '../../core/db-schema.ts';
import { buildFtsQuery } from '../../core/fts-query.ts';
import type { QueryRunner } from './database.ts';

export const PRESENTERS_SQL =
  'SELECT id, first_name, middle_name, last_name, qi_elf, guest FROM presenters ORDER BY id';

export const VENUES_SQL =
  'SELECT id, name, city, region, state, country FROM venues ORDER BY name, id';

/** Rowid order is episode-number order: a forward scan, no sort (read-ahead only sees forward). */
export const EPISODES_SQL =
  'SELECT id, episode, title, pub_date, image, duration, audio_url, presenter1, presenter2, ' +
  'presenter3, presenter4, presenter5, venue, live, compilation, word_count, timing ' +
  'FROM episodes ORDER BY id';

/** Descriptions of the given episode ids (one `?` per id). */
export function descriptionsSql(count: number): string {
  const marks = Array.from({ length: count }, () => '?').join(', ');
  return `SELECT id, description FROM episode_descriptions WHERE id IN (${marks})`;
}

/** Most ids one description query binds (a page is at most 200 rows). */
export const MAX_DESCRIPTION_IDS = 200;

/** Loads every presenter, by id. */
export function loadPresenters(db: QueryRunner): Promise<PresenterRow[]> {
  return db.query<PresenterRow>(PRESENTERS_SQL);
}

/** Loads every venue, by name. */
export function loadVenues(db: QueryRunner): Promise<VenueRow[]> {
  return db.query<VenueRow>(VENUES_SQL);
}

/** Loads the list columns of every episode, newest (highest number) first. */
export async function loadEpisodes(db: QueryRunner): Promise<EpisodeRow[]> {
  const rows = await db.query<EpisodeRow>(EPISODES_SQL);
  return rows.reverse();
}

/** Loads the sanitised description HTML of some episodes, by episode id. */
export async function loadDescriptions(
  db: QueryRunner,
  ids: readonly number[],
): Promise<Map<number, string>> {
  const wanted = [...new Set(ids)].slice(0, MAX_DESCRIPTION_IDS);
  const found = new Map<number, string>();
  if (wanted.length === 0) return found;
  const rows = await db.query<{ id: number; description: string }>(
    descriptionsSql(wanted.length),
    wanted,
  );
  for (const row of rows) found.set(row.id, row.description);
  return found;
}

/**
 * Episode ids whose checked fields contain the tokens (a phrase when there are several).
 * No checked field means no matches. Tokens come from `checkSearchTerm`.
 */
export async function searchEpisodeIds(
  db: QueryRunner,
  tokens: readonly string[],
  fields: Iterable<FtsColumn>,
): Promise<Set<number>> {
  const query = buildFtsQuery(tokens, fields);
  if (query === null) return new Set();
  const rows = await db.query<{ rowid: number }>(query.sql, [query.match]);
  return new Set(rows.map((row) => row.rowid));
}

// ---------------------------------------------------------------------------------------------
// Transcripts: `getTranscript(db, id)` lives in ./transcript-queries.ts (the transcript and
// player issue). It runs through the same `QueryRunner` and reads one row by primary key.
// ---------------------------------------------------------------------------------------------
