import { plural, type WarningCollector } from '../warnings.ts';

/**
 * The one gate for URLs a feed names (artwork, enclosures, avatars, the channel image): only
 * absolute http and https URLs are kept, normalised by the URL parser. Anything else
 * (`javascript:`, `data:`, `file:`, protocol-relative `//host`, text that is not a URL) is
 * dropped and counted in one warning naming where it was, so the site never puts it into a
 * page. Relative paths (the demo feed's `audio/9.mp3`) are dropped with a milder note.
 */
export function checkedFeedUrl(
  raw: string | null,
  where: string,
  warnings: WarningCollector,
): string | null {
  if (raw === null) return null;
  const text = raw.trim();
  if (text === '') return null;
  let url: URL | undefined;
  try {
    url = new URL(text);
  } catch {
    url = undefined;
  }
  if (url && (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '') {
    return url.href;
  }
  const shown = text.length > 60 ? `${text.slice(0, 57)}…` : text;
  if (!/^[a-z][a-z0-9+.-]*:/i.test(text) && !text.startsWith('//')) {
    // A relative path names no host: only a file of the media folder can stand for it.
    warnings.add(
      'relative-url',
      (n) =>
        `${plural(n, 'media URL')} in the feed ${n === 1 ? 'was a relative path' : 'were relative paths'}; only files in the media folder are used for ${n === 1 ? 'it' : 'them'}`,
      `${where}: "${shown}"`,
    );
    return null;
  }
  warnings.add(
    'bad-url',
    (n) =>
      `${plural(n, 'URL')} in the feed ${n === 1 ? 'was' : 'were'} not an absolute http(s) URL; ignored (write media URLs as https://…)`,
    `${where}: "${shown}"`,
  );
  return null;
}
