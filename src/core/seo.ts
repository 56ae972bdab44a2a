/**
 * What search engines and link previews read from a pre-rendered page: the head tags
 * (title, description, canonical URL, Open Graph, Twitter card), JSON-LD, `sitemap.xml` and
 * `robots.txt`. Pure: the builder's page renderer calls these with the database's rows.
 */
import { isHttpUrl, type MediaSource } from './media-sources.ts';

/** One page's head, before it is written out as tags. */
export interface PageHead {
  title: string;
  description: string;
  /** Absolute URL, or '' when the site has no `siteUrl` (then no canonical link is written). */
  canonical: string;
  /** Absolute URL of the page's picture, or ''. */
  image: string;
  /** 'website' for the list, 'article' for an episode page. */
  type: 'website' | 'article';
  siteName: string;
  /** schema.org objects, written as one JSON-LD script each. */
  jsonLd: readonly object[];
}

/** An absolute http(s) URL with no query, fragment or credentials, ending in '/'; else ''. */
export function normaliseSiteUrl(siteUrl: string): string {
  let url: URL;
  try {
    url = new URL(siteUrl.trim());
  } catch {
    return '';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return '';
  if (url.username !== '' || url.password !== '') return '';
  url.search = '';
  url.hash = '';
  if (!url.pathname.endsWith('/')) url.pathname = `${url.pathname}/`;
  return url.href;
}

/** The absolute URL of a site path ('/episodes/12'), or '' when the site URL is unknown. */
export function absoluteUrl(siteUrl: string, path: string): string {
  const base = normaliseSiteUrl(siteUrl);
  if (base === '') return '';
  return new URL(path.replace(/^\/+/, ''), base).href;
}

/**
 * The absolute URL of a page's picture (`og:image`): the feed's own URL as it is, a file of the
 * media folder under the media base when that is a URL, else under the site's address; '' when
 * a local file has no absolute address (no `siteUrl`).
 */
export function headImageUrl(
  source: MediaSource | null,
  site: { siteUrl: string; mediaBase: string },
): string {
  if (source === null) return '';
  if (source.kind === 'remote') return isHttpUrl(source.url) ? source.url : '';
  const path = source.path.split('/').map(encodeURIComponent).join('/');
  const base = site.mediaBase.trim();
  if (/^https?:\/\//i.test(base)) {
    try {
      return new URL(path, base.endsWith('/') ? base : `${base}/`).href;
    } catch {
      return '';
    }
  }
  const folder = base === '' ? '' : `${base.replace(/^\/+|\/+$/g, '')}/`;
  return absoluteUrl(site.siteUrl, `${folder}${path}`);
}

/** The show's artwork as a media source: `logo`, an http(s) URL or a path under the media base. */
export function logoSource(logo: string): MediaSource | null {
  const value = logo.trim();
  if (value === '') return null;
  if (/^https?:\/\//i.test(value)) return { kind: 'remote', url: value };
  return { kind: 'local', path: value.replace(/^\/+/, '') };
}

/** Plain text of description HTML, cut at a word boundary to at most `max` characters. */
export function plainSummary(html: string, max = 160): string {
  const text = decodeEntities(html.replace(INLINE_TAG, '').replace(/<[^>]*>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim();
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:–-]+$/, '')}…`;
}

/** Tags inside a line of text: dropped without a space, where block tags leave one. */
const INLINE_TAG = /<\/?(?:a|abbr|b|code|em|i|mark|q|s|small|span|strong|sub|sup|u)\b[^>]*>/gi;

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name: string) => {
    const lower = name.toLowerCase();
    if (lower.startsWith('#x')) return safeCodePoint(Number.parseInt(lower.slice(2), 16), whole);
    if (lower.startsWith('#')) return safeCodePoint(Number.parseInt(lower.slice(1), 10), whole);
    return ENTITIES[lower] ?? whole;
  });
}

function safeCodePoint(code: number, fallback: string): string {
  return Number.isInteger(code) && code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff)
    ? String.fromCodePoint(code)
    : fallback;
}

/** Text safe inside an HTML attribute value or element body. */
export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/**
 * JSON for an inline `<script>`: `<` is escaped so no value can close the script element, and
 * the two line separators JavaScript once refused are escaped too.
 */
export function jsonForScript(value: unknown): string {
  return (JSON.stringify(value) ?? 'null')
    .replaceAll('<', '\\u003c')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029');
}

/** The head tags of one page, as HTML (every value escaped). */
export function headHtml(head: PageHead): string {
  const meta = (key: 'name' | 'property', name: string, content: string): string =>
    content === '' ? '' : `<meta ${key}="${name}" content="${escapeHtml(content)}">`;
  return [
    `<title>${escapeHtml(head.title)}</title>`,
    meta('name', 'description', head.description),
    head.canonical === '' ? '' : `<link rel="canonical" href="${escapeHtml(head.canonical)}">`,
    meta('property', 'og:type', head.type),
    meta('property', 'og:site_name', head.siteName),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', head.canonical),
    meta('property', 'og:image', head.image),
    meta('name', 'twitter:card', head.image === '' ? 'summary' : 'summary_large_image'),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', head.description),
    meta('name', 'twitter:image', head.image),
    ...head.jsonLd.map(
      (item) => `<script type="application/ld+json">${jsonForScript(item)}</script>`,
    ),
  ]
    .filter((tag) => tag !== '')
    .join('\n    ');
}

/** The show, as schema.org's `PodcastSeries`. */
export function podcastSeriesJsonLd(show: {
  name: string;
  description: string;
  url: string;
  image: string;
}): object {
  return withoutEmpty({
    '@context': 'https://schema.org',
    '@type': 'PodcastSeries',
    name: show.name,
    description: show.description,
    url: show.url,
    image: show.image,
  });
}

/** One episode, as schema.org's `PodcastEpisode`, part of its series. */
export function podcastEpisodeJsonLd(episode: {
  name: string;
  episodeNumber: string;
  description: string;
  url: string;
  image: string;
  /** ISO 8601 date, or ''. */
  datePublished: string;
  durationSeconds: number;
  audioUrl: string;
  seriesName: string;
  seriesUrl: string;
}): object {
  return withoutEmpty({
    '@context': 'https://schema.org',
    '@type': 'PodcastEpisode',
    name: episode.name,
    episodeNumber: episode.episodeNumber,
    description: episode.description,
    url: episode.url,
    image: episode.image,
    datePublished: episode.datePublished,
    timeRequired: episode.durationSeconds > 0 ? isoDuration(episode.durationSeconds) : '',
    associatedMedia:
      episode.audioUrl === '' ? '' : { '@type': 'MediaObject', contentUrl: episode.audioUrl },
    partOfSeries: withoutEmpty({
      '@type': 'PodcastSeries',
      name: episode.seriesName,
      url: episode.seriesUrl,
    }),
  });
}

/** ISO 8601 duration: 3725 → 'PT1H2M5S'. */
export function isoDuration(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const rest = whole % 60;
  return `PT${hours > 0 ? `${hours}H` : ''}${minutes > 0 ? `${minutes}M` : ''}${
    rest > 0 || whole === 0 ? `${rest}S` : ''
  }`;
}

function withoutEmpty(object: Record<string, unknown>): object {
  return Object.fromEntries(Object.entries(object).filter(([, value]) => value !== ''));
}

/** `sitemap.xml`: every URL given, with its last-modified date where known. */
export function sitemapXml(urls: readonly { loc: string; lastmod?: string }[]): string {
  const entries = urls.map(
    ({ loc, lastmod }) =>
      `  <url><loc>${escapeHtml(loc)}</loc>${
        lastmod ? `<lastmod>${escapeHtml(lastmod)}</lastmod>` : ''
      }</url>`,
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...entries,
    '</urlset>',
    '',
  ].join('\n');
}

/** `robots.txt`: everything may be crawled; the sitemap is named when the site URL is known. */
export function robotsTxt(sitemapUrl: string): string {
  return `User-agent: *\nAllow: /\n${sitemapUrl === '' ? '' : `Sitemap: ${sitemapUrl}\n`}`;
}
