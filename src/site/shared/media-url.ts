/**
 * Where audio, episode images, host avatars and icons come from. The podcast's config names a
 * media host (`mediaBase`); on localhost or a bare IP address the page's own origin serves
 * them instead (a local preview has no media host), unless the URL carries `deployed`
 * (`SearchState.deployed`).
 */
import type { SiteSettings } from '../../core/site-config.ts';

/** The page's address, as far as the media base depends on it. */
export interface PageLocation {
  hostname: string;
  origin: string;
}

const IPV4 = /^\d{1,3}(?:\.\d{1,3}){3}$/;

/** Whether a host name is this machine or a bare IP address. */
export function isLocalOrIpHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (IPV4.test(host)) return true;
  // IPv6 literals: URL.hostname keeps the brackets.
  return host.startsWith('[') || host.includes(':');
}

/**
 * The folder every media path is relative to, always ending in '/'. `deployed` is the URL's
 * `deployed` parameter.
 */
export function resolveMediaBase(
  configured: string,
  location: PageLocation,
  baseUrl: string,
  deployed: boolean,
): string {
  const own = new URL(baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`, location.origin).href;
  if (configured.trim() === '') return own;
  if (isLocalOrIpHost(location.hostname) && !deployed) return own;
  const absolute = new URL(configured, own).href;
  return absolute.endsWith('/') ? absolute : `${absolute}/`;
}

/** A path under the media base; each segment is URL-encoded. */
export function mediaUrl(base: string, path: string): string {
  return base + path.split('/').map(encodeURIComponent).join('/');
}

/** The extension of a file name ('cover.JPG' → 'jpg'), or '' if it has none. */
export function extensionOf(fileName: string): string {
  const clean = fileName.split(/[?#]/)[0] ?? '';
  const dot = clean.lastIndexOf('.');
  const slash = clean.lastIndexOf('/');
  return dot > slash && dot < clean.length - 1 ? clean.slice(dot + 1).toLowerCase() : '';
}

/** The media paths of one podcast, bound to its media base and settings. */
export interface MediaUrls {
  base: string;
  /** `audio/{episode}.mp3`, or the feed's enclosure URL when the config says 'enclosure'. */
  audio(episode: { episode: string; audio_url: string | null }): string;
  /** `images/episodes/{episode}.{ext of image}`, or null without an image. */
  episodeImage(episode: { episode: string; image: string | null }): string | null;
  /** `hosts/{id}.png`. */
  hostAvatar(presenterId: number): string;
  /** `icons/{name}.svg`. */
  icon(name: string): string;
  /** `images/{name}`. */
  image(name: string): string;
  /** Any other path under the media base. */
  path(path: string): string;
}

/** Builds the media URLs for a media base and the podcast's audio setting. */
export function createMediaUrls(base: string, audio: SiteSettings['audio'] = 'media'): MediaUrls {
  return {
    base,
    audio: (episode) =>
      audio === 'enclosure' && episode.audio_url
        ? episode.audio_url
        : mediaUrl(base, `audio/${episode.episode}.mp3`),
    episodeImage: (episode) => {
      const ext = episode.image === null ? '' : extensionOf(episode.image);
      return ext === '' ? null : mediaUrl(base, `images/episodes/${episode.episode}.${ext}`);
    },
    hostAvatar: (presenterId) => mediaUrl(base, `hosts/${presenterId}.png`),
    icon: (name) => mediaUrl(base, `icons/${name}.svg`),
    image: (name) => mediaUrl(base, `images/${name}`),
    path: (path) => mediaUrl(base, path),
  };
}
