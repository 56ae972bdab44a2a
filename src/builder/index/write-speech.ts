/**
 * Writes the 'said by' search tables (`SPEECH_SCHEMA_SQL` in src/core/speech.ts): every turn
 * of a named speaker into `speech_fts` (exact forms, for phrases), and at the end
 * `speaker_terms` from `speech_fts`'s own vocabulary by stem (an unquoted word,
 * decision 0009), as `search_stems` is built from `words_fts`'s.
 */
import type Database from 'better-sqlite3';
import { FTS_COLUMNS } from '../../core/db-schema.ts';
import {
  MAX_INDEXED_TURNS,
  SPEECH_SCHEMA_SQL,
  speakerTermRowId,
  speechOwnerOf,
  speechOwnerSql,
  speechRowId,
} from '../../core/speech.ts';
import type { Analyzer } from '../../core/analyzer.ts';
import { encodeTermRow, termRowId, type TermPostings } from '../../core/term-index.ts';
import type { ResolvedSpeakers } from '../read/speakers.ts';

export interface SpeechIndexWriter {
  /** Indexes what the episode's named speakers said, turn by turn. */
  addEpisode: (episodeId: number, words: readonly string[], speakers: ResolvedSpeakers) => void;
  /** Fills `speaker_terms` (before the final optimize and VACUUM). */
  finish: () => void;
}

/**
 * Creates the tables (call right after the main schema, so they come last in the file); with
 * `create` false, adds to the tables of a previous build's database.
 */
export function openSpeechIndex(
  db: Database.Database,
  analyzer: Analyzer,
  create = true,
): SpeechIndexWriter {
  if (create) db.exec(SPEECH_SCHEMA_SQL);
  const insert = db.prepare('INSERT INTO speech_fts (rowid, words) VALUES (?, ?)');
  return {
    addEpisode(episodeId, words, speakers) {
      let turn = -1;
      let from = 0;
      for (let index = 0; index <= words.length; index += 1) {
        const current = speakers.speaker[index];
        if (index < words.length && index > 0 && current === speakers.speaker[index - 1]) continue;
        // Words from..index-1 are one turn.
        const code = speakers.ids[speakers.speaker[from] ?? -1] ?? 0;
        if (turn >= 0 && code > 0 && turn < MAX_INDEXED_TURNS)
          insert.run(
            speechRowId(episodeId, turn, code),
            analyzer.tokenize(words.slice(from, index).join(' ')).join(' '),
          );
        turn += 1;
        from = index;
      }
    },
    finish() {
      db.exec("INSERT INTO speech_fts (speech_fts) VALUES ('optimize')");
      writeSpeakerTerms(db, analyzer);
    },
  };
}

function writeSpeakerTerms(db: Database.Database, analyzer: Analyzer): void {
  db.exec("CREATE VIRTUAL TABLE temp.speech_vocab USING fts5vocab(main, 'speech_fts', 'instance')");
  // One row per term with its distinct (episode, speaker) owners: SQLite reads the instances
  // (60 million at 2,000 × 30,000) in term order, and JavaScript sees only the terms.
  const rows = db
    .prepare<[], [string, string]>(
      `SELECT term, group_concat(DISTINCT ${speechOwnerSql('doc')})
       FROM temp.speech_vocab GROUP BY term`,
    )
    .raw()
    .iterate();
  // By stem (decision 0009: an unquoted word matches every form), then speaker: episodes.
  const byStem = new Map<string, Map<number, Set<number>>>();
  for (const [term, owners] of rows) {
    if (!analyzer.inTermTables(term)) continue;
    const stem = analyzer.stem(term);
    if (!analyzer.inTermTables(stem)) continue;
    let bySpeaker = byStem.get(stem);
    if (!bySpeaker) byStem.set(stem, (bySpeaker = new Map()));
    for (const owner of owners.split(',')) {
      const { episodeId, speaker } = speechOwnerOf(Number(owner));
      let episodes = bySpeaker.get(speaker);
      if (!episodes) bySpeaker.set(speaker, (episodes = new Set()));
      episodes.add(episodeId);
    }
  }
  db.exec('DROP TABLE temp.speech_vocab');
  const words = FTS_COLUMNS.indexOf('words');
  const byId = new Map<number, TermPostings[]>();
  for (const [stem, bySpeaker] of byStem) {
    const hash = termRowId(stem);
    for (const [speaker, episodes] of bySpeaker) {
      const ids = [...episodes].sort((a, b) => a - b);
      const columns = FTS_COLUMNS.map((_, index) => (index === words ? ids : []));
      const id = speakerTermRowId(hash, speaker);
      byId.set(id, [...(byId.get(id) ?? []), { term: stem, columns }]);
    }
  }
  const insert = db.prepare('INSERT INTO speaker_terms (id, data) VALUES (?, ?)');
  for (const id of [...byId.keys()].sort((a, b) => a - b)) {
    insert.run(id, encodeTermRow(byId.get(id) ?? []));
  }
}
