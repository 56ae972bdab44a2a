/**
 * Validation of a decoded `transcripts.data` blob (see `TranscriptBlob` and
 * `StoredTranscriptBlob` in db-schema.ts), and the two ways its times are written.
 * The builder wrote it, but a stale cache or a half-read chunk must give a clear error
 * rather than a transcript with words and times out of step.
 */
import { z } from 'zod/mini';
import type { StoredTranscriptBlob, TranscriptBlob } from './db-schema.ts';
import { chapterSchema, speakerOfWords, speakerRuns } from './speech.ts';
import { fromCodedTranscript } from './transcript-codes.ts';

const sameLengths = (blob: {
  words: string[];
  times: number[][];
  speaker?: number[] | undefined;
}): boolean =>
  blob.times.every((values) => values.length === blob.words.length) &&
  (blob.speaker === undefined || blob.speaker.length === blob.words.length);

/** What every item of a transcript's array is (an integer is a finite number too). */
type ItemKind = 'strings' | 'finite numbers' | 'integers';

/** Arrays `checkItemsInSlices` has checked every item of, and what it found them to hold. */
const checkedArrays = new WeakMap<readonly unknown[], ItemKind>();

function checkedAs(items: readonly unknown[], what: ItemKind): boolean {
  const kind = checkedArrays.get(items);
  return kind === what || (kind === 'integers' && what === 'finite numbers');
}

/**
 * Arrays of one type, checked in one loop: zod's per-element parse was the largest part of
 * loading a long transcript (580 ms of 100,000 words on a busy machine, issue 26 defect 10).
 * An array `checkItemsInSlices` has checked already is not checked again.
 */
function arrayOf<T>(isItem: (item: unknown) => item is T, what: ItemKind): z.ZodMiniType<T[]> {
  return z.custom<T[]>(
    (value) => Array.isArray(value) && (checkedAs(value, what) || everyItem(value, isItem)),
    { message: `expected an array of ${what}` },
  );
}

/** `items.every(isItem)` as a plain loop: a third of the time on a million items. */
function everyItem<T>(items: unknown[], isItem: (item: unknown) => item is T): items is T[] {
  for (let index = 0; index < items.length; index += 1) if (!isItem(items[index])) return false;
  return true;
}
const isString = (item: unknown): item is string => typeof item === 'string';
const isNumber = (item: unknown): item is number =>
  typeof item === 'number' && Number.isFinite(item);
const isInteger = (item: unknown): item is number => Number.isSafeInteger(item);
const strings = arrayOf(isString, 'strings');
const numbers = arrayOf(isNumber, 'finite numbers');
const integers = arrayOf(isInteger, 'integers');

/** Items checked between two pauses of `checkItemsInSlices`. */
export const CHECK_SLICE = 100_000;

/**
 * Checks every item of the arrays a decoded transcript holds (its columns: words, times,
 * speakers), `CHECK_SLICE` items at a time, awaiting `pause` between, and remembers what each
 * array holds: `parseTranscriptBlob` then checks each array once, not item by item. At 1 M
 * words the four columns' checks in `parseTranscriptBlob`'s one task took 235 ms of the page
 * (load 12; decision 0062). An array of anything else is left for the parse to name.
 */
export async function checkItemsInSlices(json: unknown, pause: () => Promise<void>): Promise<void> {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return;
  let done = 0;
  for (const column of Object.values(json)) {
    if (!Array.isArray(column) || column.length === 0) continue;
    let kind: ItemKind | null = typeof column[0] === 'string' ? 'strings' : 'integers';
    for (let index = 0; index < column.length && kind !== null; index += 1) {
      const item: unknown = column[index];
      if (kind === 'strings') kind = isString(item) ? kind : null;
      else if (!isNumber(item)) kind = null;
      else if (kind === 'integers' && !isInteger(item)) kind = 'finite numbers';
      done += 1;
      if (done % CHECK_SLICE === 0) await pause();
    }
    if (kind !== null) checkedArrays.set(column, kind);
  }
}

const speakers = {
  speaker: z.optional(integers),
  speakerNames: z.optional(strings),
  speakerPresenters: z.optional(z.array(z.nullable(z.int()))),
  speakerIds: z.optional(z.array(z.int())),
  chapters: z.optional(z.array(chapterSchema)),
};

const absoluteSchema = z
  .object({
    v: z.literal(1),
    words: strings,
    start: numbers,
    end: numbers,
    prob: numbers,
    ...speakers,
  })
  .check(
    z.refine((blob) => sameLengths({ ...blob, times: [blob.start, blob.end, blob.prob] }), {
      message: 'words, start, end, prob and speaker must have the same length',
    }),
  );

