import { describe, expect, it } from 'vitest';
import { WarningCollector } from '../warnings.ts';
import { parseFeed } from './feed.ts';
import { findItemSpans } from './feed-recover.ts';
import { PHANTOM_FEED } from '../test-support/hostile-feeds.ts';

describe('findItemSpans', () => {
  const items = (text: string) =>
    findItemSpans(text).map((span) => text.slice(span.start, span.end));

  it('ignores item tags inside CDATA, comments and processing instructions, and > in attributes', () => {
    const text =
      '<channel><item><a><![CDATA[</item><item>]]></a></item>' +
      '<item><!-- </item><item> --><?pi </item>?><b x="a>b">t</b></item></channel>';
    expect(items(text)).toEqual([
      '<item><a><![CDATA[</item><item>]]></a></item>',
      '<item><!-- </item><item> --><?pi </item>?><b x="a>b">t</b></item>',
    ]);
  });

  it('ends an item that never closes where the next item or the channel ends', () => {
    const text = '<channel><item><title>a</title><item>b</item><item>c</channel></rss>';
    expect(items(text)).toEqual(['<item><title>a</title>', '<item>b</item>', '<item>c']);
  });

  it('finds self-closing items and items with attributes, and no <items> or <itemize>', () => {
    const text = '<channel><item/><item id="x > y">z</item ><items>w</items><itemize/></channel>';
    expect(items(text)).toEqual(['<item/>', '<item id="x > y">z</item >']);
  });
});

describe('--recover', () => {
  it('keeps items whose show notes hold item markup in CDATA or a comment, and skips only the broken one', () => {
    const warnings = new WarningCollector();
    const parsed = parseFeed('/podcast/feed.xml', PHANTOM_FEED, { warnings, recover: true });
    expect(parsed.episodes.map((episode) => episode.episode)).toEqual(['1', '2', '4']);
    expect(parsed.episodes.map((episode) => episode.audioUrl)).toEqual([
      'https://media.example/1.mp3',
      'https://media.example/2.mp3',
      'https://media.example/4.mp3',
    ]);
    expect(parsed.episodes.flatMap((episode) => episode.persons)).toEqual([]);
    expect(warnings.summary().map((warning) => warning.message)).toEqual([
      expect.stringMatching(
        /^skipped the broken feed item at line 15, "Episode 3: Broken entity" \(line 17: malformed XML: undefined entity &gtgt;/,
      ) as unknown,
    ]);
  });
});
