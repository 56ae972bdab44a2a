import { describe, expect, it } from 'vitest';
import { extensionOf } from '../../core/media-sources.ts';
import { readSearchState } from '../../core/search-state.ts';
import { createMediaUrls, isLocalOrIpHost, resolveMediaBase } from './media-url.ts';

/** The media base for a page address, its `deployed` read by the URL's owner. */
const resolveAt = (configured: string, url: string, base: string): string => {
  const parsed = new URL(url);
  const { deployed } = readSearchState(parsed.searchParams);
  return resolveMediaBase(configured, parsed, base, deployed);
};

describe('resolveMediaBase', () => {
  const media = 'https://media.example.org/podcast';

  it('uses the configured media host on a deployed site', () => {
    expect(resolveAt(media, 'https://facts.example.org/', '/')).toBe(
      'https://media.example.org/podcast/',
    );
  });

  it("uses the page's own origin and base path on localhost or a bare IP", () => {
    expect(resolveAt(media, 'http://localhost:5173/', '/')).toBe('/');
    expect(resolveAt(media, 'http://127.0.0.1:8080/episodes/3', '/sub/')).toBe('/sub/');
    expect(resolveAt(media, 'http://[::1]:8080/', '/')).toBe('/');
    expect(resolveAt(media, 'http://192.168.1.20/', '/')).toBe('/');
  });

  it('keeps the media host on localhost or an IP with a deployed parameter', () => {
    expect(resolveAt(media, 'http://127.0.0.1:8080/?deployed', '/')).toBe(
      'https://media.example.org/podcast/',
    );
    expect(resolveAt(media, 'http://localhost/?q=x&deployed=1', '/')).toBe(
      'https://media.example.org/podcast/',
    );
  });

  it('falls back to the own origin when no media host is configured', () => {
    expect(resolveAt('', 'https://facts.example.org/', '/trawl/')).toBe('/trawl/');
  });

  it('resolves a relative media base against the site', () => {
    expect(resolveAt('media', 'https://facts.example.org/', '/trawl/')).toBe('/trawl/media/');
    expect(resolveAt('/media/../files', 'https://facts.example.org/', '/trawl/')).toBe('/files/');
  });

  it('names the same folder while pre-rendering, with no page address, as deployed', () => {
    expect(resolveMediaBase(media, undefined, '/', false)).toBe(
      'https://media.example.org/podcast/',
    );
    expect(resolveMediaBase('', undefined, '/trawl', false)).toBe('/trawl/');
  });
});

describe('isLocalOrIpHost', () => {
  it('knows local and IP hosts from names', () => {
    expect(isLocalOrIpHost('localhost')).toBe(true);
    expect(isLocalOrIpHost('app.localhost')).toBe(true);
    expect(isLocalOrIpHost('10.0.0.1')).toBe(true);
    expect(isLocalOrIpHost('[2001:db8::1]')).toBe(true);
    expect(isLocalOrIpHost('example.org')).toBe(false);
    expect(isLocalOrIpHost('1.example.org')).toBe(false);
  });
});

describe('createMediaUrls', () => {
  const urls = createMediaUrls('https://m.example.org/');

  it('builds the spec paths', () => {
    expect(urls.audio({ episode: '14.5', audio_url: 'https://feed.example.org/14.5.mp3' })).toBe(
      'https://m.example.org/audio/14.5.mp3',
    );
    expect(
      urls.episodeImage({ episode: '3', image: 'https://x.example.org/art/Cover.JPG?v=2' }),
    ).toBe('https://m.example.org/images/episodes/3.jpg');
    expect(urls.episodeImage({ episode: '3', image: null })).toBeNull();
    expect(urls.episodeImage({ episode: '3', image: 'no-extension' })).toBeNull();
    expect(urls.hostAvatar({ id: 12 })).toBe('https://m.example.org/hosts/12.png');
    expect(urls.icon('play')).toBe('https://m.example.org/icons/play.svg');
    expect(urls.image('under-construction.svg')).toBe(
      'https://m.example.org/images/under-construction.svg',
    );
  });

  it('uses the feed URLs where the media folder had no file, whatever the setting', () => {
    const feed = { audio_url: 'https://feed.example.org/2.mp3', audio_local: 0 as const };
    expect(urls.audio({ episode: '2', ...feed })).toBe('https://feed.example.org/2.mp3');
    expect(urls.audio({ episode: '2', ...feed, audio_local: 1 })).toBe(
      'https://m.example.org/audio/2.mp3',
    );
    const art = 'https://feed.example.org/art/2.jpg';
    expect(urls.episodeImage({ episode: '2', image: art, image_local: null })).toBe(art);
    expect(urls.episodeImage({ episode: '2', image: art, image_local: '2.png' })).toBe(
      'https://m.example.org/images/episodes/2.png',
    );
    expect(
      urls.episodeImage({ episode: '2', image: 'javascript:alert(1)', image_local: null }),
    ).toBeNull();
    expect(urls.hostAvatar({ id: 3, img: 'https://feed.example.org/a.png', img_local: 0 })).toBe(
      'https://feed.example.org/a.png',
    );
    expect(urls.hostAvatar({ id: 3, img: null, img_local: 0 })).toBeNull();
  });

  it("plays the feed's enclosure when the config says so", () => {
    const enclosure = createMediaUrls('https://m.example.org/', 'enclosure');
    expect(enclosure.audio({ episode: '1', audio_url: 'https://feed.example.org/1.mp3' })).toBe(
      'https://feed.example.org/1.mp3',
    );
    expect(enclosure.audio({ episode: '1', audio_url: null })).toBe(
      'https://m.example.org/audio/1.mp3',
    );
  });

  it('encodes path segments', () => {
    expect(urls.path('images/a b#c.png')).toBe('https://m.example.org/images/a%20b%23c.png');
    expect(extensionOf('a.b/c')).toBe('');
    expect(extensionOf('cover.webp')).toBe('webp');
  });
});
