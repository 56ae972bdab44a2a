/**
 * The site's public address (`siteUrl`), checked where it enters: `trawl init --site-url`, the
 * init prompt and trawl.config.json. Canonical links, Open Graph URLs and the sitemap are built
 * from it, so a value a URL parser would quietly repair is refused, not repaired.
 */

/**
 * Checks a site address as a person typed it (`trawl init --site-url`, the config's `siteUrl`):
 * an absolute http(s) URL with a host, and nothing a URL parser would quietly repair or
 * reinterpret (spaces, line breaks, control characters, credentials, a query or fragment).
 * Returns what is wrong, or null when it is fine.
 */
export function siteUrlProblem(text: string): string | null {
  if (text === '') return 'is empty';
  // The URL parser drops tabs and line breaks and trims spaces: refuse them instead.
  if (/\s/u.test(text) || [...text].some(isControl)) {
    return 'must not contain spaces, line breaks or control characters';
  }
  if (!/^https?:\/\//i.test(text)) return 'must start with https:// or http://';
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'is not a URL';
  }
  if (url.hostname === '') return 'has no host name';
  if (url.username !== '' || url.password !== '') return 'must not carry a user name or password';
  if (url.search !== '' || url.hash !== '') return 'must not have a query string or fragment';
  return null;
}

/** C0 controls and DEL: never part of an address anyone meant to type. */
function isControl(character: string): boolean {
  const code = character.codePointAt(0) ?? 0;
  return code < 0x20 || code === 0x7f;
}
