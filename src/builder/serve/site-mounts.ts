import { resolve } from 'node:path';
import type { Mount } from './serve.ts';

/** The folders a preview of the site serves. */
export interface SiteFolders {
  /** The database output folder (latest.json and version folders), served at /db/. */
  dbDir: string;
  /** The built site (index.html and assets), served at / with the SPA fallback. */
  siteDir: string;
  /** The podcast's media (audio/, images/, hosts/), served at / on the page's own origin. */
  mediaDir?: string | undefined;
}

/**
 * The mounts `trawl serve`, `npm start` and the end-to-end tests use: `/db/` → the database
 * folder, `/` → the latest version's pre-rendered pages, then the site with its SPA fallback,
 * and `/` → the media folder. A file in the site
 * wins over one of the same name in the media folder; unknown routes get the site's index.html.
 */
export function siteMounts(folders: SiteFolders): Mount[] {
  const mounts: Mount[] = [
    { prefix: '/db/', dir: resolve(folders.dbDir) },
    {
      prefix: '/',
      dir: resolve(folders.siteDir),
      spaFallback: true,
      pagesFrom: resolve(folders.dbDir),
    },
  ];
  if (folders.mediaDir !== undefined) mounts.push({ prefix: '/', dir: resolve(folders.mediaDir) });
  return mounts;
}
