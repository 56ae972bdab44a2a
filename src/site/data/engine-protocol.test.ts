import { describe, expect, test } from 'vitest';
import { isEngineRequest, isEngineResponse } from './engine-protocol.ts';
import { MAX_ROW_LOOKUPS } from './row-paths.ts';

// The worker acts only on requests of a known shape: anything else is ignored, so a message
// from another script in the page cannot make it fetch without bound or run what it should not.

describe('isEngineRequest', () => {
  test('row lookups: table names and whole-number ids, at most MAX_ROW_LOOKUPS in all', () => {
    const rows = (value: unknown) => isEngineRequest({ id: 1, type: 'rows', rows: value });
    expect(rows([{ table: 'search_stems', ids: [1, 2 ** 43 + 1] }])).toBe(true);
    expect(rows([])).toBe(true);
    const ids = Array.from({ length: MAX_ROW_LOOKUPS }, (_, at) => at);
    expect(
      rows([
        { table: 'a', ids: ids.slice(0, 40) },
        { table: 'b', ids: ids.slice(40) },
      ]),
    ).toBe(true);
    expect(rows([{ table: 'a', ids: [...ids, 99] }])).toBe(false);
    expect(rows([{ table: 'a', ids: [1.5] }])).toBe(false);
    expect(rows([{ table: 'a', ids: ['1'] }])).toBe(false);
    expect(rows([{ table: 'a', ids: [2 ** 60] }])).toBe(false);
    expect(rows([{ table: 7, ids: [1] }])).toBe(false);
    expect(rows([{ table: 'a' }])).toBe(false);
    expect(rows('search_stems')).toBe(false);
    expect(rows(undefined)).toBe(false);
  });

  test('queries, opens and the counters; nothing without an id or of another type', () => {
    expect(isEngineRequest({ id: 2, type: 'query', sql: 'SELECT 1', params: [] })).toBe(true);
    expect(isEngineRequest({ id: 2, type: 'query', sql: 'SELECT 1' })).toBe(false);
    expect(
      isEngineRequest({
        id: 2,
        type: 'query',
        sql: 'SELECT 1',
        params: [],
        readAheadBytes: Infinity,
      }),
    ).toBe(false);
    const open = (warmPages: unknown) => ({
      id: 3,
      type: 'open',
      layout: {},
      chunkUrlPrefix: 'https://host.test/db/v1/',
      pageSize: 16384,
      warmPages,
    });
    expect(isEngineRequest(open([[1, 2]]))).toBe(true);
    expect(isEngineRequest(open([[0, 2]]))).toBe(false);
    expect(isEngineRequest({ id: 4, type: 'stats' })).toBe(true);
    expect(isEngineRequest({ type: 'stats' })).toBe(false);
    expect(isEngineRequest({ id: 5, type: 'exec' })).toBe(false);
    expect(isEngineRequest(null)).toBe(false);
  });
});

describe('isEngineResponse', () => {
  test('a value, or an error with its name and message', () => {
    expect(isEngineResponse({ id: 1, ok: true, value: null })).toBe(true);
    expect(isEngineResponse({ id: 1, ok: true })).toBe(false);
    expect(isEngineResponse({ id: 1, ok: false, name: 'Error', message: 'no' })).toBe(true);
    expect(isEngineResponse({ id: 1, ok: false, name: 'Error' })).toBe(false);
  });
});
