import { describe, expect, it } from 'vitest';
import { parsePodcastConfig } from './podcast-config.ts';

describe('parsePodcastConfig', () => {
  it('keeps only the site settings the file sets and compiles the title pattern', () => {
    const config = parsePodcastConfig(
      'trawl.config.json',
      '{"site":{"title":"X","hostIds":[6]},"episodeNumberPattern":"#(\\\\d+)"}',
    );
    expect(config.site).toEqual({ title: 'X', hostIds: [6] });
    expect(config.titlePattern?.exec('Show #12')?.[1]).toBe('12');
    expect(config.duplicateEpisodes).toBe('renumber');
  });

  it.each([
    ['{"site":{"titel":"X"}}', /trawl\.config\.json: site: unknown key "titel"/],
    ['{"sites":{}}', /trawl\.config\.json: \(top level\): unknown key "sites"/],
    ['{"site":{"pageSize":0}}', /site\.pageSize: /],
    ['{"episodeNumberPattern":"\\\\d+"}', /episodeNumberPattern: needs one capture group/],
    ['{"episodeNumberPattern":"(("}', /episodeNumberPattern: not a valid regular expression/],
    ['{"duplicateEpisodes":"maybe"}', /duplicateEpisodes: /],
    ['{\n  "site": {,}\n}', /trawl\.config\.json:2:\d+: not valid JSON/],
  ])('rejects %s with a message naming the key', (text, message) => {
    expect(() => parsePodcastConfig('/p/trawl.config.json', text)).toThrow(message);
  });
});
