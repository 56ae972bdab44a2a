import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The end-to-end files that took longest on the last fresh run of the suite, longest first
 * (measured 2026-11-27): the untimed ones, then the `TIMED` ones (e2e/vitest.config.ts), each
 * group ordered within itself. Two workers take the untimed files from the front of the
 * queue: with the long ones first, the short ones fill the gaps at the end and the two workers
 * finish within seconds of each other (the timed files run one at a time, where the order only
 * fixes the sequence). A fresh clone has no timings of its own
 * (Vitest keeps them under node_modules), so without this list the files ran largest first by
 * bytes, and a 40 s file could start last while the other worker sat idle.
 */
export const SLOWEST_FIRST = [
  'e2e/feed-live.e2e.ts',
  'e2e/main-page.e2e.ts',
  'e2e/xss.e2e.ts',
  'e2e/search-fuzz.e2e.ts',
  'e2e/route-input.e2e.ts',
  'e2e/languages.e2e.ts',
  'e2e/no-javascript.e2e.ts',
  'e2e/stale-cache.e2e.ts',
  'e2e/walkthrough.e2e.ts',
  'e2e/csp.e2e.ts',
  'e2e/stalled-host.e2e.ts',
  'e2e/own-feed.e2e.ts',
  'e2e/search-forgives.e2e.ts',
  'e2e/weekly-rebuild.e2e.ts',
  'e2e/warm-burst.e2e.ts',
  'e2e/language-screens.e2e.ts',
  'e2e/nginx.e2e.ts',
  'e2e/demo-screens.e2e.ts',
  'e2e/crawl.e2e.ts',
  'e2e/engine-failure.e2e.ts',
  'e2e/corrections.e2e.ts',
  'e2e/chunk-boundary.e2e.ts',
  'e2e/broken-host.e2e.ts',
  'e2e/player-bar.e2e.ts',
  'e2e/reading-along.e2e.ts',
  'e2e/hydration.e2e.ts',
  'e2e/snippets.e2e.ts',
  'e2e/quote.e2e.ts',
  'e2e/search-typing.e2e.ts',
  'e2e/speakers-chapters.e2e.ts',
  'e2e/early-search.e2e.ts',
  'e2e/long-transcript.e2e.ts',
];

/** Where a file stands in `SLOWEST_FIRST`; a file not in it goes after all of them. */
function rank(spec: TestSpecification): number {
  const path = spec.moduleId.replace(/\\/g, '/');
  const index = SLOWEST_FIRST.findIndex((file) => path.endsWith(`/${file}`));
  return index === -1 ? SLOWEST_FIRST.length : index;
}

/**
 * Vitest's own order (project groups, then its cached timings or file sizes), with the files of
 * `SLOWEST_FIRST` moved to the front of their group in the list's order.
 */
export default class SlowestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const group = (spec: TestSpecification): number => spec.project.config.sequence.groupOrder;
    // Array.prototype.sort is stable: within a rank, Vitest's order stays.
    return sorted
      .map((spec, position) => ({ spec, position }))
      .sort(
        (a, b) =>
          group(a.spec) - group(b.spec) || rank(a.spec) - rank(b.spec) || a.position - b.position,
      )
      .map(({ spec }) => spec);
  }
}
