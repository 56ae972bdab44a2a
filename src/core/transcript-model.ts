/**
 * Turns a stored transcript (`TranscriptBlob`, compact parallel arrays) into what the
 * transcript view renders: words with times in seconds, the sentence of each word, timestamp
 * markers, paragraphs that start at each change of speaker, and low-confidence flags.
 */
import type { TranscriptBlob } from './db-schema.ts';
import { spokenSentenceSteps } from './sentences.ts';
import type { Chapter } from './speech.ts';
import { chapterWords, wordSpeakerCodes } from './transcript-chapters.ts';

/** One transcript word, ready to render. */
export interface ModelWord {
  index: number;
  text: string;
  /** Seconds from the start of the audio. */
  start: number;
  end: number;
  sentence: number;
  /** 0..1, or null when the recogniser gave none. */
  probability: number | null;
  lowConfidence: boolean;
}

/**
 * A paragraph: a half-open range of words and the speaker who says them, if known. A new
 * paragraph starts at each change of speaker and at the first sentence that starts at or after
 * each timestamp marker: a paragraph never breaks inside a sentence (a marker inside one stays
 * inline), and none is much longer than `timestampEvery` words (the view lays out only the
 * paragraphs on screen).
 */
export interface ModelParagraph {
  start: number;
  end: number;
  speaker: string | null;
  /** The presenter the speaker is (their avatar shows), or null. */
  presenter: number | null;
  /** True when the paragraph carries on the previous one's speaker after a marker. */
  continues: boolean;
  /** Chapters whose headings stand before this paragraph (src/core/transcript-chapters.ts). */
  chapters?: Chapter[];
}

/** A unit of rendering: consecutive words of one sentence inside one paragraph. */
export interface ModelSegment {
  start: number;
  end: number;
  sentence: number;
  /** A timestamp marker stands before this segment's first word. */
  marker: number | null;
}

export interface TranscriptModel {
  words: ModelWord[];
  /** Start time in seconds of each sentence, for finding the sentence being played. */
  sentenceStarts: Float64Array;
  paragraphs: ModelParagraph[];
  /** Segments per paragraph, in order. */
  segments: ModelSegment[][];
  /** Word indexes that have a timestamp marker before them. */
  markers: number[];
  /** End of the last word, in seconds. */
  duration: number;
  /** Each word's speaker as a show-wide code ('said by'), or null without speakers. */
  speakerCodes: number[] | null;
  /** The episode's chapters, by start time (also those after the last word). */
  chapters: Chapter[];
}

export interface TranscriptModelOptions {
  /** A marker before word 0 and then every N words. */
  timestampEvery: number;
  /** Words with a probability (0..1) below this are flagged. */
  lowConfidence: number;
}

/** Words turned into model words between two pauses of a sliced build. */
const WORDS_PER_STEP = 20_000;

/**
 * Builds the view model. Markers stand before words 0, N, 2N… so the transcript opens with
 * its start time. A speaker of -1 (unknown) continues the current paragraph rather than
 * splitting it, since recognisers leave scattered words unattributed.
 */
