import { constants } from 'node:fs';
import { lstat, mkdir, open, stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { siteUrlProblem } from '../core/site-url.ts';
import { displayPath, InputError } from './errors.ts';
import type { EpisodeTypeConfig } from './read/episode-types.ts';
import { parseFeed, type ParsedFeed } from './read/feed.ts';
import { feedSourceOf, readFeedFile, readFeedText } from './read/feed-source.ts';
import { DownloadCache } from './read/remote/download-cache.ts';
import { DEFAULT_TIMEOUT_MS } from './read/remote/http-get.ts';
import { stateFolderFor } from './read/state-folder.ts';
import { derivePresenters } from './read/people.ts';
import { EMPTY_SPEAKERS_JSON } from './read/speakers.ts';
import type { PodcastConfigInput } from './read/podcast-config.ts';
import { WarningCollector } from './warnings.ts';

/**
 * `trawl init DIR [--feed FILE|URL]`: a podcast folder to start from. With a feed file it copies
 * it to `feed.xml`; with a feed URL it downloads it into the folder's cache and writes the URL to
 * trawl.config.json (`feedUrl`), so every `trawl build DIR` fetches the feed as it is that week.
 * `--site-url` (or the prompt) sets the site's public address, `siteUrl`.
 * Either way it suggests settings from the feed (title, the types its items declare,
 * keep-newest when it re-uploads episodes); `presenters.json` lists its `podcast:person` tags;
 * `speakers.json` maps no speaker label yet (src/builder/read/speakers.ts);
 * `transcripts/README.md` says which files the build reads. Nothing that exists is replaced.
 */

export interface InitOptions {
  dir: string;
  /** A feed file, or an http(s) URL. */
  feed?: string | undefined;
  /** Deadline of the feed's download, in milliseconds. */
  timeoutMs?: number;
  /**
   * The site's public address (`--site-url`, or what the prompt got), written as `siteUrl`;
   * undefined or '': none yet (the build then warns).
   */
  siteUrl?: string | undefined;
}

export interface InitResult {
  dir: string;
  /** Files written, relative to `dir`. */
  written: string[];
  /** What to run next, one command a line. */
  nextCommands: string[];
  /** Notes on the feed (items skipped, duplicates), for the person running init. */
  notes: string[];
}

/** The port `trawl serve` listens on unless told otherwise. */
export const DEFAULT_SERVE_PORT = 8080;

/** The README of an empty transcripts folder. */
export const TRANSCRIPTS_README = `# Transcripts

One file per episode, named by its episode number: \`57.json\`, \`14.5.vtt\`, \`010.srt\`
(\`010\` is episode 10), by its feed item's \`<guid>\`, or as the file its
\`podcast:transcript\` link names (\`PC20-57-Captions.srt\`). Files may be compressed:
\`57.json.gz\`, \`57.json.br\`. A file here wins over the transcript the feed links, which the
build otherwise downloads.

The format is read from the content:

- openai-whisper / faster-whisper JSON with word timestamps (\`word_timestamps=True\`)
- WhisperX JSON (\`segments[].words[]\` or \`word_segments\`)
- whisper.cpp JSON (\`-ojf\`: \`transcription[].tokens[]\`)
- Podcasting 2.0 JSON (\`segments[]\` with \`startTime\`, \`endTime\`, \`body\`)
- WebVTT (\`.vtt\`; \`<v Name>\` voice tags become speakers) and SRT (\`.srt\`)

Episodes without a transcript are fine: the site says "No transcript yet" for them.
See docs/podcast-inputs.md for every detail.
`;

/** True when anything is at `path`, a dangling link included. */
async function exists(path: string): Promise<boolean> {
  return (await lstat(path).catch(() => undefined)) !== undefined;
}

/**
 * Writes a file that must not exist yet, never through a link: O_EXCL fails on anything at the
 * path (a dangling link too), O_NOFOLLOW on a link, so init cannot write outside the folder.
 */
async function writeNewFile(path: string, data: string | Uint8Array): Promise<void> {
  const flags = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW;
  const handle = await open(path, flags, 0o644).catch((error: unknown) => {
    const code = error instanceof Error && 'code' in error ? String(error.code) : '';
    const why =
      code === 'EEXIST' || code === 'ELOOP'
        ? 'something is already there (a file or a link)'
        : code;
    throw new InputError({ file: path }, `cannot create it: ${why}; init never replaces files`);
  });
  try {
    await handle.writeFile(data);
  } finally {
    await handle.close();
  }
}

/**
 * Makes sure `dir` is a folder init may write into: the podcast folder is made when missing
 * and must be a folder (a link to one is the person's own choice), its `transcripts/` must be
 * a real folder, never a link that would lead the README elsewhere.
 */
async function checkFolders(dir: string): Promise<void> {
  // The nearest part of the path that exists must be a folder ('file.xml/show' is not).
  for (let at = dir; ; at = dirname(at)) {
    const info = await stat(at).catch(() => undefined);
    if (info !== undefined && !info.isDirectory()) {
      throw new InputError(
        { file: at },
        'is a file, not a folder: give init a new or empty folder',
      );
    }
    if (info !== undefined || dirname(at) === at) break;
  }
  const transcripts = await lstat(join(dir, 'transcripts')).catch(() => undefined);
  if (transcripts !== undefined && (transcripts.isSymbolicLink() || !transcripts.isDirectory())) {
    throw new InputError(
      { file: join(dir, 'transcripts') },
      `is ${transcripts.isSymbolicLink() ? 'a link' : 'not a folder'}: init writes only into a real transcripts folder; remove it`,
    );
  }
}

/** Types the feed's own `itunes:episodeType` declares, beyond full episodes. */
function suggestedTypes(feed: ParsedFeed): EpisodeTypeConfig[] {
  const declared = new Set(feed.episodes.map((episode) => episode.episodeType));
  const labels: [string, string][] = [
    ['bonus', 'Bonus'],
    ['trailer', 'Trailers'],
  ];
  return labels
    .filter(([id]) => declared.has(id))
    .map(([id, label]) => ({ id, label, rule: { field: 'itunes:episodeType', equals: id } }));
}

/** The trawl.config.json init writes: the show's title and the settings worth deciding. */
function suggestedConfig(
  feed: ParsedFeed | undefined,
  duplicates: boolean,
  feedUrl: string | undefined,
  siteUrl: string,
): PodcastConfigInput {
  const config: PodcastConfigInput = {
    ...(feedUrl === undefined ? {} : { feedUrl }),
    site: {
      title: feed?.title || 'My podcast',
      siteUrl,
      searchPlaceholder: 'Search episodes and transcripts',
      accentColor: '',
      pageSize: 10,
      audio: 'media',
    },
    episodeTypes: feed ? suggestedTypes(feed) : [],
  };
  if (duplicates) config.duplicateEpisodes = 'keep-newest';
  return config;
}

/** What init says when it writes no `siteUrl`. */
export const NO_SITE_URL_NOTE =
  'no site address yet: the sitemap, canonical URLs and link previews need it; set "siteUrl" in trawl.config.json (https://…) before you publish';

/** The site address as init writes it: '' for none; anything else must pass `siteUrlProblem`. */
export function checkedSiteUrl(value: string | undefined): string {
  if (value === undefined || value === '') return '';
  const problem = siteUrlProblem(value);
  if (problem !== null) {
    throw new InputError({ file: '--site-url' }, `${JSON.stringify(value)} ${problem}`);
  }
  return value;
}

/** Scaffolds a podcast folder; refuses to replace any file that is already there. */
export async function initPodcast(options: InitOptions): Promise<InitResult> {
  const dir = resolve(options.dir);
  const siteUrl = checkedSiteUrl(options.siteUrl);
  const source = options.feed === undefined ? undefined : feedSourceOf(options.feed, resolve);
  const planned = [
    'trawl.config.json',
    'presenters.json',
    'speakers.json',
    'transcripts/README.md',
  ];
  if (source?.kind === 'file') planned.unshift('feed.xml');
  await checkFolders(dir);
  const taken: string[] = [];
  for (const name of planned) if (await exists(join(dir, name))) taken.push(name);
  if (taken.length > 0) {
    throw new InputError(
      { file: dir },
      `already has ${taken.join(', ')}: init never replaces files; pick an empty folder or remove them`,
    );
  }
  const notes: string[] = [];
  let feed: ParsedFeed | undefined;
  let duplicates = false;
  let broken = false;
  let feedBytes: Buffer | undefined;
  if (source !== undefined) {
    let text: string;
    let name: string;
    let commit: (() => Promise<void>) | undefined;
    const cache = await DownloadCache.open(stateFolderFor(dir, '').cacheDir);
    if (source.kind === 'file') {
      name = source.path;
      feedBytes = await readFeedFile(source.path);
      text = feedBytes.toString('utf8');
    } else {
      // Downloaded into the folder's cache: the first build then asks only "changed since?".
      const read = await readFeedText(source, cache, {
        offline: false,
        timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
        maxRedirects: 5,
      });
      ({ name, text, commit } = read);
    }
    const warnings = new WarningCollector();
    feed = parseFeed(name, text, { duplicates: 'keep-newest', recover: true, warnings });
    for (const warning of warnings.summary()) {
      if (warning.code === 'duplicate-number') duplicates = true;
      if (warning.code.startsWith('skipped-item-')) broken = true;
      notes.push(warning.message);
    }
    if (feed.episodes.length === 0) notes.push('the feed has no items yet: build once it has one');
    await commit?.();
    await cache.save();
  }
  await mkdir(dir, { recursive: true });
  await mkdir(join(dir, 'transcripts')).catch((error: unknown) => {
    if (!(error instanceof Error && 'code' in error && error.code === 'EEXIST')) throw error;
  });
  // Checked again: a link put in place while the feed downloaded is refused all the same.
  await checkFolders(dir);
  if (feedBytes !== undefined) await writeNewFile(join(dir, 'feed.xml'), feedBytes);
  const json = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;
  await writeNewFile(
    join(dir, 'trawl.config.json'),
    json(
      suggestedConfig(feed, duplicates, source?.kind === 'url' ? source.url : undefined, siteUrl),
    ),
  );
  const presenters = feed
    ? derivePresenters(feed).presenters.map(({ id, firstName, guest, img }) => ({
        id,
        firstName,
        ...(guest ? { guest } : {}),
        ...(img === null ? {} : { img }),
      }))
    : [];
  await writeNewFile(join(dir, 'presenters.json'), json(presenters));
  // Who the transcripts' speaker labels are (SPEAKER_00 → a presenter): nothing mapped yet.
  await writeNewFile(join(dir, 'speakers.json'), EMPTY_SPEAKERS_JSON);
  await writeNewFile(join(dir, 'transcripts', 'README.md'), TRANSCRIPTS_README);
  if (siteUrl === '') notes.push(NO_SITE_URL_NOTE);
  const shown = displayPath(dir);
  // In the order they work (docs/podcast-inputs.md, "in five minutes"): the database, a look
  // at it, the folder to upload. A feed with broken items builds only with --recover, which
  // skips them as init did.
  const nextCommands = [
    ...(source === undefined ? [`cp path/to/your/feed.xml ${shown}/feed.xml`] : []),
    `npx trawl build ${shown} --out ${shown}/db${broken ? ' --recover' : ''}`,
    `npx trawl serve --db ${shown}/db --port ${DEFAULT_SERVE_PORT}`,
    `npx trawl bundle --db ${shown}/db --out ${shown}/deploy --site dist/site`,
  ];
  return { dir, written: planned, nextCommands, notes };
}
