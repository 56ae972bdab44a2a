/**
 * The worker's SQLite, by default: the official wasm build (`@sqlite.org/sqlite-wasm`) with
 * the site's HTTP VFS in JavaScript (sqlite-http-vfs.ts). A site built with
 * `TRAWL_ENGINE=own` gets worker-engine-own.ts in this module's place (vite.config.ts,
 * decision 0080); both export `startEngine` of the same type.
 */
import sqlite3InitModule from '@sqlite.org/sqlite-wasm';
import wasmUrl from '@sqlite.org/sqlite-wasm/sqlite3.wasm?url';
import { instantiateEngineWasm } from './engine-wasm.ts';
import { installHttpVfs, type Sqlite3 } from './sqlite-http-vfs.ts';
import type { StartEngine } from './worker-engine-types.ts';

// None of the library's storage back-ends is used (OPFS would need COOP/COEP, kvvfs is local
// storage): it skips setting them up, and what it would report on the console stays quiet.
Reflect.set(globalThis, 'sqlite3ApiConfig', {
  warn: () => undefined,
  log: () => undefined,
  debug: () => undefined,
  error: () => undefined,
  disable: {
    vfs: { kvvfs: true, opfs: true, 'opfs-vfs': true, 'opfs-sahpool': true, 'opfs-wl': true },
  },
});

/** What Emscripten's `instantiateWasm` hook gives and expects (the library's typings omit it). */
type InstantiateWasm = (
  imports: WebAssembly.Imports,
  receive: (instance: WebAssembly.Instance, module: WebAssembly.Module) => void,
) => object;

/**
 * The library's init with Emscripten's module options, which it passes on: a function of no
 * parameters is one of one parameter that ignores it, so the typings' narrower signature fits.
 */
const initWithOptions: (options: { instantiateWasm: InstantiateWasm }) => Promise<Sqlite3> =
  sqlite3InitModule;

/**
 * SQLite, started with the wasm checked by `instantiateEngineWasm`. The library waits for
 * `receive` and never hears of a failure, so a failure settles the race through `failed`.
 */
function startSqlite(): Promise<Sqlite3> {
  let fail: (error: unknown) => void = () => undefined;
  const failed = new Promise<never>((_resolve, reject) => {
    fail = reject;
  });
  const started = initWithOptions({
    instantiateWasm(imports, receive) {
      instantiateEngineWasm(wasmUrl, imports).then(
        ({ instance, module }) => receive(instance, module),
        fail,
      );
      return {};
    },
  });
  return Promise.race([started, failed]);
}

export const startEngine: StartEngine = async () => {
  const sqlite3 = await startSqlite();
  return (pages) => installHttpVfs(sqlite3, pages);
};
