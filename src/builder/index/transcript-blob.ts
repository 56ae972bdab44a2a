import { constants, deflateRawSync, inflateRawSync } from 'node:zlib';
import type { TranscriptBlob } from '../../core/db-schema.ts';
import { parseTranscriptBlob, toStoredTranscript } from '../../core/transcript-blob.ts';
import { codedTranscriptPieces, toCodedTranscript } from '../../core/transcript-codes.ts';
import type { Chapter } from '../../core/speech.ts';
import type { ResolvedSpeakers } from '../read/speakers.ts';
import type { ParsedTranscript } from '../read/transcripts/word-collector.ts';

/** Who speaks and the chapters of one episode, resolved by the build. */
export interface EpisodeSpeech {
  /** Null: the transcript's own labels, unresolved (tests and tools). */
  speakers: ResolvedSpeakers | null;
  chapters: Chapter[];
}

const NO_SPEECH: EpisodeSpeech = { speakers: null, chapters: [] };

/**
 * Converts a parsed transcript into the stored blob shape: centiseconds and whole percents,
 * with the resolved speakers and the chapters. A null transcript with chapters gives a blob
 * without words, so the chapters still reach the player.
 */
export function toTranscriptBlob(
  transcript: ParsedTranscript | null,
  speech: EpisodeSpeech = NO_SPEECH,
): TranscriptBlob {
  const blob = transcript ? timedBlob(transcript, speech.speakers) : emptyBlob();
  if (speech.chapters.length > 0) blob.chapters = speech.chapters;
  return blob;
}

function emptyBlob(): TranscriptBlob {
  return { v: 1, words: [], start: [], end: [], prob: [] };
}

function timedBlob(
  transcript: ParsedTranscript,
  speakers: ResolvedSpeakers | null,
): TranscriptBlob {
  const blob: TranscriptBlob = {
    v: 1,
    words: transcript.words,
    start: transcript.start.map((seconds) => Math.round(seconds * 100)),
    end: transcript.end.map((seconds) => Math.round(seconds * 100)),
    prob: transcript.prob.map((probability) =>
      probability < 0 ? -1 : Math.round(probability * 100),
    ),
  };
  if (speakers && speakers.names.length > 0) {
    blob.speaker = speakers.speaker;
    blob.speakerNames = speakers.names;
    blob.speakerPresenters = speakers.presenters;
    blob.speakerIds = speakers.ids;
  } else if (!speakers && transcript.speakerNames.length > 0) {
    blob.speaker = transcript.speaker;
    blob.speakerNames = transcript.speakerNames;
  }
  return blob;
}

/**
 * DEFLATE level of the per-episode blobs (transcripts, passage blocks). On the 600 × 9,000
 * corpus level 9 made transcripts 0.3 % smaller than level 6 in 3.2 times the time, the
 * biggest single cost of a build; passage blocks came out the same size.
 */
export const BLOB_DEFLATE_LEVEL = 6;

/**
 * `transcripts.data`: the blob as version-3 JSON (version 2's gaps, durations and confidences
 * coded as text, decision 0056), or version 2 where it cannot be coded, in raw DEFLATE. Each
 * column of version 3 is compressed as blocks of its own, ended by a sync flush: the pieces
 * joined are one DEFLATE stream, and each column gets Huffman codes fitted to it (37.4 against
 * 39.3 KB for a 9,000-word transcript as one piece).
 */
export function encodeTranscriptBlob(blob: TranscriptBlob): Buffer {
  const stored = toStoredTranscript(blob);
  const coded = toCodedTranscript(stored);
  if (!coded) return deflateRawSync(JSON.stringify(stored), { level: BLOB_DEFLATE_LEVEL });
  const pieces = codedTranscriptPieces(coded);
  return Buffer.concat(
    pieces.map(({ text, numeric }, index) => {
      const options = {
        level: BLOB_DEFLATE_LEVEL,
        finishFlush: index === pieces.length - 1 ? constants.Z_FINISH : constants.Z_SYNC_FLUSH,
      };
      const matched = deflateRawSync(text, options);
      if (!numeric) return matched;
      // Random-looking numbers pack best by Huffman codes alone, repeated ones (a transcript
      // without confidences) by matches: the smaller.
      const coded = deflateRawSync(text, { ...options, strategy: constants.Z_HUFFMAN_ONLY });
      return coded.length < matched.length ? coded : matched;
    }),
  );
}

/** Reads a `transcripts.data` value of either version back (for Node consumers and tests). */
export function decodeTranscriptBlob(data: Uint8Array): TranscriptBlob {
  const parsed: unknown = JSON.parse(inflateRawSync(data).toString('utf8'));
  return parseTranscriptBlob(parsed, 'transcripts.data');
}
