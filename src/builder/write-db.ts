import Database from 'better-sqlite3';
import { PAGE_SIZE, SCHEMA_SQL, SCHEMA_VERSION } from '../core/db-schema.ts';
import type { Presenter, Venue } from './people.ts';
import { encodeTranscriptBlob, toTranscriptBlob } from './transcript-blob.ts';
import type { ParsedTranscript } from './transcripts/word-collector.ts';

/** One episode row with its description, ready to store. */
export interface EpisodeRecord {
  episode: string;
  title: string;
  pubDate: string | null;
  image: string | null;
  duration: number | null;
  audioUrl: string | null;
  /** presenter1..presenter5. */
  presenters: (number | null)[];
  venue: number | null;
  live: boolean;
  compilation: boolean;
  /** Sanitised HTML. */
  descriptionHtml: string;
  /** The description's text, for the search index. */
  descriptionText: string;
}

/** What goes into the `meta` table. No timestamps: the same inputs give the same bytes. */
export interface DatabaseMeta {
  title: string;
  builtFrom: string;
}

/** Writes one database. Episodes must arrive in ascending episode-number order. */
export interface DatabaseWriter {
  addEpisode: (record: EpisodeRecord, transcript: ParsedTranscript | null) => void;
  /** Optimises the search index, commits and compacts the file. */
  finish: (onStep?: (step: 'optimize' | 'vacuum') => void) => void;
  /** Closes without finishing (after an error); the caller deletes the file. */
  abort: () => void;
}

/**
 * Creates the database at `path` with the contract's schema and 16 KiB pages, and stores the
 * presenters and venues. Everything is written in one transaction with prepared statements;
 * transcripts are stored as they arrive so only one is in memory at a time.
 */
export function openDatabaseWriter(
  path: string,
  meta: DatabaseMeta,
  presenters: Presenter[],
  venues: Venue[],
): DatabaseWriter {
  const db = new Database(path);
  // The page size must be set before the first table exists. The journal is off during the
  // build because a failed build throws the whole file away.
  db.pragma(`page_size = ${PAGE_SIZE}`);
  db.pragma('journal_mode = OFF');
  db.pragma('synchronous = OFF');
  db.pragma('temp_store = MEMORY');
  db.pragma('cache_size = -131072');
  db.exec(SCHEMA_SQL);
  db.exec('BEGIN');

  const insertMeta = db.prepare('INSERT INTO meta (key, value) VALUES (?, ?)');
  insertMeta.run('schema_version', String(SCHEMA_VERSION));
  insertMeta.run('title', meta.title);
  insertMeta.run('built_from', meta.builtFrom);

  const insertPresenter = db.prepare(
    'INSERT INTO presenters (id, first_name, middle_name, last_name, qi_elf, guest) VALUES (?, ?, ?, ?, ?, ?)',
  );
  for (const presenter of presenters) {
    insertPresenter.run(
      presenter.id,
      presenter.firstName,
      presenter.middleName,
      presenter.lastName,
      Number(presenter.qiElf),
      Number(presenter.guest),
    );
  }
  const insertVenue = db.prepare(
    'INSERT INTO venues (id, name, city, region, state, country) VALUES (?, ?, ?, ?, ?, ?)',
  );
  for (const venue of venues) {
    insertVenue.run(venue.id, venue.name, venue.city, venue.region, venue.state, venue.country);
  }

  const insertEpisode = db.prepare(
    `INSERT INTO episodes (id, episode, title, pub_date, image, duration, audio_url,
       presenter1, presenter2, presenter3, presenter4, presenter5, venue, live, compilation, word_count, timing)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertDescription = db.prepare(
    'INSERT INTO episode_descriptions (id, description) VALUES (?, ?)',
  );
  const insertTranscript = db.prepare('INSERT INTO transcripts (id, data) VALUES (?, ?)');
  const insertFts = db.prepare(
    'INSERT INTO words_fts (rowid, title, description, words, episode) VALUES (?, ?, ?, ?, ?)',
  );
  const insertTerms = db.prepare(
    'INSERT INTO words_fts_terms (rowid, title, description, words, episode) VALUES (?, ?, ?, ?, ?)',
  );

  let nextId = 1;
  let open = true;
  return {
    addEpisode(record, transcript) {
      const id = nextId;
      nextId += 1;
      const [p1, p2, p3, p4, p5] = record.presenters;
      insertEpisode.run(
        id,
        record.episode,
        record.title,
        record.pubDate,
        record.image,
        record.duration,
        record.audioUrl,
        p1 ?? null,
        p2 ?? null,
        p3 ?? null,
        p4 ?? null,
        p5 ?? null,
        record.venue,
        Number(record.live),
        Number(record.compilation),
        transcript?.words.length ?? 0,
        transcript ? transcript.timing : null,
      );
      insertDescription.run(id, record.descriptionHtml);
      if (transcript) insertTranscript.run(id, encodeTranscriptBlob(toTranscriptBlob(transcript)));
      const words = transcript ? transcript.words.join(' ') : '';
      insertFts.run(id, record.title, record.descriptionText, words, record.episode);
      insertTerms.run(id, record.title, record.descriptionText, words, record.episode);
    },
    finish(onStep) {
      onStep?.('optimize');
      db.exec("INSERT INTO words_fts (words_fts) VALUES ('optimize')");
      db.exec("INSERT INTO words_fts_terms (words_fts_terms) VALUES ('optimize')");
      db.exec('COMMIT');
      onStep?.('vacuum');
      db.exec('VACUUM');
      db.pragma('journal_mode = DELETE');
      db.close();
      open = false;
    },
    abort() {
      if (open) db.close();
      open = false;
    },
  };
}
