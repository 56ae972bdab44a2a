import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ChaptersError,
  findChapterFiles,
  MAX_CHAPTERS_BYTES,
  parseChapters,
  readEpisodeChapters,
  resolveFolderUrl,
} from './chapters.ts';
import { WarningCollector } from '../warnings.ts';

let root: string;
let folder: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'trawl-chapters-'));
  folder = join(root, 'podcast');
  await mkdir(join(folder, 'media', 'chapters'), { recursive: true });
  await mkdir(join(folder, 'chapters'), { recursive: true });
  await writeFile(join(folder, 'media', 'chapters', '2.json'), '{"chapters":[{"startTime":1}]}');
  await writeFile(join(root, 'secret.json'), '{"chapters":[{"startTime":0,"title":"secret"}]}');
  await symlink(join(root, 'secret.json'), join(folder, 'media', 'link.json'));
  await writeFile(join(folder, 'chapters', '3.json'), '{"chapters": [');
  await writeFile(join(folder, 'chapters', 'notes.txt'), 'hi');
  await writeFile(join(folder, 'chapters', '99.json'), '{"chapters":[]}');
  await writeFile(join(folder, 'chapters', '4.json'), ' '.repeat(MAX_CHAPTERS_BYTES + 1));
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('parseChapters', () => {
  it('reads Podcasting 2.0 chapters by start time, without toc:false ones, keeping safe links only', () => {
    const { chapters, unsafeLinks } = parseChapters(
      JSON.stringify({
        version: '1.2.0',
        chapters: [
          { startTime: 61.257, title: '  Second\n part ', img: 'https://example.org/2.png' },
          { startTime: 0, url: 'https://example.org/', img: 'images/1.png' },
          { startTime: 30, title: 'Silent', toc: false },
          { startTime: 90, title: 'Bad', url: 'javascript:alert(1)', img: '../../etc/passwd' },
        ],
      }),
    );
    expect(chapters).toEqual([
      { title: 'Chapter 1', start: 0, url: 'https://example.org/', image: 'images/1.png' },
      { title: 'Second part', start: 6126, image: 'https://example.org/2.png' },
      { title: 'Bad', start: 9000 },
    ]);
    expect(unsafeLinks).toBe(2);
  });

  it('says what is wrong with a file that is not chapters', () => {
    expect(() => parseChapters('{')).toThrow(ChaptersError);
    expect(() => parseChapters('{"chapters":[{"title":"x"}]}')).toThrow(
      /not Podcasting 2\.0 chapters at chapters\.0\.startTime/,
    );
    expect(() => parseChapters('[]')).toThrow(/not Podcasting 2\.0 chapters/);
    expect(() => parseChapters('{"chapters":[{"startTime":-1}]}')).toThrow(/startTime/);
  });
});

describe('resolveFolderUrl', () => {
  it('finds a relative path inside the folder, also percent-encoded, without query or fragment', async () => {
    const expected = { file: expect.stringMatching(/media\/chapters\/2\.json$/) };
    expect(await resolveFolderUrl(folder, 'media/chapters/2.json')).toEqual(expected);
    expect(await resolveFolderUrl(folder, 'media/chapters/%32.json?v=3#top')).toEqual(expected);
    expect(await resolveFolderUrl(folder, './media/x/../chapters/2.json')).toEqual(expected);
  });

  it.each([
    ['https://example.org/chapters/2.json', /nothing is downloaded/],
    ['file:///etc/passwd', /nothing is downloaded/],
    ['data:application/json,{}', /nothing is downloaded/],
    ['//example.org/2.json', /nothing is downloaded/],
    ['/etc/passwd', /not a relative path/],
    ['../secret.json', /leads outside the podcast folder$/],
    ['media/../../secret.json', /leads outside the podcast folder$/],
    ['%2e%2e/secret.json', /leads outside the podcast folder$/],
    ['..%2Fsecret.json', /leads outside the podcast folder$/],
    ['media\\..\\..\\secret.json', /not a relative path/],
    ['media/chapters/2.json%00.png', /not a relative path/],
    ['%E0%A4%A', /not a valid URL path/],
    ['media/link.json', /through a link/],
    ['media/chapters', /not a file/],
    ['media/none.json', /no such file/],
    ['.', /leads outside/],
    ['', /not a relative path/],
  ])('refuses %s', async (url, reason) => {
    const found = await resolveFolderUrl(folder, url);
    expect(found).toEqual({ refused: expect.stringMatching(reason) });
  });
});

