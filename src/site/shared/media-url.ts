/**
 * Where audio, episode images, host avatars and icons come from. The podcast's config names a
 * media host (`mediaBase`); on localhost or a bare IP address the page's own origin serves
 * them instead (a local preview has no media host), unless the URL carries `deployed`
 * (`SearchState.deployed`).
 */
import type { EpisodeRow, PresenterRow } from '../../core/db-schema.ts';
import {
  artworkSource,
  audioSource,
  avatarSource,
  type MediaSource,
} from '../../core/media-sources.ts';
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
 * The folder every media path is relative to, always ending in '/'. The page's own folder is
 * written as a path ('/trawl/'), not a URL, so a page pre-rendered without an address and the
 * same page in the browser name the same files. `location` is the page's address (none while
 * pre-rendering: the page is taken to be deployed); `deployed` is the URL's parameter.
 */
export function resolveMediaBase(
  configured: string,
  location: PageLocation | undefined,
  baseUrl: string,
  deployed: boolean,
): string {
  const own = baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`;
  if (configured.trim() === '') return own;
  if (location !== undefined && isLocalOrIpHost(location.hostname) && !deployed) return own;
  if (/^https?:\/\//i.test(configured.trim())) {
    const absolute = new URL(configured.trim()).href;
    return absolute.endsWith('/') ? absolute : `${absolute}/`;
  }
  // A path: relative to the site's own folder.
  const path = new URL(configured.trim(), `http://site.invalid${own}`).pathname;
  return path.endsWith('/') ? path : `${path}/`;
}

/** A path under the media base; each segment is URL-encoded. */
export function mediaUrl(base: string, path: string): string {
  return base + path.split('/').map(encodeURIComponent).join('/');
}

/** The media paths of one podcast, bound to its media base and settings. */
export interface MediaUrls {
  base: string;
  /**
   * `audio/{episode}.mp3` when the media folder had it, else the enclosure URL
   * (`src/core/media-sources.ts`); with neither, the local path (which fails to load).
   */
  audio(episode: Pick<EpisodeRow, 'episode' | 'audio_url' | 'audio_local'>): string;
  /** The episode's artwork: the media folder's file, else the feed's URL, else null. */
  episodeImage(episode: Pick<EpisodeRow, 'episode' | 'image' | 'image_local'>): string | null;
  /**
   * A presenter's avatar: `hosts/{id}.png` when the media folder had it, else the feed's
   * (`podcast:person img`). Given only an id, `hosts/{id}.png`.
   */
  hostAvatar(presenter: number | Pick<PresenterRow, 'id' | 'img' | 'img_local'>): string | null;
  /** `icons/{name}.svg`. */
  icon(name: string): string;
  /** `images/{name}`. */
  image(name: string): string;
  /** Any other path under the media base. */
  path(path: string): string;
}

/** Builds the media URLs for a media base and the podcast's audio setting. */
export function createMediaUrls(base: string, audio: SiteSettings['audio'] = 'media'): MediaUrls {
  const url = (source: MediaSource | null): string | null =>
    source === null ? null : source.kind === 'local' ? mediaUrl(base, source.path) : source.url;
  return {
    base,
    audio: (episode) =>
      url(audioSource(episode, audio)) ?? mediaUrl(base, `audio/${episode.episode}.mp3`),
    episodeImage: (episode) => url(artworkSource(episode)),
    hostAvatar: (presenter) =>
      url(avatarSource(typeof presenter === 'number' ? { id: presenter } : presenter)),
    icon: (name) => mediaUrl(base, `icons/${name}.svg`),
    image: (name) => mediaUrl(base, `images/${name}`),
    path: (path) => mediaUrl(base, path),
  };
}

/**
 * The media URLs of a page of this site: its address (undefined when the server renders it)
 * and the URL's `deployed` flag decide the base (`resolveMediaBase`).
 */
export function siteMediaUrls(
  settings: Pick<SiteSettings, 'mediaBase' | 'audio'>,
  location: PageLocation | undefined,
  deployed: boolean,
): MediaUrls {
  return createMediaUrls(
    resolveMediaBase(settings.mediaBase, location, import.meta.env.BASE_URL, deployed),
    settings.audio,
  );
}
