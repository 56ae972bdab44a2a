import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { canonicalEpisodeNumber } from './episode-number.ts';

/**
 * What a podcast's media folder holds, read once at build time so the site knows, per
 * episode and presenter, whether a local file exists (a local file wins over the feed's URL):
 * `audio/<episode>.mp3`, `images/episodes/<episode>.<ext>`, `hosts/<presenterId>.png`.
 * Artwork file names may write the number in any form (`010.png` is episode 10's); audio must
 * be named by the canonical number (`10.mp3`), the name the site asks for.
 */
export interface MediaFolder {
  /** Whether `audio/<episode>.mp3` exists. */
  hasAudio: (episode: string) => boolean;
  /** The file name under `images/episodes/` for an episode ('14.5.jpg'), or null. */
  imageOf: (episode: string) => string | null;
  /** Whether `hosts/<id>.png` exists. */
  hasAvatar: (presenterId: number) => boolean;
}

/** Image extensions an episode's artwork may have. */
const IMAGE_EXTENSIONS = new Set(['png', 'jpg', 'jpeg', 'webp', 'gif', 'avif', 'svg']);

async function fileNames(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile() || entry.isSymbolicLink())
    .map((entry) => entry.name)
    .sort();
}

/** `name.ext` → [stem, lower-case ext], or undefined without an extension. */
function split(name: string): [string, string] | undefined {
  const dot = name.lastIndexOf('.');
  if (dot <= 0) return undefined;
  return [name.slice(0, dot), name.slice(dot + 1).toLowerCase()];
}

/** A media folder with nothing in it: every episode uses the feed's URLs. */
export const EMPTY_MEDIA_FOLDER: MediaFolder = {
  hasAudio: () => false,
  imageOf: () => null,
  hasAvatar: () => false,
};

/** Lists a media folder; undefined (no folder) is an empty one. */
export async function readMediaFolder(dir: string | undefined): Promise<MediaFolder> {
  if (dir === undefined) return EMPTY_MEDIA_FOLDER;
  const audio = new Set<string>();
  for (const name of await fileNames(join(dir, 'audio'))) {
    const parts = split(name);
    // The site asks for `audio/<canonical number>.mp3`, so only that exact name counts.
    if (parts?.[1] === 'mp3' && canonicalEpisodeNumber(parts[0]) === parts[0]) audio.add(parts[0]);
  }
  const images = new Map<string, string>();
  for (const name of await fileNames(join(dir, 'images', 'episodes'))) {
    const parts = split(name);
    if (!parts || !IMAGE_EXTENSIONS.has(parts[1])) continue;
    const episode = canonicalEpisodeNumber(parts[0]);
    if (episode !== undefined && !images.has(episode)) images.set(episode, name);
  }
  const avatars = new Set<number>();
  for (const name of await fileNames(join(dir, 'hosts'))) {
    const match = /^(\d+)\.png$/i.exec(name);
    if (match) avatars.add(Number(match[1]));
  }
  return {
    hasAudio: (episode) => audio.has(episode),
    imageOf: (episode) => images.get(episode) ?? null,
    hasAvatar: (id) => avatars.has(id),
  };
}