export function buildTranscriptModel(
  blob: TranscriptBlob,
  options: TranscriptModelOptions,
): TranscriptModel {
  const steps = transcriptModelSteps(blob, options);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * `buildTranscriptModel` as steps: each `next()` does one pass over the words or a slice of
 * `WORDS_PER_STEP` of them, so a page can build a long transcript's model between other
 * tasks (a 100,000-word model took 300 ms of one task on a busy machine; issue 26, defect 10).
 */
export function* transcriptModelSteps(
  blob: TranscriptBlob,
  options: TranscriptModelOptions,
): Generator<void, TranscriptModel, void> {
  const count = blob.words.length;
  // The sentence pass in slices too: in one, it was a 1 M-word page's longest task.
  const sentences = yield* spokenSentenceSteps(
    blob.words,
    blob.start,
    blob.end,
    100,
    WORDS_PER_STEP,
  );
  yield;
  const sentenceCount = count === 0 ? 0 : (sentences[count - 1] ?? 0) + 1;
  const sentenceStarts = new Float64Array(sentenceCount);
  // The words' start times again as one typed array, for placing the chapters.
  const starts = new Float64Array(count);
  const words: ModelWord[] = new Array<ModelWord>(count);
  for (let i = 0; i < count; i += 1) {
    const rawProbability = blob.prob[i] ?? -1;
    const probability = rawProbability >= 0 ? rawProbability / 100 : null;
    const sentence = sentences[i] ?? 0;
    const start = (blob.start[i] ?? 0) / 100;
    words[i] = {
      index: i,
      text: blob.words[i] ?? '',
      start,
      end: (blob.end[i] ?? blob.start[i] ?? 0) / 100,
      sentence,
      probability,
      lowConfidence: probability !== null && probability < options.lowConfidence,
    };
    starts[i] = start;
    // Sentence numbers only ever go up by one: a sentence starts where the number changes.
    if (i === 0 || sentence !== sentences[i - 1]) sentenceStarts[sentence] = start;
    if ((i + 1) % WORDS_PER_STEP === 0) yield;
  }

  const every = Math.max(1, Math.floor(options.timestampEvery));
  const markers: number[] = [];
  for (let i = 0; i < count; i += every) markers.push(i);
  const markerSet = new Set(markers);
  const chapters = chapterWords(blob.chapters ?? [], starts);
  yield;
  // Paragraphs are split by walking the breaks, not the words: one step for any length.
  const paragraphs = splitAt(
    splitAt(buildParagraphs(blob, count), sentenceStartsAfter(markers, words)),
    [...chapters.keys()].sort((a, b) => a - b),
  ).map((paragraph) => {
    const before = chapters.get(paragraph.start);
    // After a chapter heading the speaker is named again.
    return before ? { ...paragraph, chapters: before, continues: false } : paragraph;
  });
  yield;
  const segments: ModelSegment[][] = new Array<ModelSegment[]>(paragraphs.length);
  let segmented = 0;
  for (let p = 0; p < paragraphs.length; p += 1) {
    const paragraph = paragraphs[p];
    if (!paragraph) continue;
    segments[p] = buildSegments(paragraph, words, markerSet);
    segmented += paragraph.end - paragraph.start;
    if (segmented >= WORDS_PER_STEP) {
      segmented = 0;
      yield;
    }
  }
  yield;
  const last = words[count - 1];
  return {
    words,
    sentenceStarts,
    paragraphs,
    segments,
    markers,
    duration: last ? Math.max(last.end, last.start) : 0,
    speakerCodes: wordSpeakerCodes(blob),
    chapters: blob.chapters ?? [],
  };
}

function buildParagraphs(blob: TranscriptBlob, count: number): ModelParagraph[] {
  if (count === 0) return [];
  const speakers = blob.speaker;
  const names = blob.speakerNames ?? [];
  if (!speakers || speakers.length !== count) {
    return [{ start: 0, end: count, speaker: null, presenter: null, continues: false }];
  }
  const paragraphs: ModelParagraph[] = [];
  let current: ModelParagraph = {
    start: 0,
    end: count,
    speaker: null,
    presenter: null,
    continues: false,
  };
  let currentSpeaker = -1;
  for (let i = 0; i < count; i += 1) {
    const speaker = speakers[i] ?? -1;
    if (speaker < 0 || speaker === currentSpeaker) continue;
    if (i > current.start) {
      current.end = i;
      paragraphs.push(current);
    }
    const name = names[speaker] ?? `Speaker ${speaker + 1}`;
    const presenter = blob.speakerPresenters?.[speaker] ?? null;
    current = { start: i, end: count, speaker: name, presenter, continues: false };
    currentSpeaker = speaker;
  }
  paragraphs.push(current);
  return paragraphs;
}

/** For each marker, the first word at or after it that starts a sentence, ascending. */
function sentenceStartsAfter(markers: readonly number[], words: readonly ModelWord[]): number[] {
  const starts: number[] = [];
  for (const marker of markers) {
    let i = marker;
    while (i > 0 && i < words.length && words[i]?.sentence === words[i - 1]?.sentence) i += 1;
    // Markers ascend, so the starts do too; two markers in one sentence give one start.
    if (i < words.length && starts.at(-1) !== i) starts.push(i);
  }
  return starts;
}

/** The paragraphs split before each of `breaks` (ascending word indexes) inside them. */
function splitAt(
  paragraphs: readonly ModelParagraph[],
  breaks: readonly number[],
): ModelParagraph[] {
  const split: ModelParagraph[] = [];
  let next = 0;
  for (const paragraph of paragraphs) {
    let start = paragraph.start;
    while (next < breaks.length && (breaks[next] ?? 0) <= paragraph.start) next += 1;
    for (; next < breaks.length && (breaks[next] ?? 0) < paragraph.end; next += 1) {
      const at = breaks[next] ?? 0;
      const continues = paragraph.continues || start !== paragraph.start;
      split.push({ ...paragraph, start, end: at, continues });
      start = at;
    }
    split.push({
      ...paragraph,
      start,
      continues: paragraph.continues || start !== paragraph.start,
    });
  }
  return split;
}

function buildSegments(
  paragraph: ModelParagraph,
  words: readonly ModelWord[],
  markers: ReadonlySet<number>,
): ModelSegment[] {
  const segments: ModelSegment[] = [];
  let segment: ModelSegment | null = null;
  for (let i = paragraph.start; i < paragraph.end; i += 1) {
    const sentence = words[i]?.sentence ?? 0;
    const marked = markers.has(i);
    if (segment === null || segment.sentence !== sentence || marked) {
      segment = { start: i, end: i + 1, sentence, marker: marked ? i : null };
      segments.push(segment);
    } else {
      segment.end = i + 1;
    }
  }
  return segments;
}

/** Index of the last item of an ascending array that is <= value, or -1. */
function lastAtOrBefore(sorted: ArrayLike<number>, value: number): number {
  let low = 0;
  let high = sorted.length - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if ((sorted[middle] ?? Infinity) <= value) {
      found = middle;
      low = middle + 1;
    } else {
      high = middle - 1;
    }
  }
  return found;
}

/** The sentence being spoken at `seconds` (the last one started by then), or -1 before the first. */
export function sentenceAtTime(model: TranscriptModel, seconds: number): number {
  return lastAtOrBefore(model.sentenceStarts, seconds);
}

/** The word being spoken at `seconds`: the last word started by then, or 0 before the first. */
export function wordAtTime(model: TranscriptModel, seconds: number): number {
  let low = 0;
  let high = model.words.length - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if ((model.words[middle]?.start ?? Infinity) <= seconds) {
      found = middle;
      low = middle + 1;
    } else {
      high = middle - 1;
    }
  }
  return Math.max(0, found);
}
