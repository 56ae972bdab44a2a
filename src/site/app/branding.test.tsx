import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { createMediaUrls } from '../shared/media-url.ts';
import { brandImageUrl, logoUrl, luminanceOf, useAccentColor, useFavicon } from './branding.ts';

const media = createMediaUrls('https://media.example.org/');

function Branded({ accentColor, favicon }: { accentColor: string; favicon: string }): ReactNode {
  useAccentColor({ accentColor });
  useFavicon({ favicon }, media);
  return null;
}

afterEach(() => {
  document.documentElement.removeAttribute('style');
  document.head.querySelector('link[rel="icon"]')?.remove();
});

describe('the podcast’s logo and favicon', () => {
  it('takes an http(s) URL as it is, a path under the media base, and nothing else', () => {
    expect(brandImageUrl('https://cdn.example.org/cover.jpg', media)).toBe(
      'https://cdn.example.org/cover.jpg',
    );
    expect(brandImageUrl('images/cover.png', media)).toBe(
      'https://media.example.org/images/cover.png',
    );
    expect(brandImageUrl('  ', media)).toBeNull();
    expect(logoUrl({ logo: '' }, media)).toBe('/logo.svg');
  });

  it('points the tab’s icon at the favicon, and back at the built-in one', () => {
    const { rerender } = render(<Branded accentColor="" favicon="images/cover.png" />);
    const icon = document.head.querySelector<HTMLLinkElement>('link[rel="icon"]');
    expect(icon?.href).toBe('https://media.example.org/images/cover.png');
    rerender(<Branded accentColor="" favicon="" />);
    expect(icon?.getAttribute('href')).toBe('/favicon.svg');
  });
});

describe('the accent colour', () => {
  it('sets the accent, a soft tint and a text colour that reads on it; empty keeps the site’s', () => {
    const { rerender } = render(<Branded accentColor="#1a6b8f" favicon="" />);
    const style = document.documentElement.style;
    expect(style.getPropertyValue('--color-accent')).toBe('#1a6b8f');
    expect(style.getPropertyValue('--color-accent-soft')).toContain('#1a6b8f');
    expect(style.getPropertyValue('--color-accent-text')).toBe('#fff');
    rerender(<Branded accentColor="#f7dc5c" favicon="" />);
    expect(style.getPropertyValue('--color-accent-text')).toBe('#111');
    rerender(<Branded accentColor="" favicon="" />);
    expect(style.getPropertyValue('--color-accent')).toBe('');
  });

  it('reads the luminance of a computed colour', () => {
    expect(luminanceOf('rgb(0, 0, 0)')).toBe(0);
    expect(luminanceOf('rgb(255, 255, 255)')).toBeCloseTo(1);
    expect(luminanceOf('teal')).toBeNull();
  });
});
