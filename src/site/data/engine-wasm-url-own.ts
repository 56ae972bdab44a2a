/**
 * The URL of Trawl's own SQLite wasm (scripts/build-engine.sh), in engine-wasm-url.ts's place
 * where the site is built with `TRAWL_ENGINE=own` (vite.config.ts, decision 0080).
 */
import wasmUrl from './sqlite3-trawl.wasm?url';

export const ENGINE_WASM_URL: string = wasmUrl;
