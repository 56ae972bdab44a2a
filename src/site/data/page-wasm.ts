/**
 * SQLite's wasm compiled by the page for the engine's worker (decision 0073). The worker's
 * thread asks for the wasm only once its own 90 KB script has arrived and run, and then compiles
 * it: on a phone or a busy machine that script's run alone takes 0.3–0.8 s. The page starts the
 * wasm's download at the visitor's first interaction, compiles it as it arrives
 * (`WebAssembly.compileStreaming`, off the main thread) and posts the compiled module to the
 * worker, which only instantiates it.
 *
 * Everything here is a hint. A worker started for it (named `PAGE_WASM_WORKER_NAME`) waits for
 * exactly one `wasm-module` message; a missing file, a page of HTML, a compressed or garbled
 * answer or a network error sends `module: null`, and the worker fetches and checks the wasm
 * itself, as a worker started without the page's help always does, so every failure is
 * reported as before (engine-files.ts).
 */
import { mediaType } from './engine-files.ts';

/** The name of a worker whose page sends it the compiled wasm; any other name fetches it. */
export const PAGE_WASM_WORKER_NAME = 'trawl-sqlite page-wasm';

/** The page's one message about the wasm: the compiled module, or null to fetch it anyway. */
export interface WasmModuleMessage {
  type: 'wasm-module';
  module: WebAssembly.Module | null;
}

/** The page's message with the compiled wasm (or none). */
export function isWasmModuleMessage(value: unknown): value is WasmModuleMessage {
  if (typeof value !== 'object' || value === null) return false;
  if (Reflect.get(value, 'type') !== 'wasm-module') return false;
  const module: unknown = Reflect.get(value, 'module');
  return module === null || module instanceof WebAssembly.Module;
}

/** True where the page can compile the wasm while it downloads. */
export function canCompileOnPage(): boolean {
  return typeof WebAssembly === 'object' && typeof WebAssembly.compileStreaming === 'function';
}

/**
 * Downloads and compiles the wasm at `url`, or settles with null for anything but a whole,
 * valid wasm sent as `application/wasm` (the worker then fetches it and says what is wrong).
 * Never rejects.
 */
export async function compileWasm(
  url: string,
  signal: AbortSignal,
  fetchImpl: typeof fetch = fetch,
): Promise<WebAssembly.Module | null> {
  try {
    const response = await fetchImpl(url, { credentials: 'same-origin', signal });
    if (!response.ok || mediaType(response.headers.get('Content-Type')) !== 'application/wasm') {
      await response.body?.cancel();
      return null;
    }
    return await WebAssembly.compileStreaming(response);
  } catch {
    return null;
  }
}

/**
 * Downloads the worker's script into the HTTP cache, where the worker's own request for it
 * finds it (decision 0073): asked for alone and first, it arrives before the wasm, so the
 * script runs while the wasm downloads. Settles when the body is in or the request failed.
 */
export async function fetchScript(
  url: string,
  signal: AbortSignal,
  fetchImpl: typeof fetch = fetch,
): Promise<void> {
  try {
    const response = await fetchImpl(url, { credentials: 'same-origin', signal, priority: 'high' });
    await response.arrayBuffer();
  } catch {
    // The worker asks for its script itself and reports what is wrong with it.
  }
}

/**
 * The worker's side: the module the page sends, once. `receive` is given every message; it
 * keeps the first `wasm-module` one and says whether it took the message.
 */
export class PageWasm {
  readonly module: Promise<WebAssembly.Module | null>;
  private settle: (module: WebAssembly.Module | null) => void = () => undefined;

  constructor() {
    this.module = new Promise((resolve) => {
      this.settle = resolve;
    });
  }

  receive(message: unknown): boolean {
    if (!isWasmModuleMessage(message)) return false;
    this.settle(message.module);
    this.settle = () => undefined;
    return true;
  }
}

/** A compiled module and its instance, as Emscripten's `instantiateWasm` hook hands them on. */
export interface InstantiatedWasm {
  instance: WebAssembly.Instance;
  module: WebAssembly.Module;
}

/**
 * The page's module instantiated with `imports`; when there is none to wait for (`pageModule`
 * null), the page sent none, or it cannot be instantiated with them, `fetchOwn`: the worker's
 * own download, whose checks say what is wrong.
 */
export async function instantiateWithPageModule(
  pageModule: Promise<WebAssembly.Module | null> | null,
  imports: WebAssembly.Imports,
  fetchOwn: (imports: WebAssembly.Imports) => Promise<InstantiatedWasm>,
): Promise<InstantiatedWasm> {
  const module = pageModule === null ? null : await pageModule;
  if (module !== null) {
    try {
      return { instance: await WebAssembly.instantiate(module, imports), module };
    } catch {
      // Fetched and reported by `fetchOwn`, as for a worker on its own.
    }
  }
  return fetchOwn(imports);
}
