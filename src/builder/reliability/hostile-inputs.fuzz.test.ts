/**
 * Hand-made hostile inputs for the importers; the ones that could eat memory run through the
 * real CLI in a child process with a small heap. Each must end in a clear error naming the file,
 * in bounded time and memory, and leave the published output exactly as it was.
 */
import { rm } from 'node:fs/promises';
import { basename } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildPodcast } from '../build.ts';
import { IN_PROCESS_LIMIT_MS, openBuildSandbox, type BuildSandbox } from './build-sandbox.ts';
import { runTrawl } from './fuzz-support.ts';

/** Longest one CLI run may take (about a second of it is starting Node and tsx). */
const CLI_LIMIT_MS = 10_000;
/** Heap given to the CLI for the hostile inputs: they must fail well inside it. */
const CLI_HEAP_MB = 256;

let sandbox: BuildSandbox;

beforeAll(async () => {
  sandbox = await openBuildSandbox('fuzz-hostile');
});

afterAll(async () => {
  await sandbox.close();
});

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
      const folder = await sandbox.podcastWith(hostile.file, hostile.content());
      const started = performance.now();
      await expect(buildPodcast({ folder, outDir: sandbox.outDir })).rejects.toThrow(
        hostile.expected,
      );
      expect(performance.now() - started).toBeLessThan(IN_PROCESS_LIMIT_MS);
      await sandbox.expectOutputUnchanged();
      await rm(folder, { recursive: true, force: true });
    });
  }

  for (const hostile of HOSTILE_CASES.filter((entry) => entry.via === 'cli')) {
    test(`${hostile.name}, through the real CLI: a clear error naming the file, within ${CLI_LIMIT_MS / 1000} s of CPU and a ${CLI_HEAP_MB} MB heap, and no publish`, async () => {
      const folder = await sandbox.podcastWith(hostile.file, hostile.content());
      const run = await runTrawl(['build', folder, '--out', sandbox.outDir], {
        timeoutMs: 60_000,
        maxOldSpaceMb: CLI_HEAP_MB,
      });
      expect(run.timedOut).toBe(false);
      expect(run.stderr).toMatch(/^trawl build failed: /);
      expect(run.stderr).toContain(basename(hostile.file));
      expect(run.stderr).toMatch(hostile.expected);
      expect(run.stderr).not.toMatch(/\n\s+at /);
      expect(run.code).toBe(1);
      // CPU time, not wall time: a loaded machine must not fail a run that did little work.
      expect(run.cpuMs).not.toBeNull();
      expect(run.cpuMs ?? Infinity).toBeLessThan(CLI_LIMIT_MS);
      await sandbox.expectOutputUnchanged();
      await rm(folder, { recursive: true, force: true });
    });
  }
});
