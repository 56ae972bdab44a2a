// @vitest-environment node
import { beforeAll, describe, expect, it } from 'vitest';
import type { EpisodeRow, TranscriptBlob } from '../../core/db-schema.ts';
import { findPhraseInWords } from '../../core/phrase-match.ts';
import { buildTranscriptModel } from '../../core/transcript-model.ts';
import type { QueryOptions, QueryRunner, SqlValue } from './database-types.ts';
import { withDecodedColumn } from './decoded-json.ts';
import {
  decodeTranscript,
  getTranscript,
  TRANSCRIPT_LENGTH_SQL,
  TRANSCRIPT_SQL,
} from './transcript-queries.ts';
import { fixtureDatabaseForFile } from './test-support/fixture-database.ts';
import { ENGLISH } from '../../core/test-support/analyzers.ts';

// Transcripts read with the site's SQL from the database the real builder makes from its
// fixture podcast (episodes 1, 2, 3, 4, 5, 14.5 and 15; ids 1–7; episode 5 has none).
const fixture = fixtureDatabaseForFile();
let episodes: EpisodeRow[];

beforeAll(() => {
  episodes = fixture.sqlite.prepare<[], EpisodeRow>('SELECT * FROM episodes ORDER BY id').all();
});

function idOf(episode: string): number {
  const row = episodes.find((candidate) => candidate.episode === episode);
  if (!row) throw new Error(`episode ${episode} is not in the fixture`);
  return row.id;
}

/** Compresses like the builder (`zlib.deflateRawSync(JSON.stringify(blob))`), the browser's way. */
async function deflateRaw(text: string): Promise<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  const input = new ReadableStream<BufferSource>({
    start(controller) {
      controller.enqueue(bytes);
      controller.close();
    },
  }).pipeThrough(new CompressionStream('deflate-raw'));
  return new Uint8Array(await new Response(input).arrayBuffer());
}

describe('getTranscript', () => {
  it('reads and inflates an episode transcript with its speakers', async () => {
    const blob = await getTranscript(fixture.database, idOf('1'));
    expect(blob.words.slice(0, 4)).toEqual(['Welcome', 'to', 'the', 'show.']);
    expect(blob.words).toHaveLength(11);
    expect(blob.speakerNames).toEqual(['Anna']);
    const model = buildTranscriptModel(blob, { timestampEvery: 200, lowConfidence: 0.5 });
    // The first segment has no speaker; Anna's turn starts a paragraph at 'Did'. Episode 1 has
    // chapters (fixtures/podcast/chapters/1.json), and a chapter heading starts a paragraph
    // (src/core/transcript-model.ts): 'Three hearts' at 3.5 s stands before 'have' (3.6 s), so
    // Anna's turn goes on in a paragraph of its own, naming her again. 'Welcome' (0 s) heads the
    // first paragraph; 'Hidden' has toc: false (the build drops it) and 'Blue blood' (5 s) comes
    // after the last word.
    expect(
      model.paragraphs.map((paragraph) => [
        paragraph.start,
        paragraph.speaker,
        paragraph.chapters?.map((chapter) => chapter.title) ?? [],
      ]),
    ).toEqual([
      [0, null, ['Welcome']],
      [4, 'Anna', []],
      [8, 'Anna', ['Three hearts']],
    ]);
    expect(model.paragraphs[2]?.continues).toBe(false);
    expect(model.words.slice(0, 2).map((word) => [word.start, word.end])).toEqual([
      [0.5, 0.92],
      [0.92, 1.1],
    ]);
    expect(model.words.find((word) => word.text === 'octopuses')?.lowConfidence).toBe(true);
  });

  it('has as many words as the episode row says, for every episode with a transcript', async () => {
    for (const episode of episodes.filter((row) => row.word_count > 0)) {
      const blob = await getTranscript(fixture.database, episode.id);
      expect(blob.words, `episode ${episode.episode}`).toHaveLength(episode.word_count);
    }
  });

  it('fetches a transcript once per database', async () => {
    const first = getTranscript(fixture.database, idOf('2'));
    expect(getTranscript(fixture.database, idOf('2'))).toBe(first);
    await first;
  });

  it('says which transcript is missing, and tries again next time', async () => {
    const missing = idOf('5');
    const first = getTranscript(fixture.database, missing);
    await expect(first).rejects.toThrow(`transcript of episode id ${missing}: not in the database`);
    const second = getTranscript(fixture.database, missing);
    expect(second).not.toBe(first);
    await expect(second).rejects.toThrow('not in the database');
  });

  it('counts a phrase in exactly the transcripts the search index finds it in', async () => {
    for (const phrase of ['ice cream', 'narwhal', 'really', 'three hearts', 'costs 95']) {
      const indexed = new Set(
        fixture.sqlite
          .prepare<[string], { rowid: number }>(
            'SELECT rowid FROM words_fts WHERE words_fts MATCH ?',
          )
          .all(`words:"${phrase}"`)
          .map((row) => row.rowid),
      );
      const counted = new Set<number>();
      for (const episode of episodes.filter((row) => row.word_count > 0)) {
        const blob: TranscriptBlob = await getTranscript(fixture.database, episode.id);
        if (findPhraseInWords(blob.words, phrase, ENGLISH).count > 0) counted.add(episode.id);
      }
      expect(counted, phrase).toEqual(indexed);
      expect(indexed.size, `'${phrase}' should occur somewhere`).toBeGreaterThan(0);
    }
  });
});

