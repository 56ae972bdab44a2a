/**
 * The podcast's own look: its logo in the header, its favicon in the tab and its accent colour.
 * Each comes from the site settings (the builder fills the logo and favicon from the feed's
 * channel image unless trawl.config.json names them); empty keeps the site's built-in one.
 */
import { useEffect } from 'react';
import type { SiteSettings } from '../../core/site-config.ts';
import type { MediaUrls } from '../shared/media-url.ts';

/** The site's own files (logo.svg, favicon.svg) under the build's base path. */
function builtIn(name: string): string {
  return `${import.meta.env.BASE_URL}${name}`;
}

/** A setting's image: an http(s) URL as it is, a path under the media base, or null for none. */
export function brandImageUrl(reference: string, media: MediaUrls): string | null {
  const value = reference.trim();
  if (value === '') return null;
  if (/^https?:\/\//i.test(value)) return value;
  return media.path(value.replace(/^\/+/, ''));
}

/** The header's logo: the podcast's, else the site's built-in one. */
export function logoUrl(settings: Pick<SiteSettings, 'logo'>, media: MediaUrls): string {
  return brandImageUrl(settings.logo, media) ?? builtIn('logo.svg');
}

/** Points the tab's icon at the podcast's favicon (the built-in one when it names none). */
export function useFavicon(settings: Pick<SiteSettings, 'favicon'>, media: MediaUrls): void {
  const url = brandImageUrl(settings.favicon, media);
  useEffect(() => {
    const link =
      document.querySelector<HTMLLinkElement>('link[rel="icon"]') ??
      document.head.appendChild(Object.assign(document.createElement('link'), { rel: 'icon' }));
    if (url === null) {
      link.type = 'image/svg+xml';
      link.href = builtIn('favicon.svg');
    } else {
      link.removeAttribute('type');
      link.href = url;
    }
  }, [url]);
}

/** Relative luminance (0 black … 1 white) of a computed 'rgb(r, g, b)' colour, or null. */
export function luminanceOf(computed: string): number | null {
  const parts = /rgba?\(\s*([\d.]+)[,\s]+([\d.]+)[,\s]+([\d.]+)/.exec(computed);
  if (!parts) return null;
  const [r, g, b] = parts.slice(1, 4).map((part) => {
    const channel = Number(part) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
}

const ACCENT_PROPERTIES = ['--color-accent', '--color-accent-soft', '--color-accent-text'];

/**
 * Sets the accent colour (buttons, the play button, the header's rule, the artwork tiles) from
 * the settings, with a soft tint of it for hover backgrounds and a text colour that reads on
 * it. The value was checked against `CSS_COLOR` when the config was read, and is set through
 * the CSSOM, never written into a stylesheet.
 */
export function useAccentColor(settings: Pick<SiteSettings, 'accentColor'>): void {
  const color = settings.accentColor.trim();
  useEffect(() => {
    const root = document.documentElement.style;
    if (color === '') return undefined;
    const probe = document.createElement('span');
    probe.style.color = color;
    document.body.appendChild(probe);
    const luminance = luminanceOf(getComputedStyle(probe).color);
    probe.remove();
    root.setProperty('--color-accent', color);
    root.setProperty('--color-accent-soft', `color-mix(in srgb, ${color} 18%, transparent)`);
    root.setProperty(
      '--color-accent-text',
      luminance !== null && luminance < 0.4 ? '#fff' : '#111',
    );
    return () => {
      for (const property of ACCENT_PROPERTIES) root.removeProperty(property);
    };
  }, [color]);
}
