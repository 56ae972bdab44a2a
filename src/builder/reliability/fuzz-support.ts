/**
 * Shared by the reliability tests: the real CLI run as a child process with limits, snapshots
 * of an output folder, and a check that a published version is complete and readable.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { chunkCount } from '../../core/chunk-layout.ts';
import { joinChunks, readPublished } from '../publish/chunk-files.ts';

import { REPO_ROOT, TRAWL_BIN } from '../test-support/run-cli.ts';

export const DEMO_PODCAST = join(REPO_ROOT, 'demo/podcast');

/** Real-world samples beside the repository; tests that read them skip when it is absent. */
export const REALDATA_DIR = resolve(REPO_ROOT, '../shared/realdata');
export const HAS_REALDATA = existsSync(join(REALDATA_DIR, 'README.md'));

/** A fresh temporary folder. */
export function makeTempDir(label: string): Promise<string> {
  return mkdtemp(join(tmpdir(), `trawl-${label}-`));
}

/** What an output folder holds: the bytes of latest.json and every top-level entry. */
export interface OutputSnapshot {
  latest: string | undefined;
  entries: string[];
}

/** Reads what an output folder holds, to compare before and after a failed build. */
export async function snapshotOutput(outDir: string): Promise<OutputSnapshot> {
  const latest = await readFile(join(outDir, 'latest.json'), 'utf8').catch(() => undefined);
  const entries = existsSync(outDir) ? (await readdir(outDir)).sort() : [];
  return { latest, entries };
}

/** A version as a reader would get it, checked byte for byte. */
export interface VerifiedVersion {
  version: string;
  chunks: number;
  episodes: number;
}

/**
 * Checks that latest.json is valid and names a complete version (config valid, every chunk
 * present with the size config.json expects), then reassembles the chunks and runs SQLite's
 * integrity check on the result.
 */
export async function verifyPublished(outDir: string): Promise<VerifiedVersion> {
  const { version, versionDir, config } = await readPublished(outDir);
  if (config.version !== version)
    throw new Error(`${versionDir}: config.json says ${config.version}`);
  const scratch = await makeTempDir('verify');
  const file = join(scratch, 'db.sqlite3');
  try {
    await joinChunks(versionDir, file);
    const db = new Database(file, { readonly: true });
    try {
      const check = db.pragma('integrity_check', { simple: true });
      if (check !== 'ok') throw new Error(`${versionDir}: integrity check says ${String(check)}`);
      const row: unknown = db.prepare('SELECT count(*) AS n FROM episodes').get();
      const episodes = isCountRow(row) ? row.n : -1;
      return { version, chunks: chunkCount(config), episodes };
    } finally {
      db.close();
    }
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

function isCountRow(row: unknown): row is { n: number } {
  return typeof row === 'object' && row !== null && 'n' in row && typeof row.n === 'number';
}

/** How one run of the CLI ended. */
export interface CliRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  ms: number;
  /**
   * CPU time the CLI used (user + system, ms), or null when it was killed before it could
   * say: unlike `ms`, it does not grow when other work loads the machine.
   */
  cpuMs: number | null;
  /** True when the run was stopped by `timeoutMs` (a hang), not by `killWhen`. */
  timedOut: boolean;
}

export interface CliOptions {
  /** SIGKILL after this long and report a hang. */
  timeoutMs: number;
  /** V8 heap limit of the child, so a runaway input fails instead of eating the machine. */
  maxOldSpaceMb?: number;
  /** Polled every few milliseconds; SIGKILL as soon as it returns true. */
  killWhen?: (elapsedMs: number) => boolean;
}

/**
 * Preloaded into the CLI's process: at exit it writes its CPU time (user + system, µs) to
 * the file TRAWL_CPU_FILE names.
 */
const REPORT_CPU = `data:text/javascript,${encodeURIComponent(
  "import { writeFileSync } from 'node:fs'; process.on('exit', () => { const { user, system } = process.cpuUsage(); writeFileSync(process.env.TRAWL_CPU_FILE, String(user + system)); });",
)}`;

/** Runs `node bin/trawl.js …args` and reports how it ended. */
export async function runTrawl(args: readonly string[], options: CliOptions): Promise<CliRun> {
  const nodeArgs = options.maxOldSpaceMb ? [`--max-old-space-size=${options.maxOldSpaceMb}`] : [];
  const scratch = await makeTempDir('cpu');
  const cpuFile = join(scratch, 'cpu');
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', REPORT_CPU, ...nodeArgs, TRAWL_BIN, ...args], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, TRAWL_CPU_FILE: cpuFile },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (text: string) => (stdout += text));
  child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    child.kill('SIGKILL');
  }, options.timeoutMs);
  const { killWhen } = options;
  const poll =
    killWhen &&
    setInterval(() => {
      if (child.exitCode === null && killWhen(performance.now() - started)) child.kill('SIGKILL');
    }, 2);
  const ended = await new Promise<Omit<CliRun, 'cpuMs'>>((done, fail) => {
    child.on('error', fail);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (poll) clearInterval(poll);
      done({ code, signal, stdout, stderr, ms: performance.now() - started, timedOut });
    });
  });
  const cpuText = await readFile(cpuFile, 'utf8').catch(() => '');
  await rm(scratch, { recursive: true, force: true });
  return { ...ended, cpuMs: /^\d+$/.test(cpuText) ? Number(cpuText) / 1000 : null };
}
