/**
 * Validation of a decoded `transcripts.data` blob (see `TranscriptBlob` in db-schema.ts).
 * The builder wrote it, but a stale cache or a half-read chunk must give a clear error
 * rather than a transcript with words and times out of step.
 */
import { z } from 'zod';
import type { TranscriptBlob } from './db-schema.ts';

const transcriptBlobSchema = z
  .object({
    v: z.literal(1),
    words: z.array(z.string()),
    start: z.array(z.number()),
    end: z.array(z.number()),
    prob: z.array(z.number()),
    speaker: z.array(z.number().int()).optional(),
    speakerNames: z.array(z.string()).optional(),
  })
  .refine(
    (blob) =>
      blob.start.length === blob.words.length &&
      blob.end.length === blob.words.length &&
      blob.prob.length === blob.words.length &&
      (blob.speaker === undefined || blob.speaker.length === blob.words.length),
    { message: 'words, start, end, prob and speaker must have the same length' },
  );

/** Checks decoded JSON against the blob format; throws an Error naming `source` and the problem. */
export function parseTranscriptBlob(json: unknown, source: string): TranscriptBlob {
  const parsed = transcriptBlobSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length > 0 ? ` at ${issue.path.join('.')}` : '';
    throw new Error(`${source}: not a valid transcript${where}: ${issue?.message ?? 'unknown'}`);
  }
  const blob: TranscriptBlob = {
    v: 1,
    words: parsed.data.words,
    start: parsed.data.start,
    end: parsed.data.end,
    prob: parsed.data.prob,
  };
  if (parsed.data.speaker) blob.speaker = parsed.data.speaker;
  if (parsed.data.speakerNames) blob.speakerNames = parsed.data.speakerNames;
  return blob;
}
