import { defineCommand } from 'citty';
import { resolve } from 'node:path';
import { z } from 'zod';
import { PAGE_SIZE } from '../../core/db-schema.ts';
import { buildPodcast, type BuildResult } from '../build.ts';
import { displayPath, InputError, isInputError } from '../errors.ts';
import { createProgressLine } from '../progress.ts';
import { DEFAULT_SITE_DIR, loadSiteBuild } from '../publish/prerender.ts';
import { DEFAULT_CHUNK_SIZE } from '../publish/publish.ts';

const wholeNumber = (flag: string) =>
  z.string().regex(/^\d+$/, `${flag} must be a whole number`).transform(Number);

const positiveSeconds = z
  .string()
  .regex(/^\d+(?:\.\d+)?$/, '--timeout must be a number of seconds')
  .transform(Number)
  .refine((value) => value > 0 && value <= 3600, '--timeout must be between 0 and 3600 seconds');

const chunkSizeFlag = wholeNumber('--chunk-size').refine(
  (value) => value > 0 && value % PAGE_SIZE === 0,
  `must be a multiple of the ${PAGE_SIZE}-byte page size`,
);

function parseFlag<T>(schema: z.ZodType<T>, value: string, flag: string): T {
  const result = schema.safeParse(value);
  if (!result.success)
    throw new InputError({ file: flag }, result.error.issues[0]?.message ?? 'invalid value');
  return result.data;
}

function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MiB`
    : `${(bytes / 1024).toFixed(0)} KiB`;
}

/** Lines of what numbering did that a build prints; the rest are in episode-numbers.json. */
const MAX_NUMBERING_LINES = 20;

const FEED_HOW: Record<BuildResult['feed']['how'], string> = {
  file: 'read from the file',
  downloaded: 'downloaded',
  unchanged: 'unchanged since the last build (not downloaded again)',
  offline: 'the cached copy (--offline)',
  'last-good': 'THE LAST GOOD COPY',
};

/** Where the feed, the transcripts and the chapters came from. */
function sourcesReport(result: BuildResult): string[] {
  const { feed, links } = result;
  const when =
    feed.checked === undefined ? '' : ` of ${feed.checked.slice(0, 16).replace('T', ' ')} UTC`;
  const lines = [
    `  feed: ${displayPath(feed.name)}, ${FEED_HOW[feed.how]}${feed.how === 'file' || feed.how === 'downloaded' ? '' : when}`,
  ];
  if (feed.failure !== undefined) lines.push(`    (${feed.failure})`);
  const { transcripts, chapters, requests } = links;
  lines.push(
    `  transcripts: ${transcripts.fromFeed} from the feed, ${transcripts.fromFiles} from files, ${transcripts.failed} failed${transcripts.untimed > 0 ? `, ${transcripts.untimed} only as HTML or text (no timings)` : ''}`,
    `  chapters: ${chapters.fromFeed} from the feed, ${chapters.fromFiles} from files, ${chapters.failed} failed`,
  );
  const asked = requests.fetched + requests.unchanged + requests.failed;
  if (asked > 0) {
    lines.push(
      `  downloads of linked files: ${requests.fetched} new, ${requests.unchanged} unchanged, ${requests.failed} failed`,
    );
  }
  return lines;
}

/** The summary `trawl build` prints when it has published a version. */
export function formatBuildReport(result: BuildResult, seconds: number): string {
  const lines = [
    `Built "${result.site.title}" version ${result.version} in ${seconds.toFixed(1)} s`,
    `  ${result.episodes.toLocaleString('en')} episodes (${result.transcripts.toLocaleString('en')} with transcripts, ${result.words.toLocaleString('en')} words), ${result.presenters} presenters, ${result.venues} venues`,
    ...(result.episodesWritten < result.episodes
      ? [
          `  ${result.episodesWritten.toLocaleString('en')} of them written; the others came with the previous version's database`,
        ]
      : []),
    `  database ${formatBytes(result.databaseBytes)} in ${result.chunks} chunk${result.chunks === 1 ? '' : 's'}: ${displayPath(result.versionDir)}`,
    `  ${result.pages > 0 ? `${result.pages.toLocaleString('en')} pre-rendered pages` : 'no pre-rendered pages'}`,
    `  latest.json names ${result.version}${result.pruned.length > 0 ? `; removed old ${result.pruned.join(', ')}` : ''}`,
  ];
  lines.push(...sourcesReport(result));
  if (result.numbering.length > 0) {
    lines.push('Episode numbers:');
    const shown = result.numbering.slice(0, MAX_NUMBERING_LINES);
    for (const note of shown) lines.push(`  ${note.text}`);
    const more = result.numbering.length - shown.length;
    if (more > 0) lines.push(`  …and ${more} more (see ${displayPath(result.state.numbersFile)})`);
  }
  if (result.warnings.length > 0) {
    lines.push('Warnings:');
    for (const warning of result.warnings) {
      const examples = warning.examples.length > 0 ? ` (e.g. ${warning.examples.join('; ')})` : '';
      lines.push(`  ${warning.message}${examples}`);
    }
  }
  return lines.join('\n');
}

