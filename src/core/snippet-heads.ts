/**
 * Ready-made snippets of a search key's newest episodes (`snippet_heads`, decision 0082): for
 * every stem the term tables hold and every pair of adjacent tokens in at least
 * `MIN_HEAD_PAIR_EPISODES` transcripts, the snippet windows of its newest `HEAD_EPISODES`
 * transcripts, cut by the builder with the site's own snippet code (`buildEpisodeSnippets`).
 *
 * A page of results newest first, for one word or one 2-word phrase, then reads one row (a
 * root, an interior page and a leaf at most) instead of the snippet index's lookup and a block
 * page per scattered match. A window holds the transcript's words, not their marks: the site
 * marks them with the query it runs, so the last word typed as a prefix marks what it does
 * anywhere else.
 *
 * A resumed build adds rows in a segment of its own (decision 0059); the site joins a key's rows
 * (`joinKeyHeads`). Pure: no Node or DOM APIs.
 */
import { z } from 'zod/mini';
import { SNIPPETS_PER_EPISODE } from './snippets.ts';
import { termRowId } from './term-index.ts';

/** Episodes per key with ready-made snippets: one page of results. */
export const HEAD_EPISODES = 10;

/**
 * Pairs in fewer transcripts have no ready-made snippets: their rows read the snippet index
 * (decision 0082 says what each threshold would cost).
 */
export const MIN_HEAD_PAIR_EPISODES = 10;

/** Snippets kept per episode: as many as a row shows. */
export const HEAD_SNIPPETS = SNIPPETS_PER_EPISODE;

/** One snippet window: the transcript's words [fromWord, fromWord + words.length). */
export interface HeadWindow {
  fromWord: number;
  /** The first word of the match the window is for. */
  matchWord: number;
  /** Start of the match's sentence, in centiseconds. */
  timeCs: number;
  /** Who said the match (as `Snippet.speaker`). */
  speaker: number;
  cutBefore: boolean;
  cutAfter: boolean;
  words: string[];
}

/** One episode's ready-made snippets for a key. */
export interface HeadEpisode {
  episodeId: number;
  windows: HeadWindow[];
  /** Matches in the transcript that no window shows. */
  more: number;
}

/** A key's entry in one segment's row. */
export interface HeadEntry {
  /** A stem, or a pair of tokens with one space between them (`pairTerm`). */
  key: string;
  /** Every transcript with the key whose id is at least this is in some row's entries (0: all). */
  from: number;
  episodes: HeadEpisode[];
}

/** The row id of a key's entries: `termRowId` of the key (a stem has no space, a pair one). */
export function headRowId(key: string): number {
  return termRowId(key);
}

/** Words as a window stores them: one string, a space inside a word as U+00A0 (as passages do). */
const WORD_SPACE = '\u00a0';

type StoredWindow = [number, number, number, number, number, string];
type StoredEpisode = [number, number, StoredWindow[]];

/** The JSON of one episode's entry, as a row holds it. */
export function encodeHeadEpisode(episode: HeadEpisode): string {
  const stored: StoredEpisode = [
    episode.episodeId,
    episode.more,
    episode.windows.map((window) => [
      window.fromWord,
      window.matchWord - window.fromWord,
      window.timeCs,
      window.speaker,
      (window.cutBefore ? 1 : 0) | (window.cutAfter ? 2 : 0),
      window.words.map((word) => word.replace(/\s+/gu, WORD_SPACE)).join(' '),
    ]),
  ];
  return JSON.stringify(stored);
}

/**
 * The JSON of a row from its entries, each episode already encoded (`encodeHeadEpisode`): the
 * builder keeps the text, not the objects, until it writes the rows.
 */
export function headRowJson(
  entries: readonly { key: string; from: number; episodes: readonly string[] }[],
): string {
  const parts = entries.map(
    (entry) =>
      `{"k":${JSON.stringify(entry.key)},"f":${entry.from},"e":[${entry.episodes.join(',')}]}`,
  );
  return `[${parts.join(',')}]`;
}

/** The JSON of a row (compressed by the writer as the other blobs are). */
export function encodeHeadRow(entries: readonly HeadEntry[]): string {
  return headRowJson(
    entries.map((entry) => ({ ...entry, episodes: entry.episodes.map(encodeHeadEpisode) })),
  );
}

const count = z.int().check(z.minimum(0));
const rowSchema = z.array(
  z.object({
    k: z.string(),
    f: count,
    e: z.array(
      z.tuple([
        z.int(),
        count,
        z.array(z.tuple([count, count, count, z.int(), z.int(), z.string()])),
      ]),
    ),
  }),
);

/** A row's entries from its JSON; null for anything else, so a damaged row costs its key only. */
export function decodeHeadRow(json: string): HeadEntry[] | null {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return null;
  }
  const parsed = rowSchema.safeParse(value);
  if (!parsed.success) return null;
  return parsed.data.map((entry) => ({
    key: entry.k,
    from: entry.f,
    episodes: entry.e.map(([episodeId, more, windows]) => ({
      episodeId,
      more,
      windows: windows.map(([fromWord, offset, timeCs, speaker, flags, text]) => ({
        fromWord,
        matchWord: fromWord + offset,
        timeCs,
        speaker,
        cutBefore: (flags & 1) !== 0,
        cutAfter: (flags & 2) !== 0,
        words: text === '' ? [] : text.split(' '),
      })),
    })),
  }));
}

/** A key's entries in every segment, oldest segment first, joined: what one full build holds. */
export interface KeyHeads {
  /** Episode id → its ready-made snippets: the key's newest `HEAD_EPISODES` transcripts. */
  episodes: Map<number, HeadEpisode>;
  /** Every transcript with the key whose id is at least this has an entry. */
  coveredFrom: number;
}

/**
 * Joins a key's entries from its rows in segment order, or null when no row holds the key.
 *
 * A full build's row holds the key's newest `HEAD_EPISODES` transcripts, `from` the oldest of
 * them when there are more. A resumed build's row (decision 0059) holds the newest of its new
 * transcripts, or, for a key the earlier segments have no row of, the newest of all. Either
 * way the newest `HEAD_EPISODES` of all the rows' episodes are the key's newest, and what every
 * row covers starts at the highest `from`: the same entries and bound as a full build's.
 */
export function joinKeyHeads(
  rows: readonly (readonly HeadEntry[])[],
  key: string,
): KeyHeads | null {
  const episodes = new Map<number, HeadEpisode>();
  let from = 0;
  let found = false;
  for (const row of rows) {
    const entry = row.find((candidate) => candidate.key === key);
    if (!entry) continue;
    found = true;
    for (const episode of entry.episodes) episodes.set(episode.episodeId, episode);
    from = Math.max(from, entry.from);
  }
  if (!found) return null;
  const newest = [...episodes.keys()].sort((a, b) => b - a);
  if (newest.length > HEAD_EPISODES) from = Math.max(from, newest[HEAD_EPISODES - 1] ?? 0);
  return {
    episodes: new Map([...episodes].filter(([id]) => id >= from)),
    coveredFrom: from,
  };
}
