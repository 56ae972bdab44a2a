import { describe, expect, it } from 'vitest';
import { momentUrl, parseMomentParam } from './moment-link.ts';

describe('parseMomentParam', () => {
  it('reads seconds, m:ss and h:mm:ss', () => {
    expect(parseMomentParam('754')).toBe(754);
    expect(parseMomentParam('12:34')).toBe(754);
    expect(parseMomentParam('1:00:05')).toBe(3605);
  });

  it('gives null for absent or unreadable values', () => {
    for (const value of [null, undefined, '', '-4', 'soon', '12:99', '9'.repeat(40), '100000']) {
      expect(parseMomentParam(value), String(value)).toBeNull();
    }
  });
});

describe('momentUrl', () => {
  it('links to the episode route with whole seconds', () => {
    expect(momentUrl('12', 754.9, 'https://example.org', '/')).toBe(
      'https://example.org/episodes/12?t=754',
    );
    expect(momentUrl('14.5', 3, 'https://example.org', '/podcast')).toBe(
      'https://example.org/podcast/episodes/14.5?t=3',
    );
  });

  it('uses the page origin and the build base by default', () => {
    expect(momentUrl('7', 60)).toBe(`${window.location.origin}/episodes/7?t=60`);
  });
});
