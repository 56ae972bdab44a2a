import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Unit and component tests live beside their code. The site's tests run in jsdom; the pure
// core, the builder and the scripts run in Node. End-to-end tests have their own config
// (e2e/vitest.config.ts) because they need the built site and a browser.
export default defineConfig({
  plugins: [react()],
  test: {
    restoreMocks: true,
    // Files share a worker (isolate: false below): what a test stubs is put back after it.
    unstubGlobals: true,
    unstubEnvs: true,
    // The CLI tests start \`bin/trawl.js\` hundreds of times: from one bundle of the sources,
    // made at the start of the run, instead of compiling them with tsx at every start.
    globalSetup: ['./scripts/cli-bundle.ts'],
    testTimeout: 30_000,
    // Some files build a real database in beforeAll: seconds, more on a busy machine.
    hookTimeout: 60_000,
    // Two files at a time. Vitest's default is one fewer than the cores: one on a 2-core
    // machine, where the CLI tests' child processes and servers left the second core idle.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          isolate: false,
          include: [
            'src/core/**/*.test.ts',
            'src/builder/**/*.test.ts',
            'scripts/**/*.test.ts',
            'demo/**/*.test.ts',
            'bench/**/*.test.ts',
          ],
          setupFiles: ['./src/test/setup.ts', './src/test/setup-node.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'site',
          environment: 'jsdom',
          isolate: false,
          include: ['src/site/**/*.test.{ts,tsx}'],
          // The fixture podcast, built once for the run instead of once per file (decision 0075).
          globalSetup: ['./src/site/data/test-support/fixture-global-setup.ts'],
          setupFiles: ['./src/test/setup.ts', './src/test/setup-dom.ts'],
        },
      },
    ],
  },
});
