/**
 * The database worker: the official SQLite wasm build (`@sqlite.org/sqlite-wasm`) reading the
 * chunked database through an HTTP VFS of Trawl's own (`http-pages.ts`), by synchronous range
 * requests, read-only and immutable (no journal, no locks). The page talks to it with
 * `engine-protocol.ts` messages; the wasm starts compiling as soon as the worker loads, before
 * the page knows which version to open (decision 0006's early start).
 */
import sqlite3InitModule from '@sqlite.org/sqlite-wasm';
import type { ChunkLayout } from '../../core/chunk-layout.ts';
import { isEngineRequest, type EngineRequest, type EngineResponse } from './engine-protocol.ts';
import { HttpPages, type RangeAnswer } from './http-pages.ts';
import { installHttpVfs, type OpenDatabase, type Sqlite3 } from './sqlite-http-vfs.ts';

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

const engine: Promise<Sqlite3> = sqlite3InitModule();
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

async function open(layout: ChunkLayout, chunkUrlPrefix: string, pageSize: number) {
  const sqlite3 = await engine;
  const pages = new HttpPages({ layout, chunkUrlPrefix, pageSize, request: rangeRequest });
  database = { db: installHttpVfs(sqlite3, pages), pages };
  return null;
}

async function answer(request: EngineRequest): Promise<unknown> {
  switch (request.type) {
    case 'open':
      return open(request.layout, request.chunkUrlPrefix, request.pageSize);
    case 'query':
      if (database === null) throw new Error('The database is not open');
      return database.db.query(request.sql, request.params, request.readAheadBytes);
    case 'stats':
      return database === null ? null : database.pages.stats();
    case 'pages':
      return database === null ? [] : database.pages.takeAccessedPages();
  }
}

self.onmessage = (event: MessageEvent<unknown>) => {
  const request = event.data;
  if (!isEngineRequest(request)) return;
  answer(request).then(
    (value) => reply({ id: request.id, ok: true, value }),
    (error: unknown) =>
      reply({
        id: request.id,
        ok: false,
        name: error instanceof Error ? error.name : 'Error',
        message: error instanceof Error ? error.message : String(error),
      }),
  );
};

function reply(response: EngineResponse): void {
  self.postMessage(response);
}
