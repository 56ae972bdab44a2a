import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  generatedChapters,
  generatedFeed,
  generatedVtt,
  startFeedOrigin,
  type FeedOrigin,
} from '../test-support/feed-origin.ts';
import { runCli, type CliResult } from '../test-support/run-cli.ts';

// The CLI with a feed URL, as a podcaster or a CI job runs it: output piped, so a line per step.

let root: string;
let origin: FeedOrigin;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'trawl-feed-cli-'));
  origin = await startFeedOrigin();
  const o = origin.origin;
  origin.files.set('/show/feed.xml', {
    body: generatedFeed({
      title: 'Piped Show',
      language: 'en',
      items: [1, 2, 3].map((week) => ({
        title: `Fact ${week}`,
        guid: `piped-${week}`,
        day: week,
        number: String(week),
        transcripts: [{ url: `${o}/show/${week}.vtt`, type: 'text/vtt' }],
        chapters: `${o}/show/${week}.json`,
      })),
    }),
    type: 'application/rss+xml',
  });
  for (const week of [1, 2, 3]) {
    origin.files.set(`/show/${week}.vtt`, {
      body: generatedVtt(`fact number ${week} is about otters`.split(' ')),
      type: 'text/vtt',
    });
    origin.files.set(`/show/${week}.json`, {
      body: generatedChapters([`Part ${week}`]),
      type: 'application/json',
    });
  }
  origin.handlers.set('/slow.xml', (_request, response) => {
    response.writeHead(200, { 'content-type': 'application/rss+xml' });
    response.write('<rss>');
  });
});

afterAll(async () => {
  await origin.close();
  await rm(root, { recursive: true, force: true });
});

/** Runs the CLI in the test's folder. */
function trawl(...args: string[]): Promise<CliResult> {
  return runCli(args, root);
}

describe('trawl build --feed <URL>, piped', () => {
  // Three builds from the CLI, a few seconds quiet: past the 30 s default at a load average of 15.
  it(
    'prints a line per step with its time, then where the feed and its links came from',
    {
      timeout: 90_000,
    },
    async () => {
      const feed = `${origin.origin}/show/feed.xml`;
      const build = (...more: string[]): Promise<CliResult> =>
        trawl('build', '--feed', feed, '--out', join(root, 'db'), '--no-pages', ...more);
      const { code, stdout } = await build();
      expect(code).toBe(0);
      const lines = stdout.split('\n');
      const steps = lines
        .filter((line) => /: \d+\.\d s$/.test(line))
        .map((line) => line.replace(/\d+\.\d s$/, 'N s'));
      expect(steps).toEqual([
        'Reading the inputs and the feed: N s',
        'Downloading what the feed links (6): N s',
        'Writing episodes (3): N s',
        'Optimising the search index: N s',
        'Cutting the ready-made snippets: N s',
        'Compacting the database: N s',
        'Publishing: N s',
      ]);
      expect(lines).toContain(`  feed: ${feed}, downloaded`);
      expect(lines).toContain('  transcripts: 3 from the feed, 0 from files, 0 failed');
      expect(lines).toContain('  chapters: 3 from the feed, 0 from files, 0 failed');
      expect(lines).toContain('  downloads of linked files: 6 new, 0 unchanged, 0 failed');

      const again = await build();
      expect(again.stdout).toContain(
        `  feed: ${feed}, unchanged since the last build (not downloaded again) of `,
      );
      expect(again.stdout).toContain('  downloads of linked files: 0 new, 6 unchanged, 0 failed');
      const offline = await build('--offline');
      expect(offline.stdout).toContain(`  feed: ${feed}, the cached copy (--offline) of `);
    },
  );

  it('names the URL and the limit when a feed cannot be had', async () => {
    const slow = await trawl(
      'build',
      '--feed',
      `${origin.origin}/slow.xml`,
      '--out',
      join(root, 'slow'),
      '--timeout',
      '0.5',
    );
    expect(slow.code).toBe(1);
    expect(slow.stderr).toContain(
      `trawl build failed: ${origin.origin}/slow.xml: cannot download the feed (no complete answer within 0.5 s (the host is slow or stalled))`,
    );
    const scheme = await trawl(
      'build',
      '--feed',
      'ftp://feeds.example.org/show.xml',
      '--out',
      join(root, 'ftp'),
    );
    expect(scheme.stderr).toContain(
      'trawl build failed: ftp://feeds.example.org/show.xml: only http:// and https:// feed URLs are downloaded, not ftp: (give a file path for a file)',
    );
    const timeout = await trawl(
      'build',
      '--feed',
      `${origin.origin}/show/feed.xml`,
      '--out',
      join(root, 'x'),
      '--timeout',
      'soon',
    );
    expect(timeout.stderr).toContain('--timeout must be a number of seconds');
  });
});

describe('trawl init --feed <URL>', () => {
  it('writes the URL into trawl.config.json and the next command builds from it', async () => {
    const dir = join(root, 'my-show');
    const init = await trawl('init', dir, '--feed', `${origin.origin}/show/feed.xml`);
    expect(init.code).toBe(0);
    expect(init.stdout).not.toContain('feed.xml\n  trawl.config.json');
    const config: unknown = JSON.parse(await readFile(join(dir, 'trawl.config.json'), 'utf8'));
    expect(config).toMatchObject({
      feedUrl: `${origin.origin}/show/feed.xml`,
      site: { title: 'Piped Show' },
    });
    const next = /^ {2}(npx trawl build .*)$/m.exec(init.stdout)?.[1];
    // Paths as the podcaster typed them: relative to where trawl ran.
    expect(next).toBe('npx trawl build my-show --out my-show/db');
    const built = await trawl('build', dir, '--out', join(dir, 'db'), '--no-pages');
    expect(built.code).toBe(0);
    expect(built.stdout).toContain('3 episodes (3 with transcripts');
    expect(built.stdout).toMatch(/ {2}feed: .*\/show\/feed\.xml, unchanged since the last build/);
  });
});
