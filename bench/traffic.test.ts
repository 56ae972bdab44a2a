import { describe, expect, it } from 'vitest';
import { isDatabaseChunk, pathOf, summarise, TrafficLog, type TrafficEntry } from './traffic.ts';

function entry(path: string, bytes: number, at: number, method = 'GET'): TrafficEntry {
  return { method, path, status: bytes > 0 ? 206 : 200, bytes, range: undefined, at };
}

describe('database traffic', () => {
  it('knows a chunk file from the other files of the db folder', () => {
    expect(isDatabaseChunk('/db/v1-3f9a0c27b1d4/db.sqlite3.000')).toBe(true);
    expect(isDatabaseChunk('/db/trawl/v1-3f9a0c27b1d4/db.sqlite3.012?cb=1')).toBe(true);
    expect(isDatabaseChunk('/db/v1-3f9a0c27b1d4/config.json')).toBe(false);
    expect(isDatabaseChunk('/db/latest.json?t=17')).toBe(false);
    expect(pathOf('/db/latest.json?t=17')).toBe('/db/latest.json');
  });

  it('sums chunk requests (HEAD included) apart from everything else', () => {
    const summary = summarise(
      [
        entry('/assets/index.js', 10_240, 1),
        entry('/db/v1/db.sqlite3.000', 0, 2, 'HEAD'),
        entry('/db/v1/db.sqlite3.000', 16_384, 3),
        entry('/db/v1/db.sqlite3.001', 32_768, 4),
      ],
      (served) => (served.path.endsWith('.js') ? 3072 : served.bytes),
    );
    expect(summary).toEqual({ dbRequests: 3, dbKb: 48, requests: 4, kb: 58, compressedKb: 51 });
  });

  it('cuts the log at a mark and at the moment the page saw its result', () => {
    const log = new TrafficLog();
    log.record({ method: 'GET', path: '/a', status: 200, bytes: 1, range: undefined });
    const mark = log.mark();
    log.record({ method: 'GET', path: '/b', status: 200, bytes: 1, range: undefined });
    const entries = log.since(mark);
    expect(entries.map((served) => served.path)).toEqual(['/b']);
    expect(log.since(mark, (entries[0]?.at ?? 0) - 1)).toEqual([]);
  });
});