describe('the read-ahead hint', () => {
  it("asks the worker to read the blob's stored length ahead, read from the row alone", async () => {
    const asked: { sql: string; readAheadBytes: number | undefined }[] = [];
    const recording: QueryRunner = {
      query: (sql, params, options) => {
        asked.push({ sql, readAheadBytes: options?.readAheadBytes });
        return fixture.database.query(sql, params);
      },
    };
    const id = idOf('2');
    const blob = await getTranscript(recording, id);
    expect(blob.words.length).toBeGreaterThan(0);
    const { bytes } = fixture.sqlite
      .prepare<[number], { bytes: number }>(
        'SELECT length(data) AS bytes FROM transcripts WHERE id = ?',
      )
      .get(id) ?? { bytes: 0 };
    expect(bytes).toBeGreaterThan(0);
    expect(asked).toEqual([
      { sql: TRANSCRIPT_LENGTH_SQL, readAheadBytes: undefined },
      { sql: TRANSCRIPT_SQL, readAheadBytes: bytes },
    ]);
  });
});

describe("the worker's decoding", () => {
  /**
   * The real fixture database, its answers decoded as the worker decodes them
   * (`withDecodedColumn`) and posted as the worker posts them (structured clone, buffers
   * transferred).
   */
  const decodingRunner: QueryRunner = {
    async query<T>(sql: string, params: readonly SqlValue[] = [], options: QueryOptions = {}) {
      const rows = await fixture.database.query<T>(sql, params);
      const transfer: ArrayBuffer[] = [];
      const decoded = await withDecodedColumn(rows, options.inflateJson, transfer);
      return structuredClone(decoded, { transfer });
    },
  };

  it('gives the same transcript as the bytes decoded on the page', async () => {
    for (const episode of episodes.filter((row) => row.word_count > 0)) {
      const fromWorker = await getTranscript(decodingRunner, episode.id);
      const onPage = await getTranscript(fixture.database, episode.id);
      expect(fromWorker, `episode ${episode.episode}`).toEqual(onPage);
    }
  });

  it('names the transcript when the worker could not decode it', async () => {
    const damaged: QueryRunner = {
      async query<T>(sql: string, params: readonly SqlValue[] = [], options: QueryOptions = {}) {
        const rows = await fixture.database.query<T>(sql, params);
        // The blob's bytes damaged on the way, as a broken chunk would give them.
        if (sql === TRANSCRIPT_SQL) {
          for (const row of rows) Reflect.set(Object(row), 'data', new Uint8Array([1, 2, 3, 250]));
        }
        return withDecodedColumn(rows, options.inflateJson, []);
      },
    };
    await expect(getTranscript(damaged, idOf('2'))).rejects.toThrow(
      new RegExp(
        `^transcript of episode id ${idOf('2')}: the transcript data could not be inflated`,
      ),
    );
  });
});

describe('decodeTranscript', () => {
  const blob: TranscriptBlob = {
    v: 1,
    words: ['Hello', 'Zoë.', 'Ça', 'va?'],
    start: [0, 50, 120, 160],
    end: [40, 110, 150, 200],
    prob: [99, 42, -1, 87],
    speaker: [0, 0, 1, 1],
    speakerNames: ['Anna', 'Ben'],
  };

  it('inflates and checks a stored transcript', async () => {
    const data = await deflateRaw(JSON.stringify(blob));
    await expect(decodeTranscript(data, 'episode 12')).resolves.toEqual(blob);
  });

  it('names the transcript when the data is damaged', async () => {
    await expect(decodeTranscript(new Uint8Array([1, 2, 3, 250]), 'episode 12')).rejects.toThrow(
      /^episode 12: the transcript data could not be inflated/,
    );
    const notJson = await deflateRaw('{"v":1,');
    await expect(decodeTranscript(notJson, 'episode 12')).rejects.toThrow(
      'episode 12: the transcript data is not JSON',
    );
    const wrongShape = await deflateRaw(JSON.stringify({ ...blob, end: [1] }));
    await expect(decodeTranscript(wrongShape, 'episode 12')).rejects.toThrow(
      'episode 12: not a valid transcript: words, start, end, prob and speaker must have the same length',
    );
  });
});
