/**
 * The URL of the worker's wasm, which the page prefetches beside the worker's script
 * (engine-client.ts) and the worker downloads: the official build's by default;
 * engine-wasm-url-own.ts takes this module's place where the site is built with
 * `TRAWL_ENGINE=own` (vite.config.ts, decision 0080).
 */
import wasmUrl from '@sqlite.org/sqlite-wasm/sqlite3.wasm?url';

export const ENGINE_WASM_URL: string = wasmUrl;
