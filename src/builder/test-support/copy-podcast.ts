/**
 * Copies of a podcast folder for tests that change it or build from it while other tests build
 * the original in place.
 */
import { cp } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { CACHE_FOLDER } from '../read/remote/download-cache.ts';

/**
 * Copies a podcast folder's inputs to `to`: never the builder's own state in it
 * (`.trawl-cache/`: another test's build may be writing and renaming files there while this
 * copies), and its media only when `media` is set.
 */
export async function copyPodcastInputs(
  from: string,
  to: string,
  { media = false }: { media?: boolean } = {},
): Promise<void> {
  const mediaFolder = join(from, 'media');
  await cp(from, to, {
    recursive: true,
    filter: (source) =>
      basename(source) !== CACHE_FOLDER &&
      (media || (source !== mediaFolder && !source.startsWith(`${mediaFolder}/`))),
  });
}
