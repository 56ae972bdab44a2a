import { deflateRawSync } from 'node:zlib';
import Database from 'better-sqlite3';
import {
  EPISODE_LIST_ID,
  PAGE_SIZE,
  PASSAGE_BLOCK_SIZE,
  passageBlockId,
  SCHEMA_SQL,
  type EpisodeListBlob,
  type PassageBlockData,
  type PresenterRow,
  type VenueRow,
} from '../../core/db-schema.ts';
import { buildPassages } from '../../core/passages.ts';
import type { Analyzer } from '../../core/analyzer.ts';
import { speakerRuns, type ShowSpeaker } from '../../core/speech.ts';
import type { Presenter, Venue } from '../read/people.ts';
import {
  BLOB_DEFLATE_LEVEL,
  encodeTranscriptBlob,
  toTranscriptBlob,
  type EpisodeSpeech,
} from './transcript-blob.ts';
import type { ResolvedSpeakers } from '../read/speakers.ts';
import { writeTermTables } from './write-term-tables.ts';
import { PrefixRows } from './write-prefix-table.ts';
import { mergeTermTables } from './merge-term-rows.ts';
import { segmentRowId } from '../../core/row-segments.ts';
import {
  BUILD_EPISODES_SQL,
  readResumeState,
  segmentCount,
  writeBuildFingerprint,
  writeCompactSize,
  type BaseDatabase,
  type EpisodeFingerprint,
} from './episode-fingerprint.ts';
import type { ParsedTranscript } from '../read/transcripts/word-collector.ts';
import { openSpeechIndex } from './write-speech.ts';
import { writeSmallTables } from './small-tables.ts';
import { writeSnippetHeads } from './write-snippet-heads.ts';

/**
 * FTS5 leaf size of `passages_fts`: a leaf with its record header must stay within one 16 KiB
 * page's local payload (16,349 bytes), or it spills to an overflow page; leaves can pass the
 * limit by one entry, hence the margin.
 */
export const PASSAGES_FTS_LEAF_BYTES = 16_300;

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
  /** The episode's type ids, in the configured order. */
  typeIds: string[];
  /** Whether the media folder holds `audio/<episode>.mp3`. */
  audioLocal: boolean;
  /** The file name under `images/episodes/` the media folder holds, or null. */
  imageLocal: string | null;
  /** Sanitised HTML. */
  descriptionHtml: string;
  /** The description's text, for the search index. */
  descriptionText: string;
}

/** A presenter as stored: with whether the media folder holds `hosts/<id>.png`. */
export type StoredPresenter = Presenter & { imgLocal: boolean };

/** What goes into the `meta` table. No timestamps: the same inputs give the same bytes. */
export interface DatabaseMeta {
  title: string;
  builtFrom: string;
}

/**
 * Text as every FTS table of the database holds it: the analyzer's tokens, separated by single
 * spaces, which the tables' `ascii` tokenizer splits on and nothing else (decision 0022).
 */
export function indexText(analyzer: Analyzer, text: string): string {
  return analyzer.tokenize(text).join(' ');
}

/** Writes one database. Episodes must arrive in ascending episode-number order. */
export interface DatabaseWriter {
  /** `fingerprint`: what the episode was written from (episode-fingerprint.ts). */
  addEpisode: (
    record: EpisodeRecord,
    transcript: ParsedTranscript | null,
    speech?: EpisodeSpeech,
    fingerprint?: EpisodeFingerprint,
  ) => void;
  /**
   * Optimises the search index, commits and compacts the file (a resumed database: merges the
   * new episodes' search rows and commits, decision 0051). `speakers`: the show's named
   * speakers (the 'said by' options), stored in the episode list.
   */
  finish: (
    onStep?: (step: 'optimize' | 'snippets' | 'vacuum') => void,
    speakers?: ShowSpeaker[],
  ) => void;
  /** Closes without finishing (after an error); the caller deletes the file. */
  abort: () => void;
}

/**
 * Creates the database at `path` with the contract's schema and 16 KiB pages, and stores the
 * presenters and venues. Everything is written in one transaction with prepared statements;
 * transcripts are stored as they arrive so only one is in memory at a time. Every text is
 * tokenized and stemmed with `analyzer` (the show's language).
 *
 * `base`: `path` is a copy of a previous build's database, whose episodes are the first ones
 * of this build unchanged (build-episodes.ts checks their fingerprints); the writer adds the
 * new episodes after them and rewrites the small tables (decision 0051).
 */
