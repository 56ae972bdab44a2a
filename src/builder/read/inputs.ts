import { lstat, readdir, stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { realRoot } from '../contained-path.ts';
import { displayPath, InputError } from '../errors.ts';
import { checkFolderFile } from './folder-file.ts';
import { feedSourceOf, type FeedSource } from './feed-source.ts';

/** Where each input comes from: a podcast folder, and/or one path per input that overrides it. */
export interface InputPaths {
  /** The podcast folder (see docs/podcast-inputs.md). */
  folder?: string | undefined;
  /** The feed: a file, or an http(s) URL to download. */
  feed?: string | undefined;
  transcripts?: string | undefined;
  config?: string | undefined;
  presenters?: string | undefined;
  venues?: string | undefined;
  overrides?: string | undefined;
  /** The media folder (audio/, images/episodes/, hosts/): which local files exist. */
  media?: string | undefined;
}

/** The input files a build reads, as absolute paths; optional ones may be absent. */
export interface ResolvedInputs {
  /** The podcast folder, when there is one. */
  folder: string | undefined;
  /**
   * The feed: `--feed`, else the folder's feed file. Undefined when the folder has none: then
   * only trawl.config.json's `feedUrl` can name it (src/builder/read/load-inputs.ts).
   */
  feed: FeedSource | undefined;
  transcripts: string | undefined;
  config: string | undefined;
  presenters: string | undefined;
  venues: string | undefined;
  overrides: string | undefined;
  /** `speakers.json` of the podcast folder (src/builder/read/speakers.ts). */
  speakers: string | undefined;
  /**
   * Where `chapters/` and the feed's relative `podcast:chapters` URLs are looked up: the
   * podcast folder, or the feed file's folder when only `--feed` is given; none for a feed URL
   * without a podcast folder.
   */
  base: string | undefined;
  /** The media folder, when given or when the podcast folder has `media/`. */
  media: string | undefined;
}

async function kindOf(path: string): Promise<'file' | 'dir' | undefined> {
  const info = await stat(path).catch(() => undefined);
  if (!info) return undefined;
  return info.isDirectory() ? 'dir' : 'file';
}

async function explicitFile(path: string, flag: string): Promise<string> {
  const absolute = resolve(path);
  const kind = await kindOf(absolute);
  if (kind === undefined)
    throw new InputError({ file: absolute }, `no such file (given with ${flag})`);
  if (kind !== 'file')
    throw new InputError({ file: absolute }, `is a folder, but ${flag} needs a file`);
  return absolute;
}

/**
 * `path` when something is there (a dangling link too) and it passes the podcast folder's rule
 * (src/builder/read/folder-file.ts); a link out of the folder or a FIFO is an error naming it.
 */
async function folderFile(folder: string, path: string): Promise<string | undefined> {
  if ((await lstat(path).catch(() => undefined)) === undefined) return undefined;
  const root = await realRoot(folder);
  const found = root === undefined ? undefined : await checkFolderFile(root, path);
  if (found !== undefined && 'refused' in found)
    throw new InputError({ file: path }, `not read: ${found.refused}`);
  return path;
}

/** The one existing file among `<folder>/<name>.<ext>` candidates; two of them is ambiguous. */
async function oneOf(folder: string, names: string[]): Promise<string | undefined> {
  const found: string[] = [];
  for (const name of names) {
    const path = join(folder, name);
    if ((await kindOf(path)) !== 'dir' && (await folderFile(folder, path)) !== undefined)
      found.push(path);
  }
  if (found.length > 1) {
    throw new InputError(
      { file: found[1] ?? folder },
      `both ${found.map(displayPath).join(' and ')} exist: keep one`,
    );
  }
  return found[0];
}

async function findFeed(folder: string): Promise<string | undefined> {
  const standard = join(folder, 'feed.xml');
  if ((await kindOf(standard)) !== 'dir' && (await folderFile(folder, standard)) !== undefined)
    return standard;
  const candidates = (await readdir(folder, { withFileTypes: true }))
    .filter((entry) => entry.isFile() && /\.(rss|xml)$/i.test(entry.name))
    .map((entry) => join(folder, entry.name))
    .sort();
  if (candidates.length === 1 && candidates[0]) return candidates[0];
  if (candidates.length > 1) {
    throw new InputError(
      { file: folder },
      `no feed.xml, and several feeds to choose from (${candidates.map(displayPath).join(', ')}): rename one to feed.xml or pass --feed`,
    );
  }
  return undefined;
}

/** The error for a build that has no feed at all. */
export function noFeedError(folder: string): InputError {
  return new InputError(
    { file: folder },
    'no feed: put the RSS feed in feed.xml, set "feedUrl" in trawl.config.json, or pass --feed <file or URL>',
  );
}

/**
 * Finds a build's input files: each explicit path wins, otherwise the podcast folder's standard
 * names. Only the feed is required. Explicit paths that do not exist are errors.
 */
export async function resolveInputs(paths: InputPaths): Promise<ResolvedInputs> {
  const folder = paths.folder === undefined ? undefined : resolve(paths.folder);
  if (folder !== undefined) {
    const kind = await kindOf(folder);
    if (kind === undefined) throw new InputError({ file: folder }, 'no such podcast folder');
    if (kind !== 'dir')
      throw new InputError(
        { file: folder },
        'is not a folder (give the podcast folder, or the feed with --feed)',
      );
  }
  let feed: FeedSource | undefined;
  if (paths.feed !== undefined) {
    feed = feedSourceOf(paths.feed, resolve);
    if (feed.kind === 'file')
      feed = { kind: 'file', path: await explicitFile(paths.feed, '--feed') };
  } else if (folder !== undefined) {
    const found = await findFeed(folder);
    feed = found === undefined ? undefined : { kind: 'file', path: found };
  } else {
    throw new InputError({ file: '.' }, 'no inputs: give a podcast folder or --feed <file or URL>');
  }

  let transcripts: string | undefined;
  if (paths.transcripts !== undefined) {
    transcripts = resolve(paths.transcripts);
    if ((await kindOf(transcripts)) !== 'dir')
      throw new InputError({ file: transcripts }, 'is not a folder (given with --transcripts)');
  } else if (folder !== undefined && (await kindOf(join(folder, 'transcripts'))) === 'dir') {
    transcripts = join(folder, 'transcripts');
  }

  let media: string | undefined;
  if (paths.media !== undefined) {
    media = resolve(paths.media);
    if ((await kindOf(media)) !== 'dir')
      throw new InputError({ file: media }, 'is not a folder (given with --media)');
  } else if (folder !== undefined && (await kindOf(join(folder, 'media'))) === 'dir') {
    media = join(folder, 'media');
  }

  const pick = async (
    explicit: string | undefined,
    flag: string,
    names: string[],
  ): Promise<string | undefined> => {
    if (explicit !== undefined) return explicitFile(explicit, flag);
    return folder === undefined ? undefined : oneOf(folder, names);
  };
  return {
    folder,
    feed,
    transcripts,
    config: await pick(paths.config, '--config', ['trawl.config.json']),
    presenters: await pick(paths.presenters, '--presenters', ['presenters.json', 'presenters.csv']),
    venues: await pick(paths.venues, '--venues', ['venues.json', 'venues.csv']),
    overrides: await pick(paths.overrides, '--overrides', ['overrides.json', 'overrides.csv']),
    speakers: folder === undefined ? undefined : await oneOf(folder, ['speakers.json']),
    base: folder ?? (feed?.kind === 'file' ? dirname(feed.path) : undefined),
    media,
  };
}
