/* eslint-disable no-restricted-imports --
 * Node only, never bundled: a version's chunk files on disk stand in for the host, so the
 * site's VFS and the engine's wasm can read a database the real builder wrote, in Node. */
import { closeSync, openSync, readSync } from 'node:fs';
import { join } from 'node:path';
import { chunkName, chunkSize, hashedChunkOf } from '../../../core/chunk-layout.ts';
import type { DbConfig } from '../../../core/site-config.ts';
import type { RangeRequest } from '../http-pages.ts';

/** Answers range requests for a version's chunk files from `versionDir`, as a host would (206). */
export function diskHost(versionDir: string, layout: DbConfig): RangeRequest {
  return (url, start, end) => {
    // A chunk named by its bytes is found by its hash in the list (equal hashes, equal sizes).
    const hash = hashedChunkOf(new URL(url, 'https://host.test/').pathname);
    const last = url.slice(url.lastIndexOf('/') + 1);
    const index =
      hash === undefined
        ? Number(last.slice(layout.urlPrefix.length))
        : (layout.chunks ?? []).indexOf(hash);
    const name = chunkName(layout, index);
    const size = chunkSize(layout, index);
    const lastByte = Math.min(end, size - 1);
    const body = new Uint8Array(lastByte - start + 1);
    const file = openSync(join(versionDir, name), 'r');
    try {
      readSync(file, body, 0, body.length, start);
    } finally {
      closeSync(file);
    }
    const headers: Record<string, string> = {
      'content-range': `bytes ${start}-${lastByte}/${size}`,
    };
    return { status: 206, header: (key) => headers[key.toLowerCase()] ?? null, body };
  };
}
