/**
 * Search snippets for a page of results (issue 10), measured on the real site: the production
 * build in headless Chromium against a built database, every response delayed, cold (a fresh
 * page, so a fresh worker, for every run). For a rare word, a common word and a phrase it
 * prints the time to the count line, then what the snippets read after it (requests and KB
 * of the snippet tables, told apart from other reads by the database pages each range covers)
 * and how long until every row on screen had its snippets, next to the size of the same rows'
 * whole transcripts. With --before (the same corpus built without snippet tables) it also
 * times the count line there, in the same run, to show snippets never delay it.
 *
 *   npm run corpus -- --episodes 600 --words 9000 --seed 1 --out .trawl/corpus
 *   npx trawl build .trawl/corpus --out .trawl/corpus-db
 *   npx vite build && npx tsx bench/snippets.ts --db .trawl/corpus-db [--before DIR]
 *     [--site dist/site] [--delay 50] [--runs 3] [--rare WORD] [--common the] [--phrase "ice cream"]
 *
 * It asserts nothing: machine load never fails a run. Budgets (issue 10): ≤ 150 KB and ≤ 8
 * requests for the whole page's snippets.
 */
import Database from 'better-sqlite3';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { Page } from 'playwright-core';
import { z } from 'zod';
import { launchBrowser, type BrowserSession } from '../e2e/browser.ts';
import { DEMO_MEDIA, REPO_ROOT } from '../scripts/demo-site.ts';
import { startServer, type ServedRequest } from '../src/builder/serve.ts';
import { siteMounts } from '../src/builder/site-mounts.ts';
import { joinChunks } from '../src/builder/test-support/fixture-podcast.ts';
import { dbConfigSchema, latestSchema, type DbConfig } from '../src/core/site-config.ts';

const SNIPPET_TABLES = /^(passages|passage_heads|passages_fts.*)$/;
const CHUNK = /\/db\.sqlite3\.(\d+)$/;

const optionsSchema = z.object({
  db: z.string().min(1),
  before: z.string().optional(),
  site: z.string().default(resolve(REPO_ROOT, 'dist/site')),
  delay: z.coerce.number().int().min(0).default(50),
  runs: z.coerce.number().int().min(1).max(20).default(3),
  rare: z.string().optional(),
  common: z.string().default('the'),
  phrase: z.string().default('ice cream'),
});

interface Logged extends ServedRequest {
  at: number;
}

/** A published database: its config and a joined copy for reading page ownership. */
interface Published {
  dbDir: string;
  config: DbConfig;
  file: string;
  /** Table (or index) of each page, 1-based. */
  ownerOfPage: Map<number, string>;
}

async function openPublished(dbDir: string, work: string, name: string): Promise<Published> {
  const latest = latestSchema.parse(JSON.parse(await readFile(join(dbDir, 'latest.json'), 'utf8')));
  const versionDir = join(dbDir, latest.latest);
  const config = dbConfigSchema.parse(
    JSON.parse(await readFile(join(versionDir, 'config.json'), 'utf8')),
  );
  const file = join(work, `${name}.sqlite3`);
  await joinChunks(versionDir, file);
  const db = new Database(file, { readonly: true });
  try {
    const ownerOfPage = new Map(
      db
        .prepare<[], { pageno: number; name: string }>('SELECT pageno, name FROM dbstat')
        .all()
        .map((row) => [row.pageno, row.name]),
    );
    return { dbDir, config, file, ownerOfPage };
  } finally {
    db.close();
  }
}

/** The database pages (1-based) a chunk request covered. */
function pagesOf(entry: ServedRequest, config: DbConfig): number[] {
  const chunk = CHUNK.exec(entry.path);
  const range = /^bytes=(\d+)-(\d+)$/.exec(entry.range ?? '');
  if (!chunk || !range) return [];
  const base = Number(chunk[1]) * config.serverChunkSize;
  const from = base + Number(range[1]);
  const to = base + Number(range[2]);
  const pages: number[] = [];
  for (
    let page = Math.floor(from / config.requestChunkSize);
    page * config.requestChunkSize <= to;
    page += 1
  ) {
    pages.push(page + 1);
  }
  return pages;
}

