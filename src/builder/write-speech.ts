/**
 * Writes the 'said by' search tables (`SPEECH_SCHEMA_SQL` in src/core/speech.ts): every turn
 * of a named speaker into `speech_fts`, and at the end `speaker_terms` from `speech_fts`'s own
 * vocabulary, so a single-word lookup answers exactly what the FTS index would (as
 * `search_terms` does for `words_fts`, docs/decisions/0007-term-index.md).
 */
import type Database from 'better-sqlite3';
import { FTS_COLUMNS } from '../core/db-schema.ts';
import {
  MAX_INDEXED_TURNS,
  SPEECH_SCHEMA_SQL,
  speakerTermRowId,
  speechRowId,
  speechRowOf,
} from '../core/speech.ts';
import { encodeTermRow, isIndexedToken, termRowId, type TermPostings } from '../core/term-index.ts';
import type { ResolvedSpeakers } from './speakers.ts';

export interface SpeechIndexWriter {
  /** Indexes what the episode's named speakers said, turn by turn. */
  addEpisode: (episodeId: number, words: readonly string[], speakers: ResolvedSpeakers) => void;
  /** Fills `speaker_terms` (before the final optimize and VACUUM). */
  finish: () => void;
}

/** Creates the tables (call right after the main schema, so they come last in the file). */
export function openSpeechIndex(db: Database.Database): SpeechIndexWriter {
  db.exec(SPEECH_SCHEMA_SQL);
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
          insert.run(speechRowId(episodeId, turn, code), words.slice(from, index).join(' '));
        turn += 1;
        from = index;
      }
    },
    finish() {
      db.exec("INSERT INTO speech_fts (speech_fts) VALUES ('optimize')");
      writeSpeakerTerms(db);
    },
  };
}

function writeSpeakerTerms(db: Database.Database): void {
  db.exec("CREATE VIRTUAL TABLE temp.speech_vocab USING fts5vocab(main, 'speech_fts', 'instance')");
  const rows = db
    .prepare<[], [string, number]>('SELECT term, doc FROM temp.speech_vocab')
    .raw()
    .iterate();
  const words = FTS_COLUMNS.indexOf('words');
  const byId = new Map<number, TermPostings[]>();
  // Instances come by term, then rowid (episode, turn, speaker): per speaker, ascending episodes.
  let term = '';
  let bySpeaker = new Map<number, number[]>();
  const flush = (): void => {
    if (!isIndexedToken(term)) return;
    const hash = termRowId(term);
    for (const [speaker, ids] of bySpeaker) {
      const columns = FTS_COLUMNS.map((_, index) => (index === words ? ids : []));
      const id = speakerTermRowId(hash, speaker);
      const entries = byId.get(id);
      if (entries) entries.push({ term, columns });
      else byId.set(id, [{ term, columns }]);
    }
  };
  for (const [next, doc] of rows) {
    if (next !== term) {
      flush();
      term = next;
      bySpeaker = new Map();
    }
    const { episodeId, speaker } = speechRowOf(doc);
    const ids = bySpeaker.get(speaker);
    if (!ids) bySpeaker.set(speaker, [episodeId]);
    else if (ids.at(-1) !== episodeId) ids.push(episodeId);
  }
  flush();
  db.exec('DROP TABLE temp.speech_vocab');
  const insert = db.prepare('INSERT INTO speaker_terms (id, data) VALUES (?, ?)');
  for (const id of [...byId.keys()].sort((a, b) => a - b)) {
    insert.run(id, encodeTermRow(byId.get(id) ?? []));
  }
}
