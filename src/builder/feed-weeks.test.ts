import Database from 'better-sqlite3';
import { mkdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildPodcast, type BuildResult } from './build.ts';
import { initPodcast } from './init.ts';
import { joinChunks } from './publish/chunk-files.ts';
import {
  generatedFeed,
  feedOriginForFile,
  type GeneratedItem,
} from './test-support/feed-origin.ts';

// A show week after week, from its feed URL: numbers that never change, and people who arrive
// without anyone editing presenters.json.

const scene = feedOriginForFile('trawl-feed-weeks-');

function serve(items: GeneratedItem[]): void {
  scene.origin.files.set('/feed.xml', {
    body: generatedFeed({ title: 'Unnumbered Show', language: 'en', items }),
    type: 'application/rss+xml',
  });
}

async function episodesOf(result: BuildResult, name: string): Promise<[string, string][]> {
  const file = join(scene.root, `${name}-${result.version}.sqlite3`);
  await joinChunks(result.versionDir, file);
  const db = new Database(file, { readonly: true });
  try {
    return db
      .prepare<[], { episode: string; title: string }>(
        'SELECT episode, title FROM episodes ORDER BY id',
      )
      .all()
      .map((row) => [row.episode, row.title]);
  } finally {
    db.close();
  }
}

const weekly = (week: number): GeneratedItem => ({
  title: `Week ${['one', 'two', 'three', 'four', 'five'][week - 1] ?? week} of facts`,
  guid: `urn:show:${week}`,
  day: week * 7,
});

describe('a show without episode numbers', () => {
  it('is numbered oldest first, and its numbers stay when a newer item comes and an older goes', async () => {
    const folder = join(scene.root, 'unnumbered');
    serve([weekly(1), weekly(2), weekly(3)]);
    const init = await initPodcast({ dir: folder, feed: `${scene.origin.origin}/feed.xml` });
    expect(init.written).not.toContain('feed.xml');
    expect(JSON.parse(await readFile(join(folder, 'trawl.config.json'), 'utf8'))).toMatchObject({
      feedUrl: `${scene.origin.origin}/feed.xml`,
    });

    const first = await buildPodcast({ folder, outDir: join(folder, 'db') });
    // init downloaded the feed into the folder's cache: the build only asked "changed since?".
    expect(first.feed.how).toBe('unchanged');
    expect(await episodesOf(first, 'first')).toEqual([
      ['1', 'Week one of facts'],
      ['2', 'Week two of facts'],
      ['3', 'Week three of facts'],
    ]);
    expect(first.numbering.map((note) => note.text)).toEqual([
      expect.stringMatching(
        /^"Week one of facts" \(line \d+\) is now episode 1 \(it had no number\)$/,
      ),
      expect.stringMatching(/^"Week two of facts" \(line \d+\) is now episode 2/),
      expect.stringMatching(/^"Week three of facts" \(line \d+\) is now episode 3/),
    ]);
    const stored: unknown = JSON.parse(
      await readFile(join(folder, 'episode-numbers.json'), 'utf8'),
    );
    expect(stored).toMatchObject({
      numbers: { 'urn:show:1': '1', 'urn:show:2': '2', 'urn:show:3': '3' },
    });

    serve([weekly(2), weekly(3), weekly(4)]);
    const later = await buildPodcast({ folder, outDir: join(folder, 'db') });
    expect(await episodesOf(later, 'later')).toEqual([
      ['2', 'Week two of facts'],
      ['3', 'Week three of facts'],
      ['4', 'Week four of facts'],
    ]);
    expect(later.numbering.map((note) => note.text)).toEqual([
      expect.stringMatching(
        /^"Week four of facts" \(line \d+\) is now episode 4 \(it had no number\)$/,
      ),
    ]);
    // Week one is gone from the feed, and its number with it: never given to another item.
    serve([weekly(2), weekly(3), weekly(4), weekly(5)]);
    const fifth = await buildPodcast({ folder, outDir: join(folder, 'db') });
    expect((await episodesOf(fifth, 'fifth')).at(-1)).toEqual(['5', 'Week five of facts']);
    const again = await buildPodcast({ folder, outDir: join(folder, 'db') });
    expect(again.numbering).toEqual([]);
    expect(again.version).toBe(fifth.version);
  });

  it('refuses an episode-numbers.json that is a link, and one where two items share a number', async () => {
    serve([weekly(1), weekly(2)]);
    const folder = join(scene.root, 'numbers-link');
    await mkdir(folder, { recursive: true });
    await writeFile(
      join(folder, 'trawl.config.json'),
      JSON.stringify({ feedUrl: `${scene.origin.origin}/feed.xml` }),
    );
    const elsewhere = join(scene.root, 'elsewhere.json');
    await writeFile(elsewhere, '{"numbers":{}}');
    await symlink(elsewhere, join(folder, 'episode-numbers.json'));
    await expect(buildPodcast({ folder, outDir: join(folder, 'db') })).rejects.toThrow(
      'episode-numbers.json: is not a regular file (a link or a folder); the build reads and writes it only as a plain file',
    );
    expect(await readFile(elsewhere, 'utf8')).toBe('{"numbers":{}}');
    await rm(join(folder, 'episode-numbers.json'));
    await writeFile(
      join(folder, 'episode-numbers.json'),
      JSON.stringify({ numbers: { 'urn:show:1': '4', 'urn:show:2': '4' } }),
    );
    await expect(buildPodcast({ folder, outDir: join(folder, 'db') })).rejects.toThrow(
      '"urn:show:1" and "urn:show:2" both have number 4; give one another number',
    );
  });
});

