/**
 * The original design's queries (site spec, section 7), run by the bench page against the
 * baseline database that `baseline-db.ts` builds. No Node APIs: the bench page imports this.
 */

/** Page size of the baseline database (the original design's 16 KiB). */
export const BASELINE_PAGE_SIZE = 16384;

/** The four indexed columns of the original `words_fts`, in table order. */
export const BASELINE_FTS_COLUMNS = ['title', 'description', 'words', 'episode'] as const;

export const BASELINE_PRESENTERS_SQL = 'SELECT * FROM presenters ORDER BY id';

export const BASELINE_VENUES_SQL = 'SELECT * FROM venues ORDER BY name';

/** Every episode with its description, newest first: a descending scan. */
export const BASELINE_EPISODES_SQL = 'SELECT * FROM episodes ORDER BY episode DESC';

/** The original search: the `episode` column of the FTS table, which stores its content. */
export const BASELINE_SEARCH_SQL = 'SELECT episode FROM words_fts WHERE words_fts MATCH ?';

export const BASELINE_TRANSCRIPT_SQL =
  'SELECT startTime, endTime, word, probability FROM words WHERE episode = ? ORDER BY startTime';

/**
 * The original match expression: `field:"term"` joined by OR across the four fields. The
 * original inserted the term unescaped; the benchmark's terms have no quotes, and doubling
 * quotes keeps it from failing on one that does.
 */
export function baselineMatch(term: string): string {
  const quoted = `"${term.replaceAll('"', '""')}"`;
  return BASELINE_FTS_COLUMNS.map((column) => `${column}:${quoted}`).join(' OR ');
}