/** Installed before the page loads: stamps the count line and the end of the snippets. */
function installSnippetProbe(): void {
  const state: {
    count: number | null;
    countEpoch: number | null;
    done: number | null;
    doneEpoch: number | null;
  } = { count: null, countEpoch: null, done: null, doneEpoch: null };
  Object.defineProperty(window, '__snippetProbe', { value: state });
  const check = (): void => {
    const count = [...document.querySelectorAll('p, div, span')].some((element) =>
      /^found \d+ of \d+ episodes$/.test(element.textContent?.trim() ?? ''),
    );
    if (count && state.count === null) {
      state.count = performance.now();
      state.countEpoch = Date.now();
    }
    const rows = document.querySelectorAll('article').length;
    const waiting = document.querySelectorAll('.snippets[aria-busy="true"]').length;
    if (state.count !== null && state.done === null && rows > 0 && waiting === 0) {
      state.done = performance.now();
      state.doneEpoch = Date.now();
    }
  };
  new MutationObserver(check).observe(document, {
    childList: true,
    subtree: true,
    characterData: true,
  });
}

const probeSchema = z.object({
  count: z.number(),
  countEpoch: z.number(),
  done: z.number(),
  doneEpoch: z.number(),
});

interface Run {
  countMs: number;
  snippetsMs: number;
  snippetRequests: number;
  snippetKb: number;
  otherRequests: number;
  rowsWithSnippets: number;
  snippets: number;
  episodes: string[];
}

