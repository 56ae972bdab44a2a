/**
 * The database contract shared by the builder (which writes it with better-sqlite3, SQLite
 * 3.53) and the site (which reads it with the official SQLite wasm, 3.54, decision 0016). The
 * browser's SQLite is no longer older than the builder's: what the builder can write, the site
 * can read (`src/site/data/site-engine.test.ts` opens every fixture build with the site's wasm).
 * Newer features (STRICT, JSONB, FTS5 `contentless_delete`, `locale`) are allowed but unused:
 * each needs a measured reason, as every layout choice here does.
 *
 * Layout for range reads (see docs/architecture.md and docs/performance.md):
 * - `episode_list` holds the first screen in one compressed row (`EpisodeListBlob`: every
 *   episode's list columns, the presenters and the venues), so the list reads the header
 *   page, this row and its overflow page, and the descriptions on screen one leaf. Tables are
 *   created in the order below because VACUUM puts every root page at the front of the file
 *   in that order: `episode_list` and `episode_descriptions` first, then four roots the site
 *   never reads (they fill the first screen's read-ahead window), then what searches and
 *   transcripts read (docs/decisions/0003-first-screen-list-blob.md, 0004-file-order-for-read-ahead.md).
 * - `episodes` holds the list columns; its rowid `id` is a surrogate in ascending
 *   episode-number order, and it is also the rowid of `words_fts`.
 * - descriptions sit in their own table so the first screen does not read them all.
 * - one compressed transcript blob per episode keeps a transcript in a few adjacent pages.
 * - `words_fts` (detail=full, contentless: read rowid only) answers longer phrases and tokens
 *   that are not plain ASCII. `columnsize=0` drops its docsize table (nothing ranks), so it keeps
 *   three adjacent root pages that one read fetches together. `search_terms` answers a
 *   single ASCII token with one row read by rowid, a hash of the token
 *   (`src/core/term-index.ts`, docs/decisions/0007-term-index.md). `search_stems` is the same
 *   by stem with counts (unquoted words, 'best match'), and `term_lists` holds the words by
 *   prefix and by first letter and length for suggestions and 'did you mean'
 *   (docs/decisions/0009-english-stemming.md). `search_pairs` holds adjacent token pairs in
 *   the same row format, so a 2-word phrase is one row too (decision 0015). `passages_fts`
 *   indexes stems.
 * - snippets: transcripts cut into overlapping passages (`src/core/passages.ts`). `passages_fts`
 *   (contentless, detail=full, rowid = passage id) finds the passages of an episode that match,
 *   by rowid range. Passage ids are contiguous and ascending within an episode, and count down
 *   from -1 by episode: the newest episodes (the first page of every search) have the lowest
 *   ids, so their passages open each term's doclist. `episodes.passage_first` and
 *   `passage_count` give each episode's range. `passage_blocks`
 *   holds the passages' words and sentence times, `PASSAGE_BLOCK_SIZE` consecutive passages of
 *   one episode per compressed row, keyed ordinal first (`passageBlockId`): every episode's
 *   first block, then every second block, … so the first passages of a page of episodes (where
 *   a common word matches) are a few adjacent pages
 *   (docs/decisions/0008-compressed-passage-blocks.md). `snippet_heads` holds, for every stem and every
 *   pair in 10 or more transcripts, the snippets of its newest 10 transcripts ready-made, one
 *   row per key: a page of results for one word or phrase reads that row instead
 *   (docs/decisions/0082-ready-made-snippets-of-the-first-page.md). These tables come last in the file,
 *   so the first screen's tables stay at the front.
 * - segments: a rebuild that resumes the previous database adds the new episodes' term rows
 *   and passage blocks as a new segment, ids offset by `segment × SEGMENT_STRIDE`, after the
 *   old rows, whose pages keep their bytes; readers ask for an id in every segment
 *   (`src/core/row-segments.ts`, docs/decisions/0059-rows-in-segments.md).
 */

import { FTS_TOKENIZER } from './tokenizer.ts';
import type { Chapter, ShowSpeaker } from './speech.ts';

