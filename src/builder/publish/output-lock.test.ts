import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_SIZE } from '../../core/db-schema.ts';
import { siteSettingsSchema } from '../../core/site-config.ts';
import { checkChunkFiles, readPublished } from './chunk-files.ts';
import { LOCK_FILE, withOutputLock } from './output-lock.ts';
import { createWorkDir, publishVersion, type PublishInput } from './publish.ts';

let root: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'trawl-output-lock-test-'));
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

/** A finished "database" in a fresh work folder of `outDir`, ready to publish with --keep 0. */
async function finishedBuild(outDir: string, fill: number): Promise<PublishInput> {
  const workDir = await createWorkDir(outDir);
  const databasePath = join(workDir, 'db.sqlite3');
  await writeFile(databasePath, Buffer.alloc(3 * PAGE_SIZE, fill));
  return {
    outDir,
    workDir,
    databasePath,
    site: siteSettingsSchema.parse({}),
    chunkSize: PAGE_SIZE,
    keep: 0,
  };
}

/** A pid that is certainly not running: a child that has already exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', '']);
  if (child.pid === undefined) throw new Error('no child pid');
  return child.pid;
}

describe('two builds publishing into one output folder', () => {
  it('with --keep 0, latest.json names a whole version even when one build pauses mid-publish', async () => {
    const out = join(root, 'race');
    const first = await finishedBuild(out, 1);
    const second = await finishedBuild(out, 2);
    // The first build stops right after its version folder appears …
    let resumeFirst = (): void => undefined;
    const paused = new Promise<void>((resolve) => (resumeFirst = resolve));
    let firstInPlace = (): void => undefined;
    const inPlace = new Promise<void>((resolve) => (firstInPlace = resolve));
    let secondWaited = false;
    const publishing = publishVersion({
      ...first,
      afterVersionInPlace: async () => {
        firstInPlace();
        await paused;
      },
    });
    await inPlace;
    // … while the second one publishes: it waits for the first (or, unlocked, completes).
    const publishingSecond = publishVersion({
      ...second,
      onWait: () => {
        secondWaited = true;
        resumeFirst();
      },
    });
    // Unlocked, the second build completes while the first is paused: let the first go on then.
    // A failure of either is reported by the Promise.all below.
    void publishingSecond.then(resumeFirst, resumeFirst);
    const [a, b] = await Promise.all([publishing, publishingSecond]);

    const published = await readPublished(out);
    expect(await checkChunkFiles(published.versionDir, published.config)).toEqual({
      names: (published.config.chunks ?? []).map((hash) => `../chunks/${hash}.bin`),
    });
    expect(published.config.chunks).toHaveLength(3);
    // The first build's chunks went with its version: only the latest's are left.
    expect((await readdir(join(out, 'chunks'))).sort()).toEqual(
      [...new Set(published.config.chunks)].map((hash) => `${hash}.bin`).sort(),
    );
    // The second build published last; --keep 0 removed the first build's version.
    expect(published.version).toBe(b.version);
    expect(b.pruned).toEqual([a.version]);
    expect(secondWaited).toBe(true);
    expect(existsSync(join(out, LOCK_FILE))).toBe(false);
  });

  it('takes over the lock of a build that is no longer running', async () => {
    const out = join(root, 'stale');
    const build = await finishedBuild(out, 3);
    await writeFile(join(out, LOCK_FILE), `${deadPid()}\n`);
    const published = await publishVersion({ ...build, lockWaitMs: 1_000 });
    expect((await readPublished(out)).version).toBe(published.version);
    expect(existsSync(join(out, LOCK_FILE))).toBe(false);
  });

  it("gives up on a live build's lock with a message that says what to do", async () => {
    const out = join(root, 'held');
    const build = await finishedBuild(out, 4);
    await writeFile(join(out, LOCK_FILE), `${process.pid}\n`);
    let waited = 0;
    await expect(
      publishVersion({ ...build, lockWaitMs: 1_000, onWait: () => (waited += 1) }),
    ).rejects.toThrow(
      `${out} is being published by another trawl build (pid ${process.pid}), still after 1 s. If no build is running there, delete ${join(out, LOCK_FILE)} and build again.`,
    );
    expect(waited).toBe(1);
    // Nothing was published, and the other build's lock is left alone.
    expect(existsSync(join(out, 'latest.json'))).toBe(false);
    expect(existsSync(join(out, LOCK_FILE))).toBe(true);
  });

  it('releases the lock when the locked step fails', async () => {
    const out = join(root, 'failing');
    await createWorkDir(out);
    await expect(withOutputLock(out, () => Promise.reject(new Error('disk full')))).rejects.toThrow(
      'disk full',
    );
    expect(existsSync(join(out, LOCK_FILE))).toBe(false);
  });
});