async function measureRun(
  session: BrowserSession,
  url: string,
  published: Published,
  log: Logged[],
  term: string,
): Promise<Run> {
  const page: Page = await session.context.newPage();
  try {
    // esbuild (under tsx) names functions with a `__name` helper that the page lacks.
    await page.addInitScript('globalThis.__name = globalThis.__name || ((target) => target);');
    await page.addInitScript(installSnippetProbe);
    const start = log.length;
    await page.goto(`${url}/?q=${encodeURIComponent(term)}`);
    await page.waitForFunction(
      () => {
        const probe = (window as unknown as { __snippetProbe?: { done: number | null } })
          .__snippetProbe;
        return probe?.done !== null && probe?.done !== undefined;
      },
      undefined,
      { timeout: 120_000, polling: 50 },
    );
    const probe = probeSchema.parse(
      await page.evaluate(() => (window as unknown as { __snippetProbe: unknown }).__snippetProbe),
    );
    // Let the responses of the last reads reach the log.
    await page.waitForTimeout(200);
    const after = log
      .slice(start)
      .filter((entry) => entry.at > probe.countEpoch && entry.at <= probe.doneEpoch + 5);
    let snippetRequests = 0;
    let snippetBytes = 0;
    let otherRequests = 0;
    for (const entry of after) {
      if (!CHUNK.test(entry.path)) continue;
      const owners = pagesOf(entry, published.config).map(
        (page) => published.ownerOfPage.get(page) ?? '',
      );
      if (owners.some((owner) => SNIPPET_TABLES.test(owner))) {
        snippetRequests += 1;
        snippetBytes += entry.bytes;
      } else {
        otherRequests += 1;
      }
    }
    const titles = await page.locator('article h2').allTextContents();
    return {
      countMs: probe.count,
      snippetsMs: probe.done - probe.count,
      snippetRequests,
      snippetKb: snippetBytes / 1024,
      otherRequests,
      rowsWithSnippets: await page.getByRole('region', { name: /^Where it was said/ }).count(),
      snippets: await page.locator('.snippet').count(),
      episodes: titles.map((title) => title.slice(0, title.indexOf(':'))),
    };
  } finally {
    await page.close();
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

function rareWord(file: string): string {
  const db = new Database(file, { readonly: true });
  try {
    db.exec("CREATE VIRTUAL TABLE temp.vocab USING fts5vocab(main, 'words_fts_terms', 'row')");
    const found = db
      .prepare(
        `SELECT term FROM temp.vocab WHERE doc BETWEEN 2 AND 5 AND length(term) >= 7
         AND term NOT GLOB '*[^a-z]*' ORDER BY doc, term LIMIT 1`,
      )
      .pluck()
      .get();
    return typeof found === 'string' ? found : 'zyzzyva';
  } finally {
    db.close();
  }
}

/** KB of the rows' whole transcripts (the compressed blobs the transcript view reads). */
function transcriptKb(file: string, episodes: readonly string[]): number {
  const db = new Database(file, { readonly: true });
  try {
    const size = db.prepare<[string], { bytes: number | null }>(
      'SELECT length(t.data) AS bytes FROM episodes e JOIN transcripts t ON t.id = e.id WHERE e.episode = ?',
    );
    return episodes.reduce((sum, episode) => sum + (size.get(episode)?.bytes ?? 0), 0) / 1024;
  } finally {
    db.close();
  }
}

const { values } = parseArgs({
  options: {
    db: { type: 'string' },
    before: { type: 'string' },
    site: { type: 'string' },
    delay: { type: 'string' },
    runs: { type: 'string' },
    rare: { type: 'string' },
    common: { type: 'string' },
    phrase: { type: 'string' },
  },
});
const parsed = optionsSchema.safeParse(values);
if (!parsed.success) {
  console.error(
    `bench/snippets.ts: ${parsed.error.issues.map((issue) => `--${issue.path.join('.')}: ${issue.message}`).join('; ')}`,
  );
  process.exit(2);
}
const options = parsed.data;
const work = await mkdtemp(join(tmpdir(), 'trawl-bench-snippets-'));
const session = await launchBrowser();
try {
  const current = await openPublished(resolve(options.db), work, 'current');
  const before = options.before
    ? await openPublished(resolve(options.before), work, 'before')
    : null;
  const terms = [
    { kind: 'rare word', term: options.rare ?? rareWord(current.file) },
    { kind: 'common word', term: options.common },
    { kind: 'phrase', term: options.phrase },
  ];
  const serve = async (published: Published) => {
    const log: Logged[] = [];
    const server = await startServer({
      mounts: siteMounts({
        dbDir: published.dbDir,
        siteDir: resolve(options.site),
        mediaDir: DEMO_MEDIA,
      }),
      delayMs: options.delay,
      onResponse: (entry) => log.push({ ...entry, at: Date.now() }),
    });
    return { server, log };
  };
  const now = await serve(current);
  const old = before ? await serve(before) : null;
  console.log(
    `snippets for the first page of results, ${options.delay} ms added delay, cold, median of ${options.runs}`,
  );
  console.log(
    'term'.padEnd(30) +
      'count line'.padStart(12) +
      (old ? 'before'.padStart(9) : '') +
      'snippets'.padStart(10) +
      'requests'.padStart(10) +
      'KB'.padStart(8) +
      'rows'.padStart(6) +
      'whole transcripts'.padStart(19),
  );
  for (const { kind, term } of terms) {
    const runs: Run[] = [];
    const beforeRuns: Run[] = [];
    for (let run = 0; run < options.runs; run += 1) {
      runs.push(await measureRun(session, now.server.url, current, now.log, term));
      if (old && before)
        beforeRuns.push(await measureRun(session, old.server.url, before, old.log, term));
    }
    const first = runs[0];
    if (!first) continue;
    const whole = transcriptKb(current.file, first.episodes);
    const kb = median(runs.map((run) => run.snippetKb));
    console.log(
      `${kind} "${term}"`.padEnd(30) +
        `${median(runs.map((run) => run.countMs)).toFixed(0)} ms`.padStart(12) +
        (old ? `${median(beforeRuns.map((run) => run.countMs)).toFixed(0)} ms`.padStart(9) : '') +
        `${median(runs.map((run) => run.snippetsMs)).toFixed(0)} ms`.padStart(10) +
        String(median(runs.map((run) => run.snippetRequests))).padStart(10) +
        kb.toFixed(0).padStart(8) +
        `${first.rowsWithSnippets}/${first.episodes.length}`.padStart(6) +
        `${whole.toFixed(0)} KB (${(whole / Math.max(kb, 1)).toFixed(1)}×)`.padStart(19),
    );
  }
  await now.server.close();
  await old?.server.close();
} finally {
  await session.close();
  await rm(work, { recursive: true, force: true });
}
