/**
 * The transcript of one episode: one row by primary key, a raw-DEFLATE blob of JSON
 * (`TranscriptBlob` in db-schema.ts) that a few adjacent pages hold. The database worker
 * inflates it with `DecompressionStream` (no inflate library ships) and parses it, off the
 * page's main thread. Each transcript is fetched once
 * per database and kept; a failed fetch is forgotten so the next open tries again.
 */
import type { TranscriptBlob } from '../../core/db-schema.ts';
import { checkItemsInSlices, parseTranscriptBlob } from '../../core/transcript-blob.ts';
import type { QueryRunner } from './database-types.ts';
import { decodeJsonBlob, isDecodedJson, type DecodedJson } from './decoded-json.ts';
import { blobBytes } from './inflate.ts';
import { nextTask, unpackJsonInSlices } from './packed-json.ts';
import { cachedByRow } from './row-cache.ts';

export const TRANSCRIPT_SQL = 'SELECT data FROM transcripts WHERE id = ?';

/** The blob's length: SQLite reads it from the row's header, not its overflow pages. */
export const TRANSCRIPT_LENGTH_SQL = 'SELECT length(data) AS bytes FROM transcripts WHERE id = ?';

/** A decoded `transcripts.data` value validated; errors name `source`. */
async function transcriptOf(decoded: DecodedJson, source: string): Promise<TranscriptBlob> {
  if (decoded.decoded === 'inflate-failed') {
    throw new Error(`${source}: the transcript data could not be inflated (${decoded.reason})`);
  }
  if (decoded.decoded === 'not-json') throw new Error(`${source}: the transcript data is not JSON`);
  // A long transcript's arrays are unpacked and their items checked over several tasks, not
  // in one (decisions 0058 and 0062).
  if (decoded.decoded === 'json') return parseTranscriptBlob(decoded.value, source);
  const value = await unpackJsonInSlices(decoded.value, nextTask);
  await checkItemsInSlices(value, nextTask);
  return parseTranscriptBlob(value, source);
}

/** Inflates and validates a `transcripts.data` blob; errors name `source`. */
export async function decodeTranscript(data: Uint8Array, source: string): Promise<TranscriptBlob> {
  return transcriptOf(await decodeJsonBlob(data), source);
}

async function fetchTranscript(db: QueryRunner, id: number): Promise<TranscriptBlob> {
  // The length first, so the worker reads the blob's overflow pages in one request (a
  // 30,000-word transcript is about 10 pages: 4 doubling windows without it; decision 0037).
  const [length] = await db.query<{ bytes: unknown }>(TRANSCRIPT_LENGTH_SQL, [id]);
  const stored = typeof length?.bytes === 'number' ? length.bytes : 0;
  // The worker inflates and parses the blob (decision 0049): the page's main thread only
  // checks the arrays. Another runner (Node's, in tests and pre-rendering) returns the bytes.
  const rows = await db.query<{ data: unknown }>(TRANSCRIPT_SQL, [id], {
    readAheadBytes: stored,
    inflateJson: 'data',
  });
  const source = `transcript of episode id ${id}`;
  const first = rows[0];
  if (!first) throw new Error(`${source}: not in the database`);
  if (isDecodedJson(first.data)) return transcriptOf(first.data, source);
  const bytes = blobBytes(first.data);
  if (!bytes) throw new Error(`${source}: the data column is not a blob`);
  return decodeTranscript(bytes, source);
}

/** The transcript of the episode with row id `id`, fetched once per database. */
export const getTranscript: (db: QueryRunner, id: number) => Promise<TranscriptBlob> =
  cachedByRow(fetchTranscript);
