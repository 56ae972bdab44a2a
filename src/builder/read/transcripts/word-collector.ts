import type { TranscriptTiming } from '../../../core/db-schema.ts';
import { splitUnspacedText } from '../../../core/unspaced-scripts.ts';
import { InputError } from '../../errors.ts';

/** The transcript formats Trawl reads. */
export type TranscriptFormat =
  'whisper' | 'whisperx' | 'whisper-cpp' | 'podcast-json' | 'webvtt' | 'srt';

/** A transcript in Trawl's shape: parallel arrays, times in seconds, probabilities 0..1 or -1. */
export interface ParsedTranscript {
  format: TranscriptFormat;
  timing: TranscriptTiming;
  words: string[];
  start: number[];
  end: number[];
  prob: number[];
  /** Index into `speakerNames` per word, -1 for none; empty when the file names no speakers. */
  speaker: number[];
  speakerNames: string[];
  /** Words whose timing the file left out and that were interpolated from their neighbours. */
  interpolated: number;
  /** Words that were empty after trimming and were dropped. */
  dropped: number;
}

/** Longest word a transcript may hold: longer runs are corrupt files, not speech. */
export const MAX_WORD_CHARS = 1000;

/**
 * Longest word read at all, zero-width characters included: longer is refused before they are
 * removed, so a huge corrupt word is never copied (real subtitles hide runs of 2,048 of them).
 */
const MAX_RAW_WORD_CHARS = 64 * MAX_WORD_CHARS;

/**
 * A word without the zero-width characters that are not writing: U+200B, U+2060 and U+FEFF
 * never show, and a run of several joiners or non-joiners is noise (real Chinese subtitles
 * carry runs of 2,048 inside a word). A single U+200C or U+200D stays: Persian and Indic
 * spelling and emoji use them.
 */
export function withoutInvisibles(text: string): string {
  return text.replace(/[\u200b\u2060\ufeff]+/gu, '').replace(/[\u200c\u200d]{2,}/gu, '');
}

/** Latest time a word may have (48 hours): later ones are corrupt files, not speech. */
export const MAX_TRANSCRIPT_SECONDS = 48 * 3600;

/** Optional bounds (the enclosing segment's span) for interpolating a word without timing. */
export interface TimeHint {
  from?: number | null | undefined;
  to?: number | null | undefined;
}

/**
 * Accumulates words from any format and turns them into a checked transcript: times must be
 * finite, non-negative and within 48 hours, a word may not end before it starts, and start times may not go
 * backwards. Words without timing get it interpolated from their neighbours. Errors name the
 * file and the place in it (via `describe`).
 */
export class WordCollector {
  private readonly words: string[] = [];
  private readonly start: number[] = [];
  private readonly end: number[] = [];
  private readonly prob: number[] = [];
  private readonly speaker: number[] = [];
  private readonly source: number[] = [];
  private readonly hintFrom: number[] = [];
  private readonly hintTo: number[] = [];
  private readonly speakerNames: string[] = [];
  private readonly speakerIndex = new Map<string, number>();
  private untimed = 0;
  private dropped = 0;
  private lastSpreadStart = -Infinity;

  /**
   * @param file the transcript file, for error messages
   * @param describe turns a source index (segment, cue line…) into words like "segment 12"
   */
  constructor(
    private readonly file: string,
    private readonly describe: (source: number) => string,
  ) {}

  get size(): number {
    return this.words.length;
  }

  /** Adds one word. `start`/`end` null means the file gave no timing for it. */
  add(
    text: string,
    start: number | null | undefined,
    end: number | null | undefined,
    probability: number | null | undefined,
    speaker: string | null | undefined,
    source: number,
    hint?: TimeHint,
  ): void {
    const raw = text.trim();
    if (raw.length > MAX_RAW_WORD_CHARS) this.failLong(source, raw);
    const word = withoutInvisibles(raw);
    if (word === '') {
      this.dropped += 1;
      return;
    }
    if (word.length > MAX_WORD_CHARS) this.failLong(source, word);
    const timed = typeof start === 'number' && typeof end === 'number';
    if (timed) {
      this.checkTime(start, 'start', word, source);
      this.checkTime(end, 'end', word, source);
      if (end < start)
        this.fail(source, word, `ends (${seconds(end)}) before it starts (${seconds(start)})`);
    } else {
      this.untimed += 1;
    }
    this.words.push(word);
    this.start.push(timed ? start : Number.NaN);
    this.end.push(timed ? end : Number.NaN);
    this.prob.push(
      typeof probability === 'number' && Number.isFinite(probability)
        ? Math.min(1, Math.max(0, probability))
        : -1,
    );
    this.speaker.push(this.speakerId(speaker));
    this.source.push(source);
    this.hintFrom.push(timed ? Number.NaN : finiteOr(hint?.from, Number.NaN));
    this.hintTo.push(timed ? Number.NaN : finiteOr(hint?.to, Number.NaN));
  }

