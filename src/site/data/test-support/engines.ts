/* eslint-disable no-restricted-imports --
 * Node only, never bundled: the two SQLite wasm builds the worker can start (decision 0080),
 * each loaded in Node from the file the site ships, so the engine's tests run on both. */
import { readFile } from 'node:fs/promises';
import sqlite3InitModule from '@sqlite.org/sqlite-wasm';
import type { HttpPages } from '../http-pages.ts';
import { ownEngineLoader } from '../own-engine.ts';
import { installHttpVfs, type OpenDatabase } from '../sqlite-http-vfs.ts';

/** One engine the worker can be built with. */
export interface TestEngine {
  name: 'official' | 'own';
  /** SQLite's version in that build. */
  version: string;
  /** Starts the engine (once) and opens `pages` on it. */
  open(pages: HttpPages): Promise<OpenDatabase>;
}

/** The committed wasm of Trawl's own build. */
export const OWN_WASM_FILE = new URL('../sqlite3-trawl.wasm', import.meta.url);

/** The official build's wasm, as the package ships it. */
export const OFFICIAL_WASM_FILE = new URL(
  '../../../../node_modules/@sqlite.org/sqlite-wasm/dist/sqlite3.wasm',
  import.meta.url,
);

/** A started engine: opens a database over `pages`. */
export type StartedEngine = (pages: HttpPages) => OpenDatabase;

/** The library's init with Emscripten's `instantiateWasm` hook (its typings omit it). */
const initWithOptions: (options: {
  instantiateWasm: (
    imports: WebAssembly.Imports,
    receive: (instance: WebAssembly.Instance, module: WebAssembly.Module) => void,
  ) => object;
}) => ReturnType<typeof sqlite3InitModule> = sqlite3InitModule;

/**
 * The official build from its wasm's bytes (compiled, instantiated and booted here, as the
 * worker does), started quiet as the worker starts it (worker-engine.ts).
 */
export async function startOfficialEngine(bytes: BufferSource): Promise<StartedEngine> {
  const quiet = () => undefined;
  Reflect.set(globalThis, 'sqlite3ApiConfig', {
    warn: quiet,
    log: quiet,
    debug: quiet,
    error: quiet,
  });
  try {
    // The library waits for `receive` and never hears of a failure: a failed compile rejects.
    const sqlite3 = await new Promise<Awaited<ReturnType<typeof sqlite3InitModule>>>(
      (resolve, reject) => {
        initWithOptions({
          instantiateWasm(imports, receive) {
            WebAssembly.instantiate(bytes, imports).then(
              ({ instance, module }) => receive(instance, module),
              reject,
            );
            return {};
          },
        }).then(resolve, reject);
      },
    );
    return (pages) => installHttpVfs(sqlite3, pages);
  } finally {
    Reflect.deleteProperty(globalThis, 'sqlite3ApiConfig');
  }
}

/** Trawl's own build from its wasm's bytes, started as the worker starts it. */
export async function startOwnEngine(bytes: BufferSource): Promise<StartedEngine> {
  const loader = ownEngineLoader();
  const { instance } = await WebAssembly.instantiate(bytes, loader.imports);
  const sqlite = loader.start(instance);
  return (pages) => sqlite.open(pages);
}

let official: Promise<StartedEngine> | undefined;
let own: Promise<StartedEngine> | undefined;

/** The official build (the default) and Trawl's own, for `describe.each`. */
export const ENGINES: readonly TestEngine[] = [
  {
    name: 'official',
    version: '3.54.1',
    open: async (pages) =>
      (await (official ??= readFile(OFFICIAL_WASM_FILE).then(startOfficialEngine)))(pages),
  },
  {
    name: 'own',
    version: '3.53.2',
    open: async (pages) => (await (own ??= readFile(OWN_WASM_FILE).then(startOwnEngine)))(pages),
  },
];
