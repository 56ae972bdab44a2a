/**
 * Two figures of issue 17: what `trawl bundle` writes for the corpus (files and bytes of the
 * web root, pre-rendered pages included), and the bytes a visitor needs before the first
 * screen (the page's HTML and its CSS, compressed as a host serves them).
 */
import { readdir, rm, stat } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { bundle } from '../src/builder/deploy/bundle.ts';
import { pathOf, type TrafficEntry } from './traffic.ts';

/** Bundles the built database with the built site into `out` and counts its web root. */
export async function bundleSize(
  dbDir: string,
  siteDir: string,
  out: string,
): Promise<{ files: number; bytes: number }> {
  const result = await bundle({ db: dbDir, out, site: siteDir, keep: 0 });
  let files = 0;
  let bytes = 0;
  for (const entry of await readdir(result.webRoot, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    files += 1;
    bytes += (await stat(join(entry.parentPath, entry.name))).size;
  }
  await rm(out, { recursive: true, force: true });
  return { files, bytes };
}

/** True for the requests a first paint waits for: the page itself and its stylesheets. */
export function isRenderBlocking(entry: TrafficEntry): boolean {
  const extension = extname(pathOf(entry.path)).toLowerCase();
  return extension === '' || extension === '.html' || extension === '.css';
}

/** Bytes of the render-blocking requests of a visit, as `size` weighs each (compressed). */
export function firstScreenBytes(
  entries: readonly TrafficEntry[],
  size: (entry: TrafficEntry) => number,
): number {
  return entries
    .filter((entry) => entry.method === 'GET' && isRenderBlocking(entry))
    .reduce((total, entry) => total + size(entry), 0);
}
