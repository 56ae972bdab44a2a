/**
 * The database contract shared by the builder (which writes it with better-sqlite3) and the
 * site (which reads it with sql.js-httpvfs, SQLite 3.35). Use nothing newer than 3.35 here:
 * no STRICT tables, no JSONB, no newer FTS5 options (see docs/decisions/0001-in-browser-sqlite.md).
 *
 * Layout for range reads (see docs/architecture.md):
 * - `episodes` holds only what the list needs; its rowid `id` is a surrogate in ascending
 *   episode-number order, and it is also the rowid of both FTS tables.
 * - descriptions sit in their own table so the first screen does not read them all.
 * - one compressed transcript blob per episode keeps a transcript in a few adjacent pages.
 * - `words_fts` (detail=full) answers phrases; `words_fts_terms` (detail=column) answers
 *   single-token searches from a much smaller index. Both are contentless: read rowid only.
 */

/** SQLite page size of every published database; the site's request chunk size matches it. */
export const PAGE_SIZE = 16384;

/** FTS5 tokenizer of both search tables. `src/core/tokenizer.ts` mirrors its rules in JS. */
export const FTS_TOKENIZER = 'unicode61 remove_diacritics 2';

/** The FTS columns, in table order. `words` is the transcript. */
export const FTS_COLUMNS = ['title', 'description', 'words', 'episode'] as const;
export type FtsColumn = (typeof FTS_COLUMNS)[number];

export const SCHEMA_VERSION = 1;

export const SCHEMA_SQL = `
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
  guest INTEGER NOT NULL DEFAULT 0
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
  timing TEXT
);

CREATE TABLE episode_descriptions (
  id INTEGER PRIMARY KEY,
  description TEXT NOT NULL
);

CREATE TABLE transcripts (
  id INTEGER PRIMARY KEY,
  data BLOB NOT NULL
);

CREATE VIRTUAL TABLE words_fts USING fts5(
  title, description, words, episode,
  content='', detail=full, tokenize='${FTS_TOKENIZER}'
);

CREATE VIRTUAL TABLE words_fts_terms USING fts5(
  title, description, words, episode,
  content='', detail=column, tokenize='${FTS_TOKENIZER}'
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

/** A row of `episodes`. `episode` is the exact number as written ('14.5'). */
export interface EpisodeRow {
  id: number;
  episode: string;
  title: string;
  pub_date: string | null;
  image: string | null;
  duration: number | null;
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
  timing: TranscriptTiming | null;
}

/** 'exact': word-level timings; 'approximate': spread over subtitle cues. */
export type TranscriptTiming = 'exact' | 'approximate';

/**
 * The JSON inside a `transcripts.data` blob (compressed with raw DEFLATE). Parallel arrays
 * keep it small: times are integer centiseconds, probabilities integer percent (-1 unknown).
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
}
