/**
 * The operations the benchmark measures, one entry each: how to do it on the real site, and
 * the same work at the query level for both layouts. To measure something new (snippets, say),
 * add an entry here (and a budget in budgets.ts); the runner, table and JSON pick it up.
 */
import type { PageOperation } from './page/protocol.ts';
import type { Workload } from './prepare.ts';
import type { MeasuredAction, SiteDriver } from './site-driver.ts';

export interface BenchOperation {
  id: string;
  label: (workload: Workload) => string;
  /** Does it on the real site, after the first screen of a fresh page. */
  site: (driver: SiteDriver, workload: Workload) => Promise<MeasuredAction>;
  /** Does it again in the same page (warm); absent when a second time means nothing new. */
  siteWarm?: (driver: SiteDriver, workload: Workload) => Promise<MeasuredAction>;
  /** The same work on the bench page; null for a layout that has nothing to do for it. */
  query: (workload: Workload, layout: 'trawl' | 'baseline') => PageOperation | null;
  /** Also run the query a second time in the same page. */
  queryWarm: boolean;
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
    (w) => w.phrase,
  ),
  search(
    'search-all-fields',
    (w) => `all-fields OR search "${w.allFields}" (${w.hits[w.allFields] ?? '?'} eps)`,
    (w) => w.allFields,
  ),
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
