import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { lstat, mkdir, open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/**
 * Files the build keeps in a podcast folder of its own accord (the download cache, the episode
 * numbers): read only when they are regular files, never through a symbolic link, and written
 * whole or not at all (a temporary file beside the target, then a rename), so a crash or a
 * planted link can neither leave half a file nor write outside the folder.
 */

/** A file the build keeps that is not a regular file (a link, a folder, a device). */
export class NotARegularFile extends Error {}

/** What is at `path` without following a link: 'missing', 'file', 'dir' or 'other'. */
export async function entryKind(path: string): Promise<'missing' | 'file' | 'dir' | 'other'> {
  const info = await lstat(path).catch((error: unknown) => {
    if (error instanceof Error && 'code' in error && error.code === 'ENOENT') return undefined;
    throw error;
  });
  if (info === undefined) return 'missing';
  if (info.isSymbolicLink()) return 'other';
  if (info.isFile()) return 'file';
  if (info.isDirectory()) return 'dir';
  return 'other';
}

/**
 * How a file the build reads is opened: never through a link at its last step, and never
 * waiting (a FIFO opened without O_NONBLOCK waits for a writer, and the build with it).
 */
const READ_FLAGS = constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK;

/**
 * Reads a regular file without following a link at its last step; undefined when it does not
 * exist. A link, FIFO or folder there throws NotARegularFile (a FIFO would block the build).
 */
export async function readRegularFile(path: string): Promise<Buffer | undefined> {
  const kind = await entryKind(path);
  if (kind === 'missing') return undefined;
  if (kind !== 'file') throw new NotARegularFile(`${path} is not a regular file`);
  const handle = await open(path, READ_FLAGS);
  try {
    if (!(await handle.stat()).isFile()) throw new NotARegularFile(`${path} is not a regular file`);
    return await handle.readFile();
  } finally {
    await handle.close();
  }
}

/** Files larger than this are not read ahead (`readAhead`): the build reads them when it gets there. */
const READ_AHEAD_MAX_BYTES = 64 * 1024 * 1024;

/**
 * Reads a regular file into the operating system's cache, in the background, so that a later
 * `readRegularFile` of it does not wait for the disk: the build writes one episode while the
 * next ones' transcripts are read. It is one read of the whole file, done by libuv's thread
 * pool whether or not this thread is busy. It never follows a link, never opens anything but a
 * regular file for reading (a FIFO would hold a thread), and never fails: what it cannot read,
 * the real read reports. Returns how many bytes it read (0: none).
 */
export async function readAhead(path: string, maxBytes = READ_AHEAD_MAX_BYTES): Promise<number> {
  try {
    const handle = await open(path, READ_FLAGS);
    try {
      const info = await handle.stat();
      if (!info.isFile() || info.size === 0 || info.size > maxBytes) return 0;
      const { bytesRead } = await handle.read(Buffer.allocUnsafe(info.size), 0, info.size, 0);
      return bytesRead;
    } finally {
      await handle.close();
    }
  } catch {
    // The episode's own read says what is wrong with the file.
    return 0;
  }
}

/**
 * Makes `dir` (and its parents) unless it is there; a link or a file in its place throws
 * NotARegularFile, so nothing is ever written through a planted link.
 */
export async function ensureRealFolder(dir: string): Promise<void> {
  const kind = await entryKind(dir);
  if (kind === 'dir') return;
  if (kind !== 'missing') throw new NotARegularFile(`${dir} is not a folder (a link or a file)`);
  await mkdir(dir, { recursive: true });
  if ((await entryKind(dir)) !== 'dir') throw new NotARegularFile(`${dir} is not a folder`);
}

/**
 * Writes `data` to `path` atomically: a new temporary file in the same folder (created
 * exclusively, never through a link), flushed, then renamed over the target. A link at the
 * target is replaced, not followed.
 */
export async function writeFileAtomic(path: string, data: string | Uint8Array): Promise<void> {
  const dir = dirname(path);
  await ensureRealFolder(dir);
  const kind = await entryKind(path);
  if (kind === 'dir') throw new NotARegularFile(`${path} is a folder`);
  const temporary = join(dir, `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
  const handle = await open(
    temporary,
    constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW,
    0o644,
  );
  try {
    await handle.writeFile(data);
    await handle.sync();
  } catch (error) {
    await handle.close();
    await rm(temporary, { force: true });
    throw error;
  }
  await handle.close();
  try {
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}
