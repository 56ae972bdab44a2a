import { z } from 'zod';
import { formatZodIssues, InputError } from '../../errors.ts';
import { WordCollector, type ParsedTranscript } from './word-collector.ts';

const time = z.number().nullish();

const whisperWordSchema = z.object({
  word: z.string(),
  start: time,
  end: time,
  probability: z.number().nullish(),
});

const whisperSegmentSchema = z.object({
  start: time,
  end: time,
  text: z.string().nullish(),
  speaker: z.string().nullish(),
  words: z.array(whisperWordSchema).nullish(),
});

/** openai-whisper / faster-whisper JSON, bare or inside a wrapper with page metadata. */
export const whisperSchema = z.object({ segments: z.array(whisperSegmentSchema) });

/** Whether a parsed JSON document looks like openai-whisper or faster-whisper output. */
export function looksLikeWhisper(data: Record<string, unknown>): boolean {
  return (
    Array.isArray(data.segments) &&
    data.segments.every(
      (segment) => isObject(segment) && !('startTime' in segment) && !('body' in segment),
    )
  );
}

/**
 * Reads openai-whisper / faster-whisper JSON: `segments[].words[]` with `word` (leading space),
 * `start`, `end`, `probability`, and `speaker` on segments. A segment without `words` (output
 * made without word timestamps) has its text spread over its span, and the timing is then
 * approximate.
 */
export function parseWhisper(file: string, data: unknown): ParsedTranscript {
  const result = whisperSchema.safeParse(data);
  if (!result.success)
    throw new InputError({ file }, `not valid Whisper JSON: ${formatZodIssues(result.error)}`);
  const collector = new WordCollector(file, (segment) => `segment ${segment + 1}`);
  let approximate = false;
  result.data.segments.forEach((segment, index) => {
    if (segment.words && segment.words.length > 0) {
      for (const word of segment.words) {
        collector.add(word.word, word.start, word.end, word.probability, segment.speaker, index, {
          from: segment.start,
          to: segment.end,
        });
      }
    } else if (
      segment.text &&
      typeof segment.start === 'number' &&
      typeof segment.end === 'number'
    ) {
      approximate = true;
      collector.addSpread(segment.text, segment.start, segment.end, segment.speaker, index);
    }
  });
  return collector.finish('whisper', approximate ? 'approximate' : 'exact');
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
