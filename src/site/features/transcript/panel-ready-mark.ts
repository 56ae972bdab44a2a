/**
 * The performance mark a transcript panel sets once it is on the page and hydrated: the
 * end-to-end test of a long transcript bounds the tasks after it (e2e/long-transcript.e2e.ts).
 */
export const PANEL_READY_MARK = 'trawl:transcript-panel-ready';
