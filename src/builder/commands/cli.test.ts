import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chunkName } from '../../core/chunk-layout.ts';
import { latestSchema } from '../../core/site-config.ts';
import { FIXTURE_PODCAST_DIR } from '../test-support/fixture-podcast.ts';
import { runCli, TRAWL_BIN as TRAWL, type CliResult } from '../test-support/run-cli.ts';

let root: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'trawl-cli-test-'));
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

/** Runs the CLI in the test's folder. */
function trawl(...args: string[]): Promise<CliResult> {
  return runCli(args, root);
}

describe('trawl build', () => {
  it('builds a podcast folder and prints a summary with the warnings counted', async () => {
    const out = join(root, 'out');
    const { code, stdout } = await trawl(
      'build',
      FIXTURE_PODCAST_DIR,
      '--out',
      out,
      '--keep',
      '2',
      '--no-pages',
    );
    expect(code).toBe(0);
    expect(stdout).toMatch(/^Built "Fixture Facts" version v1-[0-9a-f]{12} in \d+\.\d s$/m);
    expect(stdout).toContain('7 episodes (6 with transcripts, 55 words), 4 presenters, 3 venues');
    expect(stdout).toContain('2 words had no timing; interpolated from their neighbours');
    const latest = JSON.parse(await readFile(join(out, 'latest.json'), 'utf8')) as {
      latest: string;
      config: { version: string; site: { title: string } };
    };
    expect(latest.latest).toMatch(/^v1-[0-9a-f]{12}$/);
    expect(latest.config.version).toBe(latest.latest);
    expect(latest.config.site.title).toBe('Fixture Facts');
  });

  it('fails on bad input with the file and line, and no stack trace', async () => {
    const feed = join(root, 'bad.xml');
    await writeFile(
      feed,
      '<rss version="2.0"><channel>\n<title>x &nbsp; y</title>\n</channel></rss>',
    );
    const { code, stderr } = await trawl('build', '--feed', feed, '--out', join(root, 'bad-out'));
    expect(code).toBe(1);
    expect(stderr.trim()).toBe(
      `trawl build failed: bad.xml:2:10: malformed XML: undefined entity &nbsp; (only &amp; &lt; &gt; &quot; &apos; and &#…; are allowed outside CDATA)`,
    );
    expect(stderr).not.toMatch(/\n\s+at /);
  });

  it('rejects a bad --chunk-size', async () => {
    const { code, stderr } = await trawl(
      'build',
      FIXTURE_PODCAST_DIR,
      '--out',
      join(root, 'x'),
      '--chunk-size',
      '1000',
    );
    expect(code).toBe(1);
    expect(stderr).toContain('--chunk-size: must be a multiple of the 16384-byte page size');
  });
});

describe('trawl serve', () => {
  it('serves the site, the database and the media on one origin', async () => {
    // Built by the first test.
    const out = join(root, 'out');
    const site = join(root, 'site');
    const media = join(root, 'media');
    await mkdir(join(media, 'audio'), { recursive: true });
    await mkdir(site, { recursive: true });
    await writeFile(join(site, 'index.html'), '<!doctype html><title>Trawl</title>');
    await writeFile(join(media, 'audio', '1.mp3'), 'ID3');
    const child = spawn(
      process.execPath,
      [TRAWL, 'serve', '--db', out, '--site', site, '--media', media, '--port', '0'],
      { cwd: root },
    );
    try {
      const url = await new Promise<string>((done, fail) => {
        let output = '';
        child.stdout.on('data', (chunk: Buffer) => {
          output += chunk.toString();
          const match = /Serving Fixture Facts at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
          if (match?.[1]) done(match[1]);
        });
        child.once('exit', (code) =>
          fail(new Error(`trawl serve exited with ${String(code)}: ${output}`)),
        );
      });
      const latest = await fetch(`${url}/db/latest.json`);
      expect(latest.status).toBe(200);
      const { latest: version, config } = latestSchema.parse(await latest.json());
      if (config === undefined) throw new Error('latest.json carries no config');
      const range = await fetch(new URL(chunkName(config, 0), `${url}/db/${version}/`), {
        headers: { Range: 'bytes=0-15' },
      });
      expect(range.status).toBe(206);
      expect(await range.text()).toBe('SQLite format 3\0');
      expect(await (await fetch(`${url}/episodes/14.5`)).text()).toContain('<title>Trawl</title>');
      expect(await (await fetch(`${url}/audio/1.mp3`)).text()).toBe('ID3');
    } finally {
      child.kill('SIGTERM');
    }
  });

  it('says when the database folder has not been built', async () => {
    const { code, stderr } = await trawl('serve', '--db', join(root, 'nothing'), '--port', '0');
    expect(code).toBe(1);
    expect(stderr).toMatch(
      /trawl serve failed: .*nothing\/latest\.json: missing or invalid: build a database first/,
    );
  });
});

describe('unknown flags', () => {
  it('fail with exit 2, name the nearest flag, and build nothing', async () => {
    const out = join(root, 'never-built');
    const build = await trawl('build', FIXTURE_PODCAST_DIR, '--out', out, '--chunksize', '9');
    expect(build.code).toBe(2);
    expect(build.stderr).toContain(
      'trawl build: unknown flag --chunksize (did you mean --chunk-size?)',
    );
    expect(existsSync(out)).toBe(false);
    const serve = await trawl('serve', '--db', out, '--media-bse', 'x');
    expect(serve.code).toBe(2);
    expect(serve.stderr).toContain('trawl serve: unknown flag --media-bse (did you mean --media?)');
  });
});
