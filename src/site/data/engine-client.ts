/**
 * The page's side of the engine worker: starts it (its wasm begins compiling at once), sends
 * `engine-protocol.ts` requests and pairs each answer with its request. A worker that dies or
 * sends what cannot be read fails every request still waiting, with a transport error, so the
 * database drops it and starts another (database-connections.ts). A worker whose script cannot
 * be loaded fails them with the file named (engine-files.ts), at once.
 */
import workerUrl from './sqlite-engine.worker.ts?worker&url';
import {
  answerProblem,
  displayedFile,
  engineFileError,
  type EngineFileProblem,
} from './engine-files.ts';
import { isEngineResponse, type EngineRequest } from './engine-protocol.ts';

/** A request without its id (the client numbers them). */
export type EngineCall = EngineRequest extends infer R
  ? R extends EngineRequest
    ? Omit<R, 'id'>
    : never
  : never;

/** A started engine worker. */
export interface EngineClient {
  call(request: EngineCall): Promise<unknown>;
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

/** Starts the engine worker. */
export function startEngine(): EngineClient {
  const worker = new Worker(workerUrl, { type: 'module', name: 'trawl-sqlite' });
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
  worker.onerror = (event: Event) => {
    event.preventDefault();
    if (broken !== null || failing !== null) return;
    const message = event instanceof ErrorEvent ? event.message : undefined;
    failing = diagnoseWorker(new URL(workerUrl, location.href).href, message);
    void failing.then(failAll);
  };
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
    terminate() {
      worker.terminate();
      failAll(workerError('AbortError', 'The database engine was stopped'));
    },
  };
}
