/**
 * What the site tells a visitor when its host serves the database wrongly, in one place: the
 * host check at open (host-check.ts) and the worker's check of every response
 * (http-pages.ts, read back here) say the same things.
 */
import { z } from 'zod/mini';
import { BAD_RESPONSE_MARKER } from './http-pages.ts';

/** The version folder and file of a database URL, for messages: `v1-…/db.sqlite3.003`. */
export function fileName(url: string): string {
  try {
    return new URL(url).pathname.split('/').filter(Boolean).slice(-2).join('/');
  } catch {
    return url;
  }
}

/** The host sent the whole file for a range request. */
export function noRangesMessage(name: string): string {
  return `This site's host does not support byte ranges (it sent the whole of ${name} for a range request), so the database cannot be read.`;
}

/** The host compresses the database files. */
export function compressedMessage(encoding: string): string {
  return `This site's host compresses its database files (Content-Encoding: ${encoding}), so they cannot be read in pieces. The host must serve db/ files without compression.`;
}

/** What the worker's response check reports (`checkAnswer` in http-pages.ts). */
const badResponseSchema = z.object({
  url: z.string(),
  problem: z.enum(['whole-file', 'status', 'compressed', 'content-range', 'length']),
  expected: z.string(),
  got: z.string(),
});

/**
 * The host message for an error the worker's response check threw, or null for any other
 * message (or one whose report cannot be read).
 */
export function badResponseMessage(message: string): string | null {
  const at = message.indexOf(BAD_RESPONSE_MARKER);
  if (at === -1) return null;
  let report: unknown;
  try {
    report = JSON.parse(message.slice(at + BAD_RESPONSE_MARKER.length));
  } catch {
    return null;
  }
  const parsed = badResponseSchema.safeParse(report);
  if (!parsed.success) return null;
  const { url, problem, expected, got } = parsed.data;
  const name = fileName(url);
  switch (problem) {
    case 'whole-file':
      return noRangesMessage(name);
    case 'compressed':
      return compressedMessage(got);
    case 'status':
      return `This site's host answered a range request for ${name} with HTTP ${got} instead of 206, so the database cannot be read.`;
    case 'content-range':
      return `This site's host sent the wrong bytes of ${name} (Content-Range: ${got}, expected ${expected}), so the database cannot be read.`;
    case 'length':
      return `This site's host sent ${got} bytes of ${name} where ${expected} were asked for, so the database cannot be read.`;
  }
}
