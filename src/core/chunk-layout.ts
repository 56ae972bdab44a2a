import type { DbConfig } from './site-config.ts';

/**
 * The chunked database layout that config.json describes: the database is split into files
 * `<urlPrefix><index>` (the index zero-padded to `suffixLength` digits), each
 * `serverChunkSize` bytes but the last.
 */

/** The file name of chunk `index`, relative to the version folder. */
export function chunkFileName(
  config: Pick<DbConfig, 'urlPrefix' | 'suffixLength'>,
  index: number,
): string {
  return `${config.urlPrefix}${String(index).padStart(config.suffixLength, '0')}`;
}

/** Sizes of the chunk files that config.json describes, in order. */
export function chunkSizes(
  config: Pick<DbConfig, 'databaseLengthBytes' | 'serverChunkSize'>,
): number[] {
  const count = Math.ceil(config.databaseLengthBytes / config.serverChunkSize);
  return Array.from({ length: count }, (_, index) =>
    Math.min(config.serverChunkSize, config.databaseLengthBytes - index * config.serverChunkSize),
  );
}
