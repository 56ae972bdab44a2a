/**
 * The operations the benchmark measures, one entry each: how to do it on the real site, and
 * the same work at the query level for both layouts. To measure something new, add an entry
 * here (and a budget in budgets.ts); the runner, table and JSON pick it up.
 */
import type { DatabasePages } from './db-pages.ts';
import type { PageOperation } from './page/protocol.ts';
import type { Workload } from './prepare.ts';
import { SNIPPET_EXTRAS } from './report.ts';
import type { MeasuredAction, SiteDriver } from './site-driver.ts';
import { quotedPhrase } from './workload-terms.ts';

/** What an operation may need to know of the database the site serves. */
export interface SiteContext {
  pages: DatabasePages;
}

export interface BenchOperation {
  id: string;
  label: (workload: Workload) => string;
  /** Does it on the real site, after the first screen of a fresh page. */
  site: (driver: SiteDriver, workload: Workload, context: SiteContext) => Promise<MeasuredAction>;
  /**
   * Does it again, cold, on the site served with the same database less the snippet tables
   * (for figures that must not get worse with them); its `measure` goes into the row's extras
   * under `withoutLabel`.
   */
  siteWithout?: {
    run: (driver: SiteDriver, workload: Workload) => Promise<MeasuredAction>;
    label: string;
  };
  /** Does it again in the same page (warm); absent when a second time means nothing new. */
  siteWarm?: (driver: SiteDriver, workload: Workload) => Promise<MeasuredAction>;
  /** The same work on the bench page; null for a layout that has nothing to do for it. */
  query: (workload: Workload, layout: 'trawl' | 'baseline') => PageOperation | null;
  /** Run on the bench page before `query`, not measured (the search whose rows it needs). */
  queryPrelude?: (workload: Workload) => PageOperation;
  /** Also run the query a second time in the same page. */
  queryWarm: boolean;
  /** The original design has nothing like it: no baseline figures, no ratio. */
  noBaseline?: boolean;
}

const search = (
  id: string,
  label: (workload: Workload) => string,
  term: (workload: Workload) => string,
): BenchOperation => ({
  id,
  label,
  site: (driver, workload) => driver.search(term(workload)),
  siteWarm: async (driver, workload) => {
    await driver.clearSearch();
    return driver.search(term(workload));
  },
  query: (workload) => ({ kind: 'search', term: term(workload) }),
  queryWarm: true,
});

/**
 * Search snippets for the first page of results (issue 10): the search, then what the page
 * reads for the rows' snippets after the count line. The count line is timed again on the
 * database without the snippet tables; the bench page runs the same snippet load after the
 * same search, for its page trace.
 */
const snippets = (
  id: string,
  label: (workload: Workload) => string,
  term: (workload: Workload) => string,
): BenchOperation => ({
  id,
  label,
  site: (driver, workload, context) => driver.searchSnippets(term(workload), context.pages),
  siteWithout: {
    run: (driver, workload) => driver.search(term(workload)),
    label: SNIPPET_EXTRAS.countLineWithout,
  },
  queryPrelude: (workload) => ({ kind: 'search', term: term(workload) }),
  query: (workload, layout) =>
    layout === 'trawl' ? { kind: 'snippets', term: term(workload) } : null,
  queryWarm: false,
  noBaseline: true,
});

/** The first two thirds of a word (at least 3 characters): what a visitor has typed of it. */
function prefixOf(word: string): string {
  const chars = [...word];
  return chars.slice(0, Math.max(3, Math.ceil((chars.length * 2) / 3))).join('');
}

/** Every operation after the first screen, in table order. */
export const OPERATIONS: readonly BenchOperation[] = [
  search(
    'search-rare',
    (w) => `search a rare word "${w.rare}" (${w.hits[w.rare] ?? '?'} eps)`,
    (w) => w.rare,
  ),
  search(
    'search-common',
    (w) => `search a common word "${w.common}" (${w.hits[w.common] ?? '?'} eps)`,
    (w) => w.common,
  ),
  search(
    'search-phrase',
    (w) => `search a 2-word phrase "${w.phrase}" (${w.hits[w.phrase] ?? '?'} eps)`,
    (w) => quotedPhrase(w.phrase),
  ),
  search(
    'search-stemmed',
    (w) => `search a word by its stem "${w.stemmed}" (${w.hits[w.stemmed] ?? '?'} eps as typed)`,
    (w) => w.stemmed,
  ),
  search(
    'search-prefix',
    (w) => `search the start of a word "${prefixOf(w.rare)}" (the last word as a prefix)`,
    (w) => prefixOf(w.rare),
  ),
  search(
    'search-two-words',
    (w) => `search two unquoted words ${w.phrase} (both anywhere)`,
    (w) => w.phrase,
  ),
  {
    id: 'suggest',
    label: (w) =>
      `suggestions, the worst keystroke of "${w.rare}" (what it reads before the typing pause)`,
    site: (driver, w) => driver.suggest(w.rare),
    query: () => null,
    queryWarm: false,
    noBaseline: true,
  },
  {
    id: 'typo',
    label: (w) => `a typo "${w.typo}": its nearest word's results shown at once`,
    site: (driver, w) => driver.typo(w.typo),
    query: () => null,
    queryWarm: false,
    noBaseline: true,
  },
  {
    id: 'best-match',
    label: (w) => `switch "${w.common}" to 'best match' (reads beyond newest first)`,
    site: (driver, w) => driver.bestMatch(w.common),
    query: () => null,
    queryWarm: false,
    noBaseline: true,
  },
  search(
    'search-all-fields',
    (w) => `all-fields OR search "${w.allFields}" (${w.hits[w.allFields] ?? '?'} eps)`,
    (w) => w.allFields,
  ),
  snippets(
    'snippets-rare',
    (w) => `snippets of the first page: rare word "${w.rare}"`,
    (w) => w.rare,
  ),
  snippets(
    'snippets-common',
    (w) => `snippets of the first page: common word "${w.common}"`,
    (w) => w.common,
  ),
  snippets(
    'snippets-phrase',
    (w) => `snippets of the first page: phrase "${w.phrase}"`,
    // Quoted, as the search of the phrase: unquoted it is two words anywhere (decision 0009).
    (w) => quotedPhrase(w.phrase),
  ),
  {
    // Issue 15: the scale corpus's first named speaker (a host) said the common word.
    id: 'said-by-common',
    label: (w) => `'said by' one speaker: common word "${w.common}"`,
    site: (driver, w) => driver.saidBy(w.common, [1]),
    query: (w, layout) =>
      layout === 'trawl' ? { kind: 'said-by', term: w.common, speakers: [1] } : null,
    queryWarm: false,
    noBaseline: true,
  },
  {
    id: 'transcript',
    label: (w) => `open a transcript (${w.transcript.words.toLocaleString('en')} words)`,
    site: (driver, w) => driver.openTranscript(`${w.transcript.episode}: ${w.transcript.title}`),
    query: (w) => ({ kind: 'transcript', id: w.transcript.id, episode: w.transcript.episode }),
    queryWarm: false,
  },
  {
    id: 'next-page',
    label: () => 'next page of results',
    site: (driver) => driver.nextPage(),
    // The baseline loaded every description with the list: its next page reads nothing.
    query: (_workload, layout) => (layout === 'trawl' ? { kind: 'next-page' } : null),
    queryWarm: false,
  },
];
