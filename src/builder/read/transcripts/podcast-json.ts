import { z } from 'zod';
import { formatZodIssues, InputError } from '../../errors.ts';
import { WordCollector, type ParsedTranscript } from './word-collector.ts';

const segmentSchema = z.object({
  startTime: z.number(),
  endTime: z.number(),
  body: z.string(),
  speaker: z.string().nullish(),
});

const podcastJsonSchema = z.object({ segments: z.array(segmentSchema) });

/** Whether a parsed JSON document is a Podcasting 2.0 JSON transcript. */
export function looksLikePodcastJson(data: Record<string, unknown>): boolean {
  if (!Array.isArray(data.segments)) return false;
  const first: unknown = data.segments[0];
  return typeof first === 'object' && first !== null && 'startTime' in first && 'body' in first;
}

/**
 * Reads a Podcasting 2.0 JSON transcript: `segments[]` of `startTime`, `endTime`, `body`,
 * `speaker`. When every segment is a single word the timing is exact; segments of several
 * words are spread over their span and the timing is approximate.
 */
export function parsePodcastJson(file: string, data: unknown): ParsedTranscript {
  const result = podcastJsonSchema.safeParse(data);
  if (!result.success)
    throw new InputError(
      { file },
      `not a valid Podcasting 2.0 JSON transcript: ${formatZodIssues(result.error)}`,
    );
  const collector = new WordCollector(file, (segment) => `segment ${segment + 1}`);
  let approximate = false;
  result.data.segments.forEach((segment, index) => {
    if (segment.body.trim().split(/\s+/).length > 1) approximate = true;
    collector.addSpread(segment.body, segment.startTime, segment.endTime, segment.speaker, index);
  });
  return collector.finish('podcast-json', approximate ? 'approximate' : 'exact');
}
