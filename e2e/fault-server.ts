/**
 * A test host that misbehaves on demand. It sits in front of the real static server
 * (`serveSite`, built on src/builder/serve/serve.ts) and, while a fault is set, answers the requests
 * the fault matches the way a broken host would: ignoring Range, compressing the database,
 * failing one chunk, cutting a response short, never answering, or serving a bad latest.json.
 * Clearing the fault makes it a good host again, so tests can check recovery.
 */
import { request, createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { gzipSync } from 'node:zlib';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { RunningServer } from '../src/builder/serve/serve.ts';
import { BUILT_CHUNK_NAME_PATTERN, HASHED_CHUNK_PATH_PATTERN } from '../src/core/chunk-layout.ts';
import { serveSite } from '../scripts/demo-site.ts';

/** A chunk file of a database: /db/chunks/<hash>.bin, or an older version's /db/<version>/db.sqlite3.NNN */
export const CHUNK_PATH = new RegExp(
  `^/db/(?:${HASHED_CHUNK_PATH_PATTERN}|[^/]+/${BUILT_CHUNK_NAME_PATTERN})$`,
);
export const LATEST_PATH = /^\/db\/latest\.json$/;

export type Fault =
  /** 200 with the whole file for a range request to a chunk (to the chunks `path` matches). */
  | { kind: 'ignore-range'; path?: RegExp }
  /** 200 with the whole chunk gzipped and `Content-Encoding: gzip`, as a compressing CDN does. */
  | { kind: 'gzip' }
  /**
   * This status for the next `count` matching requests (default: all of them); with `bytes`,
   * only range requests whose bytes it accepts match (the inclusive range within the file).
   */
  | {
      kind: 'status';
      status: number;
      path: RegExp;
      count?: number;
      bytes?: ByteFilter;
    }
  /** The right headers, then half the body, then the connection closes. */
  | { kind: 'truncate'; path: RegExp; count?: number }
  /**
   * Matching requests are held open and never answered (until the fault is cleared); `bytes`
   * and `count` narrow them as for 'status'.
   */
  | { kind: 'stall'; path: RegExp; count?: number; bytes?: ByteFilter }
  /** latest.json answers with this body (200), or 404 when `body` is null. */
  | { kind: 'latest'; body: string | null }
  /**
   * Matching requests get this answer: a host that serves its index.html for a missing file;
   * `bytes` and `count` narrow them as for 'status'.
   */
  | {
      kind: 'body';
      path: RegExp;
      status: number;
      contentType: string;
      body: string;
      count?: number;
      bytes?: ByteFilter;
    };

/** Which range requests a fault takes: the inclusive bytes asked of the file at `path`. */
export type ByteFilter = (path: string, start: number, end: number) => boolean;

/** One request the fault server answered (or held). */
export interface FaultedRequest {
  path: string;
  range: string | undefined;
  /** The fault that shaped the answer, or 'none'. */
  fault: Fault['kind'] | 'none';
}

export interface FaultServer {
  url: string;
  /** Sets the fault for the requests that follow (replacing any other). */
  setFault: (fault: Fault) => void;
  /** Back to a good host; held (stalled) requests are dropped. */
  clearFault: () => void;
  requests: FaultedRequest[];
  close: () => Promise<void>;
}

function pathOf(req: IncomingMessage): string {
  return new URL(req.url ?? '/', 'http://localhost').pathname;
}

/**
 * Passes a request to the real server unchanged, and its answer back; with `noStore`, an answer
 * the browser may not keep (no validators, `Cache-Control: no-store`).
 */
function forward(
  target: RunningServer,
  req: IncomingMessage,
  res: ServerResponse,
  noStore: boolean,
): void {
  const upstream = request(
    {
      host: '127.0.0.1',
      port: target.port,
      path: req.url,
      method: req.method,
      headers: req.headers,
    },
    (answer) => {
      const headers = { ...answer.headers };
      if (noStore) {
        delete headers.etag;
        delete headers['last-modified'];
        headers['cache-control'] = 'no-store';
      }
      res.writeHead(answer.statusCode ?? 502, headers);
      answer.pipe(res);
    },
  );
  upstream.on('error', () => res.destroy());
  req.pipe(upstream);
}

/**
 * Starts the real site server for `dbDir` and a faulty front for it on another loopback port.
 * Pages must be opened on the front's `url`. Answers to the paths `noStore` matches are never
 * kept by the browser.
 */
export async function startFaultServer(
  dbDir: string,
  { noStore }: { noStore?: RegExp } = {},
): Promise<FaultServer> {
  const inner = await serveSite(dbDir);
  let fault: Fault | null = null;
  let used = 0;
  const held = new Set<ServerResponse>();
  const sockets = new Set<Socket>();
  const requests: FaultedRequest[] = [];

  const matches = (path: string, range: string | undefined): Fault | null => {
    if (fault === null) return null;
    switch (fault.kind) {
      case 'ignore-range':
        return CHUNK_PATH.test(path) && (fault.path?.test(path) ?? true) ? fault : null;
      case 'gzip':
        return CHUNK_PATH.test(path) ? fault : null;
      case 'latest':
        return LATEST_PATH.test(path) ? fault : null;
      case 'stall':
      case 'body':
      case 'status':
      case 'truncate': {
        if (!fault.path.test(path)) return null;
        if (fault.kind !== 'truncate' && fault.bytes !== undefined) {
          const bytes = /^bytes=(\d+)-(\d+)$/.exec(range ?? '');
          if (!bytes || !fault.bytes(path, Number(bytes[1]), Number(bytes[2]))) return null;
        }
        if (fault.count !== undefined && used >= fault.count) return null;
        used += 1;
        return fault;
      }
    }
  };

  const answer = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const path = pathOf(req);
    const active = matches(path, req.headers.range);
    requests.push({ path, range: req.headers.range, fault: active?.kind ?? 'none' });
    if (active === null) {
      forward(inner, req, res, noStore?.test(path) ?? false);
      return;
    }
    const file = (): Promise<Buffer> => readFile(join(dbDir, path.slice('/db/'.length)));
    switch (active.kind) {
      case 'ignore-range': {
        const body = await file();
        res.writeHead(200, {
          'Content-Type': 'application/octet-stream',
          'Content-Length': body.length,
        });
        res.end(body);
        return;
      }
      case 'gzip': {
        const body = gzipSync(await file());
        res.writeHead(200, {
          'Content-Type': 'application/octet-stream',
          'Content-Encoding': 'gzip',
          'Content-Length': body.length,
        });
        res.end(body);
        return;
      }
      case 'status':
        res.writeHead(active.status, { 'Content-Type': 'text/plain' });
        res.end(`fault ${active.status}\n`);
        return;
      case 'truncate': {
        const body = await file();
        const range = /^bytes=(\d+)-(\d+)$/.exec(req.headers.range ?? '');
        const start = Number(range?.[1] ?? 0);
        const end = Math.min(Number(range?.[2] ?? body.length - 1), body.length - 1);
        const slice = body.subarray(start, end + 1);
        res.writeHead(range ? 206 : 200, {
          'Content-Type': 'application/octet-stream',
          'Content-Length': slice.length,
          ...(range ? { 'Content-Range': `bytes ${start}-${end}/${body.length}` } : {}),
        });
        res.write(slice.subarray(0, Math.floor(slice.length / 2)));
        // Let the half reach the client, then cut the connection.
        setTimeout(() => res.destroy(), 20);
        return;
      }
      case 'stall':
        held.add(res);
        res.on('close', () => held.delete(res));
        return;
      case 'body':
        res.writeHead(active.status, { 'Content-Type': active.contentType });
        res.end(active.body);
        return;
      case 'latest':
        if (active.body === null) {
          res.writeHead(404, { 'Content-Type': 'text/plain' });
          res.end('Not found\n');
        } else {
          res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-cache' });
          res.end(active.body);
        }
        return;
    }
  };

  const server = createServer((req, res) => {
    answer(req, res).catch(() => res.destroy());
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('fault server has no port');

  const dropHeld = (): void => {
    for (const res of held) res.destroy();
    held.clear();
  };
  return {
    url: `http://127.0.0.1:${address.port}`,
    setFault: (next) => {
      fault = next;
      used = 0;
    },
    clearFault: () => {
      fault = null;
      dropHeld();
    },
    requests,
    close: async () => {
      dropHeld();
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((done) => server.close(() => done()));
      await inner.close();
    },
  };
}
