import Database from 'better-sqlite3';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { displayTitle } from '../../core/display-title.ts';
import { dbConfigSchema } from '../../core/site-config.ts';
import { buildPodcast, type BuildOptions, type BuildResult } from '../build.ts';
import { joinChunks } from '../publish/chunk-files.ts';
import { collectOrigins } from '../publish/media-origins.ts';

// A podcaster's own feed and nothing else (issue 14), on real feeds nobody on the project
// wrote (../shared/realdata/README.md). Skipped when ../shared is absent.
const REALDATA = resolve(import.meta.dirname, '..', '..', '..', '../shared/realdata');
const present = existsSync(REALDATA);
const feedFile = (name: string): string => join(REALDATA, name);

let root: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'trawl-realdata-feeds-'));
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

interface Built {
  result: BuildResult;
  db: Database.Database;
  mediaOrigins: string[];
}

async function buildFeed(name: string, extra: Partial<BuildOptions> = {}): Promise<Built> {
  const out = await mkdtemp(join(root, name.replace(/\W/g, '-')));
  // Each build its own state: numbers an earlier build of the same feed gave would stay.
  process.env.XDG_CACHE_HOME = join(out, 'user-cache');
  // Offline: the feeds link transcripts and chapters on their hosts, which tests never reach
  // (src/builder/feed-url.test.ts serves them from a local origin instead).
  const result = await buildPodcast({ feed: feedFile(name), outDir: out, offline: true, ...extra });
  const file = `${out}.sqlite3`;
  await joinChunks(result.versionDir, file);
  const config = dbConfigSchema.parse(
    JSON.parse(await readFile(join(result.versionDir, 'config.json'), 'utf8')),
  );
  return { result, db: new Database(file, { readonly: true }), mediaOrigins: config.mediaOrigins };
}

interface MediaRow {
  episode: string;
  title: string;
  image: string | null;
  audio_url: string | null;
  audio_local: number;
  image_local: string | null;
  timing: string | null;
  type_ids: string;
}

function mediaRows(db: Database.Database): MediaRow[] {
  return db
    .prepare<[], MediaRow>(
      'SELECT episode, title, image, audio_url, audio_local, image_local, timing, type_ids FROM episodes ORDER BY id',
    )
    .all();
}

