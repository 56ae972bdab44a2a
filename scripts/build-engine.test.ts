import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// Trawl's own SQLite wasm is committed (CI has no wasm toolchain, decision 0080): it must be
// exactly what scripts/build-engine.sh makes from the amalgamation installed with
// better-sqlite3 and engine/trawl-sqlite.c. Where the toolchain is missing, this is skipped.

const ROOT = join(import.meta.dirname, '..');
const COMMITTED = join(ROOT, 'src/site/data/sqlite3-trawl.wasm');

const onPath = (tool: string): boolean =>
  spawnSync('sh', ['-c', `command -v ${tool}`], { stdio: 'ignore' }).status === 0;
const toolchain =
  ['clang', 'wasm-ld', 'wasm-opt'].every(onPath) && existsSync('/usr/lib/wasm32-wasi/libc.a');

describe.skipIf(!toolchain)('the committed sqlite3-trawl.wasm', () => {
  it('is what scripts/build-engine.sh builds from the installed amalgamation', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'trawl-engine-build-'));
    try {
      const out = join(dir, 'engine.wasm');
      execFileSync('bash', [join(ROOT, 'scripts/build-engine.sh'), out], { stdio: 'pipe' });
      const built = await readFile(out);
      const committed = await readFile(COMMITTED);
      // Sizes first: a differing size says more in the failure than two buffers' bytes.
      expect(committed.length, 'run `npm run build:engine` and commit the wasm').toBe(built.length);
      expect(committed.equals(built), 'run `npm run build:engine` and commit the wasm').toBe(true);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 300_000);
});

describe('scripts/build-engine.sh', () => {
  it('is the SQLite better-sqlite3 installs, checked without the toolchain', async () => {
    // An upgrade of better-sqlite3 brings a new amalgamation; CI, which cannot rebuild the wasm,
    // fails here until `npm run build:engine` is run and the wasm committed, so the browser
    // and the builder never run different SQLite releases unnoticed.
    const header = await readFile(
      join(ROOT, 'node_modules/better-sqlite3/deps/sqlite3/sqlite3.h'),
      'utf8',
    );
    const sourceId = /#define SQLITE_SOURCE_ID\s+"([^"]+)"/.exec(header)?.[1];
    expect(sourceId).toMatch(/^\d{4}-\d{2}-\d{2} /);
    const committed = await readFile(COMMITTED);
    expect(
      committed.includes(Buffer.from(sourceId ?? '', 'latin1')),
      `the wasm is not SQLite ${sourceId ?? '?'}: run \`npm run build:engine\` and commit it`,
    ).toBe(true);
  });

  it('imports nothing but the four functions its binding gives', async () => {
    const module = await WebAssembly.compile(await readFile(COMMITTED));
    expect(
      WebAssembly.Module.imports(module)
        .map(({ module: from, name }) => `${from}.${name}`)
        .sort(),
    ).toEqual(['env.trawl_file_size', 'env.trawl_now', 'env.trawl_random', 'env.trawl_read']);
  });
});
