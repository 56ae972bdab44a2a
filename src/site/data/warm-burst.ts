/**
 * The engine's warm burst (decision 0066): the pages every search reads first, which the
 * builder recorded in the version's config (`DbConfig.warmPages`, `src/core/warm-pages.ts`),
 * asked for in parallel as soon as the worker is told the version, while its wasm still
 * downloads and compiles. SQLite would ask for them one at a time, each after the last had
 * arrived.
 *
 * A hint, never a new way to fail: an answer that is not exactly the bytes asked for (a 404,
 * a whole file, compressed, cut short) or a request that fails is dropped without a word, and
 * SQLite's own read of those pages then meets the problem and reports it as it always has. A
 * burst still waiting when the engine is ready gets `graceMs` more, then is cancelled, so a
 * stalled host costs the open that much and no more.
 */
import { chunkAt, chunkSize, type ChunkLayout } from '../../core/chunk-layout.ts';
import { pagesOfRuns, pageRuns, type PageRun } from '../../core/warm-pages.ts';
import { checkAnswer, type HttpPages } from './http-pages.ts';

/** How long a burst still in flight may hold the open once the engine is ready. */
export const WARM_GRACE_MS = 500;

/** One request of the burst: inclusive bytes of one chunk file, from page `first` (0-based). */
export interface WarmRequest {
  url: string;
  start: number;
  end: number;
  fileSize: number;
  first: number;
}

/**
 * The burst's requests for `runs` (SQLite's page numbers, 1-based): one per run of pages
 * within one chunk file, never past the database's end.
 */
export function warmRequests(
  runs: readonly PageRun[],
  layout: ChunkLayout,
  pageSize: number,
  pages: Pick<HttpPages, 'chunkUrl'>,
): WarmRequest[] {
  const lastPage = Math.ceil(layout.databaseLengthBytes / pageSize);
  // SQLite's page n is the file's bytes from (n - 1) × page size.
  const wanted = pagesOfRuns(pageRuns(pagesOfRuns(runs))).filter((page) => page <= lastPage);
  const requests: WarmRequest[] = [];
  for (const [first, count] of pageRuns(wanted)) {
    for (let page = first - 1; page < first - 1 + count;) {
      const { index, offset } = chunkAt(layout, page * pageSize);
      const fileSize = chunkSize(layout, index);
      const inFile = Math.min(first - 1 + count - page, Math.ceil((fileSize - offset) / pageSize));
      const end = Math.min(offset + inFile * pageSize, fileSize) - 1;
      requests.push({ url: pages.chunkUrl(index), start: offset, end, fileSize, first: page });
      page += inFile;
    }
  }
  return requests;
}

/** A started burst. */
export interface WarmBurst {
  /**
   * Waits for the burst (at most `graceMs` once called), cancels what is still in flight and
   * hands what arrived whole and right to `pages`.
   */
  primeInto(pages: Pick<HttpPages, 'prime'>, graceMs?: number): Promise<void>;
  /** Cancels the burst; nothing more arrives. */
  cancel(): void;
}

/** Fetches one request's bytes, or null when the answer is anything but exactly them. */
async function fetchWarm(
  request: WarmRequest,
  fetchImpl: typeof fetch,
  signal: AbortSignal,
): Promise<{ first: number; body: Uint8Array } | null> {
  try {
    const response = await fetchImpl(request.url, {
      headers: { Range: `bytes=${request.start}-${request.end}` },
      credentials: 'same-origin',
      // Past the HTTP cache: Chromium's cache lets one request at a time write an entry, so
      // ranges of one chunk file would come one after another, not in parallel.
      cache: 'no-store',
      signal,
    });
    const body = new Uint8Array(await response.arrayBuffer());
    checkAnswer(
      { status: response.status, header: (name) => response.headers.get(name), body },
      request.url,
      request.start,
      request.end,
      request.fileSize,
    );
    return { first: request.first, body };
  } catch {
    // SQLite's own read of these pages will meet whatever this was, and say so.
    return null;
  }
}

/** Starts fetching `requests` in parallel. */
export function startWarmBurst(
  requests: readonly WarmRequest[],
  fetchImpl: typeof fetch = fetch,
): WarmBurst {
  const abort = new AbortController();
  const arrived: { first: number; body: Uint8Array }[] = [];
  const all = Promise.all(
    requests.map(async (request) => {
      const answer = await fetchWarm(request, fetchImpl, abort.signal);
      if (answer !== null && !abort.signal.aborted) arrived.push(answer);
    }),
  );
  return {
    async primeInto(pages, graceMs = WARM_GRACE_MS) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const grace = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, graceMs);
      });
      await Promise.race([all, grace]);
      clearTimeout(timer);
      abort.abort();
      for (const { first, body } of arrived.splice(0)) pages.prime(first, body);
    },
    cancel() {
      abort.abort();
      arrived.length = 0;
    },
  };
}
