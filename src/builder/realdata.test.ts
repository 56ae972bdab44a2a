import Database from 'better-sqlite3';
import { existsSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPodcast, type BuildResult } from './build.ts';
import { parseFeed } from './read/feed.ts';
import { joinChunks } from './publish/chunk-files.ts';
import { readTranscriptFile } from './read/transcripts/detect.ts';
import { WarningCollector } from './warnings.ts';
import { expectPairsAgree, expectStemsAgree } from './test-support/index-agreement.ts';

// Real-world inputs nobody on the project wrote (see ../shared/realdata/README.md). They are
// never copied into the repository; these tests skip when the folder is absent.
const REPO_ROOT = resolve(import.meta.dirname, '..', '..');
const REALDATA = resolve(REPO_ROOT, '../shared/realdata');
const present = existsSync(REALDATA);

let root: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'trawl-realdata-'));
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

async function openBuilt(result: BuildResult, name: string): Promise<Database.Database> {
  const file = join(root, `${name}.sqlite3`);
  await joinChunks(result.versionDir, file);
  return new Database(file, { readonly: true });
}

function matchIds(db: Database.Database, query: string): number[] {
  return db
    .prepare('SELECT rowid FROM words_fts WHERE words_fts MATCH ? ORDER BY rowid')
    .pluck()
    .all(query)
    .map(Number);
}