describe('people, every week', () => {
  it('a new guest of the feed is a presenter, and presenters.json still corrects a name', async () => {
    const host = { name: 'Ada Host', role: 'host' as const };
    serve([
      { ...weekly(1), number: '1', persons: [host] },
      { ...weekly(2), number: '2', persons: [host, { name: 'Bea Guest', role: 'guest' }] },
    ]);
    const folder = join(scene.root, 'people');
    await initPodcast({ dir: folder, feed: `${scene.origin.origin}/feed.xml` });
    // The podcaster corrects how the feed spells a guest's name.
    const listed: unknown = JSON.parse(await readFile(join(folder, 'presenters.json'), 'utf8'));
    expect(listed).toEqual([
      { id: 1, firstName: 'Ada Host' },
      { id: 2, firstName: 'Bea Guest', guest: true },
    ]);
    await writeFile(
      join(folder, 'presenters.json'),
      JSON.stringify([
        { id: 1, firstName: 'Ada', lastName: 'Host' },
        { id: 2, firstName: 'Beatrice', lastName: 'Guest', guest: true, feedNames: ['Bea Guest'] },
      ]),
    );
    serve([
      { ...weekly(1), number: '1', persons: [host] },
      { ...weekly(2), number: '2', persons: [host, { name: 'Bea Guest', role: 'guest' }] },
      { ...weekly(3), number: '3', persons: [host, { name: 'Cy Newcomer', role: 'guest' }] },
    ]);
    const result = await buildPodcast({ folder, outDir: join(folder, 'db') });
    expect(result.presenters).toBe(3);
    expect(result.warnings.map((warning) => warning.code)).not.toContain('person-not-presenter');
    const file = join(scene.root, 'people.sqlite3');
    await joinChunks(result.versionDir, file);
    const db = new Database(file, { readonly: true });
    try {
      expect(
        db.prepare('SELECT id, first_name, last_name, guest FROM presenters ORDER BY id').all(),
      ).toEqual([
        { id: 1, first_name: 'Ada', last_name: 'Host', guest: 0 },
        { id: 2, first_name: 'Beatrice', last_name: 'Guest', guest: 1 },
        { id: 3, first_name: 'Cy Newcomer', last_name: null, guest: 1 },
      ]);
      expect(
        db.prepare("SELECT presenter1, presenter2 FROM episodes WHERE episode = '3'").get(),
      ).toEqual({ presenter1: 1, presenter2: 3 });
    } finally {
      db.close();
    }
  });
});
