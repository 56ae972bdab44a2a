import type Database from 'better-sqlite3';
import type { FtsColumn } from '../../core/db-schema.ts';
import { buildFtsQuery } from '../../core/fts-query.ts';

/**
 * The episode ids `words_fts` itself gives for tokens as one phrase in any of the fields,
 * ascending: what the term tables (`search_terms`, `search_pairs`) must answer.
 */
export function wordsFtsIds(
  sqlite: Database.Database,
  tokens: readonly string[],
  fields: readonly FtsColumn[],
): number[] {
  const query = buildFtsQuery(tokens, fields);
  if (query === null) throw new Error('no query');
  return sqlite
    .prepare<[string], { rowid: number }>(query.sql)
    .all(query.match)
    .map((row) => row.rowid)
    .sort((a, b) => a - b);
}
