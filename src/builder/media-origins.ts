import { ORIGIN, type DbConfig } from '../core/site-config.ts';

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

/** The sorted, distinct origins of some URLs (relative paths and other schemes add nothing). */
export function collectOrigins(urls: Iterable<string | null | undefined>): string[] {
  const origins = new Set<string>();
  for (const url of urls) {
    const origin = originOf(url);
    if (origin !== undefined) origins.add(origin);
  }
  return [...origins].sort();
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
