import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, inject, vi } from 'vitest';

// The end-to-end files share a worker process file after file (`isolate: false` in
// e2e/vitest.config.ts: playwright-core and the harness's dependencies are imported once per
// worker). The project's own modules are imported afresh for each file, so the harness and the
// servers a file starts keep nothing of the file before.
vi.resetModules();

/**
 * Where this worker's Playwright calls are logged. A test that fails, above all one that runs
 * out of time, prints the last calls its worker made: which call was waiting, and since when.
 * Set before the first file imports playwright-core, whose logger reads it once.
 */
const PLAYWRIGHT_LOG = 'TRAWL_E2E_PLAYWRIGHT_LOG';
const LINES_SHOWN = 30;

if (process.env[PLAYWRIGHT_LOG] === undefined) {
  const log = join(inject('runDir'), `playwright-${process.pid}.log`);
  process.env[PLAYWRIGHT_LOG] = log;
  process.env.DEBUG_FILE = log;
  process.env.DEBUG = [process.env.DEBUG, 'pw:api'].filter(Boolean).join(',');
}

beforeEach(({ onTestFailed }) => {
  onTestFailed(({ task }) => {
    const log = process.env[PLAYWRIGHT_LOG];
    if (log === undefined || !existsSync(log)) return;
    const lines = readFileSync(log, 'utf8').trimEnd().split('\n').slice(-LINES_SHOWN);
    console.error(
      `The last Playwright calls of this worker, up to the failure of "${task.name}":\n${lines.join('\n')}`,
    );
  });
});
