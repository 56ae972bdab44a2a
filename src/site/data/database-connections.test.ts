// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import {
  createWorkerDatabase,
  PREFETCH_TIMEOUT_MS,
  type OpenWorker,
} from './database-connections.ts';
import { DatabaseError } from './database-errors.ts';
import type { ResolvedDbConfig } from './db-config.ts';
import type { DbConfig } from '../../core/site-config.ts';
import { fixtureDatabaseForFile, runnerOver } from './test-support/fixture-database.ts';

// The database's worker life cycle, with workers that stand in for sql.js-httpvfs's: each runs
// the site's SQL on the real fixture database (better-sqlite3), but only when the test says,
// or fails it the way a worker fails when a chunk request does. So the order in which answers
// and failures arrive, which decides whether the page recovers, is the test's to choose.

const fixture = fixtureDatabaseForFile();

const VERSION_URL = 'http://127.0.0.1/db/v1-0123456789ab/';
const CHUNK_500 = `Couldn't load ${VERSION_URL}db.sqlite3.002. Status: 500`;
const MALFORMED = 'database disk image is malformed';
const CUT_OFF = `Failed to execute 'send' on 'XMLHttpRequest': Failed to load '${VERSION_URL}db.sqlite3.000'.`;

interface SentQuery {
  sql: string;
  /** Runs the statement on the fixture database and sends its rows back. */
  answer: () => void;
  /** Fails the statement with the worker's error message. */
  fail: (message: string) => void;
}

interface TestWorker extends OpenWorker {
  /** The version folder it was asked to open (undefined: the one latest.json names). */
  versionUrl: string | undefined;
  sent: SentQuery[];
  /** The tables of the row prefetches asked of it. */
  prefetched: string[];
  terminated: boolean;
}

/**
 * Starts stand-in workers; `fail[n]` makes the n-th open fail with that error. Their version's
 * config is the fixture's, or `config`.
 */
function workers(fail: Record<number, DatabaseError> = {}, config: DbConfig = fixture.config) {
  const started: TestWorker[] = [];
  let opens = 0;
  const connect = (versionUrl: string | undefined): Promise<OpenWorker> => {
    opens += 1;
    const failure = fail[opens];
    if (failure !== undefined) return Promise.reject(failure);
    const resolved: ResolvedDbConfig = {
      config,
      versionUrl: versionUrl ?? VERSION_URL,
      chunkUrlPrefix: `${versionUrl ?? VERSION_URL}db.sqlite3.`,
    };
    const run = runnerOver(() => fixture.sqlite);
    const worker: TestWorker = {
      resolved,
      versionUrl,
      sent: [],
      terminated: false,
      query: (sql, params) =>
        new Promise((resolve, reject) => {
          if (worker.terminated) return;
          worker.sent.push({
            sql,
            answer: () => resolve(run(sql, params)),
            fail: (message) => reject(new Error(message)),
          });
        }),
      // A prefetch the worker never answers (the test's worker has no pages to fetch).
      prefetchRows: (rows) => {
        worker.prefetched.push(...rows.map((row) => row.table));
        return new Promise(() => undefined);
      },
      prefetched: [],
      stats: () => Promise.resolve(null),
      terminate: () => {
        worker.terminated = true;
      },
    };
    started.push(worker);
    return Promise.resolve(worker);
  };
  return { connect, started, opens: () => opens };
}

/** Lets every settled promise's callbacks run. */
const settle = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

const COUNT_SQL = 'SELECT count(*) AS n FROM episodes';
const IDS_SQL = 'SELECT id FROM episodes ORDER BY id';

function episodeCount(): unknown {
  return fixture.sqlite.prepare(COUNT_SQL).get();
}

/** The `index`-th query sent to the `nth` worker started, once it has been sent. */
async function sentTo(started: TestWorker[], nth: number, index: number): Promise<SentQuery> {
  for (let tries = 0; tries < 100; tries += 1) {
    const sent = started[nth]?.sent[index];
    if (sent !== undefined) return sent;
    await settle();
  }
  throw new Error(`query ${index} was never sent to worker ${nth}`);
}

