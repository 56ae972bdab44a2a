/**
 * What the build's helper threads share (decisions 0083 and 0085): how many to start, and how a
 * thread loads a TypeScript module. The CLI runs under tsx (`bin/trawl.js`), whose `--import`
 * entry registers its hooks on the main thread only, so a helper registers them itself through
 * tsx's ESM API before it imports its module.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { z } from 'zod';
import { PACKAGE_ROOT } from './package-root.ts';

/** Helper threads worth starting on this machine: one per core beside the main thread's. */
export function spareCores(most: number): number {
  return Math.max(0, Math.min(most, availableParallelism() - 1));
}

const TsxManifest = z.object({
  exports: z.object({ './esm/api': z.object({ import: z.object({ default: z.string() }) }) }),
});

/** tsx's ESM API (`tsx/esm/api`), found through tsx's `exports` map. */
export function tsxApiUrl(): string {
  const manifest = createRequire(join(PACKAGE_ROOT, 'package.json')).resolve('tsx/package.json');
  const { exports } = TsxManifest.parse(JSON.parse(readFileSync(manifest, 'utf8')));
  return pathToFileURL(join(dirname(manifest), exports['./esm/api'].import.default)).href;
}
