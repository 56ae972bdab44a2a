/**
 * What a pre-rendered page and the app agree on: the id of the script element that carries the
 * page's data, the meta tag that carries an episode page's content hash, and the index of those
 * hashes a version publishes (`<version>/pages.json`). The builder writes them
 * (src/builder/publish/page-document.ts, prerender.ts); the app reads them (src/site/main.tsx,
 * src/site/prerender/page-data.ts, src/site/data/newer-version.tsx).
 */
import { z } from 'zod/mini';

export const PAGE_DATA_ID = 'trawl-page';

/** `<meta name="trawl-page-hash" content="…">`: the hash of the page's own bytes. */
export const PAGE_HASH_META = 'trawl-page-hash';

/** The file beside a version's config.json that lists its episode pages' hashes. */
export const PAGES_INDEX_FILE = 'pages.json';

/** A page's content hash: 16 hex digits of the SHA-256 of its document. */
export const pageHashSchema = z.string().check(z.regex(/^[0-9a-f]{16}$/));

/** `pages.json`: every episode page's hash, by its site path ('/episodes/12'). */
export const pagesIndexSchema = z.object({
  pages: z.record(z.string().check(z.maxLength(200)), pageHashSchema),
});

export type PagesIndex = z.infer<typeof pagesIndexSchema>;
