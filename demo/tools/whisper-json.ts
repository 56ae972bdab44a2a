import type { Prng } from '../../src/core/prng.ts';

/**
 * The openai-whisper `word_timestamps=True` JSON shape, as the demo and the scale corpus write
 * it: every word has a leading space, segments end at sentences or speaker changes, and
 * probabilities vary (some below 0.5) like a real recogniser's.
 */

export interface WhisperWord {
  word: string;
  start: number;
  end: number;
  probability: number;
}

export interface WhisperSegment {
  id: number;
  seek: number;
  start: number;
  end: number;
  text: string;
  temperature: number;
  avg_logprob: number;
  no_speech_prob: number;
  words: WhisperWord[];
  /** Who speaks (a name or a diarisation label), when the words carry one. */
  speaker?: string;
}

export interface WhisperTranscript {
  text: string;
  segments: WhisperSegment[];
  language: string;
}

/** A word with its exact times in seconds. */
export interface TimedWord {
  text: string;
  start: number;
  end: number;
  /** True when the word starts a new segment (a new speaker or a new sentence). */
  segmentStart: boolean;
  /** Who says it; the segment's `speaker` (the demo writes it, the scale corpus does not). */
  speaker?: string;
}

/** Rounds to the millisecond, as the transcript files store times. */
export function roundTime(seconds: number): number {
  return Math.round(seconds * 1000) / 1000;
}

/** A recogniser-like confidence: mostly high, sometimes low, lower for numbers and long words. */
export function wordProbability(text: string, prng: Prng): number {
  let probability = prng.chance(0.07) ? 0.15 + prng.next() * 0.34 : 0.62 + prng.next() * 0.379;
  if (/\d/.test(text)) probability *= 0.8;
  else if (text.length > 9) probability *= 0.93;
  return Math.round(probability * 10000) / 10000;
}

/** Builds the transcript JSON for words in speaking order. */
export function toWhisperTranscript(words: readonly TimedWord[], prng: Prng): WhisperTranscript {
  const segments: WhisperSegment[] = [];
  let current: WhisperWord[] = [];
  let speaker: string | undefined;
  const flush = (): void => {
    const first = current[0];
    const last = current[current.length - 1];
    if (first === undefined || last === undefined) return;
    const logprob =
      current.reduce((sum, word) => sum + Math.log(word.probability), 0) / current.length;
    segments.push({
      id: segments.length,
      // Whisper's seek counts 10 ms mel frames and points at the 30-second window it decoded.
      seek: Math.floor(first.start / 30) * 3000,
      start: first.start,
      end: last.end,
      text: current.map((word) => word.word).join(''),
      temperature: 0,
      avg_logprob: Math.round(logprob * 10000) / 10000,
      no_speech_prob: Math.round(prng.next() * 0.05 * 10000) / 10000,
      words: current,
      ...(speaker === undefined ? {} : { speaker }),
    });
    current = [];
  };
  for (const word of words) {
    if (word.segmentStart) flush();
    if (current.length === 0) speaker = word.speaker;
    current.push({
      word: ` ${word.text}`,
      start: roundTime(word.start),
      end: roundTime(word.end),
      probability: wordProbability(word.text, prng),
    });
  }
  flush();
  return { text: segments.map((segment) => segment.text).join(''), segments, language: 'en' };
}
