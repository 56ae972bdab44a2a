import { describe, expect, it } from 'vitest';
import { fixtureDatabaseForFile } from '../data/test-support/fixture-database.ts';
import type { SqlValue } from '../data/database-types.ts';
import { sanitizeInBrowser } from '../shared/html-sanitizer.tsx';
import { renderPage, type PrerenderSource } from './render-page.tsx';

// The server entry on the database the real builder makes from its fixture podcast (episodes
// 15, 14.5, 5, 4, 3, 2, 1). Rendering every page of a version must read the archive's list
// once, not once per page: each page's own reads are its rows, not the archive's.

const fixture = fixtureDatabaseForFile();

/** A source over the fixture that records, per page, each query's SQL and how many rows it read. */
function countingSource(): {
  source: PrerenderSource;
  reads: { sql: string; rows: number }[];
} {
  const reads: { sql: string; rows: number }[] = [];
  const source: PrerenderSource = {
    config: fixture.config,
    sanitizeHtml: sanitizeInBrowser,
    query: async <T,>(sql: string, params?: readonly SqlValue[]): Promise<T[]> => {
      const rows = await fixture.database.query<T>(sql, params);
      reads.push({ sql, rows: rows.length });
      return rows;
    },
  };
  return { source, reads };
}

const LIST_READ = /episode_list|FROM episodes\b/;

describe('renderPage', () => {
  it("reads the archive's list once for all of a source's pages", async () => {
    const { source, reads } = countingSource();
    const paths = ['/', ...['15', '14.5', '5', '4', '3', '2', '1'].map((n) => `/episodes/${n}`)];
    const perPage: number[] = [];
    for (const path of paths) {
      const before = reads.length;
      await renderPage(source, path);
      perPage.push(reads.slice(before).filter((read) => LIST_READ.test(read.sql)).length);
    }
    // The first page reads the list; no other page reads it again.
    expect(perPage).toEqual([1, 0, 0, 0, 0, 0, 0, 0]);
  });

  it("keeps no page's transcript for the pages after it: each episode page reads its own", async () => {
    const { source, reads } = countingSource();
    const transcriptReads = (): number =>
      reads.filter((read) => /FROM transcripts\b/.test(read.sql)).length;
    await renderPage(source, '/episodes/1');
    const first = transcriptReads();
    expect(first).toBeGreaterThan(0);
    // Held for the build, every transcript of a large show would stay in memory to its end.
    await renderPage(source, '/episodes/1');
    expect(transcriptReads()).toBe(2 * first);
  });

  it("carries only an episode page's own rows, never the whole list or anything archive-wide", async () => {
    const { source } = countingSource();
    const page = await renderPage(source, '/episodes/5');
    expect(page.status).toBe(200);
    // No version, config, database length or count: the page's bytes follow its episode alone.
    expect(page.data.version).toBeUndefined();
    expect(page.data.config).toBeUndefined();
    expect(page.data.list?.total).toBeUndefined();
    const json = JSON.stringify(page.data);
    expect(json).not.toContain(fixture.config.version);
    expect(json).not.toContain('databaseLengthBytes');
    expect(page.data.list?.rows.map((row) => row.episode)).toEqual(['14.5', '5', '4']);
    expect(Object.keys(page.data.resources)).not.toContain('episodes');
    // The links either side come from those rows.
    expect(page.appHtml).toMatch(/href="\/episodes\/14\.5"/);
    expect(page.appHtml).toMatch(/href="\/episodes\/4"/);
  });

  it('renders the home page from its first page of rows, on its version', async () => {
    const { source } = countingSource();
    const page = await renderPage(source, '/');
    expect(page.data.version).toBe(fixture.config.version);
    expect(page.data.list?.total).toBe(7);
    expect(page.data.list?.rows.map((row) => row.episode)).toEqual(
      ['15', '14.5', '5', '4', '3', '2', '1'].slice(0, fixture.config.site.pageSize),
    );
    expect(page.appHtml).toContain('showing all 7 episodes');
  });

  it("names the podcast's favicon for the page's head, where the app points the tab", async () => {
    const withIcon = (favicon: string, mediaBase = ''): PrerenderSource => ({
      ...countingSource().source,
      config: { ...fixture.config, site: { ...fixture.config.site, favicon, mediaBase } },
    });
    expect((await renderPage(withIcon('https://media.example/cover.jpg'), '/')).icon).toBe(
      'https://media.example/cover.jpg',
    );
    expect(
      (await renderPage(withIcon('images/cover art.png', 'https://cdn.example/show'), '/404')).icon,
    ).toBe('https://cdn.example/show/images/cover%20art.png');
    expect((await renderPage(withIcon('images/cover.png'), '/episodes/5')).icon).toBe(
      '/images/cover.png',
    );
    expect((await renderPage(withIcon(''), '/')).icon).toBeNull();
  });

  it("renders a list page from its own page of rows: the archive's size costs it nothing", async () => {
    const { source, reads } = countingSource();
    const sanitized: string[] = [];
    const counted: PrerenderSource = {
      ...source,
      sanitizeHtml: (html) => {
        sanitized.push(html);
        return sanitizeInBrowser(html);
      },
    };
    await renderPage(counted, '/');
    const before = reads.length;
    sanitized.length = 0;
    const page = await renderPage(counted, '/page/2');
    // Its rows are the page's own (7 episodes, 5 a page), read from the list read once.
    expect(page.data.list?.rows.map((row) => row.episode)).toEqual(['2', '1']);
    expect(page.data.list?.offset).toBe(5);
    const own = reads.slice(before);
    expect(own.filter((read) => LIST_READ.test(read.sql))).toEqual([]);
    // Its reads return its rows' data only, and it sanitises only its rows' descriptions.
    expect(Math.max(0, ...own.map((read) => read.rows))).toBeLessThanOrEqual(2);
    expect(new Set(sanitized).size).toBeLessThanOrEqual(2);
  });
});