function xmlEscape(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

describe.skipIf(!present)('real-world inputs (../shared/realdata)', () => {
  describe('pc20-feeds', () => {
    it('imports themnshow.xml: podcast:episode under the old namespace URI, people and places', async () => {
      // Offline: its links lead to its real host, which tests never reach (feed-url.test.ts).
      const result = await buildPodcast({
        feed: join(REALDATA, 'pc20-feeds', 'themnshow.xml'),
        outDir: join(root, 'themnshow'),
        offline: true,
      });
      expect(result.episodes).toBe(54);
      expect(result.site.title).toBe('The Mike Neumann Show');
      // Every item links a transcript and chapters on the web; offline with an empty cache,
      // one warning each says so, naming the item and its URL.
      expect(
        result.warnings.find((warning) => warning.code === 'chapters-link-failed'),
      ).toMatchObject({
        count: 54,
        message: '54 podcast:chapters links gave no chapters; those episodes have none',
        examples: [
          expect.stringMatching(
            /^episode 1 "Hello World": https:\/\/mikeneumann\.show\/assets\/static\/themnshow001-20220409-chapters\.json: not in the cache, and --offline asks no host$/,
          ),
          expect.any(String),
          expect.any(String),
        ],
      });
      expect(result.links.transcripts).toEqual({
        fromFeed: 0,
        fromFiles: 0,
        failed: 54,
        untimed: 0,
      });
      const db = await openBuilt(result, 'themnshow');
      try {
        const people = db.prepare('SELECT first_name, guest FROM presenters ORDER BY id').all();
        expect(people).toEqual([
          { first_name: 'Mike Neumann', guest: 0 },
          { first_name: 'Dr. Timothy M. Jurgensen', guest: 1 },
        ]);
        expect(result.site.hostIds).toEqual([1]);
        // The channel's host presents every episode; the items name only their guest.
        const hosted = db
          .prepare('SELECT count(*) FROM episodes WHERE 1 IN (presenter1, presenter2, presenter3)')
          .pluck()
          .get();
        expect(hosted).toBe(54);
        expect(db.prepare('SELECT name FROM venues ORDER BY id').pluck().all()).toEqual([
          'Gitmo Nation',
          'Sayre, OK',
        ]);
        expect(db.prepare("SELECT title FROM episodes WHERE episode = '1'").pluck().get()).toBe(
          'Hello World',
        );
        expect(matchIds(db, 'title:"supreme leak"')).toEqual([3]);
      } finally {
        db.close();
      }
    });

    it('imports pc20rss.xml, numbering episodes from titles like "Episode 57: …"', async () => {
      const result = await buildPodcast({
        feed: join(REALDATA, 'pc20-feeds', 'pc20rss.xml'),
        outDir: join(root, 'pc20rss'),
        offline: true,
      });
      expect(result.episodes).toBe(56);
      const db = await openBuilt(result, 'pc20rss');
      try {
        expect(db.prepare("SELECT title FROM episodes WHERE episode = '57'").pluck().get()).toBe(
          'Episode 57: Rebel Rubes',
        );
        expect(result.warnings.map((warning) => warning.code)).toContain('person-without-name');
      } finally {
        db.close();
      }
    });

    it('rejects the malformed no-agenda.xml with the file and line', async () => {
      await expect(
        buildPodcast({
          feed: join(REALDATA, 'pc20-feeds', 'no-agenda.xml'),
          outDir: join(root, 'no-agenda'),
        }),
      ).rejects.toThrow(/no-agenda\.xml:2761:\d+: malformed XML: undefined entity &gtgt;/);
    });
  });

  describe('tgn-samples', () => {
    const tgn = join(REALDATA, 'tgn-samples');
    let folder: string;

    beforeAll(async () => {
      folder = join(root, 'tgn');
      await mkdir(join(folder, 'transcripts'), { recursive: true });
      await copyFile(join(tgn, 'tgn-feed-2023-08-05.rss'), join(folder, 'feed.xml'));
      // The 2023 feed re-uploaded episode 206 under a second item: keep the newer one.
      await writeFile(
        join(folder, 'trawl.config.json'),
        JSON.stringify({ site: { title: 'The Grey NATO' }, duplicateEpisodes: 'keep-newest' }),
      );
      for (const name of await readdir(tgn)) {
        if (name.endsWith('.json'))
          await copyFile(join(tgn, name), join(folder, 'transcripts', name));
      }
    });

    it('parses every WhisperX sample, interpolating the words WhisperX could not time', async () => {
      const readings = new Map<string, Awaited<ReturnType<typeof readTranscriptFile>>>();
      for (const name of ['10.0.json', '14.5.json', '143.5.json', '295.5.json'])
        readings.set(name, await readTranscriptFile(join(tgn, name)));
      const words = (name: string) => {
        const reading = readings.get(name);
        return reading?.kind === 'words' ? reading.transcript : undefined;
      };
      expect(words('10.0.json')).toMatchObject({
        format: 'whisperx',
        timing: 'exact',
        interpolated: 108,
      });
      expect(words('10.0.json')?.words).toHaveLength(12106);
      expect(words('14.5.json')?.interpolated).toBe(8);
      expect(words('143.5.json')?.words).toEqual(['you', 'Hey', 'guys,', "what's", 'up?']);
      expect(words('295.5.json')?.speakerNames.length).toBeGreaterThan(0);
    });

    it('rejects the samples whose episodes the 2023 feed does not have, naming the file', async () => {
      await expect(buildPodcast({ folder, outDir: join(root, 'tgn-out') })).rejects.toThrow(
        /14\.5\.json: episode 14\.5 is not in the feed/,
      );
    });

    it('imports the feed with the episode-10 transcript and finds a word from it', async () => {
      const result = await buildPodcast({
        folder,
        outDir: join(root, 'tgn-out'),
        ignoreOrphanTranscripts: true,
      });
      // 249 numbered episodes, the Q&A whose "#1" episode 1 holds (1.1), five specials
      // numbered after the episode before them; the re-upload of 206 replaces it.
      expect(result.episodes).toBe(255);
      expect(result.transcripts).toBe(1);
      expect(result.words).toBe(12106);
      const codes = Object.fromEntries(
        result.warnings.map((warning) => [warning.code, warning.count]),
      );
      expect(codes).toMatchObject({
        'numbering-numbered': 5,
        'numbering-renumbered': 1,
        'duplicate-number': 1,
        'orphan-transcript': 3,
        interpolated: 108,
        'no-transcript': 254,
      });
      const db = await openBuilt(result, 'tgn');
      try {
        const episode10 = db
          .prepare("SELECT id, title, word_count FROM episodes WHERE episode = '10'")
          .get();
        expect(episode10).toEqual({
          id: 11,
          title: 'The Grey Nato - Episode 10 - "Collection Inspection: Volume 1"',
          word_count: 12106,
        });
        expect(matchIds(db, 'words:"jason heaton"')).toEqual([11]);
        expect(matchIds(db, 'words:"double digits"')).toEqual([11]);
        expect(
          db.prepare("SELECT title FROM episodes WHERE episode = '206'").pluck().get(),
        ).toMatch(/Re-Reupload/);
        const description = db
          .prepare('SELECT description FROM episode_descriptions WHERE id = 249')
          .pluck()
          .get();
        expect(description).toContain('<a href="https://thegreynato.com/support-tgn">');
      } finally {
        db.close();
      }
    });
  });

  describe('yonearth', () => {
    const yonearth = join(REALDATA, 'yonearth');

    it('parses every file: numbered episodes have words, the slug pages without segments have none', async () => {
      const names = (await readdir(yonearth)).filter((name) => /\.json(\.br)?$/.test(name));
      expect(names.length).toBe(183);
      let withWords = 0;
      let words = 0;
      const withoutWords: string[] = [];
      for (const name of names) {
        const reading = await readTranscriptFile(join(yonearth, name));
        if (reading.kind === 'words') {
          withWords += 1;
          if (name.endsWith('.br')) words += reading.transcript.words.length;
        } else {
          withoutWords.push(name);
        }
      }
      expect(withWords).toBe(174);
      expect(words).toBe(1389823);
      expect(withoutWords.length).toBe(9);
      expect(withoutWords.every((name) => /^episode_[a-z0-9]+-[a-z-]+\.json/.test(name))).toBe(
        true,
      );
    }, 60_000);

    it('builds from its metadata as the episode source and finds a word from a transcript', async () => {
      const folder = join(root, 'yonearth');
      await mkdir(join(folder, 'transcripts'), { recursive: true });
      const items: string[] = [];
      // A sample keeps the test quick; every file is parsed by the test above.
      for (const episode of [0, 1, 2, 10, 53, 100, 101, 120, 171, 172]) {
        const source = join(yonearth, `episode_${episode}.json.br`);
        const meta: unknown = JSON.parse(
          brotliDecompressSync(await readFile(source)).toString('utf8'),
        );
        if (typeof meta !== 'object' || meta === null)
          throw new Error(`${source} is not an object`);
        const field = (key: string): string => {
          const value: unknown = Object.getOwnPropertyDescriptor(meta, key)?.value;
          return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
        };
        const published = Date.parse(field('publish_date'));
        items.push(`<item>
  <title>${xmlEscape(field('title'))}</title>
  <description>${xmlEscape(field('description'))}</description>
  ${Number.isNaN(published) ? '' : `<pubDate>${new Date(published).toUTCString()}</pubDate>`}
  <enclosure url="${xmlEscape(field('audio_url'))}" type="audio/mpeg" length="0"/>
  <podcast:episode>${xmlEscape(field('episode_number'))}</podcast:episode>
</item>`);
        await copyFile(source, join(folder, 'transcripts', `${episode}.json.br`));
      }
      await writeFile(
        join(folder, 'feed.xml'),
        `<rss version="2.0" xmlns:podcast="https://podcastindex.org/namespace/1.0"><channel><title>Y on Earth Community Podcast</title>\n${items.join('\n')}\n</channel></rss>`,
      );
      const result = await buildPodcast({ folder, outDir: join(folder, 'out') });
      expect(result).toMatchObject({ episodes: 10, transcripts: 10 });
      const db = await openBuilt(result, 'yonearth');
      try {
        const sandy = db.prepare("SELECT id, pub_date FROM episodes WHERE episode = '101'").get();
        expect(sandy).toEqual({ id: 7, pub_date: expect.stringMatching(/^2021-03-0[89]T/) });
        expect(matchIds(db, 'words:"physics professor"')).toContain(7);
        expect(matchIds(db, 'words:"aaron perry"')).toContain(1);
        expectStemsAgree(db);
        expectPairsAgree(db);
      } finally {
        db.close();
      }
    }, 60_000);
  });
});

describe.skipIf(present)('real-world inputs', () => {
  it('are skipped: ../shared/realdata is absent', () => {
    expect(present).toBe(false);
  });
});

// Keeps the feed parser honest on the other real feed without a full build.
describe.skipIf(!present)('the 2023 tgn feed', () => {
  it('numbers all 249 episodes from inconsistent titles, and the specials after them', async () => {
    const text = await readFile(join(REALDATA, 'tgn-samples', 'tgn-feed-2023-08-05.rss'), 'utf8');
    const feed = parseFeed('tgn-feed-2023-08-05.rss', text, {
      warnings: new WarningCollector(),
      duplicates: 'keep-newest',
    });
    const numbers = feed.episodes.map((episode) => episode.episode);
    expect(numbers.filter((number) => !number.includes('.'))).toEqual(
      Array.from({ length: 249 }, (_, index) => String(index + 1)),
    );
    expect(numbers.filter((number) => number.includes('.'))).toEqual([
      '1.1',
      '14.1',
      '16.1',
      '143.1',
      '160.1',
      '214.1',
    ]);
  });
});
