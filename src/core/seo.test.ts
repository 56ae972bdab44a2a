import { describe, expect, it } from 'vitest';
import {
  absoluteUrl,
  headHtml,
  isoDuration,
  jsonForScript,
  normaliseSiteUrl,
  plainSummary,
  podcastEpisodeJsonLd,
  robotsTxt,
  sitemapXml,
} from './seo.ts';

describe('site URLs', () => {
  it('keeps http(s) URLs, with a trailing slash and no query, hash or credentials', () => {
    expect(normaliseSiteUrl('https://example.org/show')).toBe('https://example.org/show/');
    expect(normaliseSiteUrl(' https://example.org/?a=1#b ')).toBe('https://example.org/');
    expect(normaliseSiteUrl('javascript:alert(1)')).toBe('');
    expect(normaliseSiteUrl('https://user:pw@example.org/')).toBe('');
    expect(normaliseSiteUrl('')).toBe('');
  });

  it('joins paths under the site URL, never above it', () => {
    expect(absoluteUrl('https://example.org/show', '/episodes/12')).toBe(
      'https://example.org/show/episodes/12',
    );
    expect(absoluteUrl('https://example.org/', '//evil.test/x')).toBe(
      'https://example.org/evil.test/x',
    );
    expect(absoluteUrl('', '/episodes/12')).toBe('');
  });
});

describe('plainSummary', () => {
  it('strips tags, decodes entities and cuts at a word', () => {
    expect(plainSummary('<p>Fish &amp; <b>chips</b>&#33;</p>')).toBe('Fish & chips!');
    const long = `<p>${'word '.repeat(60)}</p>`;
    const summary = plainSummary(long, 50);
    expect(summary.length).toBeLessThanOrEqual(50);
    expect(summary.endsWith('word…')).toBe(true);
  });

  it('leaves a bad numeric entity as it was', () => {
    expect(plainSummary('a &#xD800; b &#99999999; c')).toBe('a &#xD800; b &#99999999; c');
  });
});

describe('headHtml', () => {
  it('escapes every value, and no JSON-LD value can close its script', () => {
    const html = headHtml({
      title: 'Fish "&" <chips>',
      description: "It's </script><script>alert(1)</script>",
      canonical: 'https://example.org/episodes/1',
      image: '',
      type: 'article',
      siteName: 'Show',
      jsonLd: [{ name: '</script><img src=x onerror=alert(1)>' }],
    });
    expect(html).toContain('<title>Fish &quot;&amp;&quot; &lt;chips&gt;</title>');
    expect(html).toContain('<link rel="canonical" href="https://example.org/episodes/1">');
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<img');
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(html).toContain('<meta name="twitter:card" content="summary">');
    expect(html).not.toContain('og:image');
  });

  it('writes no canonical link without a site URL', () => {
    const html = headHtml({
      title: 't',
      description: '',
      canonical: '',
      image: 'https://cdn.example.org/a.jpg',
      type: 'website',
      siteName: 's',
      jsonLd: [],
    });
    expect(html).not.toContain('canonical');
    expect(html).toContain('<meta property="og:image" content="https://cdn.example.org/a.jpg">');
    expect(html).toContain('summary_large_image');
  });
});

describe('JSON-LD', () => {
  it('describes an episode, leaving out what is unknown', () => {
    expect(
      podcastEpisodeJsonLd({
        name: 'Clouds',
        episodeNumber: '1',
        description: 'About clouds',
        url: 'https://example.org/episodes/1',
        image: '',
        datePublished: '2024-01-02',
        durationSeconds: 3725,
        audioUrl: '',
        seriesName: 'Show',
        seriesUrl: 'https://example.org/',
      }),
    ).toEqual({
      '@context': 'https://schema.org',
      '@type': 'PodcastEpisode',
      name: 'Clouds',
      episodeNumber: '1',
      description: 'About clouds',
      url: 'https://example.org/episodes/1',
      datePublished: '2024-01-02',
      timeRequired: 'PT1H2M5S',
      partOfSeries: { '@type': 'PodcastSeries', name: 'Show', url: 'https://example.org/' },
    });
  });

  it('escapes what could end an inline script', () => {
    expect(jsonForScript({ a: '</script>\u2028' })).toBe('{"a":"\\u003c/script>\\u2028"}');
    expect(isoDuration(0)).toBe('PT0S');
    expect(isoDuration(60)).toBe('PT1M');
  });
});

describe('sitemap and robots', () => {
  it('lists every URL, escaped', () => {
    const xml = sitemapXml([
      { loc: 'https://example.org/' },
      { loc: 'https://example.org/episodes/1?a=1&b=2', lastmod: '2024-01-02' },
    ]);
    expect(xml).toContain('<url><loc>https://example.org/</loc></url>');
    expect(xml).toContain(
      '<url><loc>https://example.org/episodes/1?a=1&amp;b=2</loc><lastmod>2024-01-02</lastmod></url>',
    );
    expect(robotsTxt('https://example.org/sitemap.xml')).toBe(
      'User-agent: *\nAllow: /\nSitemap: https://example.org/sitemap.xml\n',
    );
    expect(robotsTxt('')).toBe('User-agent: *\nAllow: /\n');
  });
});
