/**
 * The page's side of the engine worker: starts it (its wasm begins compiling at once), sends
 * `engine-protocol.ts` requests and pairs each answer with its request. A worker that dies or
 * sends what cannot be read fails every request still waiting, with a transport error, so the
 * database drops it and starts another (database-connections.ts). A worker whose script cannot
 * be loaded fails them with the file named (engine-files.ts), at once.
 */
import workerUrl from './sqlite-engine.worker.ts?worker&url';
// The official build's wasm, or Trawl's own where the site was built with TRAWL_ENGINE=own.
import { ENGINE_WASM_URL as wasmUrl } from './engine-wasm-url.ts';
import {
  answerProblem,
  displayedFile,
  engineFileError,
  type EngineFileProblem,
} from './engine-files.ts';
import { isEngineResponse, type EngineRequest } from './engine-protocol.ts';
import type { WarmMessage } from './page-warm.ts';
import { EARLY_ENGINE_PROPERTY } from '../../core/early-search.ts';

/** A request without its id (the client numbers them). */
export type EngineCall = EngineRequest extends infer R
  ? R extends EngineRequest
    ? Omit<R, 'id'>
    : never
  : never;

/** A started engine worker. */
export interface EngineClient {
  call(request: EngineCall): Promise<unknown>;
  /** Sends the worker the page's warm answers (page-warm.ts), the bodies transferred. */
  send(message: WarmMessage, transfer?: Transferable[]): void;
  /** Ends the worker at once; requests still waiting fail. */
  terminate(): void;
}

/** An error the worker reported, with the name it had there (`NetworkError`, `SQLite3Error`). */
function workerError(name: string, message: string): Error {
  const error = new Error(message);
  error.name = name;
  return error;
}

/**
 * Why the worker could not start, named: its script fetched again (from the HTTP cache, most
 * often) and its answer checked. A script that arrives whole and still fails is the engine's
 * own failure, reported with the browser's message.
 */
async function diagnoseWorker(url: string, message: string | undefined): Promise<Error> {
  const file = displayedFile(url, location.origin);
  let problem: EngineFileProblem | null;
  try {
    const response = await fetch(url, { credentials: 'same-origin' });
    problem = answerProblem(
      file,
      { status: response.status, contentType: response.headers.get('Content-Type') },
      'script',
    );
    // The body is not needed, only the status and type.
    await response.body?.cancel();
  } catch (error) {
    problem = { file, problem: 'network', got: error instanceof Error ? error.message : '' };
  }
  return engineFileError(problem ?? { file, problem: 'start', got: message ?? '' });
}

/** The worker the page's early script started, as it leaves it on the window. */
interface EarlyEngine {
  worker: Worker;
  url: string;
  /** The message of an `error` event the worker fired before the app took it. */
  error: string | null;
}

function isEarlyEngine(value: unknown): value is EarlyEngine {
  if (typeof value !== 'object' || value === null) return false;
  const error: unknown = Reflect.get(value, 'error');
  return (
    typeof Worker !== 'undefined' &&
    Reflect.get(value, 'worker') instanceof Worker &&
    typeof Reflect.get(value, 'url') === 'string' &&
    (error === null || typeof error === 'string')
  );
}

/** The worker `prestartEngine` started, until an engine adopts it. */
let prestarted: EarlyEngine | null = null;

/**
 * The worker started ahead of the first query (decision 0054), by `prestartEngine` or by the
 * page's early script at the visitor's first interaction, taken once: the first engine adopts
 * it, any later one starts its own. One started from another script than this build's is
 * ended and not used.
 */
function takeEarlyWorker(url: string): EarlyEngine | null {
  if (prestarted !== null) {
    const taken = prestarted;
    prestarted = null;
    return taken;
  }
  const early: unknown = Reflect.get(globalThis, EARLY_ENGINE_PROPERTY);
  if (early === undefined) return null;
  Reflect.deleteProperty(globalThis, EARLY_ENGINE_PROPERTY);
  if (!isEarlyEngine(early)) return null;
  if (early.url === url) return early;
  early.worker.terminate();
  return null;
}

/**
 * Starts the engine's worker now, for the first query to adopt, unless the page's early script
 * already has (decision 0054): called at the visitor's first interaction, so the wasm downloads
 * and compiles while the app answers it. The wasm and the worker's script are prefetched from
 * the page as well: the worker's thread asks for its script, then the wasm, only once it has
 * started, which a busy machine delays.
 */
export function prestartEngine(): void {
  if (prestarted !== null || Reflect.get(globalThis, EARLY_ENGINE_PROPERTY) !== undefined) return;
  for (const href of [workerUrl, wasmUrl]) {
    const link = document.createElement('link');
    link.rel = 'prefetch';
    link.href = href;
    document.head.append(link);
  }
  const worker = new Worker(workerUrl, { type: 'module', name: 'trawl-sqlite' });
  const started: EarlyEngine = { worker, url: new URL(workerUrl, location.href).href, error: null };
  worker.addEventListener('error', (event) => {
    event.preventDefault();
    started.error ??= event instanceof ErrorEvent ? event.message : '';
  });
  prestarted = started;
}

/** Starts the engine worker, or adopts the one started ahead of it. */
export function startEngine(): EngineClient {
  const url = new URL(workerUrl, location.href).href;
  const early = takeEarlyWorker(url);
  const worker = early?.worker ?? new Worker(workerUrl, { type: 'module', name: 'trawl-sqlite' });
  const waiting = new Map<
    number,
    { resolve: (value: unknown) => void; fail: (error: Error) => void }
  >();
  let nextId = 1;
  let broken: Error | null = null;
  // Set from a failed start until its cause is known: calls made meanwhile fail with it.
  let failing: Promise<Error> | null = null;

  const failAll = (error: Error): void => {
    broken ??= error;
    for (const { fail } of waiting.values()) fail(broken);
    waiting.clear();
  };

  worker.onmessage = (event: MessageEvent<unknown>) => {
    const response = event.data;
    if (!isEngineResponse(response)) return;
    const pending = waiting.get(response.id);
    if (pending === undefined) return;
    waiting.delete(response.id);
    if (response.ok) pending.resolve(response.value);
    else pending.fail(workerError(response.name, response.message));
  };
  // The worker's script could not be loaded or run (a missing or wrong file fires this at once,
  // before any message). A plain Event carries no message; an ErrorEvent does.
  const onError = (message: string | undefined): void => {
    if (broken !== null || failing !== null) return;
    failing = diagnoseWorker(url, message);
    void failing.then(failAll);
  };
  worker.onerror = (event: Event) => {
    event.preventDefault();
    onError(event instanceof ErrorEvent ? event.message : undefined);
  };
  // It failed before the app took it: the same report, at once.
  if (early !== null && early.error !== null) onError(early.error || undefined);
  worker.onmessageerror = () => {
    failAll(workerError('NetworkError', "Couldn't read the database engine's answer"));
  };

  return {
    call(request) {
      if (broken !== null) return Promise.reject(broken);
      if (failing !== null) return failing.then((error) => Promise.reject(error));
      const id = nextId;
      nextId += 1;
      return new Promise((resolve, fail) => {
        waiting.set(id, { resolve, fail });
        worker.postMessage({ ...request, id });
      });
    },
    send(message, transfer = []) {
      if (broken === null) worker.postMessage(message, transfer);
    },
    terminate() {
      worker.terminate();
      failAll(workerError('AbortError', 'The database engine was stopped'));
    },
  };
}
