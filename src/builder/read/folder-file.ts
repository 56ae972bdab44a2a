import { realpath, stat } from 'node:fs/promises';
import { isInside } from '../contained-path.ts';
import { readRegularFile } from './safe-files.ts';

/**
 * The one rule for every file the build finds in a podcast folder (the feed, trawl.config.json,
 * people, speakers.json, transcripts/, chapters/): it is read only when its real path (every
 * link followed) is inside the folder's real path and it is a regular file. A folder handed over
 * by someone else can then neither pull a file from elsewhere on this machine into the published
 * database (a link to ~/.ssh) nor stop the build for ever (a FIFO). Paths named on the command
 * line (--feed, --config…) are the user's own choice and are not held to it
 * (docs/decisions/0048-podcast-folder-files-stay-inside.md).
 */

/** Where a podcast folder's file really is, or why it is not read: in words, and which case. */
export type FolderFile =
  { real: string } | { refused: string; why: 'broken-link' | 'outside' | 'not-a-file' };

/** Why a link cannot be followed, in words. */
export function linkProblem(error: unknown): string {
  const code = error instanceof Error && 'code' in error ? String(error.code) : '';
  if (code === 'ENOENT') return 'it points to nothing (dangling link)';
  if (code === 'ELOOP') return 'it points back to itself (a loop of links)';
  return error instanceof Error ? error.message : String(error);
}

/**
 * Checks `path` against the rule; `root` is the podcast folder's real path (`realRoot`).
 * Refusals: a dangling or looping link, a link out of the folder, anything but a regular file.
 */
export async function checkFolderFile(root: string, path: string): Promise<FolderFile> {
  let real: string;
  try {
    real = await realpath(path);
  } catch (error) {
    return { refused: linkProblem(error), why: 'broken-link' };
  }
  if (!isInside(real, root))
    return { refused: 'it leads outside the podcast folder (through a link)', why: 'outside' };
  const info = await stat(real).catch(() => undefined);
  if (info?.isFile() !== true)
    return { refused: 'it is not a file: a FIFO, a device or a folder', why: 'not-a-file' };
  return { real };
}

/** Thrown by `readFolderFile` for a file the rule refuses; the message says why. */
export class RefusedFolderFile extends Error {}

/**
 * Reads a podcast folder's file by the rule, through its real path and never through a link at
 * the last step nor blocking on a FIFO swapped in after the check.
 */
export async function readFolderFile(root: string, path: string): Promise<Buffer> {
  const found = await checkFolderFile(root, path);
  if ('refused' in found) throw new RefusedFolderFile(found.refused);
  const bytes = await readRegularFile(found.real);
  if (bytes === undefined) throw new RefusedFolderFile('the file is gone');
  return bytes;
}
