import { describe, expect, it } from 'vitest';
import { ALLOWED_ATTR, ALLOWED_TAGS, isAllowedUrl, purifyConfig } from './html-policy.ts';

describe('html policy', () => {
  it('allows simple formatting and links but nothing executable or embedded', () => {
    for (const tag of ['p', 'br', 'a', 'em', 'strong', 'ul', 'ol', 'li', 'blockquote', 'h3'])
      expect(ALLOWED_TAGS).toContain(tag);
    for (const tag of ['script', 'style', 'iframe', 'img', 'form', 'svg', 'object'])
      expect(ALLOWED_TAGS).not.toContain(tag);
    expect(ALLOWED_ATTR).toContain('href');
    for (const attribute of ['style', 'class', 'onclick', 'src', 'target'])
      expect(ALLOWED_ATTR).not.toContain(attribute);
  });

  it('accepts http, https and mailto URLs only', () => {
    expect(isAllowedUrl('https://example.org')).toBe(true);
    expect(isAllowedUrl('HTTP://example.org')).toBe(true);
    expect(isAllowedUrl('mailto:someone@example.org')).toBe(true);
    expect(isAllowedUrl(' java\nscript:alert(1)')).toBe(false);
    expect(isAllowedUrl('data:text/html,x')).toBe(false);
    expect(isAllowedUrl('/relative')).toBe(false);
  });

  it('returns a fresh config so callers cannot change the shared lists', () => {
    const config = purifyConfig();
    config.ALLOWED_TAGS.push('script');
    expect(purifyConfig().ALLOWED_TAGS).not.toContain('script');
    expect(config.ALLOW_DATA_ATTR).toBe(false);
  });
});
