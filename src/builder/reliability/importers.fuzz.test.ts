/**
 * Hostile and broken inputs for every importer. Each must end in a clear error that names the
 * file (or build normally), in bounded time and memory, and a failed build must leave the
 * published output exactly as it was. The seed makes every mutation reproducible.
 */
import { readFile, rm, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createPrng, type Prng } from '../../core/prng.ts';
import { buildPodcast } from '../build.ts';
import { isInputError } from '../errors.ts';
import {
  copyPodcastInputs,
  DEMO_PODCAST,
  HAS_REALDATA,
  makeTempDir,
  REALDATA_DIR,
  REPO_ROOT,
  runTrawl,
  snapshotOutput,
  verifyPublished,
  type OutputSnapshot,
} from './fuzz-support.ts';

const SEED = 20_260_807;
/** Longest one in-process build of the small demo podcast may take, broken or not. */
const IN_PROCESS_LIMIT_MS = 5_000;
/** Longest one CLI run may take (about a second of it is starting Node and tsx). */
const CLI_LIMIT_MS = 10_000;
/** Heap given to the CLI for the hostile inputs: they must fail well inside it. */
const CLI_HEAP_MB = 256;

let root: string;
let outDir: string;
let published: OutputSnapshot;
let caseNumber = 0;

beforeAll(async () => {
  root = await makeTempDir('fuzz-importers');
  outDir = join(root, 'out');
  await buildPodcast({ folder: DEMO_PODCAST, outDir });
  published = await snapshotOutput(outDir);
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

/** A copy of the demo podcast's inputs in a fresh folder, with one file replaced or added. */
async function podcastWith(
  file: string,
  content: string | Buffer,
  remove: string[] = [],
): Promise<string> {
  caseNumber += 1;
  const folder = join(root, `case-${caseNumber}`);
  await copyPodcastInputs(DEMO_PODCAST, folder);
  for (const name of remove) await rm(join(folder, name), { recursive: true, force: true });
  await writeFile(join(folder, file), content);
  return folder;
}

/**
 * Builds in-process; a failure must be an InputError naming a file of the podcast folder, and
 * must leave the output untouched; a success must publish a complete version.
 */
async function expectCleanOutcome(folder: string): Promise<'built' | 'rejected'> {
  const started = performance.now();
  let outcome: 'built' | 'rejected';
  try {
    await buildPodcast({ folder, outDir, ignoreOrphanTranscripts: true });
    outcome = 'built';
  } catch (error) {
    if (!isInputError(error)) throw error;
    expect(error.message).toContain(folder);
    outcome = 'rejected';
  }
  expect(performance.now() - started).toBeLessThan(IN_PROCESS_LIMIT_MS);
  if (outcome === 'rejected') {
    expect(await snapshotOutput(outDir)).toEqual(published);
  } else {
    await verifyPublished(outDir);
    published = await snapshotOutput(outDir);
  }
  await rm(folder, { recursive: true, force: true });
  return outcome;
}

// -------------------------------------------------------------------------------------------
// Mutators

const HOSTILE_TEXT = [
  '',
  '-1',
  'NaN',
  'Infinity',
  '1e309',
  '99999999999999999999999999999999',
  '14.5.5',
  '../../etc/passwd',
  '<script>window.__pwned=true</script>',
  '\u0000\u0001\u001f',
  '\u202e\u0644\u0627',
  '🦑🦑🦑',
  '"\'\\',
  ']]>',
  '&amp;&#0;',
];

const HOSTILE_JSON: unknown[] = [
  null,
  -1,
  1e308,
  -1e308,
  0.000001,
  '',
  'NaN',
  true,
  [],
  {},
  '9'.repeat(400),
  '../../x',
  '<img src=x onerror=alert(1)>',
];

/** Cuts the text at a random point (never at the very end). */
function truncate(text: string, prng: Prng): string {
  return text.slice(0, prng.int(0, Math.max(0, text.trimEnd().length - 1)));
}

/** Overwrites a few random characters with markup and control characters. */
function flipCharacters(text: string, prng: Prng): string {
  const chars = [...text];
  const pool = ['<', '>', '&', '"', "'", '/', '\\', '\u0000', '\n', ']', '{', '}', ',', ':'];
  for (let count = prng.int(1, 8); count > 0; count -= 1) {
    chars[prng.int(0, chars.length - 1)] = prng.pick(pool);
  }
  return chars.join('');
}

/** Replaces the text of a random XML element with a hostile value. */
function replaceXmlText(text: string, prng: Prng): string {
  const texts = [...text.matchAll(/>([^<>]+)</g)];
  if (texts.length === 0) return text;
  const target = prng.pick(texts);
  const value = prng.pick(HOSTILE_TEXT).replaceAll('&', '&amp;').replaceAll('<', '&lt;');
  const at = (target.index ?? 0) + 1;
  return text.slice(0, at) + value + text.slice(at + (target[1]?.length ?? 0));
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function isJsonObject(value: unknown): value is { [key: string]: Json } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Every [container, key] pair of a JSON document's leaves and nodes. */
function jsonSlots(value: Json, slots: [Json[] | { [key: string]: Json }, string | number][] = []) {
  if (Array.isArray(value)) {
    value.forEach((item, index) => {
      slots.push([value, index]);
      jsonSlots(item, slots);
    });
  } else if (isJsonObject(value)) {
    for (const [key, item] of Object.entries(value)) {
      slots.push([value, key]);
      jsonSlots(item, slots);
    }
  }
  return slots;
}

/** Sets a few random values of a JSON document to wrong types, huge numbers or markup. */
function mutateJsonValues(text: string, prng: Prng): string {
  const document = JSON.parse(text) as Json;
  const slots = jsonSlots(document);
  if (slots.length === 0) return text;
  for (let count = prng.int(1, 4); count > 0; count -= 1) {
    const [container, key] = prng.pick(slots);
    const value = prng.pick(HOSTILE_JSON) as Json;
    if (Array.isArray(container) && typeof key === 'number') container[key] = value;
    else if (!Array.isArray(container) && typeof key === 'string') container[key] = value;
  }
  return JSON.stringify(document);
}

/** Reverses the start and end times of a random timed word (and sends one time backwards). */
function reverseTimes(text: string, prng: Prng): string {
  const document = JSON.parse(text) as Json;
  const timed = jsonSlots(document)
    .map(([container, key]) =>
      Array.isArray(container) ? container[key as number] : container[key as string],
    )
    .filter(
      (item): item is { [key: string]: Json } =>
        isJsonObject(item) && typeof item.start === 'number',
    );
  if (timed.length === 0) return text;
  const word = prng.pick(timed);
  const { start, end } = word;
  word.start = typeof end === 'number' ? end + 10 : 10;
  word.end = start ?? 0;
  return JSON.stringify(document);
}

interface Mutator {
  name: string;
  apply: (text: string, prng: Prng) => string;
  json?: boolean;
}

const TEXT_MUTATORS: Mutator[] = [
  { name: 'truncated', apply: truncate },
  { name: 'characters flipped', apply: flipCharacters },
];
const XML_MUTATORS: Mutator[] = [
  ...TEXT_MUTATORS,
  { name: 'element text replaced', apply: replaceXmlText },
];
const JSON_MUTATORS: Mutator[] = [
  ...TEXT_MUTATORS,
  { name: 'values of wrong types', apply: mutateJsonValues, json: true },
];
const TRANSCRIPT_MUTATORS: Mutator[] = [
  ...JSON_MUTATORS,
  { name: 'times reversed', apply: reverseTimes, json: true },
];

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
const fixture = (name: string) => join(REPO_ROOT, 'src/builder/transcripts/fixtures', name);

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
        const folder = await podcastWith(target.file, mutated, remove);
        outcomes.push(`${mutator.name}: ${await expectCleanOutcome(folder)}`);
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
      const folder = await podcastWith('feed.xml', text, [...FEED_ONLY, 'transcripts']);
      await expect(buildPodcast({ folder, outDir })).rejects.toThrow(
        /feed\.xml:\d+:\d+: malformed XML/,
      );
      expect(await snapshotOutput(outDir)).toEqual(published);
    });
  },
);

