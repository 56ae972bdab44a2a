/**
 * How the site tells database failures apart. Transport and corruption errors come from the
 * HTTP layer under SQLite (a failed or short range request, a host that ignores Range or
 * compresses the file): they need a fresh worker and say 'Problem while searching'. Anything
 * else is a query error whose message the search card shows.
 */
import { createTexts, type Texts } from '../../core/messages/message-format.ts';
import { engineFileProblemIn, type EngineFileProblem } from './engine-files.ts';
import { badResponseMessage } from './host-messages.ts';

/**
 * 'transport': HTTP or storage below SQLite; 'timeout': no answer in time; 'query': SQLite said
 * no; 'host': the site's host or its published files are wrong, and the message says how;
 * 'engine': one of the engine's own files (worker script, wasm) could not be used, and
 * `engineFile` says which and how.
 */
export type DatabaseErrorKind = 'transport' | 'timeout' | 'query' | 'host' | 'engine';

/** An error from the database module, with its kind. */
export class DatabaseError extends Error {
  override name = 'DatabaseError';
  readonly kind: DatabaseErrorKind;
  /** With kind 'engine': the file that failed, and how. */
  readonly engineFile: EngineFileProblem | undefined;

  constructor(
    kind: DatabaseErrorKind,
    message: string,
    options?: { cause?: unknown; engineFile?: EngineFileProblem },
  ) {
    super(message, options);
    this.kind = kind;
    this.engineFile = options?.engineFile;
  }
}

/** The English texts, for callers outside the interface (logs, tests). */
const ENGLISH = createTexts('en');

/** Message fragments of failures below SQLite (sql.js-httpvfs, Emscripten's FS, SQLite I/O). */
export const TRANSPORT_ERROR_MARKERS = [
  'doXHR failed',
  'database disk image is malformed',
  'recursively defined fts5 content table',
  "Couldn't load",
  'xhr did not return',
  'bytes available! programmer error',
  'invalid range',
  'disk I/O error',
  'NetworkError',
  // A synchronous range request the network failed (connection reset, response cut off).
  "Failed to execute 'send' on 'XMLHttpRequest'",
  'Failed to fetch',
  'file is not a database',
  'Could not load httpvfs config',
] as const;

/** The message of anything thrown. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  return String(error);
}

/** Classifies anything thrown by the worker or the network. */
export function classifyDatabaseError(error: unknown): DatabaseErrorKind {
  if (error instanceof DatabaseError) return error.kind;
  // An engine file that failed: retrying on the same page fetches it again, to the same end.
  if (engineFileProblemIn(errorMessage(error)) !== null) return 'engine';
  // The worker's check of a response: the host answered wrongly, and the message says how.
  if (badResponseMessage(errorMessage(error)) !== null) return 'host';
  // The browser's network failures, whatever their message (the worker keeps their name).
  if (error instanceof Error && error.name === 'NetworkError') return 'transport';
  const message = errorMessage(error);
  return TRANSPORT_ERROR_MARKERS.some((marker) => message.includes(marker)) ? 'transport' : 'query';
}

/** Wraps anything thrown into a DatabaseError with its kind. */
export function toDatabaseError(error: unknown): DatabaseError {
  if (error instanceof DatabaseError) return error;
  const engineFile = engineFileProblemIn(errorMessage(error));
  if (engineFile !== null) {
    return new DatabaseError('engine', engineFileSummary(engineFile), { cause: error, engineFile });
  }
  const badResponse = badResponseMessage(errorMessage(error));
  if (badResponse !== null) return new DatabaseError('host', badResponse, { cause: error });
  return new DatabaseError(classifyDatabaseError(error), errorMessage(error), { cause: error });
}

/** Whether the worker must be re-created after this error. */
export function needsNewWorker(error: unknown): boolean {
  const kind = classifyDatabaseError(error);
  return kind === 'transport' || kind === 'timeout' || kind === 'host' || kind === 'engine';
}

/** An engine file's problem in English, for logs (the visitor reads it from the catalogue). */
function engineFileSummary({ file, problem, got }: EngineFileProblem): string {
  switch (problem) {
    case 'status':
      return `The search engine's file ${file} could not be downloaded (HTTP ${got})`;
    case 'network':
      return `The search engine's file ${file} could not be downloaded (${got || 'network error'})`;
    case 'wrong-type':
      return `The search engine's file ${file} came as ${got}, not as the file itself`;
    case 'start':
      return `The search engine did not start from ${file}: ${got}`;
  }
}

/**
 * The message a visitor sees for a failure to load the site's data, when it says something
 * useful (which of the engine's files failed, in `text`'s language; what is wrong with the
 * host; or that it timed out); null for other failures.
 */
export function hostProblemMessage(
  error: unknown,
  text: Texts['text'] = ENGLISH.text,
): string | null {
  if (!(error instanceof DatabaseError)) return null;
  if (error.engineFile !== undefined) return engineFileText(error.engineFile, text);
  return error.kind === 'host' || error.kind === 'timeout' ? error.message : null;
}

/** What a visitor reads about an engine file that failed, in the show's language. */
export function engineFileText(
  { file, problem, got }: EngineFileProblem,
  text: Texts['text'],
): string {
  switch (problem) {
    case 'status':
      return text('engine.fileStatus', { file, status: got });
    case 'network':
      return text('engine.fileNetwork', { file });
    case 'wrong-type':
      return text('engine.fileWrongType', { file, type: got });
    case 'start':
      return text('engine.start', { file });
  }
}

/** Rejects with a timeout DatabaseError if `promise` has not settled within `ms`. */
export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new DatabaseError('timeout', `Timed out after ${Math.round(ms / 1000)} s: ${what}`));
    }, ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(errorMessage(error)));
      },
    );
  });
}
