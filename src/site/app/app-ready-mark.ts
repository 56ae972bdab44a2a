/**
 * The performance mark the app sets once its first render is on the page: a pre-rendered page
 * hydrated (in slices since decision 0077), any other rendered. The app's own first effect sets
 * it, and effects run after the whole tree they belong to (the site has no Suspense boundary that
 * could stay dehydrated). The end-to-end harness waits for it before it marks what is on screen
 * (e2e/harness.ts, `markStale`).
 */
export const APP_READY_MARK = 'trawl:app-ready';
