/**
 * Seeded mutations of every importer's inputs. Each must end in a clear error that names the
 * file (or build normally), in bounded time, and a failed build must leave the published output
 * exactly as it was. The seed makes every mutation reproducible. Hand-made hostile inputs are in
 * hostile-inputs.fuzz.test.ts.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createPrng } from '../../core/prng.ts';
import { buildPodcast } from '../build.ts';
import { openBuildSandbox, type BuildSandbox } from './build-sandbox.ts';
import { DEMO_PODCAST, HAS_REALDATA, REALDATA_DIR } from './fuzz-support.ts';
import { REPO_ROOT } from '../test-support/run-cli.ts';
import {
  JSON_MUTATORS,
  TEXT_MUTATORS,
  TRANSCRIPT_MUTATORS,
  XML_MUTATORS,
  type Mutator,
} from './mutators.ts';

const SEED = 20_260_807;

let sandbox: BuildSandbox;

beforeAll(async () => {
  sandbox = await openBuildSandbox('fuzz-importers');
});

afterAll(async () => {
  await sandbox.close();
});

interface Target {
  /** What is mutated, for the test name. */
  label: string;
  source: string;
  /** Where the mutated copy goes in the podcast folder. */
  file: string;
  /** Files of the demo folder to remove first (the transcript the copy replaces). */
  remove?: string[];
  mutators: Mutator[];
  rounds: number;
}

const REPLACES_EPISODE_1 = ['transcripts/1.json'];
const fixture = (name: string) => join(REPO_ROOT, 'src/builder/read/transcripts/fixtures', name);

const TARGETS: Target[] = [
  {
    label: 'demo feed.xml',
    source: join(DEMO_PODCAST, 'feed.xml'),
    file: 'feed.xml',
    mutators: XML_MUTATORS,
    rounds: 9,
  },
  {
    label: 'demo presenters.json',
    source: join(DEMO_PODCAST, 'presenters.json'),
    file: 'presenters.json',
    mutators: JSON_MUTATORS,
    rounds: 4,
  },
  {
    label: 'demo venues.json',
    source: join(DEMO_PODCAST, 'venues.json'),
    file: 'venues.json',
    mutators: JSON_MUTATORS,
    rounds: 4,
  },
  {
    label: 'demo overrides.json',
    source: join(DEMO_PODCAST, 'overrides.json'),
    file: 'overrides.json',
    mutators: JSON_MUTATORS,
    rounds: 4,
  },
  {
    label: 'demo trawl.config.json',
    source: join(DEMO_PODCAST, 'trawl.config.json'),
    file: 'trawl.config.json',
    mutators: JSON_MUTATORS,
    rounds: 4,
  },
  {
    label: 'demo whisper transcript',
    source: join(DEMO_PODCAST, 'transcripts/1.json'),
    file: 'transcripts/1.json',
    mutators: TRANSCRIPT_MUTATORS,
    rounds: 8,
  },
  {
    label: 'WhisperX fixture',
    source: fixture('whisperx.json'),
    file: 'transcripts/1.json',
    remove: REPLACES_EPISODE_1,
    mutators: TRANSCRIPT_MUTATORS,
    rounds: 4,
  },
  {
    label: 'whisper.cpp fixture',
    source: fixture('whisper-cpp.json'),
    file: 'transcripts/1.json',
    remove: REPLACES_EPISODE_1,
    mutators: JSON_MUTATORS,
    rounds: 3,
  },
  {
    label: 'Podcasting 2.0 JSON fixture',
    source: fixture('podcast.json'),
    file: 'transcripts/1.json',
    remove: REPLACES_EPISODE_1,
    mutators: JSON_MUTATORS,
    rounds: 3,
  },
  {
    label: 'WebVTT fixture',
    source: fixture('cues.vtt'),
    file: 'transcripts/1.vtt',
    remove: REPLACES_EPISODE_1,
    mutators: TEXT_MUTATORS,
    rounds: 3,
  },
  {
    label: 'SRT fixture',
    source: fixture('cues.srt'),
    file: 'transcripts/1.srt',
    remove: REPLACES_EPISODE_1,
    mutators: TEXT_MUTATORS,
    rounds: 3,
  },
];

const REAL_TARGETS: Target[] = [
  ...['themnshow.xml', 'pc20rss.xml', 'no-agenda.xml'].map((name) => ({
    label: `real feed ${name}`,
    source: join(REALDATA_DIR, 'pc20-feeds', name),
    file: 'feed.xml',
    mutators: XML_MUTATORS,
    rounds: 3,
  })),
  {
    label: 'real feed tgn-feed-2023-08-05.rss',
    source: join(REALDATA_DIR, 'tgn-samples/tgn-feed-2023-08-05.rss'),
    file: 'feed.xml',
    mutators: XML_MUTATORS,
    rounds: 3,
  },
  {
    label: 'real WhisperX 14.5.json',
    source: join(REALDATA_DIR, 'tgn-samples/14.5.json'),
    file: 'transcripts/1.json',
    remove: REPLACES_EPISODE_1,
    mutators: TRANSCRIPT_MUTATORS,
    rounds: 4,
  },
  {
    label: 'real Whisper episode_0.json',
    source: join(REALDATA_DIR, 'yonearth/episode_0.json'),
    file: 'transcripts/1.json',
    remove: REPLACES_EPISODE_1,
    mutators: TRANSCRIPT_MUTATORS,
    rounds: 4,
  },
];

/** The feed alone stands in for a real podcast folder: real feeds come without transcripts. */
const FEED_ONLY = ['presenters.json', 'venues.json', 'overrides.json', 'trawl.config.json'];

function defineMutationTests(targets: Target[], firstSeed: number): void {
  for (const [targetIndex, target] of targets.entries()) {
    const seed = firstSeed + targetIndex;
    test(`${target.label}: ${target.rounds} seeded mutations each end in a build or a clear error (seed ${seed})`, async () => {
      const prng = createPrng(seed);
      const original = await readFile(target.source, 'utf8');
      const outcomes: string[] = [];
      for (let round = 0; round < target.rounds; round += 1) {
        const mutator = prng.pick(target.mutators);
        const mutated = mutator.apply(original, prng);
        const feedOnly = target.file === 'feed.xml' && target.source.startsWith(REALDATA_DIR);
        const remove = [
          ...(target.remove ?? []),
          ...(feedOnly ? [...FEED_ONLY, 'transcripts'] : []),
        ];
        const folder = await sandbox.podcastWith(target.file, mutated, remove);
        outcomes.push(`${mutator.name}: ${await sandbox.expectCleanOutcome(folder)}`);
      }
      expect(outcomes).toHaveLength(target.rounds);
    });
  }
}

describe('importers, seeded mutations of the fixtures', () => {
  defineMutationTests(TARGETS, SEED);
});

describe.skipIf(!HAS_REALDATA)(
  'importers, seeded mutations of real-world inputs (../shared/realdata)',
  () => {
    defineMutationTests(REAL_TARGETS, SEED + 100);

    test('the real malformed feed (no-agenda.xml) is rejected with its line', async () => {
      const text = await readFile(join(REALDATA_DIR, 'pc20-feeds/no-agenda.xml'), 'utf8');
      const folder = await sandbox.podcastWith('feed.xml', text, [...FEED_ONLY, 'transcripts']);
      await expect(buildPodcast({ folder, outDir: sandbox.outDir })).rejects.toThrow(
        /feed\.xml:\d+:\d+: malformed XML/,
      );
      await sandbox.expectOutputUnchanged();
    });
  },
);
