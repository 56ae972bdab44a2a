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
 * request the host has not begun to answer once the engine is ready gets `WARM_WAITS.answerMs`
 * more, then is cancelled, so a stalled host costs the open that much and no more; a body
 * still arriving is waited for (a slow network's burst still beats asking again), at most
 * `WARM_WAITS.bodyMs`.
 */
import { chunkAt, chunkSize, type ChunkLayout } from '../../core/chunk-layout.ts';
import { pagesOfRuns, pageRuns, type PageRun } from '../../core/warm-pages.ts';
import { checkAnswer, type HttpPages } from './http-pages.ts';

/** One request of the burst: inclusive bytes of one chunk file, from page `first` (0-based). */
export interface WarmRequest {
  url: string;
  start: number;
  end: number;
  fileSize: number;
  first: number;
  /** How the HTTP cache takes part (default 'no-store', see `fetchWarmRange`). */
  cache?: RequestCache;
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
   * Waits for the burst, cancels what is still in flight (below) and hands what arrived whole
   * and right to `pages`.
   */
  primeInto(pages: Pick<HttpPages, 'prime'>, waits?: Partial<WarmWaits>): Promise<void>;
  /** Cancels the burst; nothing more arrives. */
  cancel(): void;
}

/** How long `primeInto` waits, from its call (the engine is ready by then). */
export interface WarmWaits {
  /** For a request the host has not begun to answer: then it is stalled, and cancelled. */
  answerMs: number;
  /** For a body still arriving: a slow network's burst is still the quickest way to its pages. */
  bodyMs: number;
}

export const WARM_WAITS: WarmWaits = { answerMs: 1_000, bodyMs: 10_000 };

/**
 * Answers fetched by someone else (the page, decision 0068; `PageWarmAnswers`): a request's
 * answer as a fetch would give it, or null when it is not theirs to give.
 */
export interface WarmSource {
  take(request: WarmRequest, signal: AbortSignal): Promise<Response> | null;
}

/**
 * Fetches one request of the burst, from the worker or from the page (decision 0068): past the
 * HTTP cache unless the request says otherwise, because Chromium's cache lets one request at a
 * time write an entry, so ranges of one chunk file would come one after another, not in
 * parallel.
 */
export function fetchWarmRange(
  request: WarmRequest,
  signal: AbortSignal,
  fetchImpl: typeof fetch = fetch,
): Promise<Response> {
  return fetchImpl(request.url, {
    headers: { Range: `bytes=${request.start}-${request.end}` },
    credentials: 'same-origin',
    cache: request.cache ?? 'no-store',
    signal,
  });
}

/** One request in flight: cancelled alone when its host has not answered in time. */
interface InFlight {
  abort: AbortController;
  answered: boolean;
  done: Promise<void>;
}

/** Fetches one request's bytes, or null when the answer is anything but exactly them. */
async function fetchWarm(
  request: WarmRequest,
  fetchImpl: typeof fetch,
  fromPage: WarmSource | undefined,
  flight: Pick<InFlight, 'abort' | 'answered'>,
): Promise<{ first: number; body: Uint8Array } | null> {
  try {
    // The page may have fetched it already (decision 0068): its answer is checked the same way.
    const response = await (fromPage?.take(request, flight.abort.signal) ??
      fetchWarmRange(request, flight.abort.signal, fetchImpl));
    flight.answered = true;
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

/** Settles when `promise` does or after `ms`, whichever is first. */
async function within(promise: Promise<unknown>, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([promise, new Promise((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}

/**
 * Starts fetching `requests` in parallel; those the page fetches for the worker (`fromPage`)
 * are taken from it instead.
 */
export function startWarmBurst(
  requests: readonly WarmRequest[],
  fetchImpl: typeof fetch = fetch,
  fromPage?: WarmSource,
): WarmBurst {
  const arrived: { first: number; body: Uint8Array }[] = [];
  let cancelled = false;
  const flights = requests.map((request): InFlight => {
    const flight = { abort: new AbortController(), answered: false };
    const done = fetchWarm(request, fetchImpl, fromPage, flight).then((answer) => {
      if (answer !== null && !cancelled) arrived.push(answer);
    });
    return Object.assign(flight, { done });
  });
  const all = Promise.all(flights.map(({ done }) => done));
  const cancel = (): void => {
    cancelled = true;
    for (const { abort } of flights) abort.abort();
  };
  return {
    async primeInto(pages, waits = {}) {
      const { answerMs, bodyMs } = { ...WARM_WAITS, ...waits };
      await within(all, answerMs);
      for (const flight of flights) if (!flight.answered) flight.abort.abort();
      await within(all, bodyMs);
      const kept = cancelled ? [] : arrived.splice(0);
      cancel();
      for (const { first, body } of kept) pages.prime(first, body);
    },
    cancel() {
      cancel();
      arrived.length = 0;
    },
  };
}
