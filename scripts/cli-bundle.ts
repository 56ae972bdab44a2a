/**
 * The CLI as one JavaScript file, for test runs that start it many times. `bin/trawl.js`
 * compiles the TypeScript sources with tsx on every start (about 2.5 s of CPU); a bundle
 * starts in a tenth of that. The packages stay outside the bundle (`node_modules` is found
 * from `.trawl/cli/`, inside the checkout), and the sources find the checkout by its
 * package.json (src/builder/package-root.ts), so the bundle behaves as the sources do.
 */
import { build } from 'esbuild';
import { randomBytes } from 'node:crypto';
import { mkdir, rename } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';

const REPO_ROOT = resolve(import.meta.dirname, '..');

/** The variable `bin/trawl.js` reads: the bundle to run instead of the sources. */
export const CLI_BUNDLE_VARIABLE = 'TRAWL_CLI_BUNDLE';

/** Bundles src/builder/commands/cli.ts into `.trawl/cli/trawl.mjs` and returns its path. */
export async function buildCliBundle(): Promise<string> {
  const folder = join(REPO_ROOT, '.trawl', 'cli');
  await mkdir(folder, { recursive: true });
  const target = join(folder, 'trawl.mjs');
  // Written aside and renamed: a run that starts the CLI meanwhile (another test run in the
  // same checkout) reads the old bundle or the new one, never half of one.
  const aside = join(folder, `trawl-${randomBytes(6).toString('hex')}.mjs`);
  await build({
    entryPoints: [join(REPO_ROOT, 'src/builder/commands/cli.ts')],
    outfile: aside,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
  });
  await rename(aside, target);
  return target;
}

/**
 * A Vitest global setup: the run's CLI starts are of the bundle, made from the sources as
 * they are now. Its workers and their child processes inherit the variable. Vitest calls it
 * for the root project and again for each project with files (vitest.config.ts: `node` and
 * `site`): the root's call bundles, the others find the variable set (decision 0075).
 */
export default async function setup(project: TestProject): Promise<void> {
  if (!project.isRootProject()) return;
  process.env[CLI_BUNDLE_VARIABLE] = await buildCliBundle();
}
