import { createHash } from 'node:crypto';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { CACHE_FOLDER } from './remote/download-cache.ts';

/**
 * Where a build keeps what it must remember between builds: the download cache and the episode
 * numbers it gave. In a podcast folder, `.trawl-cache/` and `episode-numbers.json` (commit the
 * second with your inputs); a build without one (`--feed` alone) keeps both in the user's cache
 * folder, one folder per feed, so they never land in an output folder that gets uploaded.
 */
export interface StateFolder {
  /** The download cache (src/builder/read/remote/download-cache.ts). */
  cacheDir: string;
  /** episode-numbers.json (src/builder/read/episode-numbers-file.ts). */
  numbersFile: string;
  /** True when both are in the podcast folder. */
  inPodcastFolder: boolean;
}

/** The name of the numbers file in a podcast folder. */
export const NUMBERS_FILE = 'episode-numbers.json';

/** The user's cache folder: $XDG_CACHE_HOME, else ~/.cache. */
export function userCacheFolder(): string {
  const configured = process.env.XDG_CACHE_HOME;
  return configured !== undefined && configured !== ''
    ? resolve(configured)
    : join(homedir(), '.cache');
}

/** The state folder of a build from `folder`, or (without one) of the feed named `feed`. */
export function stateFolderFor(folder: string | undefined, feed: string): StateFolder {
  if (folder !== undefined) {
    return {
      cacheDir: join(folder, CACHE_FOLDER),
      numbersFile: join(folder, NUMBERS_FILE),
      inPodcastFolder: true,
    };
  }
  const id = createHash('sha256').update(feed).digest('hex').slice(0, 16);
  const dir = join(userCacheFolder(), 'trawl', 'feeds', id);
  return { cacheDir: dir, numbersFile: join(dir, NUMBERS_FILE), inPodcastFolder: false };
}