  /**
   * Adds a cue or segment whose words have no timing of their own, spreading them over its span
   * by length. Text in a script written without spaces (a cue of Chinese) is cut into its words
   * (`splitUnspacedText`), so a long cue is many words, each found and highlighted on its own.
   */
  addSpread(
    text: string,
    start: number,
    end: number,
    speaker: string | null | undefined,
    source: number,
  ): void {
    const parts = text
      .split(/\s+/)
      .filter((part) => part !== '')
      .flatMap((part) => {
        if (part.length > MAX_RAW_WORD_CHARS) this.failLong(source, part);
        const visible = withoutInvisibles(part);
        return visible === '' ? [] : splitUnspacedText(visible);
      });
    if (parts.length === 0) return;
    this.checkTime(start, 'start', parts[0] ?? '', source);
    this.checkTime(end, 'end', parts[0] ?? '', source);
    if (end < start)
      this.fail(
        source,
        parts[0] ?? '',
        `ends (${seconds(end)}) before it starts (${seconds(start)})`,
      );
    // Cues may overlap (WebVTT allows it): a cue that starts after the previous cue but inside
    // its span starts with the previous cue's last word, so spread words never go backwards.
    const previousStart = this.start.at(-1) ?? Number.NaN;
    const overlaps = start >= this.lastSpreadStart && start < previousStart;
    this.lastSpreadStart = start;
    const from = overlaps ? previousStart : start;
    const to = Math.max(end, from);
    const total = parts.reduce((sum, part) => sum + part.length, 0);
    const span = to - from;
    let done = 0;
    for (const part of parts) {
      const wordStart = from + (span * done) / total;
      done += part.length;
      this.add(part, wordStart, from + (span * done) / total, null, speaker, source);
    }
  }

  /** Interpolates missing timings, checks the order of start times and returns the transcript. */
  finish(format: TranscriptFormat, timing: TranscriptTiming): ParsedTranscript {
    this.interpolate();
    let previous = -1;
    for (let index = 0; index < this.words.length; index += 1) {
      const start = Math.round((this.start[index] ?? 0) * 100);
      if (start < previous) {
        this.fail(
          this.source[index] ?? 0,
          this.words[index] ?? '',
          `starts at ${seconds(start / 100)}, before the previous word (${seconds(previous / 100)}): times go backwards`,
        );
      }
      previous = start;
    }
    const hasSpeakers = this.speakerNames.length > 0;
    return {
      format,
      timing,
      words: this.words,
      start: this.start,
      end: this.end,
      prob: this.prob,
      speaker: hasSpeakers ? this.speaker : [],
      speakerNames: this.speakerNames,
      interpolated: this.untimed,
      dropped: this.dropped,
    };
  }

  private interpolate(): void {
    if (this.untimed === 0) return;
    const count = this.words.length;
    let index = 0;
    while (index < count) {
      if (!Number.isNaN(this.start[index] ?? 0)) {
        index += 1;
        continue;
      }
      let last = index;
      while (last + 1 < count && Number.isNaN(this.start[last + 1] ?? 0)) last += 1;
      const before = index > 0 ? (this.end[index - 1] ?? 0) : 0;
      const after = last + 1 < count ? (this.start[last + 1] ?? before) : Number.NaN;
      const hintFrom = this.hintFrom[index] ?? Number.NaN;
      const hintTo = this.hintTo[last] ?? Number.NaN;
      const from = Number.isNaN(hintFrom) ? before : Math.max(before, hintFrom);
      let to = Number.isNaN(after)
        ? hintTo
        : Number.isNaN(hintTo)
          ? after
          : Math.min(after, hintTo);
      const runLength = last - index + 1;
      // With nothing after the run, give each word a nominal third of a second.
      if (Number.isNaN(to)) to = from + runLength * 0.3;
      if (!Number.isNaN(after)) to = Math.min(to, after);
      if (to < from) to = from;
      const step = (to - from) / runLength;
      for (let offset = 0; offset < runLength; offset += 1) {
        this.start[index + offset] = from + step * offset;
        this.end[index + offset] = from + step * (offset + 1);
      }
      index = last + 1;
    }
  }

  private speakerId(name: string | null | undefined): number {
    if (typeof name !== 'string' || name.trim() === '') return -1;
    const label = name.trim();
    let id = this.speakerIndex.get(label);
    if (id === undefined) {
      id = this.speakerNames.length;
      this.speakerNames.push(label);
      this.speakerIndex.set(label, id);
    }
    return id;
  }

  private checkTime(value: number, which: string, word: string, source: number): void {
    if (!Number.isFinite(value)) this.fail(source, word, `${which} time is not a number`);
    if (value < 0) this.fail(source, word, `${which} time ${value} is negative`);
    if (value > MAX_TRANSCRIPT_SECONDS) {
      this.fail(
        source,
        word,
        `${which} time ${seconds(value)} is past 48 hours: not a time in an episode`,
      );
    }
  }

  private failLong(source: number, word: string): never {
    return this.fail(
      source,
      `${word.slice(0, 20)}…`,
      `is ${word.length.toLocaleString('en')} characters long; a word may have at most ${MAX_WORD_CHARS}`,
    );
  }

  private fail(source: number, word: string, problem: string): never {
    throw new InputError(
      { file: this.file },
      `${this.describe(source)}, word "${word}": ${problem}`,
    );
  }
}

function finiteOr(value: number | null | undefined, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}

function seconds(value: number): string {
  return `${Number(value.toFixed(3))} s`;
}
