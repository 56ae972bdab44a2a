/**
 * The pages every search reads first, whatever its words (issue 27, item 5; decision 0066):
 * the builder records them in the version's config (`DbConfig.warmPages`), and the site's
 * engine asks for them in one parallel burst as it starts, while its wasm downloads and
 * compiles, instead of one round trip each once SQLite asks for them.
 *
 * Which pages: the schema and the episode list's row read whole (every route reads both), the
 * root page of each term table a one-word search reads (its stem row, its prefix row) with the
 * level below it when that level is a few interior pages, and the path to the suggestions'
 * first row. Which leaf is read depends on the word: the site fetches those as a search starts
 * (decision 0086).
 */

/**
 * Term tables whose interior pages one level below the root a search reads too, when there are
 * at most `MAX_SECOND_LEVEL_PAGES` of them (decision 0086): a table three levels deep (the
 * prefixes of a large archive's words) would otherwise cost every search one more round trip.
 */
export const WARM_SECOND_LEVEL_TABLES = ['search_stems', 'search_prefixes'] as const;

/** Most interior pages below one table's root that are warmed (a larger level is not). */
export const MAX_SECOND_LEVEL_PAGES = 4;

/** Tables read whole by every route: their pages, overflow included. */
export const WARM_WHOLE_TABLES = ['sqlite_schema', 'episode_list'] as const;

/** Term tables whose root page a one-word search reads (queries.ts: its stem and prefix rows). */
export const WARM_ROOT_TABLES = ['search_stems', 'search_prefixes'] as const;

/**
 * Tables read from the root down to their first leaf by every search: `term_lists`' row 0, the
 * 2-character prefixes' words, which the box reads at its focus (term-list-queries.ts); no id
 * is lower, so it sits on the leftmost leaf.
 */
export const WARM_FIRST_LEAF_TABLES = ['term_lists'] as const;

/** The most pages a version may ask to be warmed: 1 MiB at 16 KiB pages. */
export const MAX_WARM_PAGES = 64;

/** A run of pages: the first SQLite page number (1 is the file's first page) and how many. */
export type PageRun = [first: number, count: number];

/**
 * Page numbers as runs of consecutive pages, ascending, each page once; at most `maxPages`
 * pages in all (the lowest kept), so a hostile or huge list cannot make a burst unbounded.
 */
export function pageRuns(pages: Iterable<number>, maxPages = MAX_WARM_PAGES): PageRun[] {
  const sorted = [...new Set(pages)]
    .filter((page) => Number.isSafeInteger(page) && page >= 1)
    .sort((a, b) => a - b)
    .slice(0, Math.max(0, maxPages));
  const runs: PageRun[] = [];
  for (const page of sorted) {
    const last = runs.at(-1);
    if (last !== undefined && last[0] + last[1] === page) last[1] += 1;
    else runs.push([page, 1]);
  }
  return runs;
}

/** Every page number of `runs`, in their order; a run longer than the cap counts as the cap. */
export function pagesOfRuns(runs: readonly PageRun[]): number[] {
  return runs.flatMap(([first, count]) =>
    Array.from(
      { length: Number.isSafeInteger(count) ? Math.min(Math.max(count, 0), MAX_WARM_PAGES) : 0 },
      (_, at) => first + at,
    ),
  );
}
