import Database from 'better-sqlite3';
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_SIZE } from '../core/db-schema.ts';
import { decodeTermRow, termRowId } from '../core/term-index.ts';
import { dbConfigSchema, latestSchema } from '../core/site-config.ts';
import { buildPodcast } from './build.ts';
import {
  buildFixturePodcast,
  FIXTURE_PODCAST_DIR,
  joinChunks,
} from './test-support/fixture-podcast.ts';
import { decodeTranscriptBlob } from './transcript-blob.ts';

let root: string;
let db: Database.Database;
let fixture: Awaited<ReturnType<typeof buildFixturePodcast>>;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'trawl-build-test-'));
  fixture = await buildFixturePodcast(join(root, 'fixture'));
  db = new Database(fixture.databaseFile, { readonly: true });
});

afterAll(async () => {
  db.close();
  await rm(root, { recursive: true, force: true });
});

function ids(sql: string, ...params: unknown[]): number[] {
  return db
    .prepare(sql)
    .raw()
    .all(...params)
    .map((row) => Number(Array.isArray(row) ? row[0] : Number.NaN));
}

/** A copy of the fixture podcast that a test may change. */
async function fixtureCopy(name: string): Promise<string> {
  const dir = join(root, name);
  await cp(FIXTURE_PODCAST_DIR, dir, { recursive: true });
  return dir;
}

