import { inflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { useBuiltFixture } from './test-support/fixture-podcast.ts';
import { decodeTranscriptBlob } from './index/transcript-blob.ts';

const built = useBuiltFixture('trawl-build-test-');

describe('buildPodcast on the fixture podcast', () => {
  it('reports what it built and summarises warnings once per kind', () => {
    const { result } = built.fixture;
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
      pageSize: 5,
      searchPlaceholder: 'Search episodes and transcripts',
    });
    expect(result.warnings.map((warning) => [warning.code, warning.count])).toEqual([
      // The fixture's config names no public address (decision 0033).
      ['no-site-url', 1],
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
    const rows = built.db
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
      built.db
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
    expect(
      built.db
        .prepare(
          'SELECT id, first_name, middle_name, last_name, qi_elf, guest FROM presenters ORDER BY id',
        )
        .all(),
    ).toEqual([
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
    expect(built.db.prepare('SELECT DISTINCT img, img_local FROM presenters').all()).toEqual([
      { img: null, img_local: 0 },
    ]);
    expect(
      built.db.prepare('SELECT id, name, city, state, country FROM venues ORDER BY name').all(),
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
      built.db.prepare('SELECT description FROM episode_descriptions WHERE id = ?').pluck().get(id);
    expect(description(1)).toBe(
      '<p>How many hearts does an <em>octopus</em> have? Find out with <a href="https://example.org/octopus">our notes</a>.</p>',
    );
    expect(description(6)).toBe(
      '<p>The <em>narwhal</em> episode, recorded live. <a>bad link</a></p>',
    );
    expect(description(3)).toBe('<p>Recorded <b>live</b> on stage.</p>');
  });

  it('stores each transcript as a compressed blob in centiseconds and percent, with speakers', () => {
    const data = built.db.prepare('SELECT data FROM transcripts WHERE id = 2').pluck().get();
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
    expect(built.ids('SELECT id FROM transcripts ORDER BY id')).toEqual([1, 2, 3, 4, 6, 7]);
  });

  it('resolves speakers: speakers.json, presenter names, plain names; one show-wide list', () => {
    const blob = (id: number) => {
      const data = built.db.prepare('SELECT data FROM transcripts WHERE id = ?').pluck().get(id);
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
      inflateRawSync(
        built.db.prepare('SELECT data FROM episode_list').pluck().get() as Buffer,
      ).toString('utf8'),
    ) as { speakers: unknown };
    expect(list.speakers).toEqual([
      { id: 1, name: 'Anna', presenter: null },
      { id: 2, name: 'Cleo Hart', presenter: 8 },
      { id: 3, name: 'Anna Smith', presenter: null },
      { id: 4, name: 'Dev Patel', presenter: 9 },
      { id: 5, name: 'Bram J. Okafor', presenter: 7 },
      { id: 6, name: 'Ada Fairweather', presenter: 6 },
    ]);
    expect(blob(2).speakerIds).toEqual([2, -1]);
  });

  it('stores chapters from chapters/<episode>.json and from a podcast:chapters file in the folder', () => {
    const chapters = (id: number) => {
      const data = built.db.prepare('SELECT data FROM transcripts WHERE id = ?').pluck().get(id);
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
      built.fixture.result.warnings.find((warning) => warning.code === code)?.examples ?? [];
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
});
