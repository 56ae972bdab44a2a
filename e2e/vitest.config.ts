import { defineConfig } from 'vitest/config';
import SlowestFirst from './slowest-first.ts';

/**
 * Files whose assertions follow real time: audio that plays, a throttled network, typing
 * pauses, faults injected between two requests of one visit. They run after the others, one
 * at a time: two at a time took each twice as long on a quiet machine, the same 224 s in all,
 * with more contention under their clocks (decision 0075).
 */
const TIMED = [
  'e2e/player-bar.e2e.ts',
  'e2e/reading-along.e2e.ts',
  'e2e/snippets.e2e.ts',
  'e2e/speakers-chapters.e2e.ts',
  'e2e/broken-host.e2e.ts',
  'e2e/early-search.e2e.ts',
  'e2e/hydration.e2e.ts',
  'e2e/quote.e2e.ts',
  'e2e/search-typing.e2e.ts',
];

/**
 * Files that measure how long the page's own work takes (its long tasks): they run last, one
 * at a time, so nothing else of the run competes with them for the two cores.
 */
const MEASURED = ['e2e/long-transcript.e2e.ts'];

// End-to-end tests: the real CLI builds the demo podcast, the production build of the site
// is served over HTTP with byte ranges, and Chromium drives it. The untimed files run two at a
// time (each has its own browser; most of their time is spent waiting on a page or a build),
// then the timed ones one at a time, then the measured ones alone.
export default defineConfig({
  test: {
    root: '.',
    environment: 'node',
    globalSetup: ['e2e/global-setup.ts'],
    setupFiles: ['e2e/setup.ts'],
    isolate: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // The browser and the page share two cores with everything else: give polls time.
    expect: { poll: { timeout: 10_000, interval: 50 } },
    // The longest files of each group start first, so the two workers end together (slowest-first.ts).
    sequence: { sequencer: SlowestFirst },
    projects: [
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.ts'],
          exclude: [...TIMED, ...MEASURED],
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e-timed',
          include: TIMED,
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e-measured',
          include: MEASURED,
          fileParallelism: false,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
