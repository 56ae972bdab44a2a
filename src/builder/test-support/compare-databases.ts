/**
 * What two Trawl databases answer, table by table, for tests that check an incremental build
 * against a full one (decision 0051): the same rows in every plain table, the same entries in
 * every term table (every segment's rows of an id joined, whatever their order within a row), and the same instances (term, episode,
 * column, offset) in every FTS table, which is everything an FTS query can tell apart.
 */
import { inflateRawSync } from 'node:zlib';
import Database from 'better-sqlite3';
import { decodeTermRow, type TermPostings, type TermRowFormat } from '../../core/term-index.ts';
import { joinSegments, unsegmentedId } from '../../core/row-segments.ts';
import { decodeHeadRow, joinKeyHeads, type HeadEntry } from '../../core/snippet-heads.ts';

/** Tables whose rows are compared as they are. */
const PLAIN_TABLES = [
  'episodes',
  'episode_descriptions',
  'transcripts',
  'presenters',
  'venues',
  'meta',
  'term_lists',
];

/** Term tables, compared entry by entry. */
const TERM_TABLES: readonly { table: string; format: TermRowFormat }[] = [
  { table: 'search_terms', format: {} },
  { table: 'search_stems', format: { counts: true } },
  { table: 'search_prefixes', format: { counts: true } },
  { table: 'search_pairs', format: {} },
  { table: 'speaker_terms', format: {} },
];

const FTS_TABLES = ['words_fts', 'passages_fts', 'speech_fts'];

/**
 * What the site reads from `snippet_heads` for every key: its rows of every segment joined
 * (`joinKeyHeads`), which a resumed build writes differently from a full one (decision 0082).
 */
function snippetHeadAnswers(db: Database.Database): unknown[] {
  const rows = new Map<number, HeadEntry[][]>();
  const stored = db
    .prepare<[], [number, Buffer]>('SELECT id, data FROM snippet_heads ORDER BY id')
    .raw()
    .all();
  for (const [rowId, data] of stored) {
    const id = unsegmentedId(rowId);
    const entries = decodeHeadRow(inflateRawSync(data).toString('utf8')) ?? [];
    rows.set(id, [...(rows.get(id) ?? []), entries]);
  }
  return [...rows.values()]
    .flatMap((segments) => {
      const keys = [...new Set(segments.flat().map((entry) => entry.key))];
      return keys.map((key) => {
        const joined = joinKeyHeads(segments, key);
        const episodes = [...(joined?.episodes.values() ?? [])].sort(
          (a, b) => a.episodeId - b.episodeId,
        );
        return { key, coveredFrom: joined?.coveredFrom, episodes };
      });
    })
    .sort((a, b) => (a.key < b.key ? -1 : 1));
}

/** A database's answers as comparable values, by table. */
export function databaseAnswers(path: string): Record<string, unknown> {
  const db = new Database(path, { readonly: true });
  try {
    const answers: Record<string, unknown> = {};
    for (const table of PLAIN_TABLES) {
      answers[table] = db.prepare(`SELECT * FROM ${table} ORDER BY 1`).raw().all();
    }
    // The list counts a resumed database's segments (decision 0059); the rest is compared.
    answers.episode_list = db
      .prepare<[], [number, Buffer]>('SELECT id, data FROM episode_list ORDER BY id')
      .raw()
      .all()
      .map(([id, data]) => {
        const list: unknown = JSON.parse(inflateRawSync(data).toString('utf8'));
        if (typeof list === 'object' && list !== null) Reflect.deleteProperty(list, 'segments');
        return [id, list];
      });
    // A resumed database's new blocks are in a segment of their own (decision 0059).
    answers.passage_blocks = db
      .prepare<[], [number, Buffer]>('SELECT id, data FROM passage_blocks')
      .raw()
      .all()
      .map(([id, data]): [number, Buffer] => [unsegmentedId(id), data])
      .sort(([a], [b]) => a - b);
    // Row 0 is a resumed database's compact size, not an episode.
    answers.build_episodes = db
      .prepare('SELECT * FROM build_episodes WHERE id > 0 ORDER BY 1')
      .raw()
      .all();
    for (const { table, format } of TERM_TABLES) {
      const rows = db
        .prepare<[], [number, Buffer]>(`SELECT id, data FROM ${table} ORDER BY id`)
        .raw()
        .all();
      // A resumed database's rows come in segments (decision 0059): each id's, joined in order.
      const joined = new Map<number, TermPostings[][]>();
      for (const [rowId, data] of rows) {
        const id = unsegmentedId(rowId);
        joined.set(id, [...(joined.get(id) ?? []), decodeTermRow(data, format)]);
      }
      answers[table] = [...joined]
        .sort(([a], [b]) => a - b)
        .map(([id, segments]) => [
          id,
          joinSegments(segments, format).sort((a, b) => (a.term < b.term ? -1 : 1)),
        ]);
    }
    answers.snippet_heads = snippetHeadAnswers(db);
    for (const table of FTS_TABLES) {
      db.exec(
        `CREATE VIRTUAL TABLE temp.vocab_${table} USING fts5vocab(main, '${table}', 'instance')`,
      );
      answers[table] = db
        .prepare(
          `SELECT term, doc, col, offset FROM temp.vocab_${table} ORDER BY term, doc, col, offset`,
        )
        .raw()
        .all();
    }
    return answers;
  } finally {
    db.close();
  }
}
