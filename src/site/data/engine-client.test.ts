import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { EARLY_ENGINE_PROPERTY } from '../../core/early-search.ts';
import { ENGINE_FILE_ERROR, engineFileProblemIn } from './engine-files.ts';
import { prestartEngine, startEngine } from './engine-client.ts';

// Which worker the page's engine runs on (decision 0054): one started ahead of the first query
// (by the page's early script or by prestartEngine) is adopted once; jsdom has no Worker, so a
// stand-in records what was started and answers nothing.

const started: FakeWorker[] = [];

class FakeWorker extends EventTarget {
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  onmessageerror: (() => void) | null = null;
  readonly posted: unknown[] = [];
  readonly transfers: Transferable[][] = [];
  terminated = false;

  constructor(
    readonly url: string,
    readonly options: WorkerOptions,
  ) {
    super();
    started.push(this);
  }

  postMessage(message: unknown, transfer: Transferable[] = []): void {
    this.posted.push(message);
    this.transfers.push(transfer);
  }

  terminate(): void {
    this.terminated = true;
  }
}

/** Ends whatever the test started, so the next test's first engine takes nothing left over. */
function endAll(): void {
  for (const client of clients.splice(0)) client.terminate();
}
const clients: { terminate(): void }[] = [];

function start(): ReturnType<typeof startEngine> {
  const client = startEngine();
  clients.push(client);
  return client;
}

beforeEach(() => {
  started.length = 0;
  vi.stubGlobal('Worker', FakeWorker);
  Reflect.deleteProperty(window, EARLY_ENGINE_PROPERTY);
});

afterEach(() => {
  endAll();
  Reflect.deleteProperty(window, EARLY_ENGINE_PROPERTY);
  document.head.innerHTML = '';
});

describe('the engine’s worker, started ahead of the first query (decision 0054)', () => {
  test('without one started ahead, the engine starts its own module worker', () => {
    const client = start();
    expect(started).toHaveLength(1);
    expect(started[0]?.options).toEqual({ type: 'module', name: 'trawl-sqlite' });
    client.call({ type: 'stats' }).catch(() => undefined);
    expect(started[0]?.posted).toEqual([{ type: 'stats', id: 1 }]);
  });

  test('prestartEngine starts one worker and prefetches its script and the wasm; the first engine adopts it', () => {
    prestartEngine();
    prestartEngine();
    expect(started).toHaveLength(1);
    const prefetched = [...document.head.querySelectorAll('link[rel="prefetch"]')].map(
      (link) => link.getAttribute('href') ?? '',
    );
    expect(prefetched).toHaveLength(2);
    expect(prefetched[0]).toBe(started[0]?.url);
    expect(prefetched[1]).toMatch(/sqlite3.*\.wasm$/);

    const client = start();
    expect(started).toHaveLength(1);
    client.call({ type: 'stats' }).catch(() => undefined);
    expect(started[0]?.posted).toEqual([{ type: 'stats', id: 1 }]);
    // Taken once: a second engine (after the first failed) starts its own.
    start();
    expect(started).toHaveLength(2);
  });

  test('the early script’s worker is adopted when it is this build’s script', () => {
    // This build's script, as the page's meta tag names it (the early script resolves it).
    start();
    const url = new URL(started[0]?.url ?? '', location.href).href;
    endAll();
    started.length = 0;
    const early = new FakeWorker(url, { type: 'module' });
    started.length = 0;
    Reflect.set(window, EARLY_ENGINE_PROPERTY, { worker: early, url, error: null });
    // The app's own start leaves it alone, and the engine adopts it.
    prestartEngine();
    expect(started).toHaveLength(0);
    const client = start();
    expect(started).toHaveLength(0);
    client.call({ type: 'stats' }).catch(() => undefined);
    expect(early.posted).toHaveLength(1);
    expect(Reflect.get(window, EARLY_ENGINE_PROPERTY)).toBeUndefined();
  });

  test('a worker of another script, or anything else on the window, is not used', () => {
    const stranger = new FakeWorker('http://localhost/assets/other.js', { type: 'module' });
    Reflect.set(window, EARLY_ENGINE_PROPERTY, {
      worker: stranger,
      url: stranger.url,
      error: null,
    });
    start();
    expect(stranger.terminated).toBe(true);
    expect(started).toHaveLength(2);

    Reflect.set(window, EARLY_ENGINE_PROPERTY, { worker: 'not a worker', url: '', error: null });
    start();
    expect(started).toHaveLength(3);
  });

  test('a worker that failed before it was adopted fails the first call with the file named', async () => {
    prestartEngine();
    const worker = started[0];
    if (worker === undefined) throw new Error('no worker');
    const failure = new ErrorEvent('error', { message: 'bad script', cancelable: true });
    worker.dispatchEvent(failure);
    expect(failure.defaultPrevented).toBe(true);
    // The page fetches the script again to say why: the host answers 404.
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response('missing', { status: 404 }))),
    );
    const client = start();
    const error = await client.call({ type: 'stats' }).then(
      () => null,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(Error);
    if (!(error instanceof Error)) return;
    expect(error.name).toBe(ENGINE_FILE_ERROR);
    expect(engineFileProblemIn(error.message)).toEqual({
      file: new URL(worker.url, location.href).pathname,
      problem: 'status',
      got: '404',
    });
  });
});

describe('the page’s warm answers (decision 0068)', () => {
  test('go to the worker with their bodies transferred, and not to a worker that was stopped', () => {
    const client = start();
    const worker = started[0];
    const body = new ArrayBuffer(8);
    client.send({ type: 'warm-body', key: 'chunk 0-7', body }, [body]);
    expect(worker?.posted).toEqual([{ type: 'warm-body', key: 'chunk 0-7', body }]);
    expect(worker?.transfers).toEqual([[body]]);
    client.terminate();
    client.send({ type: 'warm-failed', key: 'chunk 0-7' });
    expect(worker?.posted).toHaveLength(1);
  });
});
