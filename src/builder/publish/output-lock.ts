import { randomBytes } from 'node:crypto';
import { link, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * The lock of an output folder's publish step. Two builds into one folder each rename their
 * version into place, replace latest.json and prune; interleaved, one can prune the version
 * the other's latest.json is about to name (issue 18, defect 5). So that step runs under a
 * lock file that holds the pid of its build: a second build waits for it, and a lock whose
 * build is no longer running (killed mid-publish) is taken over.
 */

/** The lock file inside the output folder. */
export const LOCK_FILE = '.trawl-publish.lock';

/** How long a build waits for another build's publish step by default. */
const DEFAULT_WAIT_MS = 60_000;
const POLL_MS = 50;
/** A lock file still empty after this long was left by a build killed while writing it. */
const EMPTY_LOCK_STALE_MS = 10_000;

/** Whether a process with this pid is running (one we may not signal counts as running). */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error instanceof Error && 'code' in error && error.code === 'EPERM';
  }
}

function errorCode(error: unknown): unknown {
  return error instanceof Error && 'code' in error ? error.code : undefined;
}

/** The pid in a lock file, undefined when it is empty or unreadable, null when it is gone. */
async function holderOf(path: string): Promise<number | undefined | null> {
  try {
    const pid = Number((await readFile(path, 'utf8')).trim());
    return Number.isSafeInteger(pid) && pid > 0 ? pid : undefined;
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return null;
    throw error;
  }
}

/** Whether the lock at `path` was left by a build that is no longer there. */
async function isStale(path: string, holder: number | undefined): Promise<boolean> {
  if (holder !== undefined) return !isRunning(holder);
  const info = await stat(path).catch(() => undefined);
  return info !== undefined && Date.now() - info.mtimeMs > EMPTY_LOCK_STALE_MS;
}

/**
 * Moves a stale lock aside and deletes it, unless another build took it over in between
 * (then it is put back).
 */
async function breakStaleLock(path: string, holder: number | undefined): Promise<void> {
  const aside = `${path}.stale-${process.pid}-${randomBytes(4).toString('hex')}`;
  try {
    await rename(path, aside);
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return;
    throw error;
  }
  const moved = await holderOf(aside);
  if (moved === holder || moved === null) {
    await rm(aside, { force: true });
    return;
  }
  // A live build's lock: put it back unless a third build holds the lock by now.
  await link(aside, path).catch(() => undefined);
  await rm(aside, { force: true });
}

export interface OutputLockOptions {
  /** Give up after waiting this long for another build (default 60 s). */
  waitMs?: number;
  /** Called once when another build holds the lock, before waiting for it. */
  onWait?: (holder: number | undefined) => void;
}

/** Takes the lock of `outDir`, waiting for another build's publish step to finish. */
async function acquire(outDir: string, options: OutputLockOptions): Promise<string> {
  const path = join(outDir, LOCK_FILE);
  const waitMs = options.waitMs ?? DEFAULT_WAIT_MS;
  const started = Date.now();
  let waited = false;
  for (;;) {
    try {
      await writeFile(path, `${process.pid}\n`, { flag: 'wx' });
      return path;
    } catch (error) {
      if (errorCode(error) !== 'EEXIST') throw error;
    }
    const holder = await holderOf(path);
    if (holder === null) continue;
    if (await isStale(path, holder)) {
      await breakStaleLock(path, holder);
      continue;
    }
    if (!waited) {
      waited = true;
      options.onWait?.(holder);
    }
    if (Date.now() - started >= waitMs) {
      throw new Error(
        `${outDir} is being published by another trawl build` +
          `${holder === undefined ? '' : ` (pid ${holder})`}, still after ${Math.round(waitMs / 1000)} s. ` +
          `If no build is running there, delete ${path} and build again.`,
      );
    }
    await new Promise((done) => setTimeout(done, POLL_MS));
  }
}

/** Runs `step` holding the lock of `outDir`, and releases it however `step` ends. */
export async function withOutputLock<T>(
  outDir: string,
  step: () => Promise<T>,
  options: OutputLockOptions = {},
): Promise<T> {
  const path = await acquire(outDir, options);
  try {
    return await step();
  } finally {
    await rm(path, { force: true });
  }
}
