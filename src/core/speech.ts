/**
 * Who speaks when, and where an episode is: the speaker and chapter shapes shared by the
 * builder (which resolves labels to people and reads chapter files) and the site (which
 * renders speaker paragraphs and chapters, and searches what one person said).
 *
 * Speakers are stored as runs (`turns`: `[firstWord, speakerIndex, …]`), one pair per change
 * of speaker, so a transcript with speakers costs a few percent more bytes than one without.
 */
import { z } from 'zod/mini';
import { FTS_TOKENIZER } from './tokenizer.ts';

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
  title: z.string().check(z.maxLength(MAX_SPEECH_LABEL)),
  start: z.int().check(z.nonnegative()),
  url: z.optional(z.string().check(z.refine((url) => isSafeChapterUrl(url, false)))),
  image: z.optional(z.string().check(z.refine((url) => isSafeChapterUrl(url, true)))),
});

export const showSpeakerSchema = z.object({
  id: z.int().check(z.minimum(1), z.maximum(MAX_SHOW_SPEAKERS)),
  name: z.string(),
  presenter: z.nullable(z.int()),
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

/**
 * The 'said by' search tables, created after the main schema so they sit at the end of the
 * file (the first screen never reads them):
 * - `speech_fts`: what named speakers said, one row per turn (consecutive words of one
 *   speaker), rowid `speechRowId(episode, turn, speaker)`, so a phrase never spans two turns
 *   and the site reads the episode and the speaker from the rowid alone.
 * - `speaker_terms`: for each Porter2 stem of `speech_fts`'s ASCII terms and each speaker,
 *   the episode ids in `src/core/term-index.ts`'s row format (the `words` column), keyed
 *   `speakerTermRowId(term, speaker)`: the rows of one term sit together, so a single-word
 *   'said by' search reads the root and one leaf whatever speakers are chosen.
 */
export const SPEECH_SCHEMA_SQL = `
CREATE TABLE speaker_terms (
  id INTEGER PRIMARY KEY,
  data BLOB NOT NULL
);

CREATE VIRTUAL TABLE speech_fts USING fts5(
  words,
  content='', columnsize=0, detail=full, tokenize='${FTS_TOKENIZER}'
);
`;

/** Speaker slots in a `speech_fts` rowid and a `speaker_terms` id (ids 1..MAX_SHOW_SPEAKERS). */
export const SPEAKER_SLOTS = 1024;

/** Turns per episode in a `speech_fts` rowid; later turns are not indexed. */
export const MAX_INDEXED_TURNS = 65536;

/** The `speech_fts` rowid of turn `turn` of episode `episodeId`, said by show speaker `speaker`. */
export function speechRowId(episodeId: number, turn: number, speaker: number): number {
  return (episodeId * MAX_INDEXED_TURNS + turn) * SPEAKER_SLOTS + speaker;
}

/** The episode id and show speaker a `speech_fts` rowid names. */
export function speechRowOf(rowid: number): { episodeId: number; speaker: number } {
  return {
    episodeId: Math.floor(rowid / (MAX_INDEXED_TURNS * SPEAKER_SLOTS)),
    speaker: rowid % SPEAKER_SLOTS,
  };
}

/**
 * SQL giving, for a `speech_fts` rowid expression, its episode id and show speaker
 * (`speechRowOf`) as one integer, episode id × SPEAKER_SLOTS + speaker (`speechOwnerOf`):
 * SQLite then groups a vocabulary's instances by them without handing each one to JavaScript.
 */
export function speechOwnerSql(rowid: string): string {
  const id = `CAST(${rowid} AS INTEGER)`;
  return `(${id} / ${MAX_INDEXED_TURNS * SPEAKER_SLOTS} * ${SPEAKER_SLOTS} + ${id} % ${SPEAKER_SLOTS})`;
}

/** The episode id and show speaker of a `speechOwnerSql` value. */
export function speechOwnerOf(owner: number): { episodeId: number; speaker: number } {
  return { episodeId: Math.floor(owner / SPEAKER_SLOTS), speaker: owner % SPEAKER_SLOTS };
}

/** The `speaker_terms` id of a term's row for one speaker: the term's hash, then the speaker. */
export function speakerTermRowId(termHash: number, speaker: number): number {
  return termHash * SPEAKER_SLOTS + speaker;
}
