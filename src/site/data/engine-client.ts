/**
 * The page's side of the engine worker: starts it (its wasm begins compiling at once), sends
 * `engine-protocol.ts` requests and pairs each answer with its request. A worker that dies or
 * sends what cannot be read fails every request still waiting, with a transport error, so the
 * database drops it and starts another (database-connections.ts).
 */
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

/** Starts the engine worker. */
export function startEngine(): EngineClient {
  const worker = new Worker(new URL('./sqlite-engine.worker.ts', import.meta.url), {
    type: 'module',
    name: 'trawl-sqlite',
  });
  const waiting = new Map<
    number,
    { resolve: (value: unknown) => void; fail: (error: Error) => void }
  >();
  let nextId = 1;
  let broken: Error | null = null;

  const failAll = (error: Error): void => {
    broken ??= error;
    for (const { fail } of waiting.values()) fail(error);
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
  worker.onerror = (event: ErrorEvent) => {
    event.preventDefault();
    // Marked as the network's: the worker (its script or its wasm) could not be loaded or run.
    failAll(workerError('NetworkError', `Couldn't load the database engine: ${event.message}`));
  };
  worker.onmessageerror = () => {
    failAll(workerError('NetworkError', "Couldn't read the database engine's answer"));
  };

  return {
    call(request) {
      if (broken !== null) return Promise.reject(broken);
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