describe('buildPodcast on the fixture podcast', () => {
  it('reports what it built and summarises warnings once per kind', () => {
    const { result } = fixture;
    expect(result).toMatchObject({
      episodes: 7,
      transcripts: 6,
      words: 55,
      presenters: 4,
      venues: 3,
    });
    expect(result.version).toMatch(/^v1-[0-9a-f]{12}$/);
    expect(result.site).toMatchObject({
      title: 'Fixture Facts',
      hostIds: [6, 7],
      wfhVenueIds: [2],
      officeVenueIds: [1],
      pageSize: 5,
    });
    expect(result.warnings.map((warning) => [warning.code, warning.count])).toEqual([
      ['item-without-number', 1],
      ['unsafe-chapter-link', 1],
      ['interpolated', 2],
      ['approximate', 2],
      ['bad-chapters', 1],
      ['no-transcript', 1],
      ['chapters-url-refused', 1],
    ]);
    expect(result.warnings.find((warning) => warning.code === 'interpolated')?.message).toBe(
      '2 words had no timing; interpolated from their neighbours',
    );
  });

  it('stores episodes in ascending numeric order with exact numbers and their facts', () => {
    const rows = db
      .prepare(
        'SELECT id, episode, title, duration, venue, live, compilation, word_count, timing FROM episodes ORDER BY id',
      )
      .all();
    expect(rows).toEqual([
      {
        id: 1,
        episode: '1',
        title: 'Episode 1: Octopus Hearts',
        duration: 5,
        venue: 1,
        live: 0,
        compilation: 0,
        word_count: 11,
        timing: 'exact',
      },
      {
        id: 2,
        episode: '2',
        title: 'Numbers Nobody Can Say',
        duration: 7,
        venue: 2,
        live: 0,
        compilation: 0,
        word_count: 8,
        timing: 'exact',
      },
      {
        id: 3,
        episode: '3',
        title: 'Episode 3: Live From Sydney',
        duration: 11,
        venue: 3,
        live: 1,
        compilation: 0,
        word_count: 11,
        timing: 'approximate',
      },
      {
        id: 4,
        episode: '4',
        title: 'Compilation of the best bits',
        duration: 3,
        venue: 1,
        live: 0,
        compilation: 1,
        word_count: 6,
        timing: 'exact',
      },
      {
        id: 5,
        episode: '5',
        title: 'Episode 5: Nothing Said Yet',
        duration: 600,
        venue: null,
        live: 0,
        compilation: 0,
        word_count: 0,
        timing: null,
      },
      {
        id: 6,
        episode: '14.5',
        title: 'A half episode: Narwhal Special',
        duration: 65,
        venue: 3,
        live: 1,
        compilation: 0,
        word_count: 12,
        timing: 'approximate',
      },
      {
        id: 7,
        episode: '15',
        title: 'Episode Fifteen: Mountains and Molecules',
        duration: 95,
        venue: 2,
        live: 0,
        compilation: 0,
        word_count: 7,
        timing: 'exact',
      },
    ]);
    expect(
      db
        .prepare(
          "SELECT presenter1, presenter2, presenter3, pub_date, image, audio_url FROM episodes WHERE episode = '14.5'",
        )
        .get(),
    ).toEqual({
      presenter1: 6,
      presenter2: 9,
      presenter3: null,
      pub_date: '2024-04-29T09:00:00.000Z',
      image: 'https://example.org/images/14.5.jpg',
      audio_url: 'https://example.org/audio/14.5.mp3',
    });
  });

  it('stores presenters and venues from the JSON and CSV files', () => {
    expect(db.prepare('SELECT * FROM presenters ORDER BY id').all()).toEqual([
      {
        id: 6,
        first_name: 'Ada',
        middle_name: null,
        last_name: 'Fairweather',
        qi_elf: 0,
        guest: 0,
      },
      { id: 7, first_name: 'Bram', middle_name: 'J.', last_name: 'Okafor', qi_elf: 0, guest: 0 },
      { id: 8, first_name: 'Cleo', middle_name: null, last_name: 'Hart', qi_elf: 1, guest: 0 },
      { id: 9, first_name: 'Dev', middle_name: null, last_name: 'Patel', qi_elf: 0, guest: 1 },
    ]);
    expect(
      db.prepare('SELECT id, name, city, state, country FROM venues ORDER BY name').all(),
    ).toEqual([
      { id: 2, name: 'Home', city: null, state: null, country: 'United Kingdom' },
      { id: 1, name: 'The Office', city: 'London', state: null, country: 'United Kingdom' },
      {
        id: 3,
        name: 'Theatre Royal, Main Stage',
        city: 'Sydney',
        state: 'NSW',
        country: 'Australia',
      },
    ]);
  });

  it('stores sanitised description HTML', () => {
    const description = (id: number): unknown =>
      db.prepare('SELECT description FROM episode_descriptions WHERE id = ?').pluck().get(id);
    expect(description(1)).toBe(
      '<p>How many hearts does an <em>octopus</em> have? Find out with <a href="https://example.org/octopus">our notes</a>.</p>',
    );
    expect(description(6)).toBe(
      '<p>The <em>narwhal</em> episode, recorded live. <a>bad link</a></p>',
    );
    expect(description(3)).toBe('<p>Recorded <b>live</b> on stage.</p>');
  });

  it('stores each transcript as a compressed blob in centiseconds and percent, with speakers', () => {
    const data = db.prepare('SELECT data FROM transcripts WHERE id = 2').pluck().get();
    expect(data).toBeInstanceOf(Buffer);
    const blob = decodeTranscriptBlob(data instanceof Buffer ? data : Buffer.alloc(0));
    expect(blob.words).toEqual([
      'Founded',
      'in',
      '1926,',
      'really.',
      'It',
      'costs',
      '95%',
      'less.',
    ]);
    expect(blob.start).toEqual([100, 145, 160, 240, 400, 425, 460, 550]);
    expect(blob.end).toEqual([140, 160, 240, 300, 420, 460, 550, 600]);
    expect(blob.prob).toEqual([91, 88, -1, 70, 99, 97, -1, 95]);
    // speakers.json maps SPEAKER_00 to presenter 8; SPEAKER_01 is unmapped.
    expect(blob.speakerNames).toEqual(['Cleo Hart', 'Speaker 1']);
    expect(blob.speakerPresenters).toEqual([8, null]);
    expect(blob.speaker).toEqual([0, 0, 0, 0, 1, 1, 1, 1]);
    expect(ids('SELECT id FROM transcripts ORDER BY id')).toEqual([1, 2, 3, 4, 6, 7]);
  });

  it('resolves speakers: speakers.json, presenter names, plain names; one show-wide list', () => {
    const blob = (id: number) => {
      const data = db.prepare('SELECT data FROM transcripts WHERE id = ?').pluck().get(id);
      return decodeTranscriptBlob(data instanceof Buffer ? data : Buffer.alloc(0));
    };
    // Episode 3 (VTT voices): 'Anna Smith' is a plain name; 'Ben' maps to presenter 9 there.
    expect(blob(3)).toMatchObject({
      speakerNames: ['Anna Smith', 'Dev Patel'],
      speakerPresenters: [null, 9],
    });
    // Episode 15 (Whisper segments 'Bram', then 'Ada'): first names of presenters 7 and 6.
    expect(blob(7)).toMatchObject({
      speakerNames: ['Bram J. Okafor', 'Ada Fairweather'],
      speakerPresenters: [7, 6],
    });
    const list = JSON.parse(
      inflateRawSync(db.prepare('SELECT data FROM episode_list').pluck().get() as Buffer).toString(
        'utf8',
      ),
    ) as { speakers: unknown };
    expect(list.speakers).toEqual([
      { id: 1, name: 'Anna', presenter: null },
      { id: 2, name: 'Cleo Hart', presenter: 8 },
      { id: 3, name: 'Anna Smith', presenter: null },
      { id: 4, name: 'Dev Patel', presenter: 9 },
      { id: 5, name: 'Bram J. Okafor', presenter: 7 },
      { id: 6, name: 'Ada Fairweather', presenter: 6 },
    ]);
    expect(blob(2).speakerIds).toEqual([2, 0]);
  });

  it('stores chapters from chapters/<episode>.json and from a podcast:chapters file in the folder', () => {
    const chapters = (id: number) => {
      const data = db.prepare('SELECT data FROM transcripts WHERE id = ?').pluck().get(id);
      return decodeTranscriptBlob(data instanceof Buffer ? data : Buffer.alloc(0)).chapters;
    };
    expect(chapters(1)).toEqual([
      { title: 'Welcome', start: 0 },
      {
        title: 'Three hearts',
        start: 350,
        url: 'https://example.org/hearts',
        image: 'images/hearts.png',
      },
      { title: 'Blue blood', start: 500 },
    ]);
    expect(chapters(7)).toEqual([
      { title: 'Mountains', start: 0 },
      { title: 'Molecules', start: 6125 },
    ]);
    expect(chapters(2)).toBeUndefined();
    const warned = (code: string) =>
      fixture.result.warnings.find((warning) => warning.code === code)?.examples ?? [];
    expect(warned('bad-chapters')).toEqual([
      expect.stringMatching(
        /chapters\/4\.json: not Podcasting 2\.0 chapters at chapters\.0\.startTime/,
      ),
    ]);
    expect(warned('chapters-url-refused')).toEqual([
      'episode 14.5: "../../../../../../etc/passwd": it leads outside the podcast folder',
    ]);
    expect(warned('unsafe-chapter-link')).toHaveLength(1);
  });

  it('finds transcript words, phrases, titles, descriptions and episode numbers by rowid', () => {
    const match = (query: string): number[] =>
      ids('SELECT rowid FROM words_fts WHERE words_fts MATCH ? ORDER BY rowid', query);
    expect(match('words:"narwhal"')).toEqual([6]);
    expect(match('words:"ice cream"')).toEqual([6, 7]);
    expect(match('words:"octopuses have three hearts"')).toEqual([1]);
    expect(match('words:"americans"')).toEqual([4]);
    expect(match('title:"octopus"')).toEqual([1]);
    expect(match('description:"octopus"')).toEqual([1]);
    expect(match('description:"alert"')).toEqual([]);
    expect(match('episode:"14.5"')).toEqual([6]);
    expect(match('episode:"15"')).toEqual([7]);
    const narwhal = db
      .prepare<[number], { data: Buffer }>('SELECT data FROM search_terms WHERE id = ?')
      .get(termRowId('narwhal'));
    expect(
      narwhal && decodeTermRow(narwhal.data).find((entry) => entry.term === 'narwhal'),
    ).toEqual({ term: 'narwhal', columns: [[6], [6], [6], []] });
  });

  it('answers the hot queries without scanning a whole table', () => {
    const hot = [
      ['SELECT * FROM episodes WHERE episode = ?', '14.5'],
      ['SELECT data FROM transcripts WHERE id = ?', 6],
      ['SELECT id, description FROM episode_descriptions WHERE id IN (?, ?)', 1, 2],
      ['SELECT rowid FROM words_fts WHERE words_fts MATCH ?', 'words:"narwhal"'],
      ['SELECT data FROM search_terms WHERE id = ?', termRowId('narwhal')],
      [
        'SELECT episode FROM episodes WHERE id IN (SELECT rowid FROM words_fts WHERE words_fts MATCH ?)',
        'words:"ice cream"',
      ],
    ] as const;
    for (const [sql, ...params] of hot) {
      const plan = db
        .prepare(`EXPLAIN QUERY PLAN ${sql}`)
        .all(...params)
        .map((row) =>
          typeof row === 'object' && row !== null && 'detail' in row ? String(row.detail) : '',
        );
      const fullScans = plan.filter(
        (detail) => /^SCAN /.test(detail) && !/VIRTUAL TABLE INDEX/.test(detail),
      );
      expect({ sql, fullScans }).toEqual({ sql, fullScans: [] });
    }
  });

  it('writes a schema that SQLite 3.35 (the browser) can read', () => {
    const schema = db
      .prepare('SELECT sql FROM sqlite_master WHERE sql IS NOT NULL')
      .pluck()
      .all()
      .join('\n');
    expect(schema).toContain('CREATE VIRTUAL TABLE words_fts USING fts5');
    for (const newer of [
      /\bSTRICT\b/i,
      /jsonb/i,
      /contentless_delete/i,
      /contentless_unindexed/i,
      /\blocale\s*=/i,
      /tokendata/i,
      /\bGENERATED\b/i,
    ]) {
      expect(schema).not.toMatch(newer);
    }
    // FTS5 structure version 4 is what 3.35 writes; 5 would mean contentless_delete structures.
    expect(db.prepare("SELECT v FROM words_fts_config WHERE k = 'version'").pluck().get()).toBe(4);
    expect(db.pragma('page_size', { simple: true })).toBe(PAGE_SIZE);
  });

  it('writes a rollback-journal database (not WAL) with meta but no timestamps', async () => {
    const header = await readFile(fixture.databaseFile);
    expect([header[18], header[19]]).toEqual([1, 1]);
    const meta = Object.fromEntries(
      db
        .prepare('SELECT key, value FROM meta')
        .raw()
        .all()
        .map((row) => (Array.isArray(row) ? [row[0], row[1]] : [])),
    );
    expect(meta).toMatchObject({ schema_version: '1', title: 'Fixture Facts' });
    expect(String(meta.built_from)).toContain('"feed":"feed.xml"');
    expect(String(meta.built_from)).not.toMatch(/20\d\d-\d\d-\d\d/);
  });

  it('publishes config.json and latest.json the site can validate', async () => {
    const { result } = fixture;
    const latest = latestSchema.parse(
      JSON.parse(await readFile(join(result.outDir, 'latest.json'), 'utf8')),
    );
    expect(latest.latest).toBe(result.version);
    const config = dbConfigSchema.parse(
      JSON.parse(await readFile(join(result.versionDir, 'config.json'), 'utf8')),
    );
    expect(config).toMatchObject({
      version: result.version,
      serverMode: 'chunked',
      requestChunkSize: PAGE_SIZE,
      serverChunkSize: 8 * 1024 * 1024,
      urlPrefix: 'db.sqlite3.',
      suffixLength: 3,
      databaseLengthBytes: result.databaseBytes,
    });
    expect(config.site.title).toBe('Fixture Facts');
    // latest.json carries the same config, so the site need not ask for config.json.
    expect(latest.config).toEqual(config);
    expect((await readdir(result.versionDir)).sort()).toEqual(['config.json', 'db.sqlite3.000']);
  });
});

