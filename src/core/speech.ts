/**
 * Who speaks when, and where an episode is: the speaker and chapter shapes shared by the
 * builder (which resolves labels to people and reads chapter files) and the site (which
 * renders speaker paragraphs and chapters, and searches what one person said).
 *
 * Speakers are stored as runs (`turns`: `[firstWord, speakerIndex, …]`), one pair per change
 * of speaker, so a transcript with speakers costs a few percent more bytes than one without.
 */
import { z } from 'zod';

/** A chapter as stored in the transcript blob: times in integer centiseconds. */
export interface Chapter {
  title: string;
  /** Start, in centiseconds from the start of the audio. */
  start: number;
  /** An http(s) link about the chapter. */
  url?: string;
  /** An http(s) or media-relative image. */
  image?: string;
}

/** A named speaker of the whole show: the options of the 'said by' filter. */
export interface ShowSpeaker {
  /** 1, 2, 3… in order of first appearance (episodes ascending); stable for the same inputs. */
  id: number;
  name: string;
  /** The presenter this speaker is, or null for a plain name. */
  presenter: number | null;
}

/** Most characters in a chapter title or a speaker name; longer ones are cut. */
export const MAX_SPEECH_LABEL = 200;

/** Largest show speaker id: ids share a row id with a term hash (`speakerTermRowId`). */
export const MAX_SHOW_SPEAKERS = 1023;

const SAFE_LINK = /^https?:\/\//i;

/**
 * Whether a chapter link or image may be shown: http(s) URLs, or (images only) a path
 * relative to the media folder without a scheme, `..` or a leading slash.
 */
export function isSafeChapterUrl(url: string, relativeAllowed: boolean): boolean {
  if (url.length > 2000 || /[\s<>"'`\\]/.test(url)) return false;
  if (SAFE_LINK.test(url)) return URL.canParse(url);
  if (!relativeAllowed) return false;
  return (
    !/^[a-z][a-z0-9+.-]*:/i.test(url) &&
    !url.startsWith('/') &&
    !url.split('/').some((part) => part === '..' || part === '.')
  );
}

export const chapterSchema = z.object({
  title: z.string().max(MAX_SPEECH_LABEL),
  start: z.number().int().nonnegative(),
  url: z
    .string()
    .refine((url) => isSafeChapterUrl(url, false))
    .optional(),
  image: z
    .string()
    .refine((url) => isSafeChapterUrl(url, true))
    .optional(),
});

export const showSpeakerSchema = z.object({
  id: z.number().int().min(1).max(MAX_SHOW_SPEAKERS),
  name: z.string(),
  presenter: z.number().int().nullable(),
});

/** Speaker runs of a per-word speaker array: `[firstWord, speaker, …]` at each change. */
export function speakerRuns(speaker: readonly number[]): number[] {
  const runs: number[] = [];
  let current: number | undefined;
  speaker.forEach((value, index) => {
    if (value === current) return;
    runs.push(index, value);
    current = value;
  });
  return runs;
}

/**
 * The per-word speaker array of `count` words from runs; null when the runs are not
 * ascending word indexes starting at 0 within the transcript.
 */
export function speakerOfWords(runs: readonly number[], count: number): number[] | null {
  if (runs.length % 2 !== 0 || (count > 0 && runs[0] !== 0)) return null;
  const speaker = new Array<number>(count);
  for (let pair = 0; pair < runs.length; pair += 2) {
    const from = runs[pair] ?? 0;
    const to = pair + 2 < runs.length ? (runs[pair + 2] ?? count) : count;
    if (!Number.isInteger(from) || to <= from || to > count) return null;
    speaker.fill(runs[pair + 1] ?? -1, from, to);
  }
  return speaker;
}

/** A name as compared with presenters' names: case, accents and spacing folded. */
export function foldName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[\s.]+/g, ' ')
    .trim();
}
