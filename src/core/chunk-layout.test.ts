import { describe, expect, test } from 'vitest';
import { chunkFileName, chunkSizes } from './chunk-layout.ts';

describe('chunk layout', () => {
  test('names chunks with the zero-padded index and sizes them from config.json', () => {
    const config = {
      urlPrefix: 'db.sqlite3.',
      suffixLength: 3,
      databaseLengthBytes: 150_000,
      serverChunkSize: 65_536,
    };
    expect(chunkFileName(config, 0)).toBe('db.sqlite3.000');
    expect(chunkFileName(config, 12)).toBe('db.sqlite3.012');
    expect(chunkSizes(config)).toEqual([65_536, 65_536, 18_928]);
    expect(chunkSizes({ ...config, databaseLengthBytes: 131_072 })).toEqual([65_536, 65_536]);
  });
});