const differenceSchema = z
  .object({
    v: z.literal(2),
    words: strings,
    gap: numbers,
    dur: numbers,
    prob: numbers,
    turns: z.optional(integers),
    ...speakers,
  })
  .check(
    z.refine((blob) => sameLengths({ ...blob, times: [blob.gap, blob.dur, blob.prob] }), {
      message: 'words, gap, dur, prob and speaker must have the same length',
    }),
    z.refine((blob) => !blob.turns || speakerOfWords(blob.turns, blob.words.length) !== null, {
      message: 'turns must be ascending word indexes from 0 within the transcript',
    }),
  );

const codedSchema = z.object({
  v: z.literal(3),
  words: z.string(),
  n: z.int().check(z.minimum(0)),
  keep: z.string(),
  unit: z.int().check(z.minimum(1)),
  gap: z.string(),
  dur: z.string(),
  prob: z.string(),
  turns: z.optional(z.string()),
  ...speakers,
});

const storedSchema = z.discriminatedUnion('v', [absoluteSchema, differenceSchema, codedSchema]);

/**
 * A stored transcript of any version as version 1's absolute times, or, when it is not valid,
 * the value as it is, for `parseTranscriptBlob` to judge and name. The database worker runs it
 * (decision 0049): the coded columns' decoding (decision 0056), the items' checks and the sums
 * of gaps and durations leave the page's main thread, where at 1 M words they were one task
 * of about 460 ms (decision 0062); the page's parse of the result only checks it.
 */
export function absoluteTranscript(json: unknown): unknown {
  const blob = readTranscriptBlob(json);
  return typeof blob === 'string' ? json : blob;
}

/** Writes a transcript's times as gaps and durations (the stored version 2). */
export function toStoredTranscript(blob: TranscriptBlob): StoredTranscriptBlob {
  const gap = blob.start.map(
    (start, index) => start - (index > 0 ? (blob.end[index - 1] ?? 0) : 0),
  );
  const dur = blob.start.map((start, index) => (blob.end[index] ?? start) - start);
  const stored: StoredTranscriptBlob = { v: 2, words: blob.words, gap, dur, prob: blob.prob };
  if (blob.speaker) stored.turns = speakerRuns(blob.speaker);
  copySpeech(blob, stored);
  return stored;
}

function absoluteTimes(gap: number[], dur: number[]): { start: number[]; end: number[] } {
  const start = new Array<number>(gap.length);
  const end = new Array<number>(gap.length);
  let previousEnd = 0;
  for (let index = 0; index < gap.length; index += 1) {
    const begins = previousEnd + (gap[index] ?? 0);
    previousEnd = begins + (dur[index] ?? 0);
    start[index] = begins;
    end[index] = previousEnd;
  }
  return { start, end };
}

/**
 * Checks decoded JSON against either stored version and returns the transcript with absolute
 * times; throws an Error naming `source` and the problem.
 */
export function parseTranscriptBlob(json: unknown, source: string): TranscriptBlob {
  const blob = readTranscriptBlob(json);
  if (typeof blob === 'string') throw new Error(`${source}: not a valid transcript${blob}`);
  return blob;
}

/** `parseTranscriptBlob`'s transcript, or its problem ('…: message', after the source). */
function readTranscriptBlob(json: unknown): TranscriptBlob | string {
  const parsed = storedSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length > 0 ? ` at ${issue.path.join('.')}` : '';
    return `${where}: ${issue?.message ?? 'unknown'}`;
  }
  if (parsed.data.v === 3) {
    // Version 3 is version 2's columns coded as text (decision 0056).
    const columns = fromCodedTranscript(parsed.data);
    if (typeof columns === 'string') return `: ${columns}`;
    return readTranscriptBlob(columns);
  }
  const data = parsed.data;
  const times = data.v === 1 ? data : absoluteTimes(data.gap, data.dur);
  const blob: TranscriptBlob = {
    v: 1,
    words: data.words,
    start: times.start,
    end: times.end,
    prob: data.prob,
  };
  const speaker =
    data.v === 2 && data.turns ? speakerOfWords(data.turns, data.words.length) : data.speaker;
  if (speaker) blob.speaker = speaker;
  copySpeech(data, blob);
  return blob;
}

type Speech = Pick<
  TranscriptBlob,
  'speakerNames' | 'speakerPresenters' | 'speakerIds' | 'chapters'
>;

/** Copies the speaker names and people and the chapters that are present. */
function copySpeech(from: Speech, to: Speech): void {
  if (from.speakerNames) to.speakerNames = from.speakerNames;
  if (from.speakerPresenters) to.speakerPresenters = from.speakerPresenters;
  if (from.speakerIds) to.speakerIds = from.speakerIds;
  if (from.chapters) to.chapters = from.chapters;
}
