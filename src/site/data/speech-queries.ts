/**
 * 'Said by' searches: the episodes in which chosen speakers said a word or a phrase. A single
 * plain-ASCII token reads its `speaker_terms` rows (one per chosen speaker, adjacent: the root
 * and one leaf); anything else asks `speech_fts`, whose rowids name the episode and the speaker
 * (src/core/speech.ts).
 */
import { quoteFtsString } from '../../core/fts-query.ts';
import { speakerTermRowId, speechRowOf } from '../../core/speech.ts';
import { decodeTermRow, isIndexedToken, termEpisodeIds, termRowId } from '../../core/term-index.ts';
import type { QueryRunner } from './database-types.ts';
import { blobBytes } from './inflate.ts';

/** The `speaker_terms` rows of one term for the given speakers (one `?` per speaker). */
export function speakerTermsSql(count: number): string {
  const marks = Array.from({ length: count }, () => '?').join(', ');
  return `SELECT data FROM speaker_terms WHERE id IN (${marks})`;
}

/** Turns of named speakers that hold a phrase (or a token `speaker_terms` does not hold). */
export const SPEECH_MATCH_SQL = 'SELECT rowid FROM speech_fts WHERE speech_fts MATCH ?';

/**
 * Episode ids in which any of `speakers` (show speaker ids) said the tokens (a phrase when
 * there are several). No speaker or no token matches nothing.
 */
export async function saidByEpisodeIds(
  db: QueryRunner,
  tokens: readonly string[],
  speakers: readonly number[],
): Promise<Set<number>> {
  const chosen = [...new Set(speakers)].sort((a, b) => a - b);
  const found = new Set<number>();
  if (chosen.length === 0 || tokens.length === 0) return found;
  const [token] = tokens;
  if (tokens.length === 1 && token !== undefined && isIndexedToken(token)) {
    const hash = termRowId(token);
    const rows = await db.query<{ data: unknown }>(
      speakerTermsSql(chosen.length),
      chosen.map((speaker) => speakerTermRowId(hash, speaker)),
    );
    for (const row of rows) {
      const bytes = blobBytes(row.data);
      if (!bytes) continue;
      for (const id of termEpisodeIds(decodeTermRow(bytes), token, ['words'])) found.add(id);
    }
    return found;
  }
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
