/**
 * Where an episode's artwork and audio and a presenter's avatar come from. The database keeps
 * both what the feed names (http/https URLs) and what the media folder held at build time; a
 * local file wins, the feed's URL fills in, and with neither there is nothing (the site shows
 * its fallback: the numbered tile, initials, or one line saying the audio is missing).
 *
 * A `local` source is a path under the media base (the site turns it into a URL); a `remote`
 * one is the feed's own URL. Databases built before these columns existed have no local flags:
 * then the media folder is assumed to hold every file, as those sites did.
 */
import type { EpisodeRow, PresenterRow } from './db-schema.ts';
import type { SiteSettings } from './site-config.ts';

export type MediaSource = { kind: 'local'; path: string } | { kind: 'remote'; url: string };

/** The extension of a URL's or file's name ('cover.JPG?x=1' → 'jpg'), or ''. */
export function extensionOf(name: string): string {
  const clean = name.split(/[?#]/)[0] ?? '';
  const dot = clean.lastIndexOf('.');
  const slash = clean.lastIndexOf('/');
  return dot > slash && dot < clean.length - 1 ? clean.slice(dot + 1).toLowerCase() : '';
}

/** An http(s) URL, as the builder stores them; anything else is never used. */
export function isHttpUrl(value: string | null | undefined): value is string {
  return typeof value === 'string' && /^https?:\/\/[^\s]+$/i.test(value);
}

const remote = (url: string | null | undefined): MediaSource | null =>
  isHttpUrl(url) ? { kind: 'remote', url } : null;

/** An episode's artwork: `images/episodes/<file>` when the media folder had it, else the feed's. */
export function artworkSource(
  episode: Pick<EpisodeRow, 'episode' | 'image' | 'image_local'>,
): MediaSource | null {
  if (episode.image_local === undefined) {
    // An older database: the file is `images/episodes/<episode>.<extension of the feed's image>`.
    const ext = episode.image === null ? '' : extensionOf(episode.image);
    return ext === '' ? null : { kind: 'local', path: `images/episodes/${episode.episode}.${ext}` };
  }
  if (episode.image_local !== null) {
    return { kind: 'local', path: `images/episodes/${episode.image_local}` };
  }
  return remote(episode.image);
}

/**
 * An episode's audio: `audio/<episode>.mp3` when the media folder had it (unless the setting
 * says 'enclosure' and there is one), else the enclosure URL, whatever the setting.
 */
export function audioSource(
  episode: Pick<EpisodeRow, 'episode' | 'audio_url' | 'audio_local'>,
  audio: SiteSettings['audio'],
): MediaSource | null {
  const local: MediaSource = { kind: 'local', path: `audio/${episode.episode}.mp3` };
  const hasLocal = episode.audio_local === undefined || episode.audio_local === 1;
  if (hasLocal && !(audio === 'enclosure' && isHttpUrl(episode.audio_url))) return local;
  return remote(episode.audio_url);
}

/** A presenter's avatar: `hosts/<id>.png` when the media folder had it, else `podcast:person img`. */
export function avatarSource(
  presenter: Pick<PresenterRow, 'id' | 'img' | 'img_local'>,
): MediaSource | null {
  if (presenter.img_local === undefined || presenter.img_local === 1) {
    return { kind: 'local', path: `hosts/${presenter.id}.png` };
  }
  return remote(presenter.img);
}
