/**
 * The version's warm pages (`DbConfig.warmPages`, `src/core/warm-pages.ts`, decision 0066):
 * where the finished database keeps the pages every search reads first, read from SQLite's
 * own page map (`dbstat`) of the file about to be published.
 */
import Database from 'better-sqlite3';
import {
  MAX_SECOND_LEVEL_PAGES,
  MAX_WARM_PAGES,
  pageRuns,
  WARM_FIRST_LEAF_TABLES,
  WARM_ROOT_TABLES,
  WARM_SECOND_LEVEL_TABLES,
  WARM_WHOLE_TABLES,
  type PageRun,
} from '../../core/warm-pages.ts';

/**
 * The runs of pages the site's engine fetches as it starts, for the database at `file`; none
 * for a file SQLite cannot read as a database (the list is a hint: the site then reads as it
 * would without it, and the publish itself does not depend on it).
 */
export function warmPagesOf(file: string): PageRun[] {
  try {
    return warmPagesOfDatabase(file);
  } catch (error) {
    if (error instanceof Database.SqliteError) return [];
    throw error;
  }
}

function warmPagesOfDatabase(file: string): PageRun[] {
  const db = new Database(file, { readonly: true });
  try {
    const whole = db
      .prepare<string[], { pageno: number }>(
        `SELECT pageno FROM dbstat WHERE name IN (${WARM_WHOLE_TABLES.map(() => '?').join(', ')})`,
      )
      .all(...WARM_WHOLE_TABLES);
    const roots = db
      .prepare<string[], { pageno: number }>(
        `SELECT pageno FROM dbstat WHERE path = '/' AND name IN (${WARM_ROOT_TABLES.map(() => '?').join(', ')})`,
      )
      .all(...WARM_ROOT_TABLES);
    // dbstat names the root '/', its first child '/000/', that one's first child '/000/000/'.
    const firstLeaf = db
      .prepare<string[], { pageno: number }>(
        `SELECT pageno FROM dbstat WHERE path NOT GLOB '*[^0/]*' AND name IN (${WARM_FIRST_LEAF_TABLES.map(() => '?').join(', ')})`,
      )
      .all(...WARM_FIRST_LEAF_TABLES);
    // dbstat's path of a page one level below the root has two slashes ('/01a/'); interior
    // pages there are 'internal' (a leaf level needs no warming: the site fetches the leaves).
    const belowRoot = db.prepare<[string], { pageno: number }>(
      `SELECT pageno FROM dbstat WHERE name = ? AND pagetype = 'internal' ` +
        `AND length(path) - length(replace(path, '/', '')) = 2`,
    );
    const secondLevel = WARM_SECOND_LEVEL_TABLES.flatMap((table) => {
      const interior = belowRoot.all(table);
      return interior.length <= MAX_SECOND_LEVEL_PAGES ? interior : [];
    });
    // The term tables first: a list row too long for the cap must not push them out.
    const wanted = [...roots, ...secondLevel, ...firstLeaf, ...whole]
      .map((row) => row.pageno)
      .slice(0, MAX_WARM_PAGES);
    return pageRuns(wanted);
  } finally {
    db.close();
  }
}
