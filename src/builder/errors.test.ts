import { afterEach, describe, expect, it, vi } from 'vitest';
import { lineAndColumn, lineLocator } from './errors.ts';
import { parseFeed } from './read/feed.ts';
import { WarningCollector } from './warnings.ts';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('lineLocator', () => {
  it('gives every offset the line and column lineAndColumn gives it', () => {
    const text = 'first\n\nthird line\r\nfourth\n';
    const locate = lineLocator(text);
    for (let offset = -1; offset <= text.length + 1; offset += 1) {
      expect(locate(offset)).toEqual(lineAndColumn(text, offset));
    }
    expect(locate(text.indexOf('fourth') + 2)).toEqual({ line: 4, column: 3 });
  });

  it('gives a text without line breaks one line', () => {
    expect(lineLocator('abc')(2)).toEqual({ line: 1, column: 3 });
    expect(lineLocator('')(0)).toEqual({ line: 1, column: 1 });
  });
});

/** A feed of `count` items, each a few lines long, as a show's archive grows. */
function feedOf(count: number): string {
  const items = Array.from(
    { length: count },
    (_, index) =>
      `<item>\n<title>Episode ${index + 1}: a title</title>\n<itunes:episode>${index + 1}</itunes:episode>\n<guid>id-${index + 1}</guid>\n</item>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd">\n<channel>\n<title>Show</title>\n${items.join('\n')}\n</channel>\n</rss>\n`;
}

/** How many line breaks `String.prototype.indexOf` is asked for while a feed is read. */
function lineSearches(text: string): number {
  const indexOf = vi.spyOn(String.prototype, 'indexOf');
  const { episodes } = parseFeed('/podcast/feed.xml', text, { warnings: new WarningCollector() });
  const searches = indexOf.mock.calls.filter(([search]) => search === '\n').length;
  indexOf.mockRestore();
  expect(episodes.length).toBeGreaterThan(0);
  return searches;
}

describe('naming the line of every feed item', () => {
  it('grows with the feed, not with its square (issue 26, defect 2)', () => {
    const small = lineSearches(feedOf(250));
    const large = lineSearches(feedOf(1_000));
    // One pass over the text's lines: four times the items is four times the line searches
    // (scanning from the start for every item made it sixteen times).
    expect(large).toBeLessThanOrEqual(small * 4.5);
    expect(large).toBeLessThan(2 * feedOf(1_000).split('\n').length);
  });
});
