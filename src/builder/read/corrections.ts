/**
 * Fans' corrections to a transcript: `corrections/<episode>.json` in the podcast folder, each
 * replacing the words in a time range. A correction says what the transcript said there
 * (`from`), so one made for an older transcript is never applied to words it was not meant
 * for: it is a warning naming the file instead. A file that is a link, too big or not valid
 * is a warning too, and the transcript stays as it was.
 */
import { lstat, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { parseClockTime, formatClockTime } from '../../core/time-format.ts';
import { displayPath, formatZodIssues } from '../errors.ts';
import { plural, type WarningCollector } from '../warnings.ts';
import { readRegularFile } from './safe-files.ts';
import type { ParsedTranscript } from './transcripts/word-collector.ts';

/** Largest corrections file read: hand-made corrections of one episode are a few KB. */
export const MAX_CORRECTIONS_BYTES = 256 * 1024;

const timeSchema = z
  .union([z.number(), z.string().max(16)])
  .transform((value) => (typeof value === 'number' ? value : parseClockTime(value)))
  .pipe(
    z
      .number({ error: 'a time is seconds or m:ss' })
      .nonnegative()
      .max(48 * 3600),
  );

const correctionSchema = z
  .strictObject({
    /** Start and end of the range: seconds, 'm:ss' or 'h:mm:ss' (as in a quote link). */
    start: timeSchema,
    end: timeSchema,
    /** The words the transcript has in the range now. */
    from: z.string().max(5000),
    /** The words it should have (empty: remove them). */
    to: z.string().max(5000),
  })
  .refine((value) => value.end > value.start, 'end must be after start');

const correctionsFileSchema = z.strictObject({
  $schema: z.string().optional(),
  corrections: z.array(correctionSchema).max(1000),
});

export type TranscriptCorrection = z.infer<typeof correctionSchema>;

/** An episode's corrections and the file they came from. */
export interface EpisodeCorrections {
  file: string;
  corrections: TranscriptCorrection[];
}

function warnFile(warnings: WarningCollector, file: string, problem: string): void {
  warnings.add(
    'corrections-file',
    (n) =>
      `${plural(n, 'corrections file')} could not be read and ${n === 1 ? 'was' : 'were'} left out`,
    `${displayPath(file)}: ${problem}`,
  );
}

/**
 * Reads `corrections/` of the podcast folder: one file per episode, named by its number. Files
 * for no episode, links, huge or invalid files are warnings; nothing here stops a build.
 */
export async function readCorrections(
  folder: string | undefined,
  episodes: ReadonlySet<string>,
  warnings: WarningCollector,
): Promise<Map<string, EpisodeCorrections>> {
  const found = new Map<string, EpisodeCorrections>();
  if (folder === undefined) return found;
  const dir = join(folder, 'corrections');
  const info = await lstat(dir).catch(() => undefined);
  if (info === undefined) return found;
  if (!info.isDirectory()) {
    warnFile(warnings, dir, 'is not a folder (a link or a file); no corrections were applied');
    return found;
  }
  for (const name of (await readdir(dir)).sort()) {
    if (!name.endsWith('.json')) continue;
    const file = join(dir, name);
    const episode = name.slice(0, -'.json'.length);
    if (!episodes.has(episode)) {
      warnFile(warnings, file, `the feed has no episode ${episode}`);
      continue;
    }
    const parsed = await readCorrectionsFile(file, warnings);
    if (parsed) found.set(episode, { file, corrections: parsed });
  }
  return found;
}

async function readCorrectionsFile(
  file: string,
  warnings: WarningCollector,
): Promise<TranscriptCorrection[] | undefined> {
  const info = await lstat(file);
  if (!info.isFile()) {
    warnFile(warnings, file, 'is not a regular file (a link?)');
    return undefined;
  }
  if (info.size > MAX_CORRECTIONS_BYTES) {
    warnFile(
      warnings,
      file,
      `is ${info.size} bytes; a corrections file may hold at most ${MAX_CORRECTIONS_BYTES}`,
    );
    return undefined;
  }
  let text: string;
  try {
    text = (await readRegularFile(file))?.toString('utf8') ?? '';
  } catch (error) {
    warnFile(warnings, file, error instanceof Error ? error.message : String(error));
    return undefined;
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    warnFile(
      warnings,
      file,
      `is not valid JSON (${error instanceof Error ? error.message : String(error)})`,
    );
    return undefined;
  }
  const result = correctionsFileSchema.safeParse(raw);
  if (!result.success) {
    warnFile(warnings, file, formatZodIssues(result.error));
    return undefined;
  }
  return result.data.corrections;
}

// Compared without case, punctuation or spacing: a correction names the words, not the commas.
function comparable(text: string): string {
  return text
    .normalize('NFC')
    .toLocaleLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * The transcript with `corrections` applied in order. A correction whose range holds no words,
 * or other words than its `from`, is a warning naming the file, and the words stay.
 */
export function applyCorrections(
  transcript: ParsedTranscript,
  { file, corrections }: EpisodeCorrections,
  warnings: WarningCollector,
): ParsedTranscript {
  let current = transcript;
  corrections.forEach((correction, index) => {
    const where = `${displayPath(file)}: correction ${index + 1} (${formatClockTime(correction.start)}–${formatClockTime(correction.end)})`;
    // Words that start inside the range; a link's times are whole seconds, rounded down.
    const first = current.start.findIndex((time) => time >= correction.start - 0.05);
    let last = first - 1;
    while (
      last + 1 < current.start.length &&
      (current.start[last + 1] ?? Infinity) < correction.end
    )
      last += 1;
    const said = first === -1 ? '' : current.words.slice(first, last + 1).join(' ');
    if (first === -1 || last < first || comparable(said) !== comparable(correction.from)) {
      warnings.add(
        'correction-mismatch',
        (n) =>
          `${plural(n, 'correction')} no longer matched the transcript and ${n === 1 ? 'was' : 'were'} not applied`,
        `${where}: expects "${correction.from}", the transcript says "${said}"`,
      );
      return;
    }
    current = replaceWords(current, first, last, correction.to);
    warnings.add('correction-applied', (n) => `${plural(n, 'correction')} applied`, where);
  });
  return current;
}

// The new words share the old ones' time evenly, and the first old word's speaker.
function replaceWords(
  transcript: ParsedTranscript,
  first: number,
  last: number,
  replacement: string,
): ParsedTranscript {
  const words = replacement.split(/\s+/).filter((word) => word !== '');
  const from = transcript.start[first] ?? 0;
  const to = Math.max(from, transcript.end[last] ?? from);
  const step = words.length === 0 ? 0 : (to - from) / words.length;
  const speaker = transcript.speaker[first];
  const splice = <T>(list: readonly T[], items: readonly T[]): T[] => [
    ...list.slice(0, first),
    ...items,
    ...list.slice(last + 1),
  ];
  return {
    ...transcript,
    words: splice(transcript.words, words),
    start: splice(
      transcript.start,
      words.map((_, i) => from + step * i),
    ),
    end: splice(
      transcript.end,
      words.map((_, i) => from + step * (i + 1)),
    ),
    // A person wrote these words: no recogniser's doubt about them.
    prob: splice(
      transcript.prob,
      words.map(() => -1),
    ),
    speaker:
      transcript.speaker.length === 0 || speaker === undefined
        ? transcript.speaker
        : splice(
            transcript.speaker,
            words.map(() => speaker),
          ),
  };
}