describe('buildPodcast publishing', () => {
  it('splits into chunks that join to exactly databaseLengthBytes', async () => {
    const out = join(root, 'chunked');
    const result = await buildPodcast({
      folder: FIXTURE_PODCAST_DIR,
      outDir: out,
      chunkSize: 4 * PAGE_SIZE,
    });
    const files = (await readdir(result.versionDir))
      .filter((name) => name.startsWith('db.sqlite3.'))
      .sort();
    expect(files.length).toBe(Math.ceil(result.databaseBytes / (4 * PAGE_SIZE)));
    expect(files[0]).toBe('db.sqlite3.000');
    const joined = join(root, 'chunked.sqlite3');
    await joinChunks(result.versionDir, joined);
    const bytes = await readFile(joined);
    expect(bytes.length).toBe(result.databaseBytes);
    expect(bytes.equals(await readFile(fixture.databaseFile))).toBe(true);
  });

  it('gives the same version for the same inputs, and byte-identical chunks', async () => {
    const again = await buildPodcast({ folder: FIXTURE_PODCAST_DIR, outDir: join(root, 'again') });
    expect(again.version).toBe(fixture.result.version);
    const first = await readFile(join(fixture.result.versionDir, 'db.sqlite3.000'));
    expect((await readFile(join(again.versionDir, 'db.sqlite3.000'))).equals(first)).toBe(true);
  });

  it('rebuilding into the same folder keeps one version and leaves no temporary folders', async () => {
    const out = join(root, 'rebuild');
    const first = await buildPodcast({ folder: FIXTURE_PODCAST_DIR, outDir: out });
    const second = await buildPodcast({ folder: FIXTURE_PODCAST_DIR, outDir: out });
    expect(second.version).toBe(first.version);
    expect((await readdir(out)).sort()).toEqual(['latest.json', first.version]);
  });

  it('a failing build leaves the previous version and latest.json untouched', async () => {
    const out = join(root, 'failing');
    const good = await buildPodcast({ folder: FIXTURE_PODCAST_DIR, outDir: out });
    const latestBefore = await readFile(join(out, 'latest.json'), 'utf8');
    const broken = await fixtureCopy('broken');
    await writeFile(
      join(broken, 'transcripts', '15.json'),
      '{"segments":[{"words":[{"word":" late","start":9,"end":10},{"word":" early","start":1,"end":2}]}]}',
    );
    await rm(join(broken, 'transcripts', '015.json'));
    await expect(
      buildPodcast({ folder: broken, outDir: out, chunkSize: 2 * PAGE_SIZE }),
    ).rejects.toThrow(
      /15\.json: segment 1, word "early": starts at 1 s, before the previous word \(9 s\): times go backwards/,
    );
    expect(await readFile(join(out, 'latest.json'), 'utf8')).toBe(latestBefore);
    expect((await readdir(out)).sort()).toEqual(['latest.json', good.version]);
    expect((await readdir(good.versionDir)).sort()).toEqual(['config.json', 'db.sqlite3.000']);
  });

  it('prunes versions beyond --keep, newest kept, never the latest', async () => {
    const out = join(root, 'pruning');
    const versions: string[] = [];
    for (const pages of [1, 2, 4, 8]) {
      const result = await buildPodcast({
        folder: FIXTURE_PODCAST_DIR,
        outDir: out,
        chunkSize: pages * PAGE_SIZE,
        keep: 1,
      });
      versions.push(result.version);
    }
    expect(new Set(versions).size).toBe(4);
    const remaining = (await readdir(out)).filter((name) => name.startsWith('v1-')).sort();
    expect(remaining).toEqual([versions[2], versions[3]].sort());
    expect(
      latestSchema.parse(JSON.parse(await readFile(join(out, 'latest.json'), 'utf8'))).latest,
    ).toBe(versions[3]);
  });

  it('rejects a chunk size that is not a multiple of the page size', async () => {
    await expect(
      buildPodcast({ folder: FIXTURE_PODCAST_DIR, outDir: join(root, 'odd'), chunkSize: 1000 }),
    ).rejects.toThrow(/chunkSize: must be a multiple of the 16384-byte page size/);
  });
});

