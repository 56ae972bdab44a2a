/**
 * 'Said by' searches: the episodes in which chosen speakers said what was searched. An
 * unquoted word reads its stem's `speaker_terms` rows (one per chosen speaker, adjacent: the
 * root and one leaf); a phrase or a quoted word asks `speech_fts`, whose rowids name the
 * episode and the speaker (src/core/speech.ts).
 */
import type { Analyzer } from '../../core/analyzer.ts';
import { FTS_COLUMNS } from '../../core/db-schema.ts';
import { quoteFtsString } from '../../core/fts-query.ts';
import { matchingEpisodes, type PartHits } from '../../core/ranking.ts';
import type { ParsedQuery, QueryPart } from '../../core/search-query.ts';
import { speakerTermRowId, speechRowOf } from '../../core/speech.ts';
import { decodeTermRow, termEpisodeIds, termRowId } from '../../core/term-index.ts';
import { segmentRowsSql } from '../../core/row-segments.ts';
import type { QueryRunner } from './database-types.ts';
import { blobBytes } from './inflate.ts';
import { loadEpisodeList, type SearchHits } from './queries.ts';

/**
 * The `speaker_terms` rows of one term for the given speakers (one `?` per speaker), every
 * segment's (decision 0059).
 */
export function speakerTermsSql(count: number): string {
  return segmentRowsSql('speaker_terms', count);
}

/** Turns of named speakers that hold a phrase (or a token `speaker_terms` does not hold). */
export const SPEECH_MATCH_SQL = 'SELECT rowid FROM speech_fts WHERE speech_fts MATCH ?';

/** Episodes in which any of `speakers` said one part of a query. */
async function saidPart(
  db: QueryRunner,
  part: QueryPart,
  chosen: readonly number[],
  analyzer: Analyzer,
): Promise<Set<number>> {
  const found = new Set<number>();
  if (part.kind === 'word' && analyzer.inTermTables(part.stem)) {
    // An unquoted word by its stem (decision 0009): the stem's rows, one per speaker.
    const hash = termRowId(part.stem);
    const { segments } = await loadEpisodeList(db);
    const rows = await db.query<{ data: unknown }>(speakerTermsSql(chosen.length), [
      segments,
      ...chosen.map((speaker) => speakerTermRowId(hash, speaker)),
    ]);
    for (const row of rows) {
      const bytes = blobBytes(row.data);
      if (!bytes) continue;
      for (const id of termEpisodeIds(decodeTermRow(bytes), part.stem, ['words'])) found.add(id);
    }
    return found;
  }
  // A phrase, a quoted word or a word the stem tables do not hold: its exact forms.
  const tokens = part.kind === 'word' ? [part.token] : part.tokens;
  const wanted = new Set(chosen);
  const rows = await db.query<{ rowid: number }>(SPEECH_MATCH_SQL, [
    `words:${quoteFtsString(tokens.join(' '))}`,
  ]);
  for (const { rowid } of rows) {
    const { episodeId, speaker } = speechRowOf(rowid);
    if (wanted.has(speaker)) found.add(episodeId);
  }
  return found;
}

/**
 * What a 'said by' search finds: the episodes in which the chosen speakers (show speaker ids)
 * said every part of the query, each part by any of them, as hits of the `words` column.
 * No speaker or no part finds nothing.
 */
export async function saidByEpisodes(
  db: QueryRunner,
  query: ParsedQuery,
  speakers: readonly number[],
): Promise<SearchHits> {
  const chosen = [...new Set(speakers)].sort((a, b) => a - b);
  if (chosen.length === 0 || query.parts.length === 0) return { ids: new Set(), parts: [] };
  const parts: PartHits[] = [];
  for (const part of query.parts) {
    const ids = await saidPart(db, part, chosen, query.analyzer);
    const hits = new Map([...ids].map((id): [number, number] => [id, 1]));
    parts.push({ columns: FTS_COLUMNS.map((column) => (column === 'words' ? hits : null)) });
  }
  return { ids: matchingEpisodes(parts), parts };
}
