/**
 * The database worker: the official SQLite wasm build (`@sqlite.org/sqlite-wasm`) reading the
 * chunked database through an HTTP VFS of Trawl's own (`http-pages.ts`), by synchronous range
 * requests, read-only and immutable (no journal, no locks). The page talks to it with
 * `engine-protocol.ts` messages; the wasm starts compiling as soon as the worker loads, before
 * the page knows which version to open (decision 0006's early start).
 */
// First: the transcripts' checks below report with zod's English messages, as the page's do.
import '../zod-config.ts';
import sqlite3InitModule from '@sqlite.org/sqlite-wasm';
import wasmUrl from '@sqlite.org/sqlite-wasm/sqlite3.wasm?url';
import type { ChunkLayout } from '../../core/chunk-layout.ts';
import {
  answerProblem,
  displayedFile,
  engineFileError,
  looksLikeWasm,
  mediaType,
} from './engine-files.ts';
import { withDecodedColumn } from './decoded-json.ts';
import { isEngineRequest, type EngineRequest, type EngineResponse } from './engine-protocol.ts';
import { HttpPages, type RangeAnswer } from './http-pages.ts';
import { installHttpVfs, type OpenDatabase, type Sqlite3 } from './sqlite-http-vfs.ts';
import { startWarmBurst, warmRequests } from './warm-burst.ts';
import { isWarmMessage, PageWarmAnswers } from './page-warm.ts';
import type { PageRun } from '../../core/warm-pages.ts';

// None of the library's storage back-ends is used (OPFS would need COOP/COEP, kvvfs is local
// storage): it skips setting them up, and what it would report on the console stays quiet.
Reflect.set(globalThis, 'sqlite3ApiConfig', {
  warn: () => undefined,
  log: () => undefined,
  debug: () => undefined,
  error: () => undefined,
  disable: {
    vfs: { kvvfs: true, opfs: true, 'opfs-vfs': true, 'opfs-sahpool': true, 'opfs-wl': true },
  },
});

/** What Emscripten's `instantiateWasm` hook gives and expects (the library's typings omit it). */
type InstantiateWasm = (
  imports: WebAssembly.Imports,
  receive: (instance: WebAssembly.Instance, module: WebAssembly.Module) => void,
) => object;

/**
 * The library's init with Emscripten's module options, which it passes on: a function of no
 * parameters is one of one parameter that ignores it, so the typings' narrower signature fits.
 */
const initWithOptions: (options: { instantiateWasm: InstantiateWasm }) => Promise<Sqlite3> =
  sqlite3InitModule;

/**
 * Downloads and instantiates the wasm, checking the answer before compiling it: a 404 or an
 * HTML page where the wasm should be fails at once with the file named (engine-files.ts),
 * where the library would retry by synchronous request and end in a bare 'Aborted'.
 */
async function instantiateEngineWasm(
  imports: WebAssembly.Imports,
): Promise<WebAssembly.WebAssemblyInstantiatedSource> {
  const file = displayedFile(new URL(wasmUrl, self.location.href).href, self.location.origin);
  let response: Response;
  try {
    response = await fetch(wasmUrl, { credentials: 'same-origin' });
  } catch (error) {
    throw engineFileError({ file, problem: 'network', got: errorText(error) });
  }
  const contentType = response.headers.get('Content-Type');
  const problem = answerProblem(file, { status: response.status, contentType }, 'wasm');
  if (problem !== null) throw engineFileError(problem);
  // The usual case compiles while it downloads, as the library itself would.
  if (mediaType(contentType) === 'application/wasm') {
    try {
      return await WebAssembly.instantiateStreaming(response, imports);
    } catch (error) {
      throw engineFileError({ file, problem: 'start', got: errorText(error) });
    }
  }
  let bytes: ArrayBuffer;
  try {
    bytes = await response.arrayBuffer();
  } catch (error) {
    throw engineFileError({ file, problem: 'network', got: errorText(error) });
  }
  if (!looksLikeWasm(new Uint8Array(bytes, 0, Math.min(4, bytes.byteLength)))) {
    throw engineFileError({
      file,
      problem: 'wrong-type',
      got: mediaType(contentType) || 'no type',
    });
  }
  try {
    return await WebAssembly.instantiate(bytes, imports);
  } catch (error) {
    throw engineFileError({ file, problem: 'start', got: errorText(error) });
  }
}

function errorText(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 400);
}

/**
 * SQLite, started with the wasm checked above. The library waits for `receive` and never
 * hears of a failure, so a failure settles the race through `failed` instead.
 */
function startSqlite(): Promise<Sqlite3> {
  let fail: (error: unknown) => void = () => undefined;
  const failed = new Promise<never>((_resolve, reject) => {
    fail = reject;
  });
  const started = initWithOptions({
    instantiateWasm(imports, receive) {
      instantiateEngineWasm(imports).then(
        ({ instance, module }) => receive(instance, module),
        fail,
      );
      return {};
    },
  });
  return Promise.race([started, failed]);
}

const engine: Promise<Sqlite3> = startSqlite();
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

let database: { db: OpenDatabase; pages: HttpPages } | null = null;

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
  let sqlite3: Sqlite3;
  try {
    sqlite3 = await engine;
  } catch (error) {
    burst.cancel();
    throw error;
  }
  await burst.primeInto(pages);
  database = { db: installHttpVfs(sqlite3, pages), pages };
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
