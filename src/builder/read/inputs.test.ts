import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveInputs } from './inputs.ts';

let root: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'trawl-inputs-test-'));
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

async function folder(name: string, files: string[]): Promise<string> {
  const dir = join(root, name);
  await mkdir(dir, { recursive: true });
  for (const file of files) {
    if (file.endsWith('/')) await mkdir(join(dir, file), { recursive: true });
    else await writeFile(join(dir, file), '');
  }
  return dir;
}

describe('resolveInputs', () => {
  it('finds the standard files of a podcast folder', async () => {
    const dir = await folder('standard', [
      'feed.xml',
      'trawl.config.json',
      'presenters.csv',
      'venues.json',
      'transcripts/',
    ]);
    expect(await resolveInputs({ folder: dir })).toEqual({
      folder: dir,
      feed: { kind: 'file', path: join(dir, 'feed.xml') },
      transcripts: join(dir, 'transcripts'),
      config: join(dir, 'trawl.config.json'),
      presenters: join(dir, 'presenters.csv'),
      venues: join(dir, 'venues.json'),
      overrides: undefined,
      speakers: undefined,
      base: dir,
    });
  });

  it('accepts a single *.rss file instead of feed.xml, and explicit paths over the folder', async () => {
    const dir = await folder('rss', ['show.rss', 'overrides.json']);
    const other = await folder('other', ['people.json']);
    const inputs = await resolveInputs({ folder: dir, presenters: join(other, 'people.json') });
    expect(inputs.feed).toEqual({ kind: 'file', path: join(dir, 'show.rss') });
    expect(inputs.presenters).toBe(join(other, 'people.json'));
    expect(inputs.overrides).toBe(join(dir, 'overrides.json'));
  });

  it('names what is missing or ambiguous', async () => {
    const none = await folder('none', []);
    // The folder's trawl.config.json may name a feed URL: load-inputs.ts decides.
    expect((await resolveInputs({ folder: none })).feed).toBeUndefined();
    const two = await folder('two', ['a.rss', 'b.xml']);
    await expect(resolveInputs({ folder: two })).rejects.toThrow(
      /no feed\.xml, and several feeds to choose from/,
    );
    const both = await folder('both', ['feed.xml', 'venues.json', 'venues.csv']);
    await expect(resolveInputs({ folder: both })).rejects.toThrow(
      /both .*venues\.json and .*venues\.csv exist: keep one/,
    );
    await expect(resolveInputs({ feed: join(root, 'missing.xml') })).rejects.toThrow(
      /missing\.xml: no such file \(given with --feed\)/,
    );
    await expect(resolveInputs({})).rejects.toThrow(
      /no inputs: give a podcast folder or --feed <file or URL>/,
    );
  });

  it('takes an http(s) feed URL as it is and refuses other schemes', async () => {
    expect(await resolveInputs({ feed: 'https://feeds.example.org/show.xml' })).toMatchObject({
      folder: undefined,
      feed: { kind: 'url', url: 'https://feeds.example.org/show.xml' },
      base: undefined,
    });
    await expect(resolveInputs({ feed: 'file:///etc/passwd' })).rejects.toThrow(
      'file:///etc/passwd: only http:// and https:// feed URLs are downloaded, not file:',
    );
    await expect(resolveInputs({ feed: 'javascript:alert(1)' })).rejects.toThrow(
      'only http:// and https:// feed URLs are downloaded, not javascript:',
    );
  });
});
