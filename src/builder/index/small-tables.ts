/**
 * The small tables every build writes whole: `meta`, `presenters` and `venues`. A resumed
 * database (decision 0051) gets them again only where their rows differ, so a rebuild with
 * nothing new changes no page and publishes the same bytes (and version) as before.
 */
import type Database from 'better-sqlite3';
import { SCHEMA_VERSION } from '../../core/db-schema.ts';
import type { Analyzer } from '../../core/analyzer.ts';
import type { Presenter, Venue } from '../read/people.ts';

type Row = (string | number | null)[];

/**
 * Writes `rows` as the whole of `table`; with `replace`, the table's old rows go first, and
 * nothing is written when they are the same rows.
 */
export function replaceRows(
  db: Database.Database,
  table: string,
  columns: readonly string[],
  rows: readonly Row[],
  replace: boolean,
): void {
  const list = columns.join(', ');
  if (replace) {
    // Compared as sets: `meta` is a WITHOUT ROWID table, read back in its key's order.
    const existing = db.prepare(`SELECT ${list} FROM ${table}`).raw().all();
    const sorted = (values: readonly unknown[]): string[] =>
      values.map((row) => JSON.stringify(row)).sort();
    if (JSON.stringify(sorted(existing)) === JSON.stringify(sorted(rows))) return;
    db.exec(`DELETE FROM ${table}`);
  }
  const insert = db.prepare(
    `INSERT INTO ${table} (${list}) VALUES (${columns.map(() => '?').join(', ')})`,
  );
  for (const row of rows) insert.run(...row);
}

/** Writes `meta`, `presenters` and `venues` (`replace`: over a previous build's rows). */
export function writeSmallTables(
  db: Database.Database,
  meta: { title: string; builtFrom: string },
  presenters: readonly (Presenter & { imgLocal: boolean })[],
  venues: readonly Venue[],
  analyzer: Analyzer,
  replace: boolean,
): void {
  replaceRows(
    db,
    'meta',
    ['key', 'value'],
    [
      ['schema_version', String(SCHEMA_VERSION)],
      ['title', meta.title],
      ['built_from', meta.builtFrom],
      ['language', analyzer.language],
      ['search_version', String(analyzer.version)],
    ],
    replace,
  );
  replaceRows(
    db,
    'presenters',
    ['id', 'first_name', 'middle_name', 'last_name', 'qi_elf', 'guest', 'img', 'img_local'],
    presenters.map((presenter) => [
      presenter.id,
      presenter.firstName,
      presenter.middleName,
      presenter.lastName,
      Number(presenter.qiElf),
      Number(presenter.guest),
      presenter.img,
      Number(presenter.imgLocal),
    ]),
    replace,
  );
  replaceRows(
    db,
    'venues',
    ['id', 'name', 'city', 'region', 'state', 'country'],
    venues.map((venue) => [
      venue.id,
      venue.name,
      venue.city,
      venue.region,
      venue.state,
      venue.country,
    ]),
    replace,
  );
}
