import { copyFile, mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { siteUrlProblem } from '../core/site-url.ts';
import { displayPath, InputError } from './errors.ts';
import type { EpisodeTypeConfig } from './read/episode-types.ts';
import { parseFeed, type ParsedFeed } from './read/feed.ts';
import { feedSourceOf, readFeedText } from './read/feed-source.ts';
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

async function exists(path: string): Promise<boolean> {
  return (await stat(path).catch(() => undefined)) !== undefined;
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
  if (source !== undefined) {
    let text: string;
    let name: string;
    let commit: (() => Promise<void>) | undefined;
    const cache = await DownloadCache.open(stateFolderFor(dir, '').cacheDir);
    if (source.kind === 'file') {
      name = source.path;
      text = await readFile(source.path, 'utf8').catch(() => {
        throw new InputError({ file: source.path }, 'cannot read the feed (given with --feed)');
      });
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
      notes.push(warning.message);
    }
    if (feed.episodes.length === 0) notes.push('the feed has no items yet: build once it has one');
    await commit?.();
    await cache.save();
  }
  await mkdir(join(dir, 'transcripts'), { recursive: true });
  if (source?.kind === 'file') await copyFile(source.path, join(dir, 'feed.xml'));
  const json = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;
  await writeFile(
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
  await writeFile(join(dir, 'presenters.json'), json(presenters));
  // Who the transcripts' speaker labels are (SPEAKER_00 → a presenter): nothing mapped yet.
  await writeFile(join(dir, 'speakers.json'), EMPTY_SPEAKERS_JSON);
  await writeFile(join(dir, 'transcripts', 'README.md'), TRANSCRIPTS_README);
  if (siteUrl === '') notes.push(NO_SITE_URL_NOTE);
  const shown = displayPath(dir);
  const nextCommands = [
    ...(source === undefined ? [`cp path/to/your/feed.xml ${shown}/feed.xml`] : []),
    `npx trawl build ${shown} --out ${shown}/db`,
    'npm run build:site',
    `npx trawl serve --db ${shown}/db`,
  ];
  return { dir, written: planned, nextCommands, notes };
}
