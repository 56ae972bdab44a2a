// @vitest-environment node
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { speechOwnerOf, speechOwnerSql, speechRowId, speechRowOf } from '../../core/speech.ts';

describe('speechOwnerSql', () => {
  it('gives in SQLite the episode and speaker speechRowOf reads from a rowid', () => {
    const db = new Database(':memory:');
    const owner = db
      .prepare<[{ rowid: number }], number>(`SELECT ${speechOwnerSql('@rowid')}`)
      .pluck();
    const rows = [
      speechRowId(1, 0, 1),
      speechRowId(7, 65_535, 1_023),
      speechRowId(2_000, 4_321, 17),
      speechRowId(250_000, 12, 999),
    ];
    for (const rowid of rows) {
      expect(speechOwnerOf(owner.get({ rowid }) ?? -1)).toEqual(speechRowOf(rowid));
    }
    expect(speechRowOf(rows[2] ?? 0)).toEqual({ episodeId: 2_000, speaker: 17 });
    db.close();
  });
});
