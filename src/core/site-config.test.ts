import { describe, expect, it } from 'vitest';
import { dbConfigSchema, siteSettingsSchema } from './site-config.ts';

describe('site settings', () => {
  it('have generic defaults for any podcast', () => {
    expect(siteSettingsSchema.parse({})).toMatchObject({
      title: 'Trawl',
      searchPlaceholder: 'Search episodes and transcripts',
      secondGroupLabel: '',
      episodeTypes: [],
      accentColor: '',
      logo: '',
      favicon: '',
      errorReports: '',
    });
  });

  it("take a report path on the site's own origin only", () => {
    for (const path of ['/reports', '/api/error-report', '/podcast/reports/']) {
      expect(siteSettingsSchema.parse({ errorReports: path }).errorReports).toBe(path);
    }
    for (const hostile of [
      'https://reports.example/collect',
      '//reports.example/collect',
      '/\\reports.example',
      'reports',
      'javascript:alert(1)',
      '/reports?to=<script>',
      '/reports#x',
      '/re ports',
    ]) {
      expect(siteSettingsSchema.safeParse({ errorReports: hostile }).success, hostile).toBe(false);
    }
  });

  it.each([
    '#1a6b8f',
    '#abc',
    '#11223344',
    'teal',
    'rgb(26 107 143)',
    'rgba(26, 107, 143, 0.5)',
    'hsl(200 60% 33%)',
  ])('accept the CSS colour %s', (accentColor) => {
    expect(siteSettingsSchema.parse({ accentColor }).accentColor).toBe(accentColor);
  });

  it.each([
    'red; background: url(javascript:alert(1))',
    'url(https://evil.example/x.png)',
    'expression(alert(1))',
    '#12345',
    'var(--x)',
    'red}body{display:none',
    '</style><script>alert(1)</script>',
  ])('refuse %j as an accent colour', (accentColor) => {
    expect(siteSettingsSchema.safeParse({ accentColor }).success).toBe(false);
  });

  it('take a logo and favicon as an http(s) URL or a path, never another scheme', () => {
    expect(siteSettingsSchema.parse({ logo: 'https://cdn.example.org/logo.png' }).logo).toBe(
      'https://cdn.example.org/logo.png',
    );
    expect(siteSettingsSchema.parse({ favicon: 'icons/show.png' }).favicon).toBe('icons/show.png');
    for (const hostile of [
      'javascript:alert(1)',
      ' JAVASCRIPT:alert(1)',
      'data:image/svg+xml,<svg/>',
      'vbscript:x',
    ]) {
      expect(siteSettingsSchema.safeParse({ logo: hostile }).success).toBe(false);
      expect(siteSettingsSchema.safeParse({ favicon: hostile }).success).toBe(false);
    }
  });

  it('take episode types with plain, unique ids', () => {
    expect(
      siteSettingsSchema.parse({ episodeTypes: [{ id: 'bonus', label: 'Bonus' }] }).episodeTypes,
    ).toEqual([{ id: 'bonus', label: 'Bonus' }]);
    for (const episodeTypes of [
      [{ id: 'Bonus!', label: 'Bonus' }],
      [{ id: 'a,b', label: 'x' }],
      [
        { id: 'live', label: 'Live' },
        { id: 'live', label: 'Again' },
      ],
    ]) {
      expect(siteSettingsSchema.safeParse({ episodeTypes }).success).toBe(false);
    }
  });
});

describe('config.json media origins', () => {
  const base = {
    version: 'v1-0123456789ab',
    serverMode: 'chunked',
    requestChunkSize: 16384,
    databaseLengthBytes: 16384,
    serverChunkSize: 16384,
    urlPrefix: 'db.sqlite3.',
    suffixLength: 3,
    site: {},
  };

  it('default to none (older versions) and hold bare origins only', () => {
    expect(dbConfigSchema.parse(base).mediaOrigins).toEqual([]);
    expect(
      dbConfigSchema.parse({
        ...base,
        mediaOrigins: ['https://a.example', 'http://b.example:8080'],
      }).mediaOrigins,
    ).toEqual(['https://a.example', 'http://b.example:8080']);
    for (const origin of [
      "https://a.example 'unsafe-inline'",
      'https://a.example/path',
      '*',
      'javascript:x',
      'https:',
    ]) {
      expect(dbConfigSchema.safeParse({ ...base, mediaOrigins: [origin] }).success).toBe(false);
    }
  });
});
