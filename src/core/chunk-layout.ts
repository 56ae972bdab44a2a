import type { DbConfig } from './site-config.ts';

/**
 * The chunked database layout, the one owner of it: the database split into files of
 * `serverChunkSize` bytes each (the last one shorter). A version config.json with a `chunks`
 * list names them by their bytes: chunk `i` is `<db>/chunks/<chunks[i]>.bin`, beside the
 * version folders, so a chunk whose bytes a new version keeps keeps its URL (decision 0060).
 * Without the list (versions built before it, and tests that lay out a folder by hand) the
 * files are in the version folder, named `urlPrefix` + the index padded to `suffixLength`
 * digits: `db.sqlite3.000`. The builder writes them, the bundler and host check verify them,
 * the site's worker reads them and the tests reassemble them, all through these functions.
 * Pure: no Node or DOM APIs.
 */

/** Chunk file names start with this; config.json's `urlPrefix` for what Trawl builds. */
export const CHUNK_PREFIX = 'db.sqlite3.';

/** Chunk indexes are padded to at least this many digits: `000`. */
const MIN_SUFFIX_LENGTH = 3;

/** The folder of the chunk files named by their bytes, beside the version folders. */
export const CHUNKS_FOLDER = 'chunks';

/** The extension of a chunk file named by its bytes: hosts serve `.bin` as plain bytes. */
export const CHUNK_EXTENSION = '.bin';

/** The fields of config.json that describe the chunk files. */
export type ChunkLayout = Pick<
  DbConfig,
  'databaseLengthBytes' | 'serverChunkSize' | 'urlPrefix' | 'suffixLength' | 'chunks'
>;

/** The layout the builder writes for a database of `databaseLengthBytes` in `serverChunkSize` files. */
export function planChunks(databaseLengthBytes: number, serverChunkSize: number): ChunkLayout {
  if (!Number.isSafeInteger(serverChunkSize) || serverChunkSize <= 0) {
    throw new RangeError(`chunk size must be a positive whole number, not ${serverChunkSize}`);
  }
  const count = Math.max(1, Math.ceil(databaseLengthBytes / serverChunkSize));
  return {
    databaseLengthBytes,
    serverChunkSize,
    urlPrefix: CHUNK_PREFIX,
    suffixLength: Math.max(MIN_SUFFIX_LENGTH, String(count - 1).length),
  };
}

/** How many chunk files the layout has (at least one). */
export function chunkCount(layout: ChunkLayout): number {
  return Math.max(1, Math.ceil(layout.databaseLengthBytes / layout.serverChunkSize));
}

/** The file name of a chunk named by its bytes, in the chunks folder: `<hash>.bin`. */
export function hashedChunkFile(hash: string): string {
  return `${hash}${CHUNK_EXTENSION}`;
}

/**
 * The path of chunk `index` relative to its version folder: `../chunks/<hash>.bin` with a
 * `chunks` list, else `db.sqlite3.007`. Resolved against the version folder (a path or a URL).
 */
export function chunkName(
  layout: Pick<ChunkLayout, 'urlPrefix' | 'suffixLength' | 'chunks'>,
  index: number,
): string {
  if (layout.chunks !== undefined) {
    const hash = layout.chunks[index];
    if (hash === undefined) {
      throw new RangeError(`chunk ${index} is not in the list of ${layout.chunks.length}`);
    }
    return `../${CHUNKS_FOLDER}/${hashedChunkFile(hash)}`;
  }
  return `${layout.urlPrefix}${String(index).padStart(layout.suffixLength, '0')}`;
}

/** The byte offset in the whole database where chunk `index` starts. */
export function chunkStart(layout: ChunkLayout, index: number): number {
  return index * layout.serverChunkSize;
}

/** The size in bytes of chunk `index` (the last one holds what is left). */
export function chunkSize(layout: ChunkLayout, index: number): number {
  return Math.max(
    0,
    Math.min(layout.serverChunkSize, layout.databaseLengthBytes - chunkStart(layout, index)),
  );
}

/** One chunk file of a layout. */
export interface ChunkFile {
  index: number;
  name: string;
  /** Offset of its first byte in the whole database. */
  start: number;
  /** Its size in bytes. */
  size: number;
}

/** Every chunk file of the layout, in order. */
export function chunkFiles(layout: ChunkLayout): ChunkFile[] {
  return Array.from({ length: chunkCount(layout) }, (_, index) => ({
    index,
    name: chunkName(layout, index),
    start: chunkStart(layout, index),
    size: chunkSize(layout, index),
  }));
}

/** The chunk that holds byte `offset` of the whole database, and the offset inside it. */
export function chunkAt(layout: ChunkLayout, offset: number): { index: number; offset: number } {
  const index = Math.floor(offset / layout.serverChunkSize);
  return { index, offset: offset - chunkStart(layout, index) };
}

/**
 * The regular-expression source (no anchors) of the chunk file names the builder writes:
 * `db.sqlite3.` and three or more digits, the digits captured. For matching URL paths.
 */
export const BUILT_CHUNK_NAME_PATTERN = `${CHUNK_PREFIX.replaceAll('.', '\\.')}(\\d{${MIN_SUFFIX_LENGTH},})`;

const BUILT_CHUNK_NAME = new RegExp(`^${BUILT_CHUNK_NAME_PATTERN}$`);

/**
 * The index of a chunk file the builder wrote, from its name or the last segment of a URL
 * path (`/db/v1-…/db.sqlite3.002` → 2); undefined for anything else.
 */
export function builtChunkIndex(nameOrPath: string): number | undefined {
  const name = nameOrPath.slice(nameOrPath.lastIndexOf('/') + 1);
  const digits = BUILT_CHUNK_NAME.exec(name)?.[1];
  return digits === undefined ? undefined : Number(digits);
}

/**
 * The regular-expression source (no anchors) of a chunk file named by its bytes, with its
 * folder: `chunks/` + 32 hex digits + `.bin`, the hash captured. For matching URL paths.
 */
export const HASHED_CHUNK_PATH_PATTERN = `${CHUNKS_FOLDER}/([0-9a-f]{32})\\.bin`;

const HASHED_CHUNK_PATH = new RegExp(`(?:^|/)${HASHED_CHUNK_PATH_PATTERN}$`);

/** The hash of a chunk file named by its bytes, from its path (`/db/chunks/<hash>.bin`). */
export function hashedChunkOf(path: string): string | undefined {
  return HASHED_CHUNK_PATH.exec(path)?.[1];
}

/** Whether a name or URL path is a chunk file the builder wrote (either naming). */
export function isBuiltChunk(nameOrPath: string): boolean {
  return builtChunkIndex(nameOrPath) !== undefined || hashedChunkOf(nameOrPath) !== undefined;
}
