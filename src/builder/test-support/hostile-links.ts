import { mkdir, symlink, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';

/** What every file outside the folder holds; a test fails if it ever reaches a response or copy. */
export const OUTSIDE_SECRET = 'root:x:0:0:the secret outside every folder';

/** The links `addHostileLinks` makes, relative to the folder, by where they lead. */
export interface HostileLinks {
  /** To a file, to a folder, through a chain, by a relative path: all out of the folder. */
  leadingOut: string[];
  /** Dangling, or in a loop. */
  broken: string[];
  /** A link back to a folder above it: inside, but a loop for a tree walk. */
  upward: string;
  /** Links that stay inside: `audio/again.mp3` to `audio/1.mp3`, `sounds` to `audio`. */
  inside: string[];
}

/**
 * Writes `audio/1.mp3` ("episode one") in `folder`, `etc/passwd` in `outside`, and links in
 * `folder` to both, the way a media or database folder could hold them.
 */
export async function addHostileLinks(folder: string, outside: string): Promise<HostileLinks> {
  await mkdir(join(outside, 'etc'), { recursive: true });
  await writeFile(join(outside, 'etc/passwd'), OUTSIDE_SECRET);
  await mkdir(join(folder, 'audio'), { recursive: true });
  await writeFile(join(folder, 'audio/1.mp3'), 'episode one');
  const link = async (target: string, path: string) => symlink(target, join(folder, path));
  await link(join(outside, 'etc/passwd'), 'audio/passwd.mp3');
  await link(join(outside, 'etc'), 'etc');
  await link(join(outside, 'etc/passwd'), 'chain-end.mp3');
  await link(join(folder, 'chain-end.mp3'), 'audio/chain.mp3');
  await link(relative(join(folder, 'audio'), join(outside, 'etc/passwd')), 'audio/relative.mp3');
  await link(join(folder, 'audio/missing.mp3'), 'audio/dangling.mp3');
  await link(join(folder, 'audio/loop-b.mp3'), 'audio/loop-a.mp3');
  await link(join(folder, 'audio/loop-a.mp3'), 'audio/loop-b.mp3');
  await link('..', 'audio/up');
  await link(join(folder, 'audio/1.mp3'), 'audio/again.mp3');
  await link(join(folder, 'audio'), 'sounds');
  return {
    leadingOut: [
      'audio/passwd.mp3',
      'etc',
      'chain-end.mp3',
      'audio/chain.mp3',
      'audio/relative.mp3',
    ],
    broken: ['audio/dangling.mp3', 'audio/loop-a.mp3', 'audio/loop-b.mp3'],
    upward: 'audio/up',
    inside: ['audio/again.mp3', 'sounds'],
  };
}
