import { describe, expect, it } from 'vitest';
import { momentUrl } from './moment-link.ts';

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
