/**
 * What the benchmark knows of the Trawl database it serves: which table each page belongs to
 * (from `dbstat` on the joined file), so the traffic of an operation can be told apart by
 * table (the snippets from the descriptions that load beside them); the size of whole
 * transcripts, to compare snippets against; and a copy without the snippet tables, to time
 * the count line without them in the same run (issue 10).
 */
import { existsSync } from 'node:fs';
import { copyFile, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { writeHashedChunks } from '../src/builder/publish/chunk-files.ts';
import { writeLatest } from '../src/builder/publish/publish.ts';
import { builtChunkIndex, chunkStart, hashedChunkOf } from '../src/core/chunk-layout.ts';
import type { DbConfig } from '../src/core/site-config.ts';

/** Tables (and their FTS shadow tables) that only search snippets read. */
export const SNIPPET_TABLES =
  /^(passages|passage_heads|passage_blocks|snippet_heads|passages_fts(_.*)?)$/;

/** The tables of a published database, by page. */
export class DatabasePages {
  private constructor(
    private readonly file: string,
    private readonly config: DbConfig,
    /** Table (or index) of each page, 1-based. */
    private readonly ownerOfPage: ReadonlyMap<number, string>,
  ) {}

  /** Reads the page owners of `file`, the joined chunks of the version `config` describes. */
  static open(file: string, config: DbConfig): DatabasePages {
    const db = new Database(file, { readonly: true });
    try {
      const owners = new Map(
        db
          .prepare<[], { pageno: number; name: string }>('SELECT pageno, name FROM dbstat')
          .all()
          .map((row) => [row.pageno, row.name]),
      );
      return new DatabasePages(file, config, owners);
    } finally {
      db.close();
    }
  }

  /** The database pages (1-based) a chunk request covered; none for any other request. */
  pagesOf(entry: { path: string; range: string | undefined }): number[] {
    // A chunk named by its bytes is found in the list (equal hashes hold equal pages).
    const hash = hashedChunkOf(entry.path);
    const chunk =
      hash === undefined ? builtChunkIndex(entry.path) : this.config.chunks?.indexOf(hash);
    const range = /^bytes=(\d+)-(\d+)$/.exec(entry.range ?? '');
    if (chunk === undefined || chunk < 0 || !range) return [];
    const base = chunkStart(this.config, chunk);
    const from = base + Number(range[1]);
    const to = base + Number(range[2]);
    const size = this.config.requestChunkSize;
    const pages: number[] = [];
    for (let page = Math.floor(from / size); page * size <= to; page += 1) pages.push(page + 1);
    return pages;
  }

  /** The tables a chunk request read pages of. */
  tablesOf(entry: { path: string; range: string | undefined }): string[] {
    return [...new Set(this.pagesOf(entry).map((page) => this.ownerOfPage.get(page) ?? '?'))];
  }

  /** Bytes of the stored transcripts (`transcripts.data`) of some episodes, by number. */
  transcriptBytes(episodes: readonly string[]): number {
    const db = new Database(this.file, { readonly: true });
    try {
      const size = db.prepare<[string], { bytes: number | null }>(
        `SELECT length(t.data) AS bytes FROM episodes e JOIN transcripts t ON t.id = e.id
         WHERE e.episode = ?`,
      );
      return episodes.reduce((sum, episode) => sum + (size.get(episode)?.bytes ?? 0), 0);
    } finally {
      db.close();
    }
  }
}

/**
 * The same database without the snippet tables, published at `outDir` (for the count line
 * without snippets, issue 10): the joined file with those tables dropped and VACUUMed, so
 * every other table keeps the order, and so the pages, a build without them would give.
 * Kept while the source version is the same (its name is a hash of its bytes).
 */
export async function ensureWithoutSnippets(
  trawlFile: string,
  source: { version: string; config: DbConfig },
  outDir: string,
): Promise<{ outDir: string; reused: boolean }> {
  const stamp = join(outDir, 'source-version');
  const saved = await readFile(stamp, 'utf8').catch(() => '');
  if (saved.trim() === source.version && existsSync(join(outDir, 'latest.json'))) {
    return { outDir, reused: true };
  }
  await rm(outDir, { recursive: true, force: true });
  const version = `${source.version}-nosnippets`;
  const versionDir = join(outDir, version);
  await mkdir(versionDir, { recursive: true });
  const file = join(outDir, 'work.sqlite3');
  await copyFile(trawlFile, file);
  const db = new Database(file);
  try {
    const tables = db
      .prepare<[], string>(
        "SELECT name FROM sqlite_schema WHERE type = 'table' AND sql IS NOT NULL",
      )
      .pluck()
      .all()
      .filter((name) => SNIPPET_TABLES.test(name) && !name.includes('_fts_'));
    for (const name of tables) db.exec(`DROP TABLE ${name}`);
    db.exec('VACUUM');
  } finally {
    db.close();
  }
  // Named by their bytes as a build names them (decision 0060): the config lists them.
  const layout = await writeHashedChunks(file, versionDir, source.config.serverChunkSize);
  await rm(file);
  const config: DbConfig = { ...source.config, version, ...layout };
  await writeFile(join(versionDir, 'config.json'), `${JSON.stringify(config, null, 2)}\n`);
  await writeLatest(outDir, version, config);
  await writeFile(stamp, `${source.version}\n`);
  return { outDir, reused: false };
}