describe.skipIf(!present)('a site from the feed alone (real feeds)', () => {
  it('themnshow.xml: artwork, enclosures and avatars from the feed, no transcripts, no types', async () => {
    const { result, db, mediaOrigins } = await buildFeed('pc20-feeds/themnshow.xml');
    try {
      expect(result.episodes).toBe(54);
      const rows = mediaRows(db);
      expect(rows.every((row) => row.image?.startsWith('https://') === true)).toBe(true);
      expect(rows.every((row) => row.audio_url?.startsWith('https://') === true)).toBe(true);
      expect(rows.every((row) => row.audio_local === 0 && row.image_local === null)).toBe(true);
      expect(rows.every((row) => row.timing === null && row.type_ids === '')).toBe(true);
      const people = db
        .prepare<[], { img: string | null; img_local: number }>(
          'SELECT img, img_local FROM presenters',
        )
        .all();
      expect(people.length).toBeGreaterThan(0);
      expect(people.some((person) => person.img?.startsWith('https://') === true)).toBe(true);
      expect(people.every((person) => person.img_local === 0)).toBe(true);
      expect(result.site).toMatchObject({
        title: 'The Mike Neumann Show',
        logo: 'https://mikeneumann.show/assets/static/theMnShow-Dream_01-taas.jpg',
        favicon: 'https://mikeneumann.show/assets/static/theMnShow-Dream_01-taas.jpg',
        searchPlaceholder: 'Search episodes and transcripts',
        secondGroupLabel: '',
        episodeTypes: [],
      });
      // Every origin a page may load media from is listed, and nothing else.
      const named = collectOrigins([
        ...rows.flatMap((row) => [row.image, row.audio_url]),
        ...people.map((person) => person.img),
      ]);
      expect(mediaOrigins).toEqual(named);
      expect(mediaOrigins).toContain('https://op3.dev');
    } finally {
      db.close();
    }
  });

  it('pc20rss.xml: titles that repeat "Episode N:" show the number once', async () => {
    const { result, db } = await buildFeed('pc20-feeds/pc20rss.xml');
    try {
      expect(result.episodes).toBe(56);
      const rows = mediaRows(db);
      // The database keeps the feed's whole title.
      expect(rows.find((row) => row.episode === '57')?.title).toBe('Episode 57: Rebel Rubes');
      const shown = rows.map((row) => displayTitle(row.title, row.episode));
      expect(shown.find((_, index) => rows[index]?.episode === '57')).toBe('Rebel Rubes');
      expect(shown.filter((title) => /^episode\s*\d/i.test(title))).toEqual([]);
    } finally {
      db.close();
    }
  });

  it('no-agenda.xml: refused with its line; --recover keeps every good item', async () => {
    await expect(buildFeed('pc20-feeds/no-agenda.xml')).rejects.toThrow(
      /no-agenda\.xml:2761:\d+: malformed XML: undefined entity &gtgt;/,
    );
    const { result, db } = await buildFeed('pc20-feeds/no-agenda.xml', { recover: true });
    try {
      const skipped = result.warnings.filter((warning) => warning.code.startsWith('skipped-item'));
      expect(skipped.map((warning) => warning.message)).toEqual([
        expect.stringMatching(
          /^skipped the broken feed item at line \d+, "1374: "Shetard"" \(line 2761: malformed XML: undefined entity &gtgt;.*fix the feed to keep it$/,
        ) as unknown,
      ]);
      expect(result.episodes).toBe(28);
      const numbers = mediaRows(db).map((row) => row.episode);
      expect(numbers).not.toContain('1374');
      expect(numbers).toContain('1393');
      expect(
        mediaRows(db)
          .map((row) => displayTitle(row.title, row.episode))
          .slice(-1),
      ).toEqual(['"Space Wake"']);
    } finally {
      db.close();
    }
  });

  it('the 2023 tgn feed: "The Grey NATO – 249 – …" shows its number once', async () => {
    // The feed re-uploads episode 206: keep-newest is the fix the duplicate error names.
    const config = join(root, 'tgn.config.json');
    await writeFile(config, JSON.stringify({ duplicateEpisodes: 'keep-newest' }));
    const { db } = await buildFeed('tgn-samples/tgn-feed-2023-08-05.rss', { config });
    try {
      const rows = mediaRows(db);
      const shown = new Map(rows.map((row) => [row.episode, displayTitle(row.title, row.episode)]));
      expect(shown.get('249')).toBe(
        'Kristin Harila On Her Record-Breaking Push To Climb All 8000m Peaks In Just Three Months',
      );
      expect(shown.get('10')).toBe('"Collection Inspection: Volume 1"');
      expect(shown.get('25')).toBe('Dream Watches 2017');
      // Only the re-upload of 206 (its number is not between dashes) and items the build
      // numbered (1.1, 160.1: no number of their own in the title) keep the show's name.
      const repeated = [...shown]
        .filter(([, title]) => /^the grey nato/i.test(title))
        .map(([episode]) => episode);
      expect(repeated).toEqual(['1.1', '160.1', '206']);
    } finally {
      db.close();
    }
  });
});

describe.skipIf(!present)('duplicate episodes in a real feed', () => {
  it('build, and the build says what it did for each', async () => {
    const { result, db } = await buildFeed('tgn-samples/tgn-feed-2023-08-05.rss');
    try {
      expect(result.episodes).toBe(256);
      expect(result.numbering.filter((note) => note.kind === 'renumbered')).toEqual([
        {
          kind: 'renumbered',
          text: '"The Grey Nato - Question & Answer #1" (line 3522) is now episode 1.1 (its own number was taken)',
        },
        {
          kind: 'renumbered',
          text: expect.stringMatching(
            /^"The Grey NATO – 206 Re-Reupload – New Watches! .*" \(line 687\) is now episode 206\.1 \(its own number was taken\)$/,
          ) as unknown,
        },
      ]);
      expect(
        db
          .prepare("SELECT title FROM episodes WHERE episode IN ('206', '206.1') ORDER BY id")
          .pluck()
          .all(),
      ).toEqual([
        "The Grey NATO – 206 – New Watches! Pelagos 39, Diver's Sixty-Five 12H, And The Steel Doxa Army",
        "The Grey NATO – 206 Re-Reupload – New Watches! Pelagos 39, Diver's Sixty-Five 12H, And The Steel Doxa Army",
      ]);
    } finally {
      db.close();
    }
  });

  it('refuse them when told to, naming the settings that fix them', async () => {
    const config = join(root, 'strict.config.json');
    await writeFile(config, JSON.stringify({ duplicateEpisodes: 'error' }));
    await expect(buildFeed('tgn-samples/tgn-feed-2023-08-05.rss', { config })).rejects.toThrow(
      /are both episode 206; remove "duplicateEpisodes": "error" from trawl\.config\.json to give the newer one a number of its own, or set it to "keep-newest" if the feed re-uploads episodes/,
    );
  });
});

describe.skipIf(present)('a site from the feed alone (real feeds)', () => {
  it('is skipped: ../shared/realdata is absent', () => {
    expect(present).toBe(false);
  });
});
