import { deflateRawSync, inflateRawSync } from 'node:zlib';
import type { TranscriptBlob } from '../core/db-schema.ts';
import { parseTranscriptBlob, toStoredTranscript } from '../core/transcript-blob.ts';
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

/**
 * `transcripts.data`: the blob as version-2 JSON (times as gaps and durations, about half the
 * size of absolute times once compressed), compressed with raw DEFLATE.
 */
export function encodeTranscriptBlob(blob: TranscriptBlob): Buffer {
  return deflateRawSync(JSON.stringify(toStoredTranscript(blob)), { level: 9 });
}

/** Reads a `transcripts.data` value of either version back (for Node consumers and tests). */
export function decodeTranscriptBlob(data: Uint8Array): TranscriptBlob {
  const parsed: unknown = JSON.parse(inflateRawSync(data).toString('utf8'));
  return parseTranscriptBlob(parsed, 'transcripts.data');
}
