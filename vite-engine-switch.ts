import { fileURLToPath } from 'node:url';
import type { Alias } from 'vite';

/**
 * Which SQLite wasm the worker is built with (decisions 0080, 0081): Trawl's own
 * (`engine/trawl-sqlite.c`, the default) or the official build (`TRAWL_ENGINE=official`). The
 * site's build reads `TRAWL_ENGINE`; the benchmarks pass it, so one process can build and A/B
 * both.
 */
export type EngineBuild = 'official' | 'own';

/**
 * An environment variable that names one of `choices`, checked: unset is the first. Anything
 * else stops the build with the choices named.
 */
function choiceFromEnv<T extends string>(
  name: string,
  value: string | undefined,
  choices: readonly [T, ...T[]],
): T {
  if (value === undefined) return choices[0];
  const chosen = choices.find((choice) => choice === value);
  if (chosen === undefined) {
    throw new Error(`${name} must be ${choices.map((c) => `'${c}'`).join(' or ')}, not '${value}'`);
  }
  return chosen;
}

/** `TRAWL_ENGINE`, checked: unset is Trawl's own build. */
export function engineFromEnv(value = process.env.TRAWL_ENGINE): EngineBuild {
  return choiceFromEnv('TRAWL_ENGINE', value, ['own', 'official']);
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

/**
 * When the early script starts the worker on a pre-rendered page (decisions 0080, 0081): once
 * the page is parsed (the default), the database still opened at the interaction, or at the
 * visitor's first interaction (`TRAWL_ENGINE_START=interaction`, decisions 0040 and 0054). With
 * the official build, `parse` puts about 700 KB in the first visit; with Trawl's own, 510 KB.
 */
export type EngineStart = 'interaction' | 'parse';

/** `TRAWL_ENGINE_START`, checked: unset is the parse. */
export function engineStartFromEnv(value = process.env.TRAWL_ENGINE_START): EngineStart {
  return choiceFromEnv('TRAWL_ENGINE_START', value, ['parse', 'interaction']);
}
