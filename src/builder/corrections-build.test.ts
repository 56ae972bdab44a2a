import Database from 'better-sqlite3';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { decodeTranscriptBlob } from './index/transcript-blob.ts';
import { buildFixturePodcast, copyFixturePodcast } from './test-support/fixture-podcast.ts';

let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'trawl-corrections-build-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

async function wordsOfEpisode1(dir: string, folder: string) {
  const built = await buildFixturePodcast(dir, { folder });
  const db = new Database(built.databaseFile, { readonly: true });
  try {
    const data = db
      .prepare(
        "SELECT t.data FROM transcripts t JOIN episodes e ON e.id = t.id WHERE e.episode = '1'",
      )
      .pluck()
      .get();
    const blob = decodeTranscriptBlob(data instanceof Buffer ? data : Buffer.alloc(0));
    return { words: blob.words.slice(0, 5), warnings: built.result.warnings };
  } finally {
    db.close();
  }
}

it('applies corrections/<episode>.json on the next build, and warns about one that no longer fits', async () => {
  const folder = await copyFixturePodcast(join(root, 'podcast'));
  const before = await wordsOfEpisode1(join(root, 'first'), folder);
  expect(before.words).toEqual(['Welcome', 'to', 'the', 'show.', 'Did']);

  await mkdir(join(folder, 'corrections'));
  await writeFile(
    join(folder, 'corrections', '1.json'),
    JSON.stringify({
      corrections: [
        { start: '0:00', end: 2, from: 'Welcome to the show', to: 'Welcome to our show.' },
        { start: 500, end: 501, from: 'nothing here', to: 'x' },
      ],
    }),
  );
  const after = await wordsOfEpisode1(join(root, 'second'), folder);
  expect(after.words).toEqual(['Welcome', 'to', 'our', 'show.', 'Did']);
  const mismatch = after.warnings.find((warning) => warning.message.includes('no longer matched'));
  expect(mismatch?.examples[0]).toMatch(
    /corrections\/1\.json: correction 2 \(8:20–8:21\): expects "nothing here"/,
  );
});
