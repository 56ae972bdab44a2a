/**
 * The database worker: SQLite's wasm (the official build by default, worker-engine.ts; Trawl's
 * own where the site is built with TRAWL_ENGINE=own, decision 0080) reading the chunked
 * database through an HTTP VFS over `http-pages.ts`, by synchronous range requests, read-only
 * and immutable (no journal, no locks). The page talks to it with
 * `engine-protocol.ts` messages; the wasm starts compiling as soon as the worker loads, before
 * the page knows which version to open (decision 0006's early start).
 */
// First: the transcripts' checks below report with zod's English messages, as the page's do.
import '../zod-config.ts';
import type { ChunkLayout } from '../../core/chunk-layout.ts';
import { withDecodedColumn } from './decoded-json.ts';
import { isEngineRequest, type EngineRequest, type EngineResponse } from './engine-protocol.ts';
import { HttpPages, type RangeAnswer } from './http-pages.ts';
import type { OpenDatabase } from './sqlite-http-vfs.ts';
import { startWarmBurst, warmRequests } from './warm-burst.ts';
import { isWarmMessage, PageWarmAnswers } from './page-warm.ts';
import { prefetchRows, rootPages, type RowPrefetchTarget } from './row-prefetch.ts';
import type { PageRun } from '../../core/warm-pages.ts';
// The official build, or Trawl's own where the site was built with TRAWL_ENGINE=own.
import { startEngine } from './worker-engine.ts';
import type { OpenPages } from './worker-engine-types.ts';

const engine: Promise<OpenPages> = startEngine();
// Awaited by the first request; this only keeps a failure from being reported before then.
engine.catch(() => undefined);

/** One range request by synchronous XMLHttpRequest (allowed in workers). */
function rangeRequestOnce(url: string, start: number, end: number): RangeAnswer {
  const xhr = new XMLHttpRequest();
  xhr.open('GET', url, false);
  xhr.responseType = 'arraybuffer';
  xhr.setRequestHeader('Range', `bytes=${start}-${end}`);
  xhr.send(null);
  const body: unknown = xhr.response;
  return {
    status: xhr.status,
    header: (name) => xhr.getResponseHeader(name),
    body: body instanceof ArrayBuffer ? new Uint8Array(body) : new Uint8Array(0),
  };
}

/**
 * A range request, tried a second time past the browser's cache when the network failed it: a
 * response cut off mid-body can leave a broken entry in Chromium's cache, which would fail every
 * later read of that file without asking the host. The query string makes the retry a new
 * entry (hosts serve static files whatever it says). A wrong answer is not retried.
 */
function rangeRequest(url: string, start: number, end: number): RangeAnswer {
  try {
    return rangeRequestOnce(url, start, end);
  } catch {
    return rangeRequestOnce(`${url}?retry=${Date.now()}`, start, end);
  }
}

/** The open database, and its tables' root pages once a row prefetch has read them. */
let database:
  (Omit<RowPrefetchTarget, 'roots'> & { db: OpenDatabase; roots?: Map<string, number> }) | null =
  null;

/** The warm answers the page fetched for the open in progress (decision 0068). */
const fromPage = new PageWarmAnswers();

async function open(
  layout: ChunkLayout,
  chunkUrlPrefix: string,
  pageSize: number,
  warmPages: readonly PageRun[],
  pageWarm: readonly string[],
) {
  const pages = new HttpPages({ layout, chunkUrlPrefix, pageSize, request: rangeRequest });
  // The pages every search reads first, asked for now, while the wasm may still be on its
  // way or compiling; SQLite would ask for them one round trip after another (decision 0066).
  // Those the page has been fetching since the open was asked for come from it (0068).
  fromPage.expect(pageWarm);
  const burst = startWarmBurst(warmRequests(warmPages, layout, pageSize, pages), fetch, fromPage);
  let openPages: OpenPages;
  try {
    openPages = await engine;
  } catch (error) {
    burst.cancel();
    throw error;
  }
  await burst.primeInto(pages);
  database = { db: openPages(pages), pages, layout, pageSize };
  return null;
}

async function answer(request: EngineRequest, transfer: ArrayBuffer[]): Promise<unknown> {
  switch (request.type) {
    case 'open':
      return open(
        request.layout,
        request.chunkUrlPrefix,
        request.pageSize,
        request.warmPages ?? [],
        request.pageWarm ?? [],
      );
    case 'query':
      if (database === null) throw new Error('The database is not open');
      return withDecodedColumn(
        database.db.query(request.sql, request.params, request.readAheadBytes),
        request.inflateJson,
        transfer,
      );
    case 'rows': {
      if (database === null) throw new Error('The database is not open');
      database.roots ??= rootPages(database.db);
      await prefetchRows({ ...database, roots: database.roots }, request.rows);
      return null;
    }
    case 'stats':
      return database === null ? null : database.pages.stats();
    case 'pages':
      return database === null ? [] : database.pages.takeAccessedPages();
  }
}

self.onmessage = (event: MessageEvent<unknown>) => {
  const request = event.data;
  if (isWarmMessage(request)) {
    fromPage.receive(request);
    return;
  }
  if (!isEngineRequest(request)) return;
  const transfer: ArrayBuffer[] = [];
  answer(request, transfer).then(
    (value) => reply({ id: request.id, ok: true, value }, transfer),
    (error: unknown) =>
      reply({
        id: request.id,
        ok: false,
        name: error instanceof Error ? error.name : 'Error',
        message: error instanceof Error ? error.message : String(error),
      }),
  );
};

function reply(response: EngineResponse, transfer: ArrayBuffer[] = []): void {
  self.postMessage(response, { transfer });
}
