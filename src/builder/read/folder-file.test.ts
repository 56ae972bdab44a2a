import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rename, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPodcast } from '../build.ts';
import { realRoot } from '../contained-path.ts';
import { copyFixturePodcast } from '../test-support/fixture-podcast.ts';
import { checkFolderFile, readFolderFile, RefusedFolderFile } from './folder-file.ts';

// Every file the build finds in a podcast folder answers to one rule (decision 0048): its real
// path is inside the folder and it is a regular file. A link out is refused naming it; a FIFO
// is refused without being opened, so the build ends instead of waiting for a writer.

let root: string;
let secret: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'trawl-folder-file-'));
  secret = join(root, 'secret.txt');
  await writeFile(secret, 'the secret word is xylophonic\n');
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('checkFolderFile', () => {
  it('passes a file or a link inside the folder, and refuses every other case in words', async () => {
    const show = join(root, 'check');
    await mkdir(join(show, 'sub'), { recursive: true });
    await writeFile(join(show, 'sub', 'real.txt'), 'inside');
    await symlink(join(show, 'sub', 'real.txt'), join(show, 'link-in'));
    await symlink(secret, join(show, 'link-out'));
    await symlink('nowhere', join(show, 'dangling'));
    await symlink('loop', join(show, 'loop'));
    execFileSync('mkfifo', [join(show, 'fifo')]);
    const real = await realRoot(show);
    if (real === undefined) throw new Error('the test folder is missing');
    expect(await checkFolderFile(real, join(show, 'sub', 'real.txt'))).toEqual({
      real: join(real, 'sub', 'real.txt'),
    });
    expect(await checkFolderFile(real, join(show, 'link-in'))).toEqual({
      real: join(real, 'sub', 'real.txt'),
    });
    const refusals = await Promise.all(
      ['link-out', 'dangling', 'loop', 'fifo', 'sub'].map((name) =>
        checkFolderFile(real, join(show, name)),
      ),
    );
    expect(refusals).toEqual([
      { refused: 'it leads outside the podcast folder (through a link)', why: 'outside' },
      { refused: 'it points to nothing (dangling link)', why: 'broken-link' },
      { refused: 'it points back to itself (a loop of links)', why: 'broken-link' },
      { refused: 'it is not a file: a FIFO, a device or a folder', why: 'not-a-file' },
      { refused: 'it is not a file: a FIFO, a device or a folder', why: 'not-a-file' },
    ]);
    await expect(readFolderFile(real, join(show, 'link-in'))).resolves.toEqual(
      Buffer.from('inside'),
    );
    await expect(readFolderFile(real, join(show, 'fifo'))).rejects.toBeInstanceOf(
      RefusedFolderFile,
    );
  });
});

/** The fixture podcast with `name` replaced by a link to a file outside it, or by a FIFO. */
async function showWith(name: string, kind: 'link-out' | 'fifo'): Promise<string> {
  const show = await copyFixturePodcast(join(root, `${name.replaceAll('/', '-')}-${kind}`));
  await rm(join(show, name), { force: true });
  if (kind === 'fifo') execFileSync('mkfifo', [join(show, name)]);
  else await symlink(secret, join(show, name));
  return show;
}

describe('the podcast folder files a build reads', () => {
  // The files a build cannot do without reading rightly: refused, the build stops naming them.
  const inputs = [
    'feed.xml',
    'trawl.config.json',
    'presenters.json',
    'venues.csv',
    'overrides.json',
    'speakers.json',
  ];
  for (const name of inputs) {
    for (const kind of ['link-out', 'fifo'] as const) {
      it(`${name} as a ${kind === 'fifo' ? 'FIFO' : 'link out of the folder'}: an error naming it, nothing published`, async () => {
        const show = await showWith(name, kind);
        const out = join(show, 'out');
        const reason =
          kind === 'fifo'
            ? 'it is not a file: a FIFO, a device or a folder'
            : 'it leads outside the podcast folder (through a link)';
        await expect(buildPodcast({ folder: show, outDir: out })).rejects.toThrow(
          `${join(show, name)}: not read: ${reason}`,
        );
        expect(await readdir(show)).not.toContain('out');
      });
    }
  }

  it('a transcript linked out of the folder, and one that is a FIFO: warnings naming each, the rest built', async () => {
    const show = await copyFixturePodcast(join(root, 'transcripts'));
    await rm(join(show, 'transcripts', '2.json'));
    await symlink(secret, join(show, 'transcripts', '2.json'));
    await rm(join(show, 'transcripts', '4.json'));
    execFileSync('mkfifo', [join(show, 'transcripts', '4.json')]);
    const result = await buildPodcast({ folder: show, outDir: join(show, 'out') });
    const warning = result.warnings.find((entry) => entry.code === 'transcript-not-read');
    expect(warning?.message).toBe(
      '2 entries in the transcripts folder were not a regular file inside the podcast folder (a link out of it, a FIFO, a device); not read',
    );
    expect(warning?.examples).toEqual([
      `${join(show, 'transcripts', '2.json')}: it leads outside the podcast folder (through a link)`,
      `${join(show, 'transcripts', '4.json')}: it is not a file: a FIFO, a device or a folder`,
    ]);
    expect(result.transcripts).toBe(4);
  });

  it('a transcript linked to a file elsewhere inside the folder is read through the link', async () => {
    const show = await copyFixturePodcast(join(root, 'transcripts-inside'));
    await mkdir(join(show, 'archive'));
    await rename(join(show, 'transcripts', '2.json'), join(show, 'archive', '2.json'));
    await symlink(join(show, 'archive', '2.json'), join(show, 'transcripts', '2.json'));
    const result = await buildPodcast({ folder: show, outDir: join(show, 'out') });
    expect(result.warnings.map((entry) => entry.code)).not.toContain('transcript-not-read');
    expect(result.transcripts).toBe(6);
  });
});