describe('readEpisodeChapters', () => {
  it('prefers chapters/<episode>.json, reads the feed URL otherwise, and warns instead of failing', async () => {
    const warnings = new WarningCollector();
    const files = await findChapterFiles(folder, new Set(['1', '2', '3', '4']), warnings);
    const sources = { files, downloaded: new Map<string, string>(), linkFolder: folder };
    expect([...sources.files.keys()]).toEqual(['3', '4']);
    expect(await readEpisodeChapters(sources, '2', 'media/chapters/2.json', warnings)).toEqual([
      { title: 'Chapter 1', start: 100 },
    ]);
    expect(await readEpisodeChapters(sources, '3', 'media/chapters/2.json', warnings)).toEqual([]);
    expect(await readEpisodeChapters(sources, '4', null, warnings)).toEqual([]);
    expect(await readEpisodeChapters(sources, '1', '../secret.json', warnings)).toEqual([]);
    expect(await readEpisodeChapters(sources, '1', null, warnings)).toEqual([]);
    const summary = Object.fromEntries(
      warnings.summary().map((warning) => [warning.code, warning.examples]),
    );
    expect(summary['chapters-not-used']).toEqual([
      expect.stringMatching(/chapters\/99\.json$/),
      expect.stringMatching(/chapters\/notes\.txt$/),
    ]);
    expect(summary['bad-chapters']).toEqual([
      expect.stringMatching(/chapters\/3\.json: not valid JSON/),
      expect.stringMatching(
        /chapters\/4\.json: 1,048,577 bytes, more than a chapters file may have/,
      ),
    ]);
    expect(summary['chapters-url-refused']).toEqual([
      'episode 1: "../secret.json": it leads outside the podcast folder',
    ]);
  });
});

describe('findChapterFiles', () => {
  it('reads only regular files inside the podcast folder: no link out, no FIFO', async () => {
    const show = join(root, 'hostile');
    await mkdir(join(show, 'chapters'), { recursive: true });
    await writeFile(join(show, 'inside.json'), '{"chapters":[{"startTime":5,"title":"in"}]}');
    await symlink(join(root, 'secret.json'), join(show, 'chapters', '1.json'));
    execFileSync('mkfifo', [join(show, 'chapters', '2.json')]);
    await symlink('nowhere.json', join(show, 'chapters', '3.json'));
    await symlink(join(show, 'inside.json'), join(show, 'chapters', '4.json'));
    const warnings = new WarningCollector();
    const files = await findChapterFiles(show, new Set(['1', '2', '3', '4']), warnings);
    expect([...files.keys()]).toEqual(['4']);
    const sources = { files, downloaded: new Map<string, string>(), linkFolder: show };
    for (const episode of ['1', '2', '3']) {
      expect(await readEpisodeChapters(sources, episode, null, warnings)).toEqual([]);
    }
    expect(await readEpisodeChapters(sources, '4', null, warnings)).toEqual([
      { title: 'in', start: 500 },
    ]);
    const [warning] = warnings.summary();
    expect(warning).toMatchObject({ code: 'chapters-not-a-file', count: 3 });
    expect(warning?.message).toMatch(/^3 entries in chapters\/ were not a regular file inside/);
    expect(warning?.examples).toEqual([
      expect.stringMatching(/chapters\/1\.json$/),
      expect.stringMatching(/chapters\/2\.json$/),
      expect.stringMatching(/chapters\/3\.json$/),
    ]);
  });
});
