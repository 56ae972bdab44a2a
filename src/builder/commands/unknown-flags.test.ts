import { describe, expect, it } from 'vitest';
import { findUnknownFlags, knownFlags, unknownFlagsMessage } from './unknown-flags.ts';

const BUILD_LIKE = {
  folder: { type: 'positional' },
  out: { type: 'string' },
  'chunk-size': { type: 'string' },
  'media-base': { type: 'string' },
  pages: { type: 'boolean' },
  quiet: { type: 'boolean', alias: 'q' },
} as const;

describe('findUnknownFlags', () => {
  it('accepts every spelling citty accepts: kebab, camel, --no-, aliases, =values, --help', () => {
    expect(
      findUnknownFlags(
        [
          'show',
          '--out',
          'db',
          '--chunk-size=1024',
          '--chunkSize',
          '9',
          '--no-pages',
          '-q',
          '--help',
        ],
        BUILD_LIKE,
      ),
    ).toEqual([]);
    expect(knownFlags(BUILD_LIKE)).not.toContain('--folder');
  });

  it('names a typo with the nearest flag, and a stranger without one', () => {
    expect(
      findUnknownFlags(['--chunksize', '9', '--media-bse=x', '--frobnicate'], BUILD_LIKE),
    ).toEqual([
      { flag: '--chunksize', nearest: '--chunk-size' },
      { flag: '--media-bse', nearest: '--media-base' },
      { flag: '--frobnicate', nearest: undefined },
    ]);
    expect(findUnknownFlags(['--out-folder', 'x'], BUILD_LIKE)).toEqual([
      { flag: '--out-folder', nearest: '--out' },
    ]);
  });

  it('stops at "--" and leaves values and negative numbers alone', () => {
    expect(findUnknownFlags(['--out', '-', '-5', '--', '--anything'], BUILD_LIKE)).toEqual([]);
  });

  it('says what to run for the list of flags', () => {
    expect(unknownFlagsMessage('build', [{ flag: '--chunksize', nearest: '--chunk-size' }])).toBe(
      'trawl build: unknown flag --chunksize (did you mean --chunk-size?)\nRun `trawl build --help` for the flags it takes.',
    );
  });
});
