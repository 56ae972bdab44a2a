import { fileURLToPath } from 'node:url';
import type { Alias } from 'vite';

/**
 * Which SQLite wasm the worker is built with (decision 0080): the official build (the default)
 * or Trawl's own (`engine/trawl-sqlite.c`). The site's build reads `TRAWL_ENGINE`; the
 * benchmarks pass it, so one process can build and A/B both.
 */
export type EngineBuild = 'official' | 'own';

/** `TRAWL_ENGINE`, checked: unset is the official build. */
export function engineFromEnv(value = process.env.TRAWL_ENGINE): EngineBuild {
  const engine = value ?? 'official';
  if (engine !== 'official' && engine !== 'own') {
    throw new Error(`TRAWL_ENGINE must be 'official' or 'own', not '${engine}'`);
  }
  return engine;
}

/**
 * The aliases that build `engine`: for Trawl's own, each module of the official build's
 * (src/site/data/worker-engine.ts and engine-wasm-url.ts), by its import, is replaced with
 * its `-own` twin.
 */
export function engineAliases(engine: EngineBuild): Alias[] {
  if (engine === 'official') return [];
  return ['worker-engine', 'engine-wasm-url'].map((name) => ({
    find: new RegExp(`^\\./${name}\\.ts$`),
    replacement: fileURLToPath(new URL(`./src/site/data/${name}-own.ts`, import.meta.url)),
  }));
}
