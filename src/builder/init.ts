import { copyFile, mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { displayPath, InputError } from './errors.ts';
import type { EpisodeTypeConfig } from './read/episode-types.ts';
import { parseFeed, type ParsedFeed } from './read/feed.ts';
import { derivePresenters } from './read/people.ts';
import { EMPTY_SPEAKERS_JSON } from './read/speakers.ts';
import type { PodcastConfigInput } from './read/podcast-config.ts';
import { WarningCollector } from './warnings.ts';

/**
 * `trawl init DIR [--feed FILE]`: a podcast folder to start from. With a feed it copies the
 * feed to `feed.xml` and suggests settings from it (title, the types its items declare,
 * keep-newest when it re-uploads episodes); `presenters.json` lists its `podcast:person` tags;
 * `speakers.json` maps no speaker label yet (src/builder/read/speakers.ts);
 * `transcripts/README.md` says which files the build reads. Nothing that exists is replaced.
 */

export interface InitOptions {
  dir: string;
  feed?: string | undefined;
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
(\`010\` is episode 10). Files may be compressed: \`57.json.gz\`, \`57.json.br\`.

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
function suggestedConfig(feed: ParsedFeed | undefined, duplicates: boolean): PodcastConfigInput {
  const config: PodcastConfigInput = {
    site: {
      title: feed?.title || 'My podcast',
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

/** Scaffolds a podcast folder; refuses to replace any file that is already there. */
export async function initPodcast(options: InitOptions): Promise<InitResult> {
  const dir = resolve(options.dir);
  const feedPath = options.feed === undefined ? undefined : resolve(options.feed);
  const planned = [
    'trawl.config.json',
    'presenters.json',
    'speakers.json',
    'transcripts/README.md',
  ];
  if (feedPath !== undefined) planned.unshift('feed.xml');
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
  if (feedPath !== undefined) {
    const text = await readFile(feedPath, 'utf8').catch(() => {
      throw new InputError({ file: feedPath }, 'cannot read the feed (given with --feed)');
    });
    const warnings = new WarningCollector();
    feed = parseFeed(feedPath, text, { duplicates: 'keep-newest', recover: true, warnings });
    for (const warning of warnings.summary()) {
      if (warning.code === 'duplicate-number') duplicates = true;
      notes.push(warning.message);
    }
  }
  await mkdir(join(dir, 'transcripts'), { recursive: true });
  if (feedPath !== undefined) await copyFile(feedPath, join(dir, 'feed.xml'));
  const json = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;
  await writeFile(join(dir, 'trawl.config.json'), json(suggestedConfig(feed, duplicates)));
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
  const shown = displayPath(dir);
  const nextCommands = [
    ...(feedPath === undefined ? [`cp path/to/your/feed.xml ${shown}/feed.xml`] : []),
    `npx trawl build ${shown} --out ${shown}/db`,
    'npm run build:site',
    `npx trawl serve --db ${shown}/db`,
  ];
  return { dir, written: planned, nextCommands, notes };
}
