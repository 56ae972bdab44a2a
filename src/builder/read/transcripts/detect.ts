import { basename } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { displayPath, InputError, parseJsonFile } from '../../errors.ts';
import { plural, type WarningCollector } from '../../warnings.ts';
import { looksLikePodcastJson, parsePodcastJson } from './podcast-json.ts';
import { looksLikeSrt, parseSrt } from './srt.ts';
import { looksLikeWebVtt, parseWebVtt } from './webvtt.ts';
import { looksLikeWhisper, parseWhisper } from './whisper.ts';
import { looksLikeWhisperCpp, parseWhisperCpp } from './whisper-cpp.ts';
import { looksLikeWhisperx, parseWhisperx } from './whisperx.ts';
import type { ParsedTranscript } from './word-collector.ts';
import { readRegularFile } from '../safe-files.ts';

/** Transcript file extensions, optionally compressed with `.br` or `.gz`. */
export const TRANSCRIPT_FILE = /^(.+?)\.(json|vtt|srt)(?:\.(br|gz))?$/i;

/** A transcript file's reading: words, or a reason it holds none (a warning, not an error). */
export type TranscriptReading =
  { kind: 'words'; transcript: ParsedTranscript } | { kind: 'no-words'; reason: string };

/** The episode-number part and format hint of a transcript file name, or undefined if it is not one. */
export function transcriptFileName(file: string): { stem: string; extension: string } | undefined {
  const match = TRANSCRIPT_FILE.exec(basename(file));
  if (!match?.[1] || !match[2]) return undefined;
  return { stem: match[1], extension: match[2].toLowerCase() };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Whether bytes are UTF-16 text: a byte-order mark, or (without one) zero bytes in every other
 * place, as ASCII is in UTF-16. UTF-8 text never holds a zero byte.
 */
export function looksLikeUtf16(bytes: Uint8Array): boolean {
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
    return true;
  }
  const head = bytes.subarray(0, 512);
  let even = 0;
  let odd = 0;
  head.forEach((byte, index) => {
    if (byte === 0 && index % 2 === 0) even += 1;
    else if (byte === 0) odd += 1;
  });
  return head.length >= 2 && Math.max(even, odd) >= head.length / 4 && Math.min(even, odd) === 0;
}

const STRICT_UTF8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Decodes a transcript's bytes as UTF-8. UTF-16 is an error that says how to fix it; bytes that
 * are not UTF-8 become U+FFFD, with a warning (when given a collector) naming the file.
 */
export function decodeTranscript(
  file: string,
  bytes: Buffer,
  warnings: WarningCollector | undefined,
): string {
  if (looksLikeUtf16(bytes)) {
    throw new InputError({ file }, 'the file is UTF-16 text; save it as UTF-8');
  }
  try {
    return STRICT_UTF8.decode(bytes);
  } catch {
    const text = bytes.toString('utf8');
    warnings?.add(
      'transcript-not-utf8',
      (n) =>
        `${plural(n, 'transcript')} had bytes that are not UTF-8 (replaced with �); save them as UTF-8`,
      `${displayPath(file)}: at byte ${firstInvalidByte(bytes, text)}`,
    );
    return text;
  }
}

/** Offset of the first byte that does not decode as UTF-8 (`text` is its lossy decoding). */
function firstInvalidByte(bytes: Buffer, text: string): number {
  for (let at = text.indexOf('\uFFFD'); at !== -1; at = text.indexOf('\uFFFD', at + 1)) {
    // Everything before a replacement character decoded, so it re-encodes to the same bytes.
    const offset = Buffer.byteLength(text.slice(0, at));
    const written =
      bytes[offset] === 0xef && bytes[offset + 1] === 0xbf && bytes[offset + 2] === 0xbd;
    if (!written) return offset;
  }
  return bytes.length;
}

/**
 * Reads a transcript file from disk (decompressing `.br` / `.gz`) and parses it. Warnings about
 * its bytes go to `warnings`.
 */
export async function readTranscriptFile(
  file: string,
  warnings?: WarningCollector,
): Promise<TranscriptReading> {
  let bytes: Buffer;
  try {
    // Never through a link at the last step (findTranscripts gives a link's real path), never
    // blocking on a FIFO.
    const read = await readRegularFile(file);
    if (read === undefined) throw new Error('the file is gone');
    bytes = read;
  } catch (error) {
    throw new InputError(
      { file },
      `cannot read (${error instanceof Error ? error.message : String(error)})`,
    );
  }
  try {
    if (/\.br$/i.test(file)) bytes = brotliDecompressSync(bytes);
    else if (/\.gz$/i.test(file)) bytes = gunzipSync(bytes);
  } catch (error) {
    throw new InputError(
      { file },
      `cannot decompress (${error instanceof Error ? error.message : String(error)})`,
    );
  }
  return parseTranscript(file, decodeTranscript(file, bytes, warnings));
}

const FORMATS_HINT =
  'expected openai-whisper/faster-whisper JSON, WhisperX JSON, whisper.cpp -ojf JSON, Podcasting 2.0 JSON, WebVTT or SRT';

/**
 * Detects a transcript's format from its content (the extension only breaks ties) and parses
 * it. Empty files and unknown formats are errors naming the file; a Whisper JSON document that
 * has no segments at all (a page scraped without its transcription) has no words.
 */
export function parseTranscript(file: string, text: string): TranscriptReading {
  const extension = transcriptFileName(file)?.extension;
  const body = text.replace(/^\uFEFF/, '');
  if (body.trim() === '') throw new InputError({ file }, 'the transcript file is empty');
  if (looksLikeWebVtt(body)) return { kind: 'words', transcript: parseWebVtt(file, body) };
  if (looksLikeSrt(body) || (extension === 'srt' && body.includes('-->'))) {
    return { kind: 'words', transcript: parseSrt(file, body) };
  }
  const start = body.trimStart()[0];
  if (start !== '{' && start !== '[') {
    if (extension === 'vtt') return { kind: 'words', transcript: parseWebVtt(file, body) };
    throw new InputError({ file }, `not a recognised transcript format (${FORMATS_HINT})`);
  }
  const data = parseJsonFile(file, body);
  if (!isRecord(data))
    throw new InputError({ file }, `a JSON transcript must be an object (${FORMATS_HINT})`);
  if (looksLikeWhisperCpp(data)) return { kind: 'words', transcript: parseWhisperCpp(file, data) };
  if (looksLikeWhisperx(data)) return { kind: 'words', transcript: parseWhisperx(file, data) };
  if (looksLikePodcastJson(data))
    return { kind: 'words', transcript: parsePodcastJson(file, data) };
  if (looksLikeWhisper(data)) {
    const transcript = parseWhisper(file, data);
    if (transcript.words.length === 0)
      return { kind: 'no-words', reason: 'its segments hold no words' };
    return { kind: 'words', transcript };
  }
  if (
    !('segments' in data) &&
    ('full_transcript' in data || 'text' in data || 'episode_number' in data)
  ) {
    return { kind: 'no-words', reason: 'Whisper JSON without "segments" (no timed words)' };
  }
  throw new InputError({ file }, `not a recognised transcript format (${FORMATS_HINT})`);
}
