/**
 * The search engine's own files (the worker script and SQLite's wasm) and what is wrong when
 * one of them cannot be used (issue 26, defect 11). A failed download is told apart at once
 * from its status or its body, and the visitor is told which file failed and how, instead of
 * waiting for a timeout: a missing file, a host error, or a host that answers a missing asset
 * with its index.html.
 *
 * The worker reports a failure as `ENGINE_FILE_MARKER` + JSON in an error's message (an Error
 * crosses the worker boundary as its name and message only); the page reads it back with
 * `engineFileProblemIn`.
 */
import { z } from 'zod/mini';

/** Starts the message of an error about an engine file: JSON follows. */
export const ENGINE_FILE_MARKER = 'trawl-engine-file ';

/** The error name the worker gives a failed engine file. */
export const ENGINE_FILE_ERROR = 'EngineFileError';

const engineFileProblemSchema = z.object({
  /** The file's path on the site (`/assets/sqlite3-…wasm`), or its URL when not on the page's origin. */
  file: z.string().check(z.maxLength(2000)),
  /**
   * 'status': the host answered with an error status (`got` is it); 'network': no answer at
   * all; 'wrong-type': the host sent something else (`got` is its Content-Type); 'start': the
   * file arrived whole but the engine did not start from it (`got` is why).
   */
  problem: z.enum(['status', 'network', 'wrong-type', 'start']),
  got: z.string().check(z.maxLength(500)),
});

/** What is wrong with one of the engine's files. */
export type EngineFileProblem = z.infer<typeof engineFileProblemSchema>;

/** The file's path when it is on `origin` (what a visitor or a host's owner recognises). */
export function displayedFile(url: string, origin: string): string {
  try {
    const parsed = new URL(url);
    return parsed.origin === origin ? parsed.pathname : parsed.href;
  } catch {
    return url;
  }
}

/** An Error carrying `problem`, as the worker throws it and the page reads it. */
export function engineFileError(problem: EngineFileProblem): Error {
  const error = new Error(`${ENGINE_FILE_MARKER}${JSON.stringify(problem)}`);
  error.name = ENGINE_FILE_ERROR;
  return error;
}

/** The problem an engine-file error message carries, or null for any other message. */
export function engineFileProblemIn(message: string): EngineFileProblem | null {
  const at = message.indexOf(ENGINE_FILE_MARKER);
  if (at === -1) return null;
  let report: unknown;
  try {
    report = JSON.parse(message.slice(at + ENGINE_FILE_MARKER.length));
  } catch {
    return null;
  }
  const parsed = engineFileProblemSchema.safeParse(report);
  return parsed.success ? parsed.data : null;
}

/** The first bytes of every WebAssembly module: `\0asm`. */
const WASM_MAGIC = [0x00, 0x61, 0x73, 0x6d] as const;

/** Whether `bytes` begin as a WebAssembly module does. */
export function looksLikeWasm(bytes: Uint8Array): boolean {
  return WASM_MAGIC.every((byte, index) => bytes[index] === byte);
}

/** The media type of a Content-Type header, lower-cased, without parameters ('' when none). */
export function mediaType(contentType: string | null): string {
  return (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

/** Whether a Content-Type is one a browser runs a module worker script from. */
export function isScriptType(contentType: string | null): boolean {
  const type = mediaType(contentType);
  return (
    type === 'text/javascript' ||
    type === 'application/javascript' ||
    type.endsWith('+javascript') ||
    type === 'application/ecmascript' ||
    type === 'text/ecmascript'
  );
}

/**
 * What is wrong with a downloaded engine file, from its answer alone, or null when it may be
 * right. `kind` says what the file must be; a wasm's first bytes are checked by the caller
 * (`looksLikeWasm`), since a host may label it application/octet-stream.
 */
export function answerProblem(
  file: string,
  answer: { status: number; contentType: string | null },
  kind: 'script' | 'wasm',
): EngineFileProblem | null {
  if (answer.status < 200 || answer.status > 299) {
    return { file, problem: 'status', got: String(answer.status) };
  }
  if (kind === 'script' && !isScriptType(answer.contentType)) {
    return { file, problem: 'wrong-type', got: mediaType(answer.contentType) || 'no type' };
  }
  // An HTML page where the wasm should be: a host that answers missing files with its index.
  if (kind === 'wasm' && mediaType(answer.contentType) === 'text/html') {
    return { file, problem: 'wrong-type', got: 'text/html' };
  }
  return null;
}
