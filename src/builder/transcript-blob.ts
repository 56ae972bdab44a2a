import { deflateRawSync, inflateRawSync } from 'node:zlib';
import type { TranscriptBlob } from '../core/db-schema.ts';
import type { ParsedTranscript } from './transcripts/word-collector.ts';

/** Converts a parsed transcript into the stored blob shape: centiseconds and whole percents. */
export function toTranscriptBlob(transcript: ParsedTranscript): TranscriptBlob {
  const blob: TranscriptBlob = {
    v: 1,
    words: transcript.words,
    start: transcript.start.map((seconds) => Math.round(seconds * 100)),
    end: transcript.end.map((seconds) => Math.round(seconds * 100)),
    prob: transcript.prob.map((probability) =>
      probability < 0 ? -1 : Math.round(probability * 100),
    ),
  };
  if (transcript.speakerNames.length > 0) {
    blob.speaker = transcript.speaker;
    blob.speakerNames = transcript.speakerNames;
  }
  return blob;
}

/** `transcripts.data`: the blob as JSON, compressed with raw DEFLATE. */
export function encodeTranscriptBlob(blob: TranscriptBlob): Buffer {
  return deflateRawSync(JSON.stringify(blob), { level: 9 });
}

/** Reads a `transcripts.data` value back (for Node consumers and tests). */
export function decodeTranscriptBlob(data: Uint8Array): TranscriptBlob {
  const parsed: unknown = JSON.parse(inflateRawSync(data).toString('utf8'));
  if (!isTranscriptBlob(parsed))
    throw new Error('transcripts.data is not a version 1 transcript blob');
  return parsed;
}

function isTranscriptBlob(value: unknown): value is TranscriptBlob {
  if (typeof value !== 'object' || value === null) return false;
  const field = (key: keyof TranscriptBlob): unknown =>
    Object.getOwnPropertyDescriptor(value, key)?.value;
  return (
    field('v') === 1 &&
    Array.isArray(field('words')) &&
    Array.isArray(field('start')) &&
    Array.isArray(field('end')) &&
    Array.isArray(field('prob'))
  );
}
