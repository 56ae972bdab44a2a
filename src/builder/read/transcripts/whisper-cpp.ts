import { z } from 'zod';
import { formatZodIssues, InputError } from '../../errors.ts';
import { WordCollector, type ParsedTranscript } from './word-collector.ts';

const offsetsSchema = z.object({ from: z.number(), to: z.number() });

const tokenSchema = z.object({
  text: z.string(),
  offsets: offsetsSchema,
  p: z.number().nullish(),
});

const segmentSchema = z.object({
  text: z.string().nullish(),
  offsets: offsetsSchema,
  speaker: z.string().nullish(),
  tokens: z.array(tokenSchema).nullish(),
});

const whisperCppSchema = z.object({ transcription: z.array(segmentSchema) });

/** Whether a parsed JSON document looks like whisper.cpp `-oj`/`-ojf` output. */
export function looksLikeWhisperCpp(data: Record<string, unknown>): boolean {
  return Array.isArray(data.transcription);
}

/** Special tokens such as [_BEG_] and [_TT_150] carry no text. */
const SPECIAL_TOKEN = /^\s*\[_[A-Z0-9_]*\]\s*$/;

/**
 * Reads whisper.cpp `-ojf` JSON: `transcription[].tokens[]` with `offsets.from/to` in ms and
 * probability `p`. Whisper tokens are pieces of words: a token starting with a space begins a
 * new word, any other token (" Amer" + "icans", "word" + ",") continues the current one. A
 * word's probability is the mean of its tokens'. Segments without tokens (`-oj`) are spread
 * over their span (approximate timing).
 */
export function parseWhisperCpp(file: string, data: unknown): ParsedTranscript {
  const result = whisperCppSchema.safeParse(data);
  if (!result.success)
    throw new InputError({ file }, `not valid whisper.cpp JSON: ${formatZodIssues(result.error)}`);
  const collector = new WordCollector(file, (segment) => `transcription segment ${segment + 1}`);
  let approximate = false;
  result.data.transcription.forEach((segment, index) => {
    const speaker = segment.speaker ?? null;
    if (!segment.tokens || segment.tokens.length === 0) {
      if (segment.text) {
        approximate = true;
        collector.addSpread(
          segment.text,
          segment.offsets.from / 1000,
          segment.offsets.to / 1000,
          speaker,
          index,
        );
      }
      return;
    }
    let text = '';
    let from = 0;
    let to = 0;
    let probabilities: number[] = [];
    const flush = (): void => {
      if (text.trim() !== '') {
        const mean =
          probabilities.length > 0
            ? probabilities.reduce((sum, p) => sum + p, 0) / probabilities.length
            : null;
        collector.add(text, from / 1000, Math.max(from, to) / 1000, mean, speaker, index);
      }
      text = '';
      probabilities = [];
    };
    for (const token of segment.tokens) {
      if (token.text === '' || SPECIAL_TOKEN.test(token.text)) continue;
      if (/^\s/.test(token.text) || text.trim() === '') {
        flush();
        from = token.offsets.from;
      }
      text += token.text;
      to = token.offsets.to;
      if (typeof token.p === 'number') probabilities.push(token.p);
    }
    flush();
  });
  return collector.finish('whisper-cpp', approximate ? 'approximate' : 'exact');
}