export function openDatabaseWriter(
  path: string,
  meta: DatabaseMeta,
  presenters: StoredPresenter[],
  venues: Venue[],
  analyzer: Analyzer,
  base?: BaseDatabase,
): DatabaseWriter {
  const resume = base !== undefined;
  const db = new Database(path);
  // The page size must be set before the first table exists. The journal is off during the
  // build because a failed build throws the whole file away.
  if (!resume) db.pragma(`page_size = ${PAGE_SIZE}`);
  db.pragma('journal_mode = OFF');
  db.pragma('synchronous = OFF');
  db.pragma('temp_store = MEMORY');
  db.pragma('cache_size = -131072');
  if (!resume) db.exec(SCHEMA_SQL);
  const speechIndex = openSpeechIndex(db, analyzer, !resume);
  if (!resume) {
    // One FTS5 leaf per database page instead of four (default 4,050 bytes): the snippet
    // index's `_idx` then fits its root page, one page less for every snippet load (decision 0008).
    db.exec(
      `INSERT INTO passages_fts (passages_fts, rank) VALUES ('pgsz', ${PASSAGES_FTS_LEAF_BYTES})`,
    );
    db.exec(BUILD_EPISODES_SQL);
  }
  const state = resume ? readResumeState(db) : { nextId: 1, passagesSoFar: 0 };
  // The new episodes' search rows, written by the same code as a full build's, then merged.
  const delta = resume ? new Database(':memory:') : undefined;
  delta?.exec(SCHEMA_SQL);
  const deltaSpeech = delta && openSpeechIndex(delta, analyzer);
  const insertDeltaFts = delta?.prepare(
    'INSERT INTO words_fts (rowid, title, description, words, episode) VALUES (?, ?, ?, ?, ?)',
  );
  db.exec('BEGIN');
  writeSmallTables(db, meta, presenters, venues, analyzer, resume);

  const insertEpisode = db.prepare(
    `INSERT INTO episodes (id, episode, title, pub_date, image, duration, audio_url,
       presenter1, presenter2, presenter3, presenter4, presenter5, venue, live, compilation, word_count, timing,
       type_ids, audio_local, image_local, passage_first, passage_count)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertDescription = db.prepare(
    'INSERT INTO episode_descriptions (id, description) VALUES (?, ?)',
  );
  const insertTranscript = db.prepare('INSERT INTO transcripts (id, data) VALUES (?, ?)');
  const insertFts = db.prepare(
    'INSERT INTO words_fts (rowid, title, description, words, episode) VALUES (?, ?, ?, ?, ?)',
  );
  const insertPassageFts = db.prepare('INSERT INTO passages_fts (rowid, words) VALUES (?, ?)');
  const insertPassageBlock = db.prepare('INSERT INTO passage_blocks (id, data) VALUES (?, ?)');
  // A resumed database's new term rows and blocks go in a segment of their own after the old
  // ones, whose pages then keep their bytes (decision 0059).
  const segment = resume ? segmentCount(db) : 0;

  const firstNewId = state.nextId;
  let nextId = state.nextId;
  // Passage ids count down from -1 by episode (decision 0008): the newest episodes, the first
  // page of every search, have the lowest ids, so their passages open every term's doclist.
  let passagesSoFar = state.passagesSoFar;
  let open = true;
  return {
    addEpisode(record, transcript, speech, fingerprint) {
      const id = nextId;
      nextId += 1;
      const [p1, p2, p3, p4, p5] = record.presenters;
      // Centiseconds, as the transcript blob stores them, so a snippet's time matches the view.
      const passages = transcript
        ? buildPassages(
            transcript.words,
            transcript.start.map((seconds) => Math.round(seconds * 100)),
            analyzer,
          )
        : [];
      passagesSoFar += passages.length;
      const passageFirst = passages.length > 0 ? -passagesSoFar : null;
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
        record.typeIds.join(' '),
        Number(record.audioLocal),
        record.imageLocal,
        passageFirst,
        passages.length,
      );
      insertDescription.run(id, record.descriptionHtml);
      if (transcript || (speech && speech.chapters.length > 0))
        insertTranscript.run(id, encodeTranscriptBlob(toTranscriptBlob(transcript, speech)));
      const words = transcript ? transcript.words.join(' ') : '';
      const ftsRow = [
        id,
        indexText(analyzer, record.title),
        indexText(analyzer, record.descriptionText),
        indexText(analyzer, words),
        indexText(analyzer, record.episode),
      ];
      insertFts.run(...ftsRow);
      insertDeltaFts?.run(...ftsRow);
      if (fingerprint) writeBuildFingerprint(db, id, fingerprint);
      const speakers = speech?.speakers;
      if (transcript && speakers && speakers.ids.some((code) => code > 0)) {
        speechIndex.addEpisode(id, transcript.words, speakers);
        deltaSpeech?.addEpisode(id, transcript.words, speakers);
      }
      const codes =
        transcript && speakers && speakers.names.length > 0 ? speakerCodes(speakers) : null;
      // The snippet index holds stems (decision 0009); the blocks keep the words as said.
      passages.forEach((passage, ordinal) => {
        const stems = analyzer.tokenize(passage.data.w).map(analyzer.stem);
        insertPassageFts.run(-passagesSoFar + ordinal, stems.join(' '));
      });
      // Blocks of consecutive passages, compressed (docs/decisions/0008-compressed-passage-blocks.md).
      for (let start = 0; start < passages.length; start += PASSAGE_BLOCK_SIZE) {
        const block: PassageBlockData = passages
          .slice(start, start + PASSAGE_BLOCK_SIZE)
          .map(({ span, data }) => ({
            f: span.firstWord,
            ...data,
            ...(codes ? { p: speakerRuns(codes.slice(span.firstWord, span.endWord)) } : {}),
          }));
        insertPassageBlock.run(
          segmentRowId(passageBlockId(id, start / PASSAGE_BLOCK_SIZE), segment),
          deflateRawSync(JSON.stringify(block), { level: BLOB_DEFLATE_LEVEL }),
        );
      }
    },
    finish(onStep, speakers = []) {
      if (base && delta && deltaSpeech) {
        // The site reads the segment count from the list: counting them costs it no request.
        writeEpisodeList(db, speakers, true, nextId > firstNewId ? segment + 1 : segment);
        onStep?.('optimize');
        // The FTS tables keep the new episodes in a segment of their own: optimising would
        // rewrite every old segment, and the older pages keep their bytes (decision 0051).
        if (nextId > firstNewId) {
          writeCompactSize(db, base.compactPagesPerEpisode);
          const prefixes = new PrefixRows(true);
          writeTermTables(delta, analyzer, prefixes);
          deltaSpeech.finish();
          mergeTermTables(db, delta, analyzer, { firstNewId, segment }, prefixes.longer);
          onStep?.('snippets');
          writeSnippetHeads(db, delta, analyzer, { segment });
        }
        delta.close();
        db.exec('COMMIT');
        db.pragma('journal_mode = DELETE');
        db.close();
        open = false;
        return;
      }
      writeEpisodeList(db, speakers);
      onStep?.('optimize');
      db.exec("INSERT INTO words_fts (words_fts) VALUES ('optimize')");
      writeTermTables(db, analyzer);
      db.exec("INSERT INTO passages_fts (passages_fts) VALUES ('optimize')");
      speechIndex.finish();
      onStep?.('snippets');
      writeSnippetHeads(db, db, analyzer, { segment: 0 });
      db.exec('COMMIT');
      onStep?.('vacuum');
      db.exec('VACUUM');
      db.pragma('journal_mode = DELETE');
      db.close();
      open = false;
    },
    abort() {
      if (open) db.close();
      if (delta?.open) delta.close();
      open = false;
    },
  };
}

/**
 * Stores the first screen as the one compressed `episode_list` row (`EpisodeListBlob`): every
 * episode's columns, the presenters and the venues, in the orders the site shows them.
 * docs/decisions/0003-first-screen-list-blob.md says why.
 */
function writeEpisodeList(
  db: Database.Database,
  speakers: ShowSpeaker[],
  replace = false,
  segments = 1,
): void {
  const episodes = db.prepare<[], (string | number | null)[]>('SELECT * FROM episodes ORDER BY id');
  const columns = episodes.columns().map((column) => column.name);
  const rows = episodes.raw().all();
  const presenters = db
    .prepare<[], PresenterRow>(
      'SELECT id, first_name, middle_name, last_name, qi_elf, guest, img, img_local FROM presenters ORDER BY id',
    )
    .all();
  const venues = db
    .prepare<[], VenueRow>(
      'SELECT id, name, city, region, state, country FROM venues ORDER BY name, id',
    )
    .all();
  const blob: EpisodeListBlob = { v: 1, columns, episodes: rows, presenters, venues };
  if (speakers.length > 0) blob.speakers = speakers;
  if (segments > 1) blob.segments = segments;
  const data = deflateRawSync(JSON.stringify(blob), { level: 9 });
  if (replace) {
    // A resumed database (decision 0051): the old row goes, unless it is the same.
    const old = db
      .prepare<[number], { data: Buffer }>('SELECT data FROM episode_list WHERE id = ?')
      .get(EPISODE_LIST_ID);
    if (old?.data.equals(data)) return;
    db.prepare('DELETE FROM episode_list WHERE id = ?').run(EPISODE_LIST_ID);
  }
  db.prepare('INSERT INTO episode_list (id, data) VALUES (?, ?)').run(EPISODE_LIST_ID, data);
}

/**
 * Each word's speaker as passage blocks store it (`PassageData.p`): a named speaker's show id,
 * -N for 'Speaker N', 0 for unknown.
 */
function speakerCodes(speakers: ResolvedSpeakers): number[] {
  return speakers.speaker.map((index) => (index < 0 ? 0 : (speakers.ids[index] ?? 0)));
}