describe('buildPodcast input errors', () => {
  it('rejects a transcript whose episode is not in the feed, or skips it when asked', async () => {
    const dir = await fixtureCopy('orphan');
    await writeFile(
      join(dir, 'transcripts', '99.vtt'),
      'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nhello\n',
    );
    await expect(buildPodcast({ folder: dir, outDir: join(root, 'orphan-out') })).rejects.toThrow(
      /99\.vtt: episode 99 is not in the feed; remove the transcript or pass --ignore-orphan-transcripts/,
    );
    const result = await buildPodcast({
      folder: dir,
      outDir: join(root, 'orphan-out'),
      ignoreOrphanTranscripts: true,
    });
    expect(result.warnings.find((warning) => warning.code === 'orphan-transcript')).toMatchObject({
      count: 1,
    });
    expect(result.version).toBe(fixture.result.version);
  });

  it('rejects two transcripts for one episode', async () => {
    const dir = await fixtureCopy('twice');
    await cp(join(dir, 'transcripts', '1.json'), join(dir, 'transcripts', '01.json'));
    await expect(buildPodcast({ folder: dir, outDir: join(root, 'twice-out') })).rejects.toThrow(
      /1\.json \(episode 1\): episode 1 already has a transcript, .*01\.json: keep one/,
    );
  });

  it('rejects an unknown presenter id in the overrides, naming the file and episode', async () => {
    const dir = await fixtureCopy('unknown-presenter');
    await writeFile(join(dir, 'overrides.json'), '[{ "episode": "3", "presenter2": 42 }]');
    await expect(buildPodcast({ folder: dir, outDir: join(root, 'unknown-out') })).rejects.toThrow(
      /overrides\.json \(episode 3\): presenter2 is 42, an unknown presenter id/,
    );
  });

  it('rejects host ids the presenters file does not have', async () => {
    const dir = await fixtureCopy('unknown-host');
    await writeFile(join(dir, 'trawl.config.json'), '{ "site": { "hostIds": [6, 77] } }');
    await expect(buildPodcast({ folder: dir, outDir: join(root, 'host-out') })).rejects.toThrow(
      /trawl\.config\.json: site\.hostIds: 77 is an unknown presenter id/,
    );
  });

  it('rejects an empty transcript and a folder without a feed', async () => {
    const dir = await fixtureCopy('empty-transcript');
    await writeFile(join(dir, 'transcripts', '1.json'), '');
    await expect(buildPodcast({ folder: dir, outDir: join(root, 'empty-out') })).rejects.toThrow(
      /1\.json: the transcript file is empty/,
    );
    await rm(join(dir, 'feed.xml'));
    await expect(buildPodcast({ folder: dir, outDir: join(root, 'empty-out') })).rejects.toThrow(
      /no feed: put the RSS feed in feed\.xml or pass --feed/,
    );
  });

  it('derives presenters, hosts and venues from the feed when there are no files for them', async () => {
    const dir = join(root, 'derived');
    await cp(join(FIXTURE_PODCAST_DIR, 'transcripts'), join(dir, 'transcripts'), {
      recursive: true,
    });
    const feed = (await readFile(join(FIXTURE_PODCAST_DIR, 'feed.xml'), 'utf8'))
      .replace(
        '<title>Fixture Facts (feed title)</title>',
        '<title>Derived</title><pc:person role="host">Ada Fairweather</pc:person><pc:location country="gb">London</pc:location>',
      )
      .replace(
        '<pc:episode>1</pc:episode>',
        '<pc:episode>1</pc:episode><pc:person role="guest">Gus Guest</pc:person><pc:location rel="creator">Sydney</pc:location>',
      );
    await writeFile(join(dir, 'feed.xml'), feed);
    const result = await buildPodcast({ folder: dir, outDir: join(dir, 'out') });
    expect(result.site).toMatchObject({ title: 'Derived', hostIds: [1] });
    const derivedFile = join(dir, 'derived.sqlite3');
    await joinChunks(result.versionDir, derivedFile);
    const derived = new Database(derivedFile, { readonly: true });
    try {
      expect(derived.prepare('SELECT id, first_name, guest FROM presenters').all()).toEqual([
        { id: 1, first_name: 'Ada Fairweather', guest: 0 },
        { id: 2, first_name: 'Gus Guest', guest: 1 },
      ]);
      expect(derived.prepare('SELECT id, name, country FROM venues').all()).toEqual([
        { id: 1, name: 'London', country: 'GB' },
        { id: 2, name: 'Sydney', country: null },
      ]);
      expect(
        derived
          .prepare(
            "SELECT presenter1, presenter2, venue FROM episodes WHERE episode IN ('1', '2') ORDER BY id",
          )
          .all(),
      ).toEqual([
        { presenter1: 2, presenter2: null, venue: 2 },
        { presenter1: 1, presenter2: null, venue: 1 },
      ]);
    } finally {
      derived.close();
    }
  });
});
