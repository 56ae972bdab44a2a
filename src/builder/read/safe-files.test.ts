import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAhead } from './safe-files.ts';

let root: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'trawl-safe-files-'));
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('readAhead', () => {
  it('reads a regular file whole, and nothing through a link, from a FIFO or a folder', async () => {
    const file = join(root, 'transcript.json');
    await writeFile(file, 'x'.repeat(70_000));
    await symlink(file, join(root, 'link.json'));
    execFileSync('mkfifo', [join(root, 'fifo.json')]);
    await mkdir(join(root, 'folder.json'));
    await writeFile(join(root, 'empty.json'), '');
    // A FIFO opened to be read without O_NONBLOCK would wait for a writer, and the test with it.
    const read = await Promise.all(
      [
        'transcript.json',
        'link.json',
        'fifo.json',
        'folder.json',
        'empty.json',
        'missing.json',
      ].map((name) => readAhead(join(root, name))),
    );
    expect(read).toEqual([70_000, 0, 0, 0, 0, 0]);
  });

  it('leaves a file over its limit to the real read', async () => {
    const file = join(root, 'large.json');
    await writeFile(file, 'y'.repeat(5_000));
    expect(await readAhead(file, 4_999)).toBe(0);
    expect(await readAhead(file, 5_000)).toBe(5_000);
  });
});