// -------------------------------------------------------------------------------------------
// Hand-made hostile inputs; the ones that could eat memory run through the real CLI in a
// child process with a small heap.

const FEED_HEAD =
  '<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" xmlns:podcast="https://podcastindex.org/namespace/1.0">\n<channel><title>Hostile</title>\n';
const FEED_TAIL = '</channel>\n</rss>\n';
const item = (episode: string, description: string) =>
  `<item><title>Episode ${episode}</title><description>${description}</description><podcast:episode>${episode}</podcast:episode></item>\n`;

/** One hostile file, and the error text the CLI must print for it. */
interface HostileCase {
  name: string;
  file: string;
  content: () => string;
  expected: RegExp;
  /** Inputs that could exhaust memory or time run in a child process with a small heap. */
  via: 'cli' | 'in-process';
}

const LAUGHS = Array.from({ length: 9 }, (_, level) => {
  const previous = level === 0 ? 'lol' : `lol${level - 1}`;
  return `<!ENTITY lol${level} "${`&${previous};`.repeat(10)}">`;
}).join('');

const HOSTILE_CASES: HostileCase[] = [
  {
    name: 'a 50 MB text node in a description',
    via: 'cli',
    file: 'feed.xml',
    content: () => FEED_HEAD + item('1', 'facts '.repeat((50 * 1024 * 1024) / 6)) + FEED_TAIL,
    expected: /feed\.xml:\d+:\d+: a text of 50\.0 MiB is longer than the 1 MiB limit/,
  },
  {
    name: 'a 48 MB CDATA section of HTML tags',
    via: 'cli',
    file: 'feed.xml',
    content: () =>
      FEED_HEAD + item('1', `<![CDATA[${'<p>x</p>'.repeat(6 * 1024 * 1024)}]]>`) + FEED_TAIL,
    expected: /feed\.xml:\d+:\d+: a CDATA section of 48\.0 MiB/,
  },
  {
    name: 'a description of 20,000 tags (minutes of sanitising)',
    via: 'cli',
    file: 'feed.xml',
    content: () => FEED_HEAD + item('1', `<![CDATA[${'<b>x</b>'.repeat(10_000)}]]>`) + FEED_TAIL,
    expected: /feed\.xml:\d+ \(episode 1\): the description has more than 10,000 HTML tags/,
  },
  {
    name: 'elements nested 100,000 deep',
    via: 'cli',
    file: 'feed.xml',
    content: () =>
      FEED_HEAD + item('1', 'x') + '<x>'.repeat(100_000) + '</x>'.repeat(100_000) + FEED_TAIL,
    expected: /feed\.xml: cannot read the XML/,
  },
  {
    name: 'a billion-laughs entity',
    via: 'in-process',
    file: 'feed.xml',
    content: () =>
      FEED_HEAD.replace('<rss', `<!DOCTYPE rss [<!ENTITY lol "lol">${LAUGHS}]>\n<rss`) +
      item('1', '&lol8;') +
      FEED_TAIL,
    expected: /feed\.xml:\d+:\d+: malformed XML: undefined entity &lol8;/,
  },
  {
    name: 'an external entity (XXE) reading /etc/passwd',
    via: 'in-process',
    file: 'feed.xml',
    content: () =>
      FEED_HEAD.replace(
        '<rss',
        '<!DOCTYPE rss [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>\n<rss',
      ) +
      item('1', '&xxe;') +
      FEED_TAIL,
    expected: /feed\.xml:\d+:\d+: malformed XML: undefined entity &xxe;/,
  },
  {
    name: 'a 50 MB word in a Whisper transcript',
    via: 'cli',
    file: 'transcripts/1.json',
    content: () =>
      JSON.stringify({
        segments: [
          {
            start: 0,
            end: 1,
            text: 'x',
            words: [{ word: ` ${'x'.repeat(50 * 1024 * 1024)}`, start: 0, end: 1 }],
          },
        ],
      }),
    expected: /1\.json: segment 1, word "x{20}…": is 52,428,800 characters long/,
  },
  {
    name: 'a transcript nested 200,000 arrays deep',
    via: 'cli',
    file: 'transcripts/1.json',
    content: () => `{"segments":${'['.repeat(200_000)}${']'.repeat(200_000)}}`,
    expected: /1\.json: (not valid JSON|not valid Whisper JSON)/,
  },
  {
    name: 'presenters with a 1e400 id',
    via: 'in-process',
    file: 'presenters.json',
    content: () => '[{"id": 1e400, "firstName": "Overflow"}]',
    expected: /presenters\.json: entry 1: id: /,
  },
];

