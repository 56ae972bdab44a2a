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

let official: ReturnType<typeof sqlite3InitModule> | undefined;
let own: Promise<(pages: HttpPages) => OpenDatabase> | undefined;

/** The official build, started quiet as the worker starts it (worker-engine.ts). */
function startOfficial(): ReturnType<typeof sqlite3InitModule> {
  const quiet = () => undefined;
  Reflect.set(globalThis, 'sqlite3ApiConfig', {
    warn: quiet,
    log: quiet,
    debug: quiet,
    error: quiet,
  });
  return sqlite3InitModule().finally(() => Reflect.deleteProperty(globalThis, 'sqlite3ApiConfig'));
}

async function startOwn(): Promise<(pages: HttpPages) => OpenDatabase> {
  const loader = ownEngineLoader();
  const { instance } = await WebAssembly.instantiate(await readFile(OWN_WASM_FILE), loader.imports);
  const sqlite = loader.start(instance);
  return (pages) => sqlite.open(pages);
}

/** The official build (the default) and Trawl's own, for `describe.each`. */
export const ENGINES: readonly TestEngine[] = [
  {
    name: 'official',
    version: '3.54.1',
    open: async (pages) => installHttpVfs(await (official ??= startOfficial()), pages),
  },
  {
    name: 'own',
    version: '3.53.2',
    open: async (pages) => (await (own ??= startOwn()))(pages),
  },
];
