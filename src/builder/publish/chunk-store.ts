import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { CHUNKS_FOLDER, hashedChunkFile } from '../../core/chunk-layout.ts';
import { readVersionConfig } from './chunk-files.ts';

/**
 * The output folder's chunk files named by their bytes, `<out>/chunks/<hash>.bin`, shared by
 * every version that lists them (decision 0060). Both functions run under the output folder's
 * lock (output-lock.ts): a build placing its chunks and a build pruning never interleave.
 */

/** Only names of this shape are ever pruned from the chunks folder. */
const HASHED_CHUNK_FILE = /^[0-9a-f]{32}\.bin$/;

/**
 * Moves a build's chunk files from `workChunks` into `<outDir>/chunks/`, those the folder does
 * not hold yet; a name already there holds the same bytes (it is their hash) and is kept.
 * Each move is a rename on one file system, so a chunk file is never seen half-written.
 */
export async function placeChunks(
  workChunks: string,
  outDir: string,
  hashes: readonly string[],
): Promise<{ added: number }> {
  const target = join(outDir, CHUNKS_FOLDER);
  await mkdir(target, { recursive: true });
  let added = 0;
  for (const name of new Set(hashes.map(hashedChunkFile))) {
    const [staged, placed] = await Promise.all(
      [join(workChunks, name), join(target, name)].map((path) => stat(path).catch(() => undefined)),
    );
    if (placed?.isFile() && placed.size === staged?.size) continue;
    await rename(join(workChunks, name), join(target, name));
    added += 1;
  }
  return { added };
}

/**
 * Deletes the chunk files of `<outDir>/chunks/` that no version folder in `versions` lists.
 * When a version's config.json cannot be read, nothing is deleted: a chunk that version may
 * need is never lost to a folder someone is editing.
 */
export async function pruneChunks(outDir: string, versions: readonly string[]): Promise<string[]> {
  const kept = new Set<string>();
  for (const version of versions) {
    const config = await readVersionConfig(join(outDir, version)).catch(() => undefined);
    if (config === undefined) return [];
    for (const hash of config.chunks ?? []) kept.add(hashedChunkFile(hash));
  }
  const folder = join(outDir, CHUNKS_FOLDER);
  const names = await readdir(folder).catch(() => []);
  const doomed = names.filter((name) => HASHED_CHUNK_FILE.test(name) && !kept.has(name));
  for (const name of doomed) await rm(join(folder, name), { force: true });
  return doomed;
}