describe('hostile inputs', () => {
  for (const hostile of HOSTILE_CASES.filter((entry) => entry.via === 'in-process')) {
    test(`${hostile.name}: a clear error naming the file at once, and no publish`, async () => {
      const folder = await podcastWith(hostile.file, hostile.content());
      const started = performance.now();
      await expect(buildPodcast({ folder, outDir })).rejects.toThrow(hostile.expected);
      expect(performance.now() - started).toBeLessThan(IN_PROCESS_LIMIT_MS);
      expect(await snapshotOutput(outDir)).toEqual(published);
      await rm(folder, { recursive: true, force: true });
    });
  }

  for (const hostile of HOSTILE_CASES.filter((entry) => entry.via === 'cli')) {
    test(`${hostile.name}, through the real CLI: a clear error naming the file, within ${CLI_LIMIT_MS / 1000} s and a ${CLI_HEAP_MB} MB heap, and no publish`, async () => {
      const folder = await podcastWith(hostile.file, hostile.content());
      const run = await runTrawl(['build', folder, '--out', outDir], {
        timeoutMs: 60_000,
        maxOldSpaceMb: CLI_HEAP_MB,
      });
      expect(run.timedOut).toBe(false);
      expect(run.stderr).toMatch(/^trawl build failed: /);
      expect(run.stderr).toContain(basename(hostile.file));
      expect(run.stderr).toMatch(hostile.expected);
      expect(run.stderr).not.toMatch(/\n\s+at /);
      expect(run.code).toBe(1);
      expect(run.ms).toBeLessThan(CLI_LIMIT_MS);
      expect(await snapshotOutput(outDir)).toEqual(published);
      await rm(folder, { recursive: true, force: true });
    });
  }
});
