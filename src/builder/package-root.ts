/**
 * Where Trawl's own package lives, found from this module's folder. A fixed number of `..`
 * would be right only for the sources: the bundled CLI the test runs use (`bin/trawl.js`,
 * `scripts/cli-bundle.ts`) sits at another depth.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { z } from 'zod';

const PackageName = z.object({ name: z.string() }).passthrough();

/** The nearest folder at or above `start` whose package.json names the package `trawl`. */
export function packageRootFrom(start: string): string {
  for (let folder = start; ; folder = dirname(folder)) {
    const manifest = readManifestName(join(folder, 'package.json'));
    if (manifest === 'trawl') return folder;
    if (dirname(folder) === folder) {
      throw new Error(`No package.json of trawl at or above ${start}`);
    }
  }
}

function readManifestName(path: string): string | null {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return null;
  }
  try {
    const parsed = PackageName.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data.name : null;
  } catch {
    return null;
  }
}

/** The checkout's root: vite.config.ts, dist/ and .trawl/ are inside it. */
export const PACKAGE_ROOT = packageRootFrom(import.meta.dirname);
