import { createHash } from 'node:crypto';
import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import {
  ensureRealFolder,
  entryKind,
  NotARegularFile,
  readRegularFile,
  writeFileAtomic,
} from '../safe-files.ts';

/**
 * The download cache (`.trawl-cache/` in a podcast folder): the last good copy of every URL a
 * build downloaded, with the validators its host sent, so the next build asks "changed since?"
 * and an unchanged file costs a 304; `--offline` builds from these copies alone.
 *
 *   .trawl-cache/index.json          { "version": 1, "entries": { "<url>": { file, etag, … } } }
 *   .trawl-cache/files/<sha256>.<ext>  the bodies, named by their content
 *
 * Files are named by the SHA-256 of their bytes, so the same bytes are stored once and a later
 * stage can tell unchanged inputs by name. A copy becomes an entry only when its caller says it
 * is good (`commit`): a feed that does not parse never replaces the last one that did.
 */

/** File extensions a cached body may carry (the readers choose formats by them). */
export const CACHED_EXTENSIONS = ['xml', 'json', 'vtt', 'srt', 'html', 'txt'] as const;
export type CachedExtension = (typeof CACHED_EXTENSIONS)[number];

const FILE_NAME = new RegExp(`^[0-9a-f]{64}\\.(?:${CACHED_EXTENSIONS.join('|')})$`);

const entrySchema = z.object({
  /** Only a content name: an edited index cannot point outside the cache. */
  file: z.string().regex(FILE_NAME),
  etag: z.string().max(1000).optional(),
  lastModified: z.string().max(200).optional(),
  /** When the host last confirmed or sent this copy (ISO 8601). */
  checked: z.string().max(40),
  bytes: z.number().int().nonnegative(),
});

/** One URL's last good copy. */
export type CacheEntry = z.infer<typeof entrySchema>;

const indexSchema = z.object({
  version: z.literal(1),
  entries: z.record(z.string(), entrySchema),
});

/** The name of the cache folder inside a podcast folder. */
export const CACHE_FOLDER = '.trawl-cache';

/** The cache of one podcast folder. Reads are lazy; nothing is written until `save`. */
export class DownloadCache {
  private readonly entries: Map<string, CacheEntry>;
  private dirty = false;
  /** Why the index on disk was not used (unreadable, or not a cache index), if it was not. */
  readonly discarded: string | undefined;

  private constructor(
    readonly dir: string,
    entries: Map<string, CacheEntry>,
    discarded: string | undefined,
  ) {
    this.entries = entries;
    this.discarded = discarded;
  }

  /** Opens the cache in `dir` (which need not exist yet). A broken index counts as empty. */
  static async open(dir: string): Promise<DownloadCache> {
    const kind = await entryKind(dir);
    if (kind === 'missing') return new DownloadCache(dir, new Map(), undefined);
    if (kind !== 'dir') throw new NotARegularFile(`${dir} is not a folder (a link or a file)`);
    let text: Buffer | undefined;
    try {
      text = await readRegularFile(join(dir, 'index.json'));
    } catch (error) {
      return new DownloadCache(dir, new Map(), messageOf(error));
    }
    if (text === undefined) return new DownloadCache(dir, new Map(), undefined);
    let json: unknown;
    try {
      json = JSON.parse(text.toString('utf8'));
    } catch (error) {
      return new DownloadCache(dir, new Map(), `index.json is not JSON (${messageOf(error)})`);
    }
    const parsed = indexSchema.safeParse(json);
    if (!parsed.success) {
      return new DownloadCache(dir, new Map(), 'index.json is not a Trawl cache index');
    }
    return new DownloadCache(dir, new Map(Object.entries(parsed.data.entries)), undefined);
  }

  /** The last good copy of `url`, if the cache has one. */
  entry(url: string): CacheEntry | undefined {
    return this.entries.get(url);
  }

  /** The path of an entry's body. */
  path(entry: CacheEntry): string {
    return join(this.dir, 'files', entry.file);
  }

  /** An entry's body, or undefined when its file is gone or is not a regular file. */
  async read(entry: CacheEntry): Promise<Buffer | undefined> {
    const body = await readRegularFile(this.path(entry)).catch(() => undefined);
    if (body === undefined) return undefined;
    // A body that no longer matches its name was changed by hand: not a good copy.
    return contentName(body, 'xml').slice(0, 64) === entry.file.slice(0, 64) ? body : undefined;
  }

  /** Stores `body` as the last good copy of `url`, with the validators its host sent. */
  async commit(
    url: string,
    body: Uint8Array,
    extension: CachedExtension,
    validators: { etag?: string | undefined; lastModified?: string | undefined },
  ): Promise<CacheEntry> {
    const file = contentName(body, extension);
    const target = join(this.dir, 'files', file);
    await ensureRealFolder(join(this.dir, 'files'));
    if ((await entryKind(target)) !== 'file') await writeFileAtomic(target, body);
    const entry: CacheEntry = {
      file,
      ...(validators.etag === undefined ? {} : { etag: validators.etag }),
      ...(validators.lastModified === undefined ? {} : { lastModified: validators.lastModified }),
      checked: new Date().toISOString(),
      bytes: body.length,
    };
    this.entries.set(url, entry);
    this.dirty = true;
    return entry;
  }

  /** Records that the host confirmed the copy of `url` is current (a 304). */
  confirm(url: string): void {
    const entry = this.entries.get(url);
    if (entry === undefined) return;
    this.entries.set(url, { ...entry, checked: new Date().toISOString() });
    this.dirty = true;
  }

  /**
   * Writes the index when anything changed, and deletes bodies no entry names (older copies
   * of a feed that changed). Nothing is written for a build that downloaded nothing.
   */
  async save(): Promise<void> {
    if (!this.dirty) return;
    await ensureRealFolder(this.dir);
    const entries = Object.fromEntries([...this.entries].sort(([a], [b]) => (a < b ? -1 : 1)));
    await writeFileAtomic(
      join(this.dir, 'index.json'),
      `${JSON.stringify({ version: 1, entries }, null, 1)}\n`,
    );
    this.dirty = false;
    const named = new Set([...this.entries.values()].map((entry) => entry.file));
    const files = join(this.dir, 'files');
    for (const name of await readdir(files).catch(() => [])) {
      if (FILE_NAME.test(name) && !named.has(name)) await rm(join(files, name), { force: true });
    }
  }
}

/** The content name of a body: its SHA-256 and the given extension. */
export function contentName(body: Uint8Array, extension: CachedExtension): string {
  return `${createHash('sha256').update(body).digest('hex')}.${extension}`;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