/** `trawl build`: makes a podcast's database and publishes it as a new version. */
export const buildCommand = defineCommand({
  meta: {
    name: 'build',
    description: "Build a podcast's search database from its feed, people, venues and transcripts",
  },
  args: {
    folder: {
      type: 'positional',
      required: false,
      description:
        'Podcast folder with feed.xml, trawl.config.json, presenters/venues/overrides and transcripts/',
    },
    out: {
      type: 'string',
      required: true,
      description: 'Output folder for version folders and latest.json',
      valueHint: 'dir',
    },
    feed: {
      type: 'string',
      description:
        "RSS feed: a file, or an http(s) URL to download (default: trawl.config.json's feedUrl, else <folder>/feed.xml)",
      valueHint: 'file|url',
    },
    offline: {
      type: 'boolean',
      description:
        'Download nothing: build the feed and its transcripts and chapters from the cache alone',
    },
    timeout: {
      type: 'string',
      description: 'Seconds each download may take (default 30)',
      valueHint: 'seconds',
    },
    transcripts: {
      type: 'string',
      description: 'Transcripts folder (default: <folder>/transcripts)',
      valueHint: 'dir',
    },
    config: {
      type: 'string',
      description: 'trawl.config.json (default: <folder>/trawl.config.json)',
      valueHint: 'file',
    },
    presenters: {
      type: 'string',
      description: 'Presenters JSON or CSV (default: <folder>/presenters.json|.csv)',
      valueHint: 'file',
    },
    venues: {
      type: 'string',
      description: 'Venues JSON or CSV (default: <folder>/venues.json|.csv)',
      valueHint: 'file',
    },
    overrides: {
      type: 'string',
      description: 'Per-episode overrides JSON or CSV (default: <folder>/overrides.json|.csv)',
      valueHint: 'file',
    },
    'chunk-size': {
      type: 'string',
      description: `Bytes per database chunk file, a multiple of 16384 (default ${DEFAULT_CHUNK_SIZE})`,
      valueHint: 'bytes',
    },
    keep: {
      type: 'string',
      description: 'Old versions to keep besides the new one (default 3)',
      valueHint: 'n',
    },
    media: {
      type: 'string',
      description:
        'Media folder with audio/, images/episodes/, hosts/ (default: <folder>/media); its files win over the feed URLs',
      valueHint: 'dir',
    },
    recover: {
      type: 'boolean',
      description: 'Build from a malformed feed by skipping its broken items (a warning each)',
    },
    'ignore-orphan-transcripts': {
      type: 'boolean',
      description:
        'Skip (with a warning) transcripts whose episode is not in the feed instead of failing',
    },
    site: {
      type: 'string',
      description: `The built site whose components pre-render the pages (default: ${displayPath(DEFAULT_SITE_DIR)})`,
      valueHint: 'dir',
    },
    pages: {
      type: 'boolean',
      default: true,
      description: 'Pre-render the pages (--no-pages: the database alone)',
    },
  },
  async run({ args }) {
    const started = performance.now();
    const progress = createProgressLine();
    try {
      const siteDir = resolve(args.site ?? DEFAULT_SITE_DIR);
      const siteBuild = args.pages ? await loadSiteBuild(siteDir) : undefined;
      // A site named on the command line must be there; the default one may not be built yet.
      if (args.site !== undefined && args.pages && siteBuild === undefined) {
        throw new InputError(
          { file: args.site },
          "no built site here (its index.html and ../server/render-page.js): run 'npm run build:site', or pass --no-pages",
        );
      }
      const result = await buildPodcast({
        folder: args.folder,
        outDir: args.out,
        feed: args.feed,
        transcripts: args.transcripts,
        config: args.config,
        presenters: args.presenters,
        venues: args.venues,
        overrides: args.overrides,
        media: args.media,
        recover: args.recover === true,
        offline: args.offline === true,
        timeoutMs:
          args.timeout === undefined
            ? undefined
            : Math.round(1000 * parseFlag(positiveSeconds, args.timeout, '--timeout')),
        chunkSize:
          args['chunk-size'] === undefined
            ? undefined
            : parseFlag(chunkSizeFlag, args['chunk-size'], '--chunk-size'),
        keep:
          args.keep === undefined
            ? undefined
            : parseFlag(wholeNumber('--keep'), args.keep, '--keep'),
        ignoreOrphanTranscripts: args['ignore-orphan-transcripts'] === true,
        siteBuild,
        onProgress: progress.update,
      });
      progress.done();
      console.log(formatBuildReport(result, (performance.now() - started) / 1000));
      if (args.pages && siteBuild === undefined) {
        console.log(
          `  (no built site at ${displayPath(siteDir)} to pre-render pages with: run 'npm run build:site' first)`,
        );
      }
    } catch (error) {
      progress.done();
      if (!isInputError(error)) throw error;
      console.error(`trawl build failed: ${error.message}`);
      process.exitCode = 1;
    }
  },
});
