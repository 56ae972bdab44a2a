import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { dbConfigSchema, ORIGIN, type DbConfig } from '../../core/site-config.ts';
import type { CspOptions } from '../../../vite-csp-plugin.ts';
import { VERSION_FOLDER } from './publish.ts';

/** The origin of an absolute http(s) URL, or undefined for anything else (paths, ''). */
export function originOf(url: string | null | undefined): string | undefined {
  if (typeof url !== 'string' || !/^https?:\/\//i.test(url.trim())) return undefined;
  try {
    const { origin } = new URL(url.trim());
    return ORIGIN.test(origin) ? origin : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether an origin can be a Content-Security-Policy host source. CSP's grammar has no IPv6
 * literals (`https://[::1]:4701` is an invalid source, which Chromium ignores whole), so such
 * an origin cannot be allowed by name.
 */
export function isCspHostSource(origin: string): boolean {
  return !origin.includes('[');
}

/**
 * The sorted, distinct origins of some URLs that a page policy can name (relative paths, other
 * schemes and IPv6 literals add nothing; `unlistable` hears of each IPv6 one).
 */
export function collectOrigins(
  urls: Iterable<string | null | undefined>,
  unlistable?: (origin: string) => void,
): string[] {
  const origins = new Set<string>();
  const refused = new Set<string>();
  for (const url of urls) {
    const origin = originOf(url);
    if (origin === undefined) continue;
    if (isCspHostSource(origin)) origins.add(origin);
    else refused.add(origin);
  }
  for (const origin of [...refused].sort()) unlistable?.(origin);
  return [...origins].sort();
}

/**
 * True when a version reads its own media folder: a file the media folder had at build time,
 * or a media reference that is a path (under the media base), not an absolute URL.
 */
export function usesLocalMedia(
  mediaFolderFiles: boolean,
  references: Iterable<string | null | undefined>,
): boolean {
  if (mediaFolderFiles) return true;
  for (const reference of references) {
    if (
      typeof reference === 'string' &&
      reference.trim() !== '' &&
      originOf(reference) === undefined
    )
      return true;
  }
  return false;
}

/** The warning for media whose origin no page policy can name. */
export function unlistableOriginWarning(origin: string): string {
  return `media at ${origin} cannot be allowed by the page's Content-Security-Policy (it has no way to name an IPv6 address), so browsers will block it: serve that media from a host name`;
}

/**
 * The media origins a built version needs in its Content-Security-Policy (img-src and
 * media-src): what the build recorded from the database (`mediaOrigins`: artwork, enclosures,
 * avatars, logo, favicon) plus the media host the config names now (`trawl bundle
 * --media-base` rewrites it). `trawl serve`, `trawl bundle` and every host config use this one
 * list, so the page allows exactly these and nothing more.
 */
export function mediaOriginsOf(config: DbConfig): string[] {
  return collectOrigins([
    ...config.mediaOrigins,
    config.site.mediaBase,
    config.site.logo,
    config.site.favicon,
  ]);
}

/**
 * The page policy's options for the versions a site may open (the current one and older ones
 * kept for open pages): their media origins, nothing more. Enclosures are named one by one
 * (`mediaOrigins`), so no blanket `https:` is needed.
 */
export function cspOptionsForVersions(configs: readonly DbConfig[]): CspOptions {
  return { mediaOrigins: collectOrigins(configs.flatMap(mediaOriginsOf)) };
}

/**
 * The page policy for a served database folder, read afresh on each call so a rebuild while
 * `trawl serve` runs is picked up: every published version's media origins (a page may still
 * have an older version open). Unreadable configs add nothing.
 */
export function servedPagePolicy(dbDir: string): () => Promise<CspOptions> {
  return async () => {
    const names = await readdir(dbDir).catch(() => [] as string[]);
    const configs: DbConfig[] = [];
    for (const name of names.filter((entry) => VERSION_FOLDER.test(entry))) {
      const text = await readFile(join(dbDir, name, 'config.json'), 'utf8').catch(() => '');
      let raw: unknown;
      try {
        raw = JSON.parse(text);
      } catch {
        continue;
      }
      const config = dbConfigSchema.safeParse(raw);
      if (config.success) configs.push(config.data);
    }
    return cspOptionsForVersions(configs);
  };
}
