import Database from 'better-sqlite3';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbConfigSchema } from '../core/site-config.ts';
import { buildPodcast, type BuildResult } from './build.ts';
import { joinChunks } from './publish/chunk-files.ts';

const FEED = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"
     xmlns:podcast="https://podcastindex.org/namespace/1.0">
  <channel>
    <title>Feed Only Show</title>
    <itunes:image href="https://art.example.org/show.png"/>
    <podcast:person role="host" img="https://people.example.org/ada.jpg">Ada Host</podcast:person>
    <podcast:person role="host" img="javascript:alert(1)">Bram Host</podcast:person>
    <item>
      <title>Episode 1: Plain</title>
      <itunes:episode>1</itunes:episode>
      <enclosure url="https://cdn.example.net/1.mp3" length="1" type="audio/mpeg"/>
    </item>
    <item>
      <title>Episode 2: Own art, bonus</title>
      <itunes:episode>2</itunes:episode>
      <itunes:episodeType>Bonus</itunes:episodeType>
      <itunes:image href="https://art.example.org/2.jpg"/>
      <enclosure url="data:audio/mpeg;base64,AAAA" length="1" type="audio/mpeg"/>
    </item>
    <item>
      <title>Episode 3: Hostile art LIVE</title>
      <itunes:episode>3</itunes:episode>
      <itunes:image href=" JaVaScRiPt:alert(document.cookie)"/>
      <enclosure url="//evil.example.com/3.mp3" length="1" type="audio/mpeg"/>
    </item>
    <item>
      <title>Episode 4: Local media</title>
      <itunes:episode>4</itunes:episode>
      <itunes:image href="https://art.example.org/4.png"/>
      <enclosure url="https://cdn.example.net/4.mp3" length="1" type="audio/mpeg"/>
    </item>
  </channel>
