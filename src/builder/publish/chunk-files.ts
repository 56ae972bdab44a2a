import { createHash } from 'node:crypto';
import { mkdir, open, readFile, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import {
  chunkFiles,
  chunkName,
  planChunks,
  type ChunkFile,
  type ChunkLayout,
} from '../../core/chunk-layout.ts';
import { dbConfigSchema, latestSchema, type DbConfig } from '../../core/site-config.ts';
import { realPathInside, realRoot } from '../contained-path.ts';

/**
 * The chunk files of a version folder on disk: written, checked and joined back into one
 * SQLite file. Names, sizes and counts come from the layout's owner, src/core/chunk-layout.ts.
 */

/**
 * Reads the database chunk by chunk as `chunkSize` plans it, handing each chunk's bytes to
 * `write` with the plan (the buffer is reused: `write` must be done with them when it
 * resolves); returns the plan.
 */
async function eachChunk(
  databasePath: string,
  chunkSize: number,
  write: (chunk: ChunkFile, bytes: Buffer, layout: ChunkLayout) => Promise<void>,
): Promise<ChunkLayout> {
  const { size } = await stat(databasePath);
  const layout = planChunks(size, chunkSize);
  const source = await open(databasePath, 'r');
  try {
    const buffer = Buffer.allocUnsafe(Math.min(chunkSize, size));
    for (const chunk of chunkFiles(layout)) {
      const { bytesRead } = await source.read(buffer, 0, chunk.size, chunk.start);
      await write(chunk, buffer.subarray(0, bytesRead), layout);
    }
  } finally {
    await source.close();
  }
  return layout;
}

/** Splits the database into chunk files in `dir`; returns their layout for config.json. */
export async function writeChunks(
  databasePath: string,
  dir: string,
  chunkSize: number,
): Promise<ChunkLayout> {
  return eachChunk(databasePath, chunkSize, (chunk, bytes) =>
    writeFile(join(dir, chunk.name), bytes),
  );
}

/**
 * Splits the database into chunk files named by their bytes (decision 0060): each goes to
 * `<dir>/../chunks/<hash>.bin`, where the version folder `dir` will find it; returns the
 * layout with its `chunks` list for config.json. A chunk already there is not written again.
 */
export async function writeHashedChunks(
  databasePath: string,
  dir: string,
  chunkSize: number,
): Promise<ChunkLayout> {
  const hashes: string[] = [];
  const planned = await eachChunk(databasePath, chunkSize, async (chunk, bytes, layout) => {
    const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 32);
    hashes.push(hash);
    const path = join(dir, chunkName({ ...layout, chunks: hashes }, chunk.index));
    if (chunk.index === 0) await mkdir(dirname(path), { recursive: true });
    if ((await stat(path).catch(() => undefined))?.size !== bytes.length) {
      await writeFile(path, bytes);
    }
  });
  return { ...planned, chunks: hashes };
}

/**
 * Checks that every chunk file the layout names is in `dir` with the size it expects; returns
 * their names, or the first problem (`<path>: missing, config.json expects N bytes`). With
 * `root`, a chunk file whose real path is outside that folder (a link out) is a problem too.
 */
export async function checkChunkFiles(
  dir: string,
  layout: ChunkLayout,
  options: { root?: string } = {},
): Promise<{ names: string[] } | { problem: string }> {
  const root = options.root === undefined ? undefined : await realRoot(options.root);
  const names: string[] = [];
  for (const chunk of chunkFiles(layout)) {
    const path = join(dir, chunk.name);
    const actual = (await stat(path).catch(() => undefined))?.size;
    const outside =
      options.root !== undefined &&
      actual !== undefined &&
      (root === undefined || (await realPathInside(root, path)) === undefined);
    if (outside) return { problem: `${path}: a link that leads outside ${options.root}` };
    if (actual !== chunk.size) {
      return {
        problem: `${path}: ${actual === undefined ? 'missing' : `${actual} bytes`}, config.json expects ${chunk.size} bytes`,
      };
    }
    names.push(chunk.name);
  }
  return { names };
}

/** Reads a version folder's config.json. */
export async function readVersionConfig(versionDir: string): Promise<DbConfig> {
  return dbConfigSchema.parse(JSON.parse(await readFile(join(versionDir, 'config.json'), 'utf8')));
}

/** The version `<outDir>/latest.json` names, its folder and its config.json. */
export async function readPublished(
  outDir: string,
): Promise<{ version: string; versionDir: string; config: DbConfig }> {
  const { latest: version } = latestSchema.parse(
    JSON.parse(await readFile(join(outDir, 'latest.json'), 'utf8')),
  );
  const versionDir = join(outDir, version);
  return { version, versionDir, config: await readVersionConfig(versionDir) };
}

/** A version folder's chunk files, in order, each checked against the size the layout gives. */
export async function readChunks(
  versionDir: string,
  layout: ChunkLayout,
): Promise<{ name: string; bytes: Buffer }[]> {
  const chunks: { name: string; bytes: Buffer }[] = [];
  for (const chunk of chunkFiles(layout)) {
    const bytes = await readFile(join(versionDir, chunk.name));
    if (bytes.length !== chunk.size) {
      throw new Error(
        `${join(versionDir, chunk.name)}: ${bytes.length} bytes, config.json expects ${chunk.size}`,
      );
    }
    chunks.push({ name: chunk.name, bytes });
  }
  return chunks;
}

/** Joins a version folder's chunk files (as its config.json names them) into one SQLite file. */
export async function joinChunks(versionDir: string, target: string): Promise<void> {
  const layout = await readVersionConfig(versionDir);
  const out = await open(target, 'w');
  try {
    for (const { bytes } of await readChunks(versionDir, layout)) await out.write(bytes);
  } finally {
    await out.close();
  }
}
