/**
 * Only the site itself may frame its pages (clickjacking). A meta-tag policy cannot say
 * `frame-ancestors`, so headers do: the host configs `trawl bundle` writes and `trawl serve`'s
 * own answers send the same two; X-Frame-Options covers older browsers.
 */
export const FRAME_ANCESTORS = "frame-ancestors 'self'";
export const X_FRAME_OPTIONS = 'SAMEORIGIN';