/** SQLite page size of every published database; the site's request chunk size matches it. */
export const PAGE_SIZE = 16384;

/** The FTS columns, in table order. `words` is the transcript. */
export const FTS_COLUMNS = ['title', 'description', 'words', 'episode'] as const;
export type FtsColumn = (typeof FTS_COLUMNS)[number];

export const SCHEMA_VERSION = 1;

export const SCHEMA_SQL = `
-- The first screen: its root pages are pages 2 and 3 of the file.
CREATE TABLE episode_list (
  id INTEGER PRIMARY KEY,
  data BLOB NOT NULL
);

CREATE TABLE episode_descriptions (
  id INTEGER PRIMARY KEY,
  description TEXT NOT NULL
);

-- Roots the site does not read (the list comes from episode_list): pages 4 to 7, the
-- window the first screen's read-ahead would fetch next.
CREATE TABLE meta (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
) WITHOUT ROWID;

CREATE TABLE presenters (
  id INTEGER PRIMARY KEY,
  first_name TEXT NOT NULL,
  middle_name TEXT,
  last_name TEXT,
  qi_elf INTEGER NOT NULL DEFAULT 0,
  guest INTEGER NOT NULL DEFAULT 0,
  img TEXT,
  img_local INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE venues (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  city TEXT,
  region TEXT,
  state TEXT,
  country TEXT
);

CREATE TABLE episodes (
  id INTEGER PRIMARY KEY,
  episode TEXT NOT NULL UNIQUE,
  title TEXT NOT NULL,
  pub_date TEXT,
  image TEXT,
  duration REAL,
  audio_url TEXT,
  presenter1 INTEGER,
  presenter2 INTEGER,
  presenter3 INTEGER,
  presenter4 INTEGER,
  presenter5 INTEGER,
  venue INTEGER,
  live INTEGER NOT NULL DEFAULT 0,
  compilation INTEGER NOT NULL DEFAULT 0,
  word_count INTEGER NOT NULL DEFAULT 0,
  timing TEXT,
  type_ids TEXT NOT NULL DEFAULT '',
  audio_local INTEGER NOT NULL DEFAULT 0,
  image_local TEXT,
  passage_first INTEGER,
  passage_count INTEGER NOT NULL DEFAULT 0
);

-- What transcripts and searches read.
CREATE TABLE transcripts (
  id INTEGER PRIMARY KEY,
  data BLOB NOT NULL
);

-- Single-token searches: one row per 32-bit term hash (src/core/term-index.ts).
CREATE TABLE search_terms (
  id INTEGER PRIMARY KEY,
  data BLOB NOT NULL
);

-- Unquoted words by stem, with counts (src/core/stemmer.ts, decision 0009).
CREATE TABLE search_stems (
  id INTEGER PRIMARY KEY,
  data BLOB NOT NULL
);

-- Words by prefix and by first letter and length, for suggestions (src/core/term-lists.ts).
CREATE TABLE term_lists (
  id INTEGER PRIMARY KEY,
  data BLOB NOT NULL
);

-- Prefixes of tokens, with the episodes of every token they begin (src/core/prefix-index.ts).
CREATE TABLE search_prefixes (
  id INTEGER PRIMARY KEY,
  data BLOB NOT NULL
);

-- Adjacent token pairs, for 2-word phrases: rows as search_terms (decision 0015).
CREATE TABLE search_pairs (
  id INTEGER PRIMARY KEY,
  data BLOB NOT NULL
);

CREATE VIRTUAL TABLE words_fts USING fts5(
  title, description, words, episode,
  content='', columnsize=0, detail=full, tokenize='${FTS_TOKENIZER}'
);

CREATE TABLE passage_blocks (
  id INTEGER PRIMARY KEY,
  data BLOB NOT NULL
);

CREATE VIRTUAL TABLE passages_fts USING fts5(
  words,
  content='', columnsize=0, detail=full, tokenize='${FTS_TOKENIZER}'
);

-- Ready-made snippets of each stem's and common pair's newest transcripts (src/core/snippet-heads.ts).
CREATE TABLE snippet_heads (
  id INTEGER PRIMARY KEY,
  data BLOB NOT NULL
);
`;

