/**
 * What a pre-rendered page and the app agree on: the id of the script element that carries the
 * page's data. The builder writes the element (src/builder/publish/page-document.ts); the app reads it
 * (src/site/main.tsx, src/site/prerender/page-data.ts).
 */
export const PAGE_DATA_ID = 'trawl-page';
