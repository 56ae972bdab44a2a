import { execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { CLI_BUNDLE_VARIABLE } from '../scripts/cli-bundle.ts';
import { REPO_ROOT } from '../scripts/demo-site.ts';
import { startFeedOrigin, type FeedOrigin } from '../src/builder/test-support/feed-origin.ts';
import { serveRealFeed } from './feed-host.ts';
import { workFolder } from './harness.ts';

/**
 * The README's commands run the CLI as a user's checkout does, from its TypeScript sources
 * (tsx), not from the bundle the rest of the run starts (scripts/cli-bundle.ts).
 */
const USER_ENV = Object.fromEntries(
  Object.entries(process.env).filter(([name]) => name !== CLI_BUNDLE_VARIABLE),
);

// docs/podcast-inputs.md promises 'From your feed to a live site in five minutes'. This test
// reads that section's commands out of the doc and runs every one, in order, on a fresh
// folder, as a podcaster would: from the repository, with only a feed URL. A local origin
// stands in for the show's host and serves the feed and what it links.

const run = promisify(execFile);
const DOC = resolve(REPO_ROOT, 'docs/podcast-inputs.md');
const HEADING = '## From your feed to a live site in five minutes';
const DOCUMENTED_FEED = 'https://example.com/feed.xml';
const REAL_FEED = resolve(REPO_ROOT, '../shared/realdata/pc20-feeds/themnshow.xml');
/** Any feed will do: a real one when ../shared is there, the builder's fixture otherwise. */
const FEED = existsSync(REAL_FEED)
  ? REAL_FEED
  : resolve(REPO_ROOT, 'src/builder/fixtures/podcast/feed.xml');

let origin: FeedOrigin;

beforeAll(async () => {
  origin = await startFeedOrigin();
  await serveRealFeed(origin, '/feed.xml', await readFile(FEED, 'utf8'));
});

afterAll(async () => {
  await origin.close();
});

/** The shell commands of the section, one a line, in order. */
function walkthroughCommands(markdown: string): string[] {
  const start = markdown.indexOf(HEADING);
  if (start < 0) throw new Error(`docs/podcast-inputs.md has no '${HEADING}'`);
  const rest = markdown.slice(start + HEADING.length);
  const end = rest.search(/^## /m);
  const section = end < 0 ? rest : rest.slice(0, end);
  const blocks = [...section.matchAll(/```sh\n([\s\S]*?)```/g)].map((match) => match[1] ?? '');
  return blocks
    .flatMap((block) => block.split('\n'))
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
}

/**
 * A documented command as this test runs it: `npx trawl` is the repository's CLI, the folder
 * and feed are the test's, and the preview port is any free one. Nothing else changes.
 */
function argumentsOf(command: string, folder: string): string[] {
  if (!command.startsWith('npx trawl ')) throw new Error(`not a trawl command: ${command}`);
  return command
    .slice('npx trawl '.length)
    .split(/\s+/)
    .map((word) =>
      word
        .replace(DOCUMENTED_FEED, `${origin.origin}/feed.xml`)
        .replace(/^~\/my-show/, folder)
        .replace(/^8080$/, '0'),
    );
}

/** Runs `trawl serve`, checks the site and its database answer, and stops it. */
async function checkServe(args: string[]): Promise<void> {
  const child = spawn(process.execPath, ['bin/trawl.js', ...args], {
    cwd: REPO_ROOT,
    env: USER_ENV,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  try {
    let output = '';
    const url = await new Promise<string>((done, fail) => {
      const read = (chunk: Buffer): void => {
        output += chunk.toString();
        const found = /Serving .* at (http:\/\/\S+)/.exec(output);
        if (found?.[1]) done(found[1]);
      };
      child.stdout.on('data', read);
      child.stderr.on('data', read);
      child.once('exit', () => fail(new Error(`trawl serve stopped: ${output}`)));
    });
    const page = await fetch(url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    const latest = await fetch(`${url}/db/latest.json`);
    expect(latest.status).toBe(200);
  } finally {
    child.kill('SIGTERM');
  }
}

// Four real commands, the build downloading 108 transcripts and chapters: minutes when busy.
test('every command of the five-minute walk-through works on a fresh folder', async () => {
  const commands = walkthroughCommands(await readFile(DOC, 'utf8'));
  expect(commands.map((command) => command.split(' ').slice(0, 3).join(' '))).toEqual([
    'npx trawl init',
    'npx trawl build',
    'npx trawl serve',
    'npx trawl bundle',
  ]);
  const folder = join(await workFolder('walkthrough'), 'my-show');
  for (const command of commands) {
    const args = argumentsOf(command, folder);
    if (args[0] === 'serve') {
      await checkServe(args);
      continue;
    }
    const { stdout } = await run(process.execPath, ['bin/trawl.js', ...args], {
      cwd: REPO_ROOT,
      env: USER_ENV,
      maxBuffer: 16 * 1024 * 1024,
    });
    if (args[0] === 'init') expect(stdout).toContain('trawl build');
    // The feed's transcripts and chapters come from its links.
    if (args[0] === 'build' && FEED === REAL_FEED) {
      expect(stdout).toContain('  transcripts: 54 from the feed, 0 from files, 0 failed');
      expect(stdout).toContain('  chapters: 54 from the feed, 0 from files, 0 failed');
    }
  }
  expect(JSON.parse(await readFile(join(folder, 'trawl.config.json'), 'utf8'))).toMatchObject({
    feedUrl: `${origin.origin}/feed.xml`,
  });
  expect((await stat(join(folder, 'trawl.config.json'))).isFile()).toBe(true);
  expect((await stat(join(folder, 'transcripts'))).isDirectory()).toBe(true);
  expect((await stat(join(folder, 'db/latest.json'))).isFile()).toBe(true);
  const bundled = await readFile(join(folder, 'deploy/public/index.html'), 'utf8');
  expect(bundled).toContain('Content-Security-Policy');
  // The feed's artwork and audio live on its host: the bundle's policy names that origin.
  if (FEED === REAL_FEED) expect(bundled).toContain(origin.origin);
  expect((await stat(join(folder, 'deploy/public/db/latest.json'))).isFile()).toBe(true);
}, 300_000);