/** A row of `presenters`. */
export interface PresenterRow {
  id: number;
  first_name: string;
  middle_name: string | null;
  last_name: string | null;
  qi_elf: 0 | 1;
  guest: 0 | 1;
  /**
   * The avatar URL of the presenter's `podcast:person img` (http/https only), or null. Absent
   * in databases built before it existed.
   */
  img?: string | null;
  /**
   * 1 when the media folder held `hosts/{id}.png` at build time: the site shows that file and
   * ignores `img`. Absent in older databases, where the site assumes the file exists.
   */
  img_local?: 0 | 1;
}

/** A row of `venues`. */
export interface VenueRow {
  id: number;
  name: string;
  city: string | null;
  region: string | null;
  state: string | null;
  country: string | null;
}

/**
 * A row of `episodes`. `episode` is the exact number as written ('14.5'). `title` is the
 * feed's full title; `displayTitle` (src/core/display-title.ts) drops a number it repeats.
 *
 * Media: the feed's URLs (`image`, `audio_url`: http/https only, anything else is dropped with
 * a warning at build time) and what the media folder held at build time (`image_local`,
 * `audio_local`). `src/core/media-sources.ts` picks between them: a local file wins.
 */
export interface EpisodeRow {
  id: number;
  episode: string;
  title: string;
  pub_date: string | null;
  /** Artwork URL: the item's `itunes:image`, else the channel's. */
  image: string | null;
  duration: number | null;
  /** The enclosure URL. */
  audio_url: string | null;
  presenter1: number | null;
  presenter2: number | null;
  presenter3: number | null;
  presenter4: number | null;
  presenter5: number | null;
  venue: number | null;
  live: 0 | 1;
  compilation: 0 | 1;
  word_count: number;
  /** Null exactly when the episode has no transcript (`hasTranscript`). */
  timing: TranscriptTiming | null;
  /**
   * The episode's type ids, space-separated ('live office'), from the rules of
   * trawl.config.json (`episodeTypeIds` reads them). Absent in older databases: no types.
   */
  type_ids?: string;
  /** 1 when `audio/{episode}.mp3` was in the media folder at build time. Absent: older database. */
  audio_local?: 0 | 1;
  /**
   * The file name under `images/episodes/` the media folder held at build time ('14.5.jpg'),
   * or null. Absent: older database.
   */
  image_local?: string | null;
}

/** Whether an episode has a transcript (the site offers one only then). */
export function hasTranscript(episode: Pick<EpisodeRow, 'timing'>): boolean {
  return episode.timing !== null;
}

/** The type ids of an episode row ('live office' → ['live', 'office']). */
export function episodeTypeIds(episode: { type_ids?: string | null | undefined }): string[] {
  const text = episode.type_ids ?? '';
  return text === '' ? [] : text.split(' ');
}

/** An episode's passage range: `passages` ids `passage_first .. passage_first + passage_count - 1`. */
export interface EpisodePassageRange {
  id: number;
  /** Null when the episode has no passages (no transcript, or one without tokens). */
  passage_first: number | null;
  passage_count: number;
}

/** Consecutive passages of one episode stored in one `passage_blocks` row. */
export const PASSAGE_BLOCK_SIZE = 6;

/** Room for episode ids in a block id: blocks of every episode come before any second block. */
export const PASSAGE_BLOCK_STRIDE = 2 ** 20;

/**
 * The `passage_blocks` row id of an episode's block `ordinal` (its passages
 * `ordinal × PASSAGE_BLOCK_SIZE` onwards): ordinal first, then episode id.
 */
export function passageBlockId(episodeId: number, ordinal: number): number {
  return ordinal * PASSAGE_BLOCK_STRIDE + episodeId;
}

/** The episode id and block ordinal a `passage_blocks` row id names (`passageBlockId` undone). */
export function passageBlockOf(blockId: number): { episodeId: number; ordinal: number } {
  return {
    episodeId: blockId % PASSAGE_BLOCK_STRIDE,
    ordinal: Math.floor(blockId / PASSAGE_BLOCK_STRIDE),
  };
}

