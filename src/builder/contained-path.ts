import { constants } from 'node:fs';
import { copyFile, mkdir, readdir, realpath, stat } from 'node:fs/promises';
import { join, relative, resolve, sep } from 'node:path';

/**
 * Containment for what `trawl serve` answers and `trawl bundle` copies: a path counts as inside
 * a root only when its real path (every link followed) is inside the root's real path, so a
 * link to /etc in a media folder is outside, and a link to a sibling file is inside.
 */

/** True when `child` is `parent` or below it; both absolute and already resolved. */
export function isInside(child: string, parent: string): boolean {
  return child === parent || child.startsWith(parent.endsWith(sep) ? parent : parent + sep);
}

/** The real path of `root`, or undefined when it does not exist. */
export async function realRoot(root: string): Promise<string | undefined> {
  return realpath(resolve(root)).catch(() => undefined);
}

/**
 * The real path of `path` when it exists and resolves inside `root` (itself a real path, see
 * `realRoot`); undefined for a missing path, a dangling or looping link, or one leading out.
 */
export async function realPathInside(root: string, path: string): Promise<string | undefined> {
  const real = await realpath(path).catch(() => undefined);
  return real !== undefined && isInside(real, root) ? real : undefined;
}

export interface ContainedCopy {
  /** Files under the source that were copied, or left as they were with `keepExisting`. */
  files: number;
  /** Paths (relative to the source) left out: links that dangle, loop or lead out of the root. */
  refused: string[];
}

export interface ContainedCopyOptions {
  /** Links may lead anywhere inside this folder (default: the source itself). */
  root?: string;
  /** Files already in the target win over the source's (default: the source's win). */
  keepExisting?: boolean;
}

/**
 * Copies the tree under `source` into `target` as plain files and folders: a link that
 * resolves inside the root is copied as what it points to; any other link is left out and
 * named in `refused`. Nothing outside the root is ever read.
 */
export async function copyContained(
  source: string,
  target: string,
  options: ContainedCopyOptions = {},
): Promise<ContainedCopy> {
  const root = await realRoot(options.root ?? source);
  const start = root === undefined ? undefined : await realPathInside(root, source);
  if (root === undefined || start === undefined) {
    throw new Error(`${source}: missing, or resolves outside ${options.root ?? source}`);
  }
  const walk: Walk = {
    root,
    source,
    keepExisting: options.keepExisting ?? false,
    result: { files: 0, refused: [] },
  };
  await copyFolder(walk, start, source, target, new Set([start]));
  return walk.result;
}

interface Walk {
  root: string;
  source: string;
  keepExisting: boolean;
  result: ContainedCopy;
}

/** Copies one real folder; `open` holds the real folders above it, so a loop is refused. */
async function copyFolder(
  walk: Walk,
  real: string,
  shown: string,
  to: string,
  open: ReadonlySet<string>,
): Promise<void> {
  await mkdir(to, { recursive: true });
  for (const entry of await readdir(real, { withFileTypes: true })) {
    const path = join(shown, entry.name);
    const resolved = await realPathInside(walk.root, join(real, entry.name));
    const info = resolved === undefined ? undefined : await stat(resolved);
    if (resolved === undefined || info === undefined || open.has(resolved)) {
      walk.result.refused.push(relative(walk.source, path));
    } else if (info.isDirectory()) {
      await copyFolder(walk, resolved, path, join(to, entry.name), new Set([...open, resolved]));
    } else if (info.isFile()) {
      walk.result.files += 1;
      const mode = walk.keepExisting ? constants.COPYFILE_EXCL : 0;
      await copyFile(resolved, join(to, entry.name), mode).catch((error: unknown) => {
        if (!(walk.keepExisting && isExistsError(error))) throw error;
      });
    }
  }
}

function isExistsError(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'EEXIST';
}
