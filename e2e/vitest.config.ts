import { defineConfig } from 'vitest/config';

// End-to-end tests: the real CLI builds the demo podcast, the production build of the site
// is served over HTTP with byte ranges, and Chromium drives it. Files run one at a time so
// audio timing and the two cores stay predictable.
export default defineConfig({
  test: {
    name: 'e2e',
    root: '.',
    include: ['e2e/**/*.e2e.ts'],
    environment: 'node',
    globalSetup: ['e2e/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // The browser and the page share two cores with everything else: give polls time.
    expect: { poll: { timeout: 10_000, interval: 50 } },
  },
});