/**
 * The JSON inside a `passage_blocks.data` blob (raw DEFLATE): up to `PASSAGE_BLOCK_SIZE`
 * consecutive passages of one episode in order, each with `f`, the transcript index of its
 * first word. The overlap a passage shares with the next is stored in both; DEFLATE keeps it
 * once.
 */
export type PassageBlockData = (PassageData & { f: number })[];

/** 'exact': word-level timings; 'approximate': spread over subtitle cues. */
export type TranscriptTiming = 'exact' | 'approximate';

/**
 * A transcript as the site uses it: parallel arrays, times in integer centiseconds,
 * probabilities in integer percent (-1 unknown). Older databases store exactly this JSON in
 * `transcripts.data` (`v: 1`); the builder now stores `StoredTranscriptBlob` (`v: 2`), which
 * readers turn back into this shape.
 */
export interface TranscriptBlob {
  v: 1;
  words: string[];
  start: number[];
  end: number[];
  prob: number[];
  /** Index into `speakerNames` per word, or -1; absent when the transcript has no speakers. */
  speaker?: number[];
  speakerNames?: string[];
  /** Per speaker: the presenter they are, or null (src/core/speech.ts). */
  speakerPresenters?: (number | null)[];
  /** Per speaker: the show-wide named-speaker id ('said by'), or -N for 'Speaker N'. */
  speakerIds?: number[];
  /** The episode's chapters, by start time (src/core/speech.ts). */
  chapters?: Chapter[];
}

/**
 * The JSON inside a `transcripts.data` blob (raw DEFLATE) since version 2: times as small
 * differences, which compress to about half of absolute times (docs/decisions/0005-*.md).
 * `gap[i]` is word i's start minus word i-1's end (word 0: its start), `dur[i]` its end minus
 * its start, both in centiseconds; the rest is as in `TranscriptBlob`.
 */
export interface StoredTranscriptBlob {
  v: 2;
  words: string[];
  gap: number[];
  dur: number[];
  prob: number[];
  /**
   * Speaker runs, flattened `[firstWord, speakerIndex, …]` (index -1: unknown): a run per turn
   * instead of a number per word, so speakers add a few percent to the blob. Version-2 blobs
   * written before runs carry `speaker` per word instead; readers take either.
   */
  turns?: number[];
  speaker?: number[];
  speakerNames?: string[];
  speakerPresenters?: (number | null)[];
  speakerIds?: number[];
  chapters?: Chapter[];
}

/** Row id of the one `episode_list` row. */
export const EPISODE_LIST_ID = 1;

/**
 * The JSON inside `episode_list.data` (raw DEFLATE): the first screen's list, presenters and
 * venues. `episodes` rows are arrays in `columns` order (every column of `episodes`),
 * ascending id; presenters are by id, venues by name then id. Descriptions are not in it:
 * they load from `episode_descriptions` for the rows on screen.
 */
export interface EpisodeListBlob {
  v: 1;
  columns: string[];
  episodes: (string | number | null)[][];
  presenters: PresenterRow[];
  venues: VenueRow[];
  /** The show's named speakers, by id (the 'said by' options); absent when it has none. */
  speakers?: ShowSpeaker[];
  /** Segments of the term tables and passage blocks (decision 0059); absent: one. */
  segments?: number;
}

/**
 * The JSON in `passages.data`: one passage of a transcript (see `src/core/passages.ts`).
 * `s` lists the sentence starts as flattened `[wordIndex, startCentiseconds]` pairs, in order.
 * When the first word does not start a sentence, the first pair is `[-1, start of the sentence
 * that holds it]` (it began in an earlier passage).
 */
export interface PassageData {
  /** The passage's words joined by single spaces (a space inside a word is stored as U+00A0). */
  w: string;
  s: number[];
  /**
   * Speaker runs of the passage's words, `[wordIndex, speaker, …]`: a named speaker's show id,
   * -N for 'Speaker N', 0 unknown. Absent when the transcript has no speakers.
   */
  p?: number[];
}
