import { execFile } from 'node:child_process';
import { mkdir, readFile, stat, symlink, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { REPO_ROOT, SITE_DIR } from '../scripts/demo-site.ts';
import {
  generatedFeed,
  generatedVtt,
  startFeedOrigin,
  type FeedOrigin,
  type GeneratedItem,
} from '../src/builder/test-support/feed-origin.ts';
import { workFolder } from './harness.ts';

// docs/deploy.md's weekly rebuild, run as written: every `run:` step of its GitHub Actions
// workflow, in a Git repository of the test's own with a bare one as its remote, for two weeks
// of a show on a local stand-in for its host; then the cron line's command. `npx trawl` is the
// repository's CLI; `npm ci` and `npm run build:site` are the steps this test run has done.

const run = promisify(execFile);
const DOC = resolve(REPO_ROOT, 'docs/deploy.md');
const HEADING = '## 10. A weekly rebuild';
const TRAWL = `${process.execPath} ${join(REPO_ROOT, 'bin/trawl.js')}`;
const DONE_BY_THE_TEST_RUN = ['npm ci', 'npm run build:site'];

let origin: FeedOrigin;

beforeAll(async () => {
  origin = await startFeedOrigin();
});

afterAll(async () => {
  await origin.close();
});

/** The section's text. */
async function section(): Promise<string> {
  const markdown = await readFile(DOC, 'utf8');
  const start = markdown.indexOf(HEADING);
  if (start < 0) throw new Error(`docs/deploy.md has no '${HEADING}'`);
  const rest = markdown.slice(start + HEADING.length);
  const end = rest.search(/^## /m);
  return end < 0 ? rest : rest.slice(0, end);
}

/** The workflow's `run:` steps, in order: one-liners and `run: |` blocks. */
function runSteps(yaml: string): string[] {
  const lines = yaml.split('\n');
  const steps: string[] = [];
  lines.forEach((line, at) => {
    const found = /^(\s*)(?:- )?run: (.*)$/.exec(line);
    if (!found) return;
    const [, indent = '', value = ''] = found;
    if (value !== '|') {
      steps.push(value.trim());
      return;
    }
    const block: string[] = [];
    for (const next of lines.slice(at + 1)) {
      if (next.trim() !== '' && next.search(/\S/) <= indent.length) break;
      block.push(next.trim());
    }
    steps.push(block.filter((text) => text !== '').join('\n'));
  });
  return steps;
}

// No number in the titles: the build gives them, and the workflow commits them.
const week = (n: number): GeneratedItem => ({
  title: `Otters, week ${n}`,
  guid: `otters-${n}`,
  day: n * 7,
  transcripts: [{ url: `${origin.origin}/t/${n}.vtt`, type: 'text/vtt' }],
});

function serveWeeks(count: number): void {
  const items = Array.from({ length: count }, (_, index) => week(index + 1));
  origin.files.set('/feed.xml', {
    body: generatedFeed({ title: 'Otter Weekly', language: 'en', items }),
    type: 'application/rss+xml',
  });
  for (let n = 1; n <= count; n += 1) {
    origin.files.set(`/t/${n}.vtt`, {
      body: generatedVtt(`otters hold hands while they sleep week ${n}`.split(' ')),
      type: 'text/vtt',
    });
  }
}

async function git(cwd: string, ...args: string[]): Promise<string> {
  return (await run('git', args, { cwd })).stdout;
}

/** Runs one documented step as a shell would, with `npx trawl` as the repository's CLI. */
async function runStep(step: string, cwd: string): Promise<string> {
  const { stdout } = await run('bash', ['-e', '-c', step.replaceAll('npx trawl', TRAWL)], {
    cwd,
    maxBuffer: 16 * 1024 * 1024,
  });
  return stdout;
}

describe("docs/deploy.md's weekly rebuild", { timeout: 300_000 }, () => {
  test('every run: step of the workflow, two weeks running, keeps the site and the numbers', async () => {
    const text = await section();
    const yaml = /```yaml\n([\s\S]*?)```/.exec(text)?.[1] ?? '';
    const steps = runSteps(yaml);
    expect(steps.slice(0, 2)).toEqual(DONE_BY_THE_TEST_RUN);
    expect((await stat(join(SITE_DIR, 'index.html'))).isFile()).toBe(true);

    const work = await workFolder('weekly');
    const repo = join(work, 'repo');
    const remote = join(work, 'remote.git');
    await mkdir(join(repo, 'my-show'), { recursive: true });
    await git(work, 'init', '--quiet', '--bare', remote);
    await git(repo, 'init', '--quiet', '-b', 'main');
    await writeFile(
      join(repo, 'my-show', 'trawl.config.json'),
      JSON.stringify({ feedUrl: `${origin.origin}/feed.xml` }),
    );
    await writeFile(join(repo, '.gitignore'), 'dist\nbuild\nmy-show/.trawl-cache\n');
    // The checkout's built site, where the workflow's `npm run build:site` puts it.
    await symlink(resolve(SITE_DIR, '..'), join(repo, 'dist'));
    await git(repo, 'add', '.');
    await git(
      repo,
      '-c',
      'user.name=t',
      '-c',
      'user.email=t@t',
      'commit',
      '--quiet',
      '-m',
      'my show',
    );
    await git(repo, 'remote', 'add', 'origin', remote);
    await git(repo, 'push', '--quiet', '-u', 'origin', 'main');

    for (const weeks of [3, 4]) {
      serveWeeks(weeks);
      origin.clearCounts();
      for (const step of steps.slice(2)) await runStep(step, repo);
      expect((await stat(join(repo, 'build/bundle/public/index.html'))).isFile()).toBe(true);
      const latest: unknown = JSON.parse(
        await readFile(join(repo, 'build/bundle/public/db/latest.json'), 'utf8'),
      );
      expect(latest).toMatchObject({ latest: expect.stringMatching(/^v1-/) as unknown });
      const committed = await git(remote, 'show', 'main:my-show/episode-numbers.json');
      const numbers = Object.fromEntries(
        Array.from({ length: weeks }, (_, index) => [`otters-${index + 1}`, String(index + 1)]),
      );
      expect(JSON.parse(committed)).toMatchObject({ numbers });
    }
    // The second week downloaded the feed and the new week's transcript, nothing else.
    expect(origin.fullPaths()).toEqual(['/feed.xml', '/t/4.vtt']);
    const log = await git(remote, 'log', '--format=%s', 'main');
    expect(log.split('\n').filter((line) => line !== '')).toEqual([
      'Episode numbers given by the weekly rebuild',
      'Episode numbers given by the weekly rebuild',
      'my show',
    ]);
  });

  test("the cron line's command builds and bundles", async () => {
    const text = await section();
    const line = /^(\S+ \S+ \S+ \S+ \S+) (\(cd .*)$/m.exec(text);
    expect(line?.[1]).toBe('0 6 * * 1');
    serveWeeks(2);
    const work = await workFolder('cron');
    const show = join(work, 'my-show');
    await mkdir(show, { recursive: true });
    await writeFile(
      join(show, 'trawl.config.json'),
      JSON.stringify({ feedUrl: `${origin.origin}/feed.xml` }),
    );
    const command = (line?.[2] ?? '')
      .replace('cd ~/trawl', `cd ${REPO_ROOT}`)
      .replaceAll('~/my-show', show)
      .replace('/srv/trawl/bundle', join(work, 'bundle'))
      .replace('~/trawl-weekly.log', join(work, 'weekly.log'))
      .replace('--site dist/site', `--site ${SITE_DIR}`);
    expect(command).not.toContain('~');
    await runStep(command, work);
    const log = await readFile(join(work, 'weekly.log'), 'utf8');
    expect(log).toMatch(/^Built "Otter Weekly" version v1-/m);
    expect(log).toMatch(/^Reading the inputs and the feed: \d+\.\d s$/m);
    expect((await stat(join(work, 'bundle/public/index.html'))).isFile()).toBe(true);
  });
});
