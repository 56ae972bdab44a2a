import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const REPO_ROOT = resolve(import.meta.dirname, '../..');
const TRAWL = join(REPO_ROOT, 'bin/trawl.js');
const PODCAST = resolve(import.meta.dirname, '../podcast');

/** The demo podcast served as a user serves their own: `trawl build`, then `trawl serve`. */
export interface DemoServer {
  url: string;
  close: () => Promise<void>;
}

/**
 * Builds the demo podcast with the trawl CLI into a temporary folder and serves it with
 * `trawl serve` (the built site from `npm run build:site`, the demo's media folder) on a free
 * port. The demo is an input like any podcast folder, so it never imports the builder.
 */
export async function serveDemoWithCli(): Promise<DemoServer> {
  const siteDir = join(REPO_ROOT, 'dist/site');
  if (!existsSync(join(siteDir, 'index.html')))
    throw new Error(`${siteDir} has no index.html: run \`npm run build:site\` first`);
  const work = await mkdtemp(join(tmpdir(), 'trawl-demo-'));
  const db = join(work, 'db');
  const build = spawnSync(process.execPath, [TRAWL, 'build', PODCAST, '--out', db, '--no-pages'], {
    encoding: 'utf8',
  });
  if (build.status !== 0) {
    await rm(work, { recursive: true, force: true });
    throw new Error(`trawl build failed:\n${build.stderr}`);
  }
  const child = spawn(
    process.execPath,
    [
      TRAWL,
      'serve',
      '--db',
      db,
      '--site',
      siteDir,
      '--media',
      join(PODCAST, 'media'),
      '--port',
      '0',
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const stop = async (): Promise<void> => {
    if (child.exitCode === null) {
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      await exited;
    }
    await rm(work, { recursive: true, force: true });
  };
  try {
    return { url: await servedUrl(child), close: stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The address `trawl serve` prints once it listens ("Serving <title> at http://…"). */
function servedUrl(child: ChildProcess): Promise<string> {
  return new Promise((done, fail) => {
    let printed = '';
    const timer = setTimeout(
      () => fail(new Error('trawl serve printed no address in 30 s')),
      30_000,
    );
    child.stdout?.setEncoding('utf8');
    child.stdout?.on('data', (text: string) => {
      printed += text;
      const match = / at (http:\/\/\S+)/.exec(printed);
      if (match?.[1]) {
        clearTimeout(timer);
        done(match[1]);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      fail(new Error(`trawl serve exited (${String(code)}) before it listened`));
    });
  });
}
