/**
 * The warm burst started by the page (decision 0068): the page knows the version's config as
 * soon as the first query asks for the database (a pre-rendered page carries it), while the
 * worker hears of it only once its thread has started and run its script, 0.2–2 s later on a
 * phone or a busy machine. So the page fetches the burst's ranges itself and hands each answer
 * to the worker as it comes (its status and the two headers the check reads, then the body,
 * transferred, not copied), and the worker's burst (`warm-burst.ts`) takes them as if it had
 * fetched them: the same checks, the same waits for a stalled host, the same silence when
 * anything is wrong.
 *
 * The worker takes from the page only the requests the open names (`EngineRequest.pageWarm`),
 * each keyed by its chunk URL and byte range: an answer for any other key, a version the
 * worker is not opening, is dropped, so the page can never feed it another version's pages.
 */
import { fetchWarmRange, type WarmRequest } from './warm-burst.ts';

/** What names one request of the burst on both sides: its chunk URL and inclusive bytes. */
export function warmKey(request: Pick<WarmRequest, 'url' | 'start' | 'end'>): string {
  return `${request.url} ${request.start}-${request.end}`;
}

/** A message from the page with one request's answer, in two parts, or its failure. */
export type WarmMessage =
  | {
      type: 'warm-answer';
      key: string;
      status: number;
      contentRange: string | null;
      contentEncoding: string | null;
    }
  | { type: 'warm-body'; key: string; body: ArrayBuffer }
  | { type: 'warm-failed'; key: string };

const isNullableString = (value: unknown): value is string | null =>
  value === null || typeof value === 'string';

/** A message the page sent about its burst. */
export function isWarmMessage(value: unknown): value is WarmMessage {
  if (typeof value !== 'object' || value === null) return false;
  const key: unknown = Reflect.get(value, 'key');
  if (typeof key !== 'string') return false;
  switch (Reflect.get(value, 'type')) {
    case 'warm-answer':
      return (
        Number.isInteger(Reflect.get(value, 'status')) &&
        isNullableString(Reflect.get(value, 'contentRange')) &&
        isNullableString(Reflect.get(value, 'contentEncoding'))
      );
    case 'warm-body':
      return Reflect.get(value, 'body') instanceof ArrayBuffer;
    case 'warm-failed':
      return true;
    default:
      return false;
  }
}

/** The page's side of a burst it runs for the worker. */
export interface PageBurst {
  /** The requests it fetches, as the open names them to the worker. */
  keys: string[];
  /** Cancels what is still in flight (the open has settled: nothing more is needed). */
  cancel(): void;
}

/**
 * Fetches `requests` in parallel from the page and sends each answer to the worker with
 * `send` as it arrives. An answer whose body the worker would refuse anyway (not a 206) is
 * reported failed without reading it.
 */
export function forwardWarmBurst(
  requests: readonly WarmRequest[],
  send: (message: WarmMessage, transfer?: Transferable[]) => void,
  fetchImpl: typeof fetch = fetch,
): PageBurst {
  const abort = new AbortController();
  const forward = async (request: WarmRequest, key: string): Promise<void> => {
    try {
      const response = await fetchWarmRange(request, abort.signal, fetchImpl);
      const contentEncoding = response.headers.get('Content-Encoding');
      send({
        type: 'warm-answer',
        key,
        status: response.status,
        contentRange: response.headers.get('Content-Range'),
        contentEncoding,
      });
      if (response.status !== 206) {
        await response.body?.cancel();
        send({ type: 'warm-failed', key });
        return;
      }
      const body = await response.arrayBuffer();
      send({ type: 'warm-body', key, body }, [body]);
    } catch {
      // The worker's burst then drops this request; SQLite reads the pages itself.
      send({ type: 'warm-failed', key });
    }
  };
  const keys = requests.map((request) => {
    const key = warmKey(request);
    void forward(request, key);
    return key;
  });
  return { keys, cancel: () => abort.abort() };
}

/** One request the worker expects from the page. */
interface Expected {
  response: Promise<Response>;
  answer(response: Response): void;
  fail(error: Error): void;
  /** The body's stream once the answer came. */
  body: ReadableStreamDefaultController<Uint8Array> | null;
  settled: boolean;
}

/** The worker's side: the page's answers for the requests of the open in progress. */
export class PageWarmAnswers {
  private expected = new Map<string, Expected>();

  /** The open's requests that the page fetches; any earlier expectation is dropped. */
  expect(keys: readonly string[]): void {
    for (const old of this.expected.values()) this.end(old, new Error('a new open'));
    this.expected = new Map();
    for (const key of keys) {
      let answer: (response: Response) => void = () => undefined;
      let fail: (error: Error) => void = () => undefined;
      const response = new Promise<Response>((resolve, reject) => {
        answer = resolve;
        fail = reject;
      });
      // Awaited by the burst when it takes the request; a failure before then is not reported.
      response.catch(() => undefined);
      this.expected.set(key, { response, answer, fail, body: null, settled: false });
    }
  }

  /**
   * The page's answer for `request` as a fetch would give it (headers first, the body as it
   * arrives), or null when the page does not fetch it. `signal` gives it up.
   */
  take(request: WarmRequest, signal: AbortSignal): Promise<Response> | null {
    const expected = this.expected.get(warmKey(request));
    if (expected === undefined) return null;
    const stop = (): void => this.end(expected, new DOMException('aborted', 'AbortError'));
    if (signal.aborted) stop();
    else signal.addEventListener('abort', stop, { once: true });
    return expected.response;
  }

  /** Takes one message of the page's burst; one for a request not expected is dropped. */
  receive(message: WarmMessage): void {
    const expected = this.expected.get(message.key);
    if (expected === undefined || expected.settled) return;
    if (message.type === 'warm-failed') {
      this.end(expected, new Error('the page could not fetch it'));
      return;
    }
    if (message.type === 'warm-body') {
      if (expected.body === null) return;
      expected.settled = true;
      expected.body.enqueue(new Uint8Array(message.body));
      expected.body.close();
      return;
    }
    if (expected.body !== null) return;
    const headers = new Headers();
    if (message.contentRange !== null) headers.set('Content-Range', message.contentRange);
    if (message.contentEncoding !== null) headers.set('Content-Encoding', message.contentEncoding);
    let response: Response;
    try {
      const stream = new ReadableStream<Uint8Array>({
        start: (controller) => {
          expected.body = controller;
        },
      });
      response = new Response(stream, { status: message.status, headers });
    } catch (error) {
      // A status a response cannot have with a body (204, 304, out of range).
      expected.body = null;
      this.end(expected, error instanceof Error ? error : new Error(String(error)));
      return;
    }
    expected.answer(response);
  }

  private end(expected: Expected, error: Error): void {
    if (expected.settled) return;
    expected.settled = true;
    if (expected.body !== null) expected.body.error(error);
    else expected.fail(error);
  }
}
