import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from 'vitest';
import { buildPodcast } from '../build.ts';
import { isInputError } from '../errors.ts';
import { copyPodcastInputs } from '../test-support/copy-podcast.ts';
import {
  DEMO_PODCAST,
  makeTempDir,
  snapshotOutput,
  verifyPublished,
  type OutputSnapshot,
} from './fuzz-support.ts';

/** Longest one in-process build of the small demo podcast may take, broken or not. */
export const IN_PROCESS_LIMIT_MS = 5_000;

/**
 * An output folder with the demo podcast published in it, and copies of the demo podcast to
 * break: every failed build must leave the output exactly as the last good build left it.
 */
export interface BuildSandbox {
  outDir: string;
  /** A copy of the demo podcast's inputs in a fresh folder, with one file replaced or added. */
  podcastWith: (file: string, content: string | Buffer, remove?: string[]) => Promise<string>;
  /**
   * Builds in-process; a failure must be an InputError naming a file of the podcast folder, and
   * must leave the output untouched; a success must publish a complete version.
   */
  expectCleanOutcome: (folder: string) => Promise<'built' | 'rejected'>;
  /** Fails the test unless the output is as the last good build left it. */
  expectOutputUnchanged: () => Promise<void>;
  close: () => Promise<void>;
}

/** Publishes the demo podcast into a new temporary output folder. */
export async function openBuildSandbox(name: string): Promise<BuildSandbox> {
  const root = await makeTempDir(name);
  const outDir = join(root, 'out');
  await buildPodcast({ folder: DEMO_PODCAST, outDir });
  let published: OutputSnapshot = await snapshotOutput(outDir);
  let caseNumber = 0;

  const podcastWith = async (
    file: string,
    content: string | Buffer,
    remove: string[] = [],
  ): Promise<string> => {
    caseNumber += 1;
    const folder = join(root, `case-${caseNumber}`);
    await copyPodcastInputs(DEMO_PODCAST, folder);
    for (const entry of remove) await rm(join(folder, entry), { recursive: true, force: true });
    await writeFile(join(folder, file), content);
    return folder;
  };

  const expectOutputUnchanged = async (): Promise<void> => {
    expect(await snapshotOutput(outDir)).toEqual(published);
  };

  const expectCleanOutcome = async (folder: string): Promise<'built' | 'rejected'> => {
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
      await expectOutputUnchanged();
    } else {
      await verifyPublished(outDir);
      published = await snapshotOutput(outDir);
    }
    await rm(folder, { recursive: true, force: true });
    return outcome;
  };

  return {
    outDir,
    podcastWith,
    expectCleanOutcome,
    expectOutputUnchanged,
    close: () => rm(root, { recursive: true, force: true }),
  };
}
