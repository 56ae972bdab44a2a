/** What either engine the worker can be built with gives it (worker-engine.ts, decision 0080). */
import type { HttpPages } from './http-pages.ts';
import type { OpenDatabase } from './sqlite-http-vfs.ts';

/** Opens a version's pages as the worker's one database. */
export type OpenPages = (pages: HttpPages) => OpenDatabase;

/** Downloads and starts the engine's wasm; rejects with an engine-file error when it cannot. */
export type StartEngine = () => Promise<OpenPages>;
