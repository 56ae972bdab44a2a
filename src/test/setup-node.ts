import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, vi } from 'vitest';

// The Node test files share one process per worker (`isolate: false` in vitest.config.ts):
// each file still imports the project's modules afresh, so no module-level state carries over.
vi.resetModules();

// A build without a podcast folder keeps its download cache and episode numbers in the user's
// cache folder (src/builder/read/state-folder.ts). Each test file gets one of its own, so tests
// never write into the home folder nor see each other's numbers.
const cacheHome = mkdtempSync(join(tmpdir(), 'trawl-test-cache-'));
process.env.XDG_CACHE_HOME = cacheHome;

afterAll(() => {
  rmSync(cacheHome, { recursive: true, force: true });
});
