/**
 * The worker's SQLite in a site built with `TRAWL_ENGINE=own` (decision 0080): Trawl's own
 * wasm (`sqlite3-trawl.wasm`, scripts/build-engine.sh) and its binding (own-engine.ts), in
 * place of worker-engine.ts (vite.config.ts aliases it). A wasm that downloads but is not
 * Trawl's fails with the file named, as a broken one does.
 */
import { ENGINE_WASM_URL as wasmUrl } from './engine-wasm-url-own.ts';
import { engineFileError } from './engine-files.ts';
import { engineWasmFile, errorText, instantiateEngineWasm } from './engine-wasm.ts';
import { ownEngineLoader, type OwnSqlite } from './own-engine.ts';
import type { StartEngine } from './worker-engine-types.ts';

export const startEngine: StartEngine = async () => {
  const loader = ownEngineLoader();
  const { instance } = await instantiateEngineWasm(wasmUrl, loader.imports);
  let sqlite: OwnSqlite;
  try {
    sqlite = loader.start(instance);
  } catch (error) {
    throw engineFileError({
      file: engineWasmFile(wasmUrl),
      problem: 'start',
      got: errorText(error),
    });
  }
  return (pages) => sqlite.open(pages);
};
