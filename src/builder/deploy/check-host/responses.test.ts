import { describe, expect, test } from 'vitest';
import { chunkFiles } from '../../../core/chunk-layout.ts';
import { CONFIG, ROOT, VERSION } from '../../test-support/recorded-host.ts';
import { findScripts, findWasm, chunkUrl, parseCacheControl, probeRange } from './responses.ts';

describe('helpers', () => {
  test('chunk names, sizes and probe ranges follow config.json', () => {
    expect(chunkFiles(CONFIG).map((chunk) => chunk.size)).toEqual([65_536, 65_536, 18_928]);
    expect(chunkUrl(`${ROOT}db/${VERSION}/config.json`, CONFIG, 2)).toBe(
      `${ROOT}db/${VERSION}/db.sqlite3.002`,
    );
    expect(probeRange(65_536, 0)).toEqual({ start: 0, end: 99 });
    expect(probeRange(18_928, 9464)).toEqual({ start: 9464, end: 9563 });
    expect(probeRange(40, 20)).toEqual({ start: 0, end: 39 });
  });

  test('parses Cache-Control', () => {
    expect(parseCacheControl('public, max-age=31536000, immutable')).toEqual({
      noCache: false,
      noStore: false,
      immutable: true,
      maxAge: 31_536_000,
    });
    expect(parseCacheControl('max-age=60, s-maxage="600"')?.maxAge).toBe(600);
    expect(parseCacheControl('No-Cache')?.noCache).toBe(true);
    expect(parseCacheControl(undefined)).toBeUndefined();
  });

  test('finds the scripts of index.html and the wasm a script names', () => {
    const page = `${ROOT}sub/`;
    expect(
      findScripts(
        '<script type="module" crossorigin src="/sub/assets/index-A1.js"></script><script src=\'x.js\'>',
        page,
      ),
    ).toEqual([`${ROOT}sub/assets/index-A1.js`, `${ROOT}sub/x.js`]);
    const script = `${ROOT}sub/assets/index-A1.js`;
    expect(findWasm('const u = "/sub/assets/sql-wasm-Ab_1.wasm";', script)).toBe(
      `${ROOT}sub/assets/sql-wasm-Ab_1.wasm`,
    );
    expect(findWasm('new URL("sql-wasm-Ab.wasm", import.meta.url)', script)).toBe(
      `${ROOT}sub/assets/sql-wasm-Ab.wasm`,
    );
    expect(findWasm('no wasm here', script)).toBeUndefined();
  });
});