</rss>
`;

const CONFIG = {
  episodeTypes: [
    { id: 'bonus', label: 'Bonus', rule: { field: 'itunes:episodeType', equals: 'bonus' } },
    { id: 'live', label: 'Live shows', rule: { field: 'title', matches: '\\blive\\b' } },
    { id: 'trailer', label: 'Trailers', rule: { field: 'itunes:episodeType', equals: 'trailer' } },
    {
      id: 'regular',
      label: 'Regular',
      rule: { not: { any: [{ field: 'title', contains: 'bonus' }, { flag: 'compilation' }] } },
    },
  ],
};

let root: string;
let result: BuildResult;
let db: Database.Database;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'trawl-feed-only-'));
  const folder = join(root, 'show');
  await mkdir(join(folder, 'media', 'audio'), { recursive: true });
  await mkdir(join(folder, 'media', 'images', 'episodes'), { recursive: true });
  await mkdir(join(folder, 'media', 'hosts'), { recursive: true });
  await writeFile(join(folder, 'feed.xml'), FEED);
  await writeFile(join(folder, 'trawl.config.json'), JSON.stringify(CONFIG));
  await writeFile(join(folder, 'media', 'audio', '4.mp3'), 'x');
  await writeFile(join(folder, 'media', 'audio', '04.mp3'), 'not the canonical name');
  await writeFile(join(folder, 'media', 'images', 'episodes', '004.webp'), 'x');
  await writeFile(join(folder, 'media', 'hosts', '2.png'), 'x');
  result = await buildPodcast({ folder, outDir: join(root, 'db') });
  await joinChunks(result.versionDir, join(root, 'db.sqlite3'));
  db = new Database(join(root, 'db.sqlite3'), { readonly: true });
});

afterAll(async () => {
  db?.close();
  await rm(root, { recursive: true, force: true });
});

describe('a build from a feed with a media folder', () => {
  it('stores artwork (item, else channel) and enclosures, http(s) only, and the local files', () => {
    expect(
      db
        .prepare(
          'SELECT episode, image, audio_url, audio_local, image_local, timing FROM episodes ORDER BY id',
        )
        .all(),
    ).toEqual([
      {
        episode: '1',
        image: 'https://art.example.org/show.png',
        audio_url: 'https://cdn.example.net/1.mp3',
        audio_local: 0,
        image_local: null,
        timing: null,
      },
      {
        episode: '2',
        image: 'https://art.example.org/2.jpg',
        audio_url: null,
        audio_local: 0,
        image_local: null,
        timing: null,
      },
      {
        episode: '3',
        image: 'https://art.example.org/show.png',
        audio_url: null,
        audio_local: 0,
        image_local: null,
        timing: null,
      },
      {
        episode: '4',
        image: 'https://art.example.org/4.png',
        audio_url: 'https://cdn.example.net/4.mp3',
        audio_local: 1,
        image_local: '004.webp',
        timing: null,
      },
    ]);
  });

  it('warns once about the hostile URLs, naming where each was', () => {
    const bad = result.warnings.find((warning) => warning.code === 'bad-url');
    expect(bad?.count).toBe(4);
    expect(bad?.message).toMatch(/^4 URLs in the feed were not an absolute http\(s\) URL; ignored/);
    expect(bad?.examples).toEqual([
      'episode 2\'s enclosure: "data:audio/mpeg;base64,AAAA"',
      'episode 3\'s enclosure: "//evil.example.com/3.mp3"',
      'episode 3\'s itunes:image: "JaVaScRiPt:alert(document.cookie)"',
    ]);
  });

  it('takes avatars from podcast:person img unless the media folder has the file', () => {
    expect(db.prepare('SELECT id, first_name, img, img_local FROM presenters').all()).toEqual([
      { id: 1, first_name: 'Ada Host', img: 'https://people.example.org/ada.jpg', img_local: 0 },
      { id: 2, first_name: 'Bram Host', img: null, img_local: 1 },
    ]);
  });

  it('evaluates the type rules and offers only the types some episode has', () => {
    expect(db.prepare('SELECT episode, type_ids FROM episodes ORDER BY id').all()).toEqual([
      { episode: '1', type_ids: 'regular' },
      { episode: '2', type_ids: 'bonus' },
      { episode: '3', type_ids: 'live regular' },
      { episode: '4', type_ids: 'regular' },
    ]);
    expect(result.site.episodeTypes).toEqual([
      { id: 'bonus', label: 'Bonus' },
      { id: 'live', label: 'Live shows' },
      { id: 'regular', label: 'Regular' },
    ]);
  });

  it('fills title, logo and favicon from the channel, and generic texts', () => {
    expect(result.site).toMatchObject({
      title: 'Feed Only Show',
      logo: 'https://art.example.org/show.png',
      favicon: 'https://art.example.org/show.png',
      searchPlaceholder: 'Search episodes and transcripts',
      secondGroupLabel: '',
      hostIds: [1, 2],
    });
  });

  it('records exactly the media origins the database names in config.json', async () => {
    const config = dbConfigSchema.parse(
      JSON.parse(await readFile(join(result.versionDir, 'config.json'), 'utf8')),
    );
    // The media folder has an avatar: the site reads files of its own.
    expect(config.localMedia).toBe(true);
    expect(config.mediaOrigins).toEqual([
      'https://art.example.org',
      'https://cdn.example.net',
      'https://people.example.org',
    ]);
  });
});

describe('a build from the feed alone', () => {
  it('needs no folder, and with no media folder every episode uses the feed', async () => {
    const feed = join(root, 'alone.xml');
    await writeFile(feed, FEED);
    const alone = await buildPodcast({ feed, outDir: join(root, 'alone-db') });
    expect(alone.episodes).toBe(4);
    const aloneConfig = dbConfigSchema.parse(
      JSON.parse(await readFile(join(alone.versionDir, 'config.json'), 'utf8')),
    );
    expect(aloneConfig.localMedia).toBe(false);
    expect(alone.site.episodeTypes).toEqual([]);
    await joinChunks(alone.versionDir, join(root, 'alone.sqlite3'));
    const aloneDb = new Database(join(root, 'alone.sqlite3'), { readonly: true });
    try {
      expect(
        aloneDb.prepare('SELECT DISTINCT audio_local, image_local, type_ids FROM episodes').all(),
      ).toEqual([{ audio_local: 0, image_local: null, type_ids: '' }]);
      expect(aloneDb.prepare('SELECT DISTINCT img_local FROM presenters').all()).toEqual([
        { img_local: 0 },
      ]);
    } finally {
      aloneDb.close();
    }
  });
});
