/**
 * The render cache of episode pages (decision 0045), in the podcast folder's `.trawl-cache/`:
 * a page is rendered again only when something it shows may have changed.
 *
 * An episode's page is a function of its path, its head, the rows it carries of the list (its
 * episode and the ones either side), the site build, the show's settings, and the rows its own
 * queries read. The cache keeps, per page, a key over the first five and the queries the last
 * render ran with a hash of what they returned. A rebuild runs those queries again on the new
 * database (a few primary-key reads, far cheaper than four render passes) and reuses the page's
 * bytes when the key and the hash both match.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { lstat, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { z } from 'zod';
import { userCacheFolder } from '../read/state-folder.ts';

/** A value SQLite can bind (the site's `SqlValue`). */
export type SqlValue = string | number | null;

/** One query a page ran while it was rendered. */
export interface PageRead {
  sql: string;
  params: SqlValue[];
}

const entrySchema = z.object({
  key: z.string(),
  reads: z.array(
    z.object({
      sql: z.string(),
      params: z.array(z.union([z.string(), z.number(), z.null()])),
    }),
  ),
  results: z.string(),
  hash: z.string(),
  html: z.string(),
});

/** What the cache holds for one page. */
export type CachedPage = z.infer<typeof entrySchema>;

const storedSchema = z.object({ entry: entrySchema, mac: z.string().regex(/^[0-9a-f]{64}$/) });

/**
 * The key that signs this machine's cache entries, outside the podcast folder: a page is
 * published as stored, so an entry that came with a copied or shared folder (written by anyone)
 * must never be used. Created on first use, readable by its owner alone.
 */
export function defaultSigningKeyFile(): string {
  return join(userCacheFolder(), 'trawl', 'render-cache.key');
}

/** This machine's signing key (`defaultSigningKeyFile()`), made on first use. */
export async function signingKey(file: string): Promise<Buffer> {
  const known = await readFile(file).catch(() => undefined);
  if (known !== undefined && known.length >= 32) return known;
  await mkdir(dirname(file), { recursive: true, mode: 0o700 });
  const fresh = randomBytes(32);
  // 'wx': two builds at once keep the first key; the loser reads it.
  await writeFile(file, fresh, { flag: 'wx', mode: 0o600 }).catch(() => undefined);
  const stored = await readFile(file);
  if (stored.length < 32) throw new Error(`${file}: not a render cache key`);
  return stored;
}

/** The cache's folder inside a build's state folder (`.trawl-cache/`). */
export const RENDER_CACHE_FOLDER = 'pages';

/** Bumped when the entry's meaning changes: older entries are then never matched. */
const FORMAT = 1;

/** A key over everything a page shows besides its own reads (see the module comment). */
export function pageKey(parts: Record<string, unknown>): string {
  return createHash('sha256')
    .update(JSON.stringify({ format: FORMAT, ...parts }))
    .digest('hex');
}

/** Feeds one value of a row into the hash: bytes as bytes, anything else as JSON. */
function hashValue(hash: ReturnType<typeof createHash>, value: unknown): void {
  if (value instanceof Uint8Array) {
    hash.update(`b${value.byteLength}:`);
    hash.update(value);
  } else {
    hash.update(`j${JSON.stringify(value) ?? 'undefined'};`);
  }
}

/** A hash of the rows some queries returned, in order. */
export function hashResults(results: readonly (readonly unknown[])[]): string {
  const hash = createHash('sha256');
  for (const rows of results) {
    hash.update(`q${rows.length}[`);
    for (const row of rows) {
      if (typeof row === 'object' && row !== null) {
        for (const [column, value] of Object.entries(row)) {
          hash.update(`${column}=`);
          hashValue(hash, value);
        }
      } else {
        hashValue(hash, row);
      }
      hash.update('|');
    }
    hash.update(']');
  }
  return hash.digest('hex');
}

/** The entry's file: by a hash of the path, so no path can name a file outside the cache. */
function entryFile(dir: string, path: string): string {
  return join(dir, `${createHash('sha256').update(path).digest('hex').slice(0, 32)}.json`);
}

/** A render cache in `dir` (created when the first page is stored). */
export class RenderCache {
  private created = false;

  private constructor(
    private readonly dir: string,
    private readonly key: Buffer,
  ) {}

  /**
   * The cache in `dir`, or undefined when it cannot be used: `dir` is a link (nothing is read
   * or written through one), or the signing key cannot be read or made.
   */
  static async open(
    dir: string,
    keyFile = defaultSigningKeyFile(),
  ): Promise<RenderCache | undefined> {
    const info = await lstat(dir).catch(() => undefined);
    if (info !== undefined && !info.isDirectory()) return undefined;
    const key = await signingKey(keyFile).catch(() => undefined);
    return key === undefined ? undefined : new RenderCache(dir, key);
  }

  private mac(entry: CachedPage): string {
    return createHmac('sha256', this.key).update(JSON.stringify(entry)).digest('hex');
  }

  /** The page stored for `path`, or undefined (none, unsigned, another format, torn). */
  async read(path: string): Promise<CachedPage | undefined> {
    try {
      const parsed = storedSchema.safeParse(
        JSON.parse(await readFile(entryFile(this.dir, path), 'utf8')),
      );
      if (!parsed.success) return undefined;
      const expected = Buffer.from(this.mac(parsed.data.entry), 'hex');
      const given = Buffer.from(parsed.data.mac, 'hex');
      return timingSafeEqual(expected, given) ? parsed.data.entry : undefined;
    } catch {
      return undefined;
    }
  }

  /** Stores a page: a temporary file renamed into place, so a killed build leaves no half. */
  async write(path: string, entry: CachedPage): Promise<void> {
    if (!this.created) {
      await mkdir(this.dir, { recursive: true });
      this.created = true;
    }
    const file = entryFile(this.dir, path);
    const temporary = `${file}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
    await writeFile(temporary, JSON.stringify({ entry, mac: this.mac(entry) }), { flag: 'wx' });
    await rename(temporary, file);
  }
}
