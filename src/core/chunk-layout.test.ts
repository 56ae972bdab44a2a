import { describe, expect, it } from 'vitest';
import {
  builtChunkIndex,
  chunkAt,
  chunkCount,
  chunkFiles,
  chunkName,
  chunkSize,
  isBuiltChunk,
  planChunks,
} from './chunk-layout.ts';

describe('planChunks', () => {
  it('names three-digit chunks, the last one short', () => {
    const layout = planChunks(2500, 1024);
    expect(layout).toEqual({
      databaseLengthBytes: 2500,
      serverChunkSize: 1024,
      urlPrefix: 'db.sqlite3.',
      suffixLength: 3,
    });
    expect(chunkFiles(layout)).toEqual([
      { index: 0, name: 'db.sqlite3.000', start: 0, size: 1024 },
      { index: 1, name: 'db.sqlite3.001', start: 1024, size: 1024 },
      { index: 2, name: 'db.sqlite3.002', start: 2048, size: 452 },
    ]);
  });

  it('widens the suffix past 1000 chunks, and an exact multiple has no empty last chunk', () => {
    const layout = planChunks(1001 * 16, 16);
    expect(chunkCount(layout)).toBe(1001);
    expect(layout.suffixLength).toBe(4);
    expect(chunkName(layout, 1000)).toBe('db.sqlite3.1000');
    expect(chunkName(layout, 7)).toBe('db.sqlite3.0007');
    expect(chunkSize(layout, 1000)).toBe(16);
    expect(chunkSize(layout, 1001)).toBe(0);
  });

  it('refuses a chunk size that is not a positive whole number', () => {
    expect(() => planChunks(100, 0)).toThrow(/chunk size must be a positive whole number/);
    expect(() => planChunks(100, 1.5)).toThrow(/chunk size/);
  });
});

describe('a config.json layout', () => {
  it('names chunks with the zero-padded index and sizes them', () => {
    const config = {
      urlPrefix: 'db.sqlite3.',
      suffixLength: 3,
      databaseLengthBytes: 150_000,
      serverChunkSize: 65_536,
    };
    expect(chunkName(config, 0)).toBe('db.sqlite3.000');
    expect(chunkName(config, 12)).toBe('db.sqlite3.012');
    expect(chunkFiles(config).map((chunk) => chunk.size)).toEqual([65_536, 65_536, 18_928]);
    expect(chunkCount({ ...config, databaseLengthBytes: 131_072 })).toBe(2);
  });
});

describe('chunkAt', () => {
  it('finds the chunk and the offset inside it of a database byte', () => {
    const layout = planChunks(2500, 1024);
    expect(chunkAt(layout, 0)).toEqual({ index: 0, offset: 0 });
    expect(chunkAt(layout, 1023)).toEqual({ index: 0, offset: 1023 });
    expect(chunkAt(layout, 1024)).toEqual({ index: 1, offset: 0 });
    expect(chunkAt(layout, 2499)).toEqual({ index: 2, offset: 451 });
  });
});

describe('builtChunkIndex', () => {
  it('reads the index of a chunk file name or URL path the builder wrote', () => {
    expect(builtChunkIndex('db.sqlite3.000')).toBe(0);
    expect(builtChunkIndex('/db/v1-0123456789ab/db.sqlite3.012')).toBe(12);
    expect(builtChunkIndex('db.sqlite3.1000')).toBe(1000);
    expect(isBuiltChunk('/db/v1/db.sqlite3.001')).toBe(true);
  });

  it('refuses everything else', () => {
    for (const name of [
      'config.json',
      'db.sqlite3.',
      'db.sqlite3.01',
      'db.sqlite3.00a',
      'xdb.sqlite3.000',
      'db.sqlite3.000/',
    ]) {
      expect(builtChunkIndex(name)).toBeUndefined();
    }
  });
});
