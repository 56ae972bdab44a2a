// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { SqlValue, TrawlDatabase } from './database-types.ts';
import {
  EPISODE_LIST_SQL,
  EPISODES_SQL,
  loadEpisodeList,
  loadEpisodes,
  loadPresenters,
  loadVenues,
  PRESENTERS_SQL,
  VENUES_SQL,
} from './queries.ts';
import { fixtureDatabaseForFile } from './test-support/fixture-database.ts';

// The first screen's list row (docs/decisions/0003-first-screen-list-blob.md) against the
// fixture podcast the real builder makes: the same rows as the tables, in one query.

const fixture = fixtureDatabaseForFile();
const older = fixtureDatabaseForFile({ dropTable: 'episode_list' });

/** The fixture's database with every statement it runs recorded. */
function recording(database: TrawlDatabase): { database: TrawlDatabase; statements: string[] } {
  const statements: string[] = [];
  return {
    statements,
    database: {
      ...database,
      query: <T>(sql: string, params?: readonly SqlValue[]): Promise<T[]> => {
        statements.push(sql);
        return database.query<T>(sql, params);
      },
    },
  };
}

describe('the episode list row', () => {
  it('holds exactly what the list tables hold, read with one statement for all three loaders', async () => {
    const { database, statements } = recording(fixture.database);
    const [presenters, venues, episodes] = await Promise.all([
      loadPresenters(database),
      loadVenues(database),
      loadEpisodes(database),
    ]);
    expect(statements).toEqual([EPISODE_LIST_SQL]);
    // The row adds each presenter's avatar (img, img_local) to what the old query reads.
    expect(presenters).toEqual(
      fixture.sqlite
        .prepare<[], Record<string, unknown>>(PRESENTERS_SQL)
        .all()
        .map((row) => expect.objectContaining(row)),
    );
    expect(presenters.every((presenter) => 'img' in presenter && 'img_local' in presenter)).toBe(
      true,
    );
    expect(venues).toEqual(fixture.sqlite.prepare(VENUES_SQL).all());
    const rows = fixture.sqlite.prepare<[], Record<string, unknown>>(EPISODES_SQL).all();
    expect(episodes.map((episode) => episode.episode)).toEqual(
      rows.map((row) => row.episode).reverse(),
    );
    // Every list column, with the values the tables hold (reals, nulls and flags included).
    expect([...episodes].reverse()).toEqual(rows.map((row) => expect.objectContaining(row)));
    // Read once per database: a second call runs nothing.
    await loadEpisodes(database);
    expect(statements).toHaveLength(1);
  });

  it('falls back to the three list queries on a database built before the row existed', async () => {
    const { database, statements } = recording(older.database);
    const list = await loadEpisodeList(database);
    expect(statements).toEqual([EPISODE_LIST_SQL, PRESENTERS_SQL, VENUES_SQL, EPISODES_SQL]);
    expect(list.episodes.map((episode) => episode.episode)).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
      '14.5',
      '15',
    ]);
    expect(list.presenters).toEqual(
      (await loadPresenters(fixture.database)).map(
        ({ img: _img, img_local: _local, ...rest }) => rest,
      ),
    );
    expect(list.venues).toEqual(await loadVenues(fixture.database));
  });
});
