/**
 * Downloads and instantiates an engine's wasm in the worker, checking the answer before
 * compiling it: a 404 or an HTML page where the wasm should be fails at once with the file
 * named (engine-files.ts), where the official library would retry by synchronous request and
 * end in a bare 'Aborted'. Both engines the worker can be built with start through it
 * (worker-engine.ts, worker-engine-own.ts).
 */
import {
  answerProblem,
  displayedFile,
  engineFileError,
  looksLikeWasm,
  mediaType,
} from './engine-files.ts';

/** The file's name as the visitor is told it (its path on the page's origin). */
export function engineWasmFile(wasmUrl: string): string {
  return displayedFile(new URL(wasmUrl, self.location.href).href, self.location.origin);
}

export async function instantiateEngineWasm(
  wasmUrl: string,
  imports: WebAssembly.Imports,
): Promise<WebAssembly.WebAssemblyInstantiatedSource> {
  const file = engineWasmFile(wasmUrl);
  let response: Response;
  try {
    response = await fetch(wasmUrl, { credentials: 'same-origin' });
  } catch (error) {
    throw engineFileError({ file, problem: 'network', got: errorText(error) });
  }
  const contentType = response.headers.get('Content-Type');
  const problem = answerProblem(file, { status: response.status, contentType }, 'wasm');
  if (problem !== null) throw engineFileError(problem);
  // The usual case compiles while it downloads.
  if (mediaType(contentType) === 'application/wasm') {
    try {
      return await WebAssembly.instantiateStreaming(response, imports);
    } catch (error) {
      throw engineFileError({ file, problem: 'start', got: errorText(error) });
    }
  }
  let bytes: ArrayBuffer;
  try {
    bytes = await response.arrayBuffer();
  } catch (error) {
    throw engineFileError({ file, problem: 'network', got: errorText(error) });
  }
  if (!looksLikeWasm(new Uint8Array(bytes, 0, Math.min(4, bytes.byteLength)))) {
    throw engineFileError({
      file,
      problem: 'wrong-type',
      got: mediaType(contentType) || 'no type',
    });
  }
  try {
    return await WebAssembly.instantiate(bytes, imports);
  } catch (error) {
    throw engineFileError({ file, problem: 'start', got: errorText(error) });
  }
}

export function errorText(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 400);
}
