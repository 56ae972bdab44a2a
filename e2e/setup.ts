import { vi } from 'vitest';

// The end-to-end files share a worker process file after file (`isolate: false` in
// e2e/vitest.config.ts: playwright-core and the harness's dependencies are imported once per
// worker). The project's own modules are imported afresh for each file, so the harness and the
// servers a file starts keep nothing of the file before.
vi.resetModules();
