import { z } from 'zod';
import { formatZodIssues, InputError } from '../../errors.ts';
import { WordCollector, type ParsedTranscript } from './word-collector.ts';

const time = z.number().nullish();

const whisperxWordSchema = z.object({
  word: z.string(),
  start: time,
  end: time,
  score: z.number().nullish(),
  speaker: z.string().nullish(),
});

const whisperxSegmentSchema = z.object({
  start: time,
  end: time,
  speaker: z.string().nullish(),
  words: z.array(whisperxWordSchema).nullish(),
});

const whisperxBodySchema = z.object({
  segments: z.array(whisperxSegmentSchema).optional(),
  word_segments: z.array(whisperxWordSchema).optional(),
});

type WhisperxBody = z.infer<typeof whisperxBodySchema>;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The object holding `segments` / `word_segments`: the document or its `response` wrapper. */
function whisperxBody(data: Record<string, unknown>): Record<string, unknown> {
  return isObject(data.response) ? data.response : data;
}

/**
 * Whether a parsed JSON document looks like WhisperX output: a `response` wrapper, a
 * `word_segments` list, or words scored with `score` rather than `probability`.
 */
export function looksLikeWhisperx(data: Record<string, unknown>): boolean {
  const body = whisperxBody(data);
  if (Array.isArray(body.word_segments)) return true;
  if (!Array.isArray(body.segments)) return false;
  if (body !== data) return true;
  for (const segment of body.segments) {
    if (!isObject(segment) || !Array.isArray(segment.words)) continue;
    const word: unknown = segment.words[0];
    if (isObject(word)) return 'score' in word && !('probability' in word);
  }
  return false;
}

/**
 * Reads WhisperX JSON (`response.segments[].words[]`, or top-level `segments` / `word_segments`)
 * with `score` as the probability and `speaker` labels. Words whose `start`/`end` are null
 * (WhisperX cannot align most numerals) keep their place and get their timing interpolated
 * between their neighbours, within their segment.
 */
export function parseWhisperx(file: string, data: Record<string, unknown>): ParsedTranscript {
  const result = whisperxBodySchema.safeParse(whisperxBody(data));
  if (!result.success)
    throw new InputError({ file }, `not valid WhisperX JSON: ${formatZodIssues(result.error)}`);
  const body: WhisperxBody = result.data;
  if (body.segments && body.segments.some((segment) => segment.words)) {
    const collector = new WordCollector(file, (segment) => `segment ${segment + 1}`);
    body.segments.forEach((segment, index) => {
      for (const word of segment.words ?? []) {
        collector.add(
          word.word,
          word.start,
          word.end,
          word.score,
          word.speaker ?? segment.speaker,
          index,
          {
            from: segment.start,
            to: segment.end,
          },
        );
      }
    });
    return collector.finish('whisperx', 'exact');
  }
  const collector = new WordCollector(file, (index) => `word_segments entry ${index + 1}`);
  (body.word_segments ?? []).forEach((word, index) => {
    collector.add(word.word, word.start, word.end, word.score, word.speaker, index);
  });
  return collector.finish('whisperx', 'exact');
}