describe('createWorkerDatabase', () => {
  it('gives a row prefetch its own short limit, then the queries go ahead on the same worker', async () => {
    const { connect, started } = workers();
    const db = createWorkerDatabase(connect, { queryTimeoutMs: 30_000 });
    vi.useFakeTimers();
    try {
      const prefetch = db.prefetchRows?.([{ table: 'search_stems', ids: [1] }]);
      const given = expect(prefetch).rejects.toMatchObject({ kind: 'timeout' });
      await vi.advanceTimersByTimeAsync(PREFETCH_TIMEOUT_MS);
      await given;
    } finally {
      vi.useRealTimers();
    }
    expect(started[0]?.prefetched).toEqual(['search_stems']);
    const next = db.query(COUNT_SQL);
    (await sentTo(started, 0, 0)).answer();
    expect(await next).toEqual([episodeCount()]);
    expect(started.map((worker) => worker.terminated)).toEqual([false]);
  });

  it('answers from the worker, and a new worker stays on the version the page first read', async () => {
    const { connect, started } = workers();
    const db = createWorkerDatabase(connect, { queryTimeoutMs: 5_000 });
    const first = db.query(COUNT_SQL);
    (await sentTo(started, 0, 0)).answer();
    expect(await first).toEqual([episodeCount()]);

    const failed = db.query(COUNT_SQL);
    (await sentTo(started, 0, 1)).fail(CHUNK_500);
    await expect(failed).rejects.toMatchObject({ kind: 'transport', message: CHUNK_500 });
    const again = db.query(COUNT_SQL);
    (await sentTo(started, 1, 0)).answer();
    expect(await again).toEqual([episodeCount()]);
    expect(started.map((worker) => worker.versionUrl)).toEqual([undefined, VERSION_URL]);
  });

  it('a failure on a worker already replaced leaves its successor alone', async () => {
    // A 500 on one chunk: the search fails, the page opens a new worker at once, and only then
    // does the broken worker fail the query queued behind the search.
    const { connect, started, opens } = workers();
    const db = createWorkerDatabase(connect, { queryTimeoutMs: 5_000 });
    const search = db.query(COUNT_SQL);
    const queued = db.query(COUNT_SQL);
    (await sentTo(started, 0, 0)).fail(CHUNK_500);
    await expect(search).rejects.toMatchObject({ kind: 'transport' });
    await db.recreate();
    (await sentTo(started, 0, 1)).fail(MALFORMED);
    await expect(queued).rejects.toMatchObject({ kind: 'transport' });

    const next = db.query(COUNT_SQL);
    (await sentTo(started, 1, 0)).answer();
    expect(await next).toEqual([episodeCount()]);
    expect(opens()).toBe(2);
    expect(started.map((worker) => worker.terminated)).toEqual([true, false]);
  });

  it('a dropped worker still answers the queries already sent to it, then ends', async () => {
    const { connect, started } = workers();
    const db = createWorkerDatabase(connect, { queryTimeoutMs: 5_000 });
    const failing = db.query(COUNT_SQL);
    const list = db.query(IDS_SQL);
    (await sentTo(started, 0, 0)).fail(CHUNK_500);
    await expect(failing).rejects.toMatchObject({ kind: 'transport' });
    await settle();
    expect(started[0]?.terminated).toBe(false);

    (await sentTo(started, 0, 1)).answer();
    expect(await list).toEqual(fixture.sqlite.prepare(IDS_SQL).all());
    await settle();
    expect(started[0]?.terminated).toBe(true);
  });

  it('a query that times out drops its worker, which ends even though it never answers', async () => {
    const { connect, started } = workers();
    const db = createWorkerDatabase(connect, { queryTimeoutMs: 30 });
    await expect(db.query(COUNT_SQL)).rejects.toMatchObject({
      kind: 'timeout',
      message: 'Timed out after 0 s: a database query',
    });
    expect(started[0]?.terminated).toBe(true);
    const next = db.query(COUNT_SQL);
    (await sentTo(started, 1, 0)).answer();
    expect(await next).toEqual([episodeCount()]);
  });

  it("without a timeout of its own, a query waits the version's site.queryTimeoutSeconds", async () => {
    vi.useFakeTimers();
    const config = { ...fixture.config, site: { ...fixture.config.site, queryTimeoutSeconds: 2 } };
    const { connect, started } = workers({}, config);
    const db = createWorkerDatabase(connect);
    let outcome = 'pending';
    const query = db.query(COUNT_SQL).then(
      () => (outcome = 'answered'),
      (error: unknown) => (outcome = error instanceof Error ? error.message : String(error)),
    );
    await vi.advanceTimersByTimeAsync(1_999);
    expect(outcome).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    await query;
    expect(outcome).toBe('Timed out after 2 s: a database query');
    expect(started[0]?.terminated).toBe(true);
  });

  it('an open cut off by the network is tried once more', async () => {
    const { connect, started, opens } = workers({
      1: new DatabaseError('transport', CUT_OFF),
    });
    const db = createWorkerDatabase(connect, { queryTimeoutMs: 5_000 });
    const query = db.query(COUNT_SQL);
    (await sentTo(started, 0, 0)).answer();
    expect(await query).toEqual([episodeCount()]);
    expect(opens()).toBe(2);
  });

  it('a call that joined an open under way tries once more when that open fails', async () => {
    // The open began while the host ignored Range; the visitor's next search came after the
    // host was fixed, and must not inherit the old open's failure.
    const problem = new DatabaseError(
      'host',
      "This site's host does not support byte ranges (it sent the whole of v1/db.sqlite3.000 for a range request), so the database cannot be read.",
    );
    const { connect: startWorker, started } = workers();
    let failFirst: (error: unknown) => void = () => undefined;
    let opens = 0;
    const connect = (versionUrl: string | undefined): Promise<OpenWorker> => {
      opens += 1;
      if (opens > 1) return startWorker(versionUrl);
      return new Promise((_resolve, reject) => {
        failFirst = reject;
      });
    };
    const db = createWorkerDatabase(connect, { queryTimeoutMs: 5_000 });
    const began = db.open();
    const joined = db.query(COUNT_SQL);
    failFirst(problem);
    // The call that began the open reports the host's problem it met.
    await expect(began).rejects.toBe(problem);
    (await sentTo(started, 0, 0)).answer();
    expect(await joined).toEqual([episodeCount()]);
    expect(opens).toBe(2);
  });

  it('a host problem at open is reported at once, and the next call tries again', async () => {
    const problem = new DatabaseError(
      'host',
      "This site's host does not support byte ranges (it sent the whole of v1/db.sqlite3.000 for a range request), so the database cannot be read.",
    );
    const { connect, opens } = workers({ 1: problem });
    const db = createWorkerDatabase(connect, { queryTimeoutMs: 5_000 });
    await expect(db.open()).rejects.toBe(problem);
    expect(opens()).toBe(1);
    expect(await db.open()).toEqual(fixture.config);
    expect(opens()).toBe(2);
  });

  it('a query given up while the engine opens is never sent, and the ones after it go first', async () => {
    // Suggestions asked for as the visitor typed, then a search submitted, all before the
    // engine was ready: the suggestions' read must not come before the search's (decision 0069).
    const { connect, started } = workers();
    let ready = (): void => undefined;
    const opening = new Promise<void>((resolve) => (ready = resolve));
    const db = createWorkerDatabase(
      async (versionUrl) => {
        await opening;
        return connect(versionUrl);
      },
      { queryTimeoutMs: 5_000 },
    );
    const abort = new AbortController();
    const suggestions = db.query(IDS_SQL, [], { signal: abort.signal });
    const search = db.query(COUNT_SQL);
    abort.abort(new Error('the list closed'));
    const givenUp = expect(suggestions).rejects.toThrow('the list closed');
    ready();
    (await sentTo(started, 0, 0)).answer();
    expect(await search).toEqual([episodeCount()]);
    await givenUp;
    expect(started[0]?.sent.map((query) => query.sql)).toEqual([COUNT_SQL]);
    // Given up only once sent, a query runs to its end.
    const late = new AbortController();
    const sent = db.query(IDS_SQL, [], { signal: late.signal });
    const query = await sentTo(started, 0, 1);
    late.abort();
    query.answer();
    expect(await sent).toEqual(fixture.sqlite.prepare(IDS_SQL).all());
  });
});
