/**
 * `npm run bench -- --pages`: what pre-rendering costs a build (issue 26, defect 2). A show of
 * many one-cue episodes built with its pages and with `--no-pages` (pages must add time in
 * proportion to the archive, not its square), and one episode with a very long transcript
 * built with pages (bounded time and memory; the page holds at most INLINE_WORD_LIMIT words).
 *
 *   npm run bench -- --pages [--episodes 10000] [--long-words 3000000]
 *
 * Writes .trawl/bench/results/pages.json (ignored by git) and prints a Markdown table.
 */
import { existsSync } from 'node:fs';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { generateCorpus } from '../scripts/corpus.ts';
import { writeLongEpisode } from '../scripts/long-episode.ts';
import { REPO_ROOT } from './assets.ts';
import { buildTrawl, type TrawlBuild } from './prepare.ts';
import { formatNumber } from './stats.ts';

const CACHE_DIR = resolve(REPO_ROOT, '.trawl/bench/pages');
const SITE_DIR = resolve(REPO_ROOT, 'dist/site');

const optionsSchema = z.object({
  episodes: z.coerce.number().int().min(10).max(100_000),
  longWords: z.coerce.number().int().min(1_000).max(20_000_000),
});

/** A row as soon as it is measured: a later build that fails does not lose it. */
function printRow(row: Row): void {
  console.log(
    `${row.label}: ${formatNumber(row.build.seconds)} s, peak RSS ${mib(row.build.peakRssBytes)}`,
  );
}

interface Row {
  label: string;
  build: TrawlBuild;
  /** The biggest episode page written, in bytes (null without pages). */
  largestPageBytes: number | null;
}

async function largestEpisodePage(build: TrawlBuild, episode: string): Promise<number> {
  return (await stat(join(build.versionDir, 'pages', 'episodes', `${episode}.html`))).size;
}

function mib(bytes: number): string {
  return `${formatNumber(bytes / 2 ** 20)} MiB`;
}

/** Runs the pages benchmark with the arguments after `--pages`. */
export async function runPageScale(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      pages: { type: 'boolean' },
      episodes: { type: 'string', default: '10000' },
      'long-words': { type: 'string', default: '3000000' },
    },
  });
  const options = optionsSchema.parse({
    episodes: values.episodes,
    longWords: values['long-words'],
  });
  await mkdir(CACHE_DIR, { recursive: true });
  const corpus = join(CACHE_DIR, `corpus-${options.episodes}`);
  console.log(`corpus: ${options.episodes} one-cue episodes`);
  // generateCorpus renames a finished folder into place, so a feed means a whole corpus.
  if (!existsSync(join(corpus, 'feed.xml'))) {
    await generateCorpus({
      episodes: options.episodes,
      words: 1,
      seed: 1,
      out: corpus,
      audio: false,
    });
  }

  const rows: Row[] = [];
  const add = (row: Row): void => {
    rows.push(row);
    printRow(row);
  };
  const withPages = await buildTrawl(corpus, join(CACHE_DIR, 'out-pages'), SITE_DIR);
  add({
    label: `${formatNumber(options.episodes)} one-cue episodes, with pages`,
    build: withPages,
    largestPageBytes: null,
  });
  const withoutPages = await buildTrawl(corpus, join(CACHE_DIR, 'out-no-pages'), null);
  add({
    label: `${formatNumber(options.episodes)} one-cue episodes, --no-pages`,
    build: withoutPages,
    largestPageBytes: null,
  });

  const long = join(CACHE_DIR, `long-${options.longWords}`);
  await writeLongEpisode(long, options.longWords);
  const longBuild = await buildTrawl(long, join(CACHE_DIR, 'out-long'), SITE_DIR);
  add({
    label: `one episode of ${formatNumber(options.longWords)} words, with pages`,
    build: longBuild,
    largestPageBytes: await largestEpisodePage(longBuild, '1'),
  });
  for (const row of rows) await rm(row.build.outDir, { recursive: true, force: true });

  const table = [
    '| build | wall | peak RSS | database | its episode page |',
    '|---|---|---|---|---|',
    ...rows.map(
      (row) =>
        `| ${row.label} | ${formatNumber(row.build.seconds)} s | ${mib(row.build.peakRssBytes)} | ${mib(row.build.databaseBytes)} | ${row.largestPageBytes === null ? '–' : mib(row.largestPageBytes)} |`,
    ),
  ].join('\n');
  const load = loadavg().map((value) => value.toFixed(2));
  console.log(`\n${table}\n\nload average at the end: ${load.join(', ')}`);
  await mkdir(resolve(REPO_ROOT, '.trawl/bench/results'), { recursive: true });
  await writeFile(
    resolve(REPO_ROOT, '.trawl/bench/results/pages.json'),
    `${JSON.stringify(
      {
        options,
        load,
        rows: rows.map((row) => ({
          label: row.label,
          seconds: row.build.seconds,
          peakRssBytes: row.build.peakRssBytes,
          databaseBytes: row.build.databaseBytes,
          largestPageBytes: row.largestPageBytes,
        })),
      },
      null,
      2,
    )}\n`,
  );
}
