import { describe, expect, it } from 'vitest';
import { parseDuration, parseFeed, type ParseFeedOptions } from './feed.ts';
import { WarningCollector } from '../warnings.ts';

const NEW_NS = 'https://podcastindex.org/namespace/1.0';
const OLD_NS = 'https://github.com/Podcastindex-org/podcast-namespace/blob/main/docs/1.0.md';

function feed(items: string, namespaces = `xmlns:podcast="${NEW_NS}"`, channelExtra = ''): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" xmlns:content="http://purl.org/rss/1.0/modules/content/" ${namespaces}>
<channel>
<title>Test &amp; Feed</title>
${channelExtra}
${items}
</channel>
</rss>`;
}

function parse(text: string, options: Partial<ParseFeedOptions> = {}) {
  const warnings = new WarningCollector();
  const result = parseFeed('/podcast/feed.xml', text, { warnings, ...options });
  return { ...result, warnings: warnings.summary() };
}

describe('parseFeed', () => {
  it('reads podcast:episode under either Podcasting 2.0 namespace URI and any prefix', () => {
    for (const namespace of [NEW_NS, OLD_NS]) {
      const parsed = parse(
        feed(
          '<item><title>T</title><pc2:episode>14.5</pc2:episode></item>',
          `xmlns:pc2="${namespace}"`,
        ),
      );
      expect(parsed.episodes.map((episode) => episode.episode)).toEqual(['14.5']);
    }
  });

  it('does not read a podcast:episode whose prefix belongs to another namespace', () => {
    const parsed = parse(
      feed(
        '<item><title>Episode 3: x</title><podcast:episode>99</podcast:episode></item>',
        'xmlns:podcast="https://example.org/other"',
      ),
    );
    expect(parsed.episodes.map((episode) => episode.episode)).toEqual(['3']);
  });

  it('falls back to itunes:episode, then a configured title pattern, then the built-in patterns', () => {
    const parsed = parse(
      feed(`
        <item><title>Whatever</title><itunes:episode>7</itunes:episode></item>
        <item><title>Show #12 (part 3)</title></item>
        <item><title>Episode 57: Rebel Rubes</title></item>
        <item><title>The Grey NATO – 249 – Kristin</title></item>`),
      { titlePattern: /#(\d+)/iu },
    );
    expect(parsed.episodes.map((episode) => episode.episode)).toEqual(['7', '12', '57', '249']);
  });

  it('prefers podcast:episode over itunes:episode and the title', () => {
    const parsed = parse(
      feed(
        '<item><title>Episode 3</title><itunes:episode>4</itunes:episode><podcast:episode>5</podcast:episode></item>',
      ),
    );
    expect(parsed.episodes[0]?.episode).toBe('5');
  });

  it('numbers the items of a mixed feed that have none after the episode before them', () => {
    const parsed = parse(
      feed(`
        <item><title>Episode 2</title><pubDate>Wed, 06 Mar 2024 10:00:00 GMT</pubDate></item>
        <item><title>Bonus</title><pubDate>Tue, 05 Mar 2024 10:00:00 GMT</pubDate></item>
        <item><title>Episode 1</title><pubDate>Mon, 04 Mar 2024 10:00:00 GMT</pubDate></item>
        <item><title>Trailer</title><pubDate>Sun, 03 Mar 2024 10:00:00 GMT</pubDate></item>`),
    );
    expect(parsed.episodes.map(({ episode, title }) => [episode, title])).toEqual([
      ['0.1', 'Trailer'],
      ['1', 'Episode 1'],
      ['1.1', 'Bonus'],
      ['2', 'Episode 2'],
    ]);
    expect(parsed.warnings).toEqual([
      expect.objectContaining({
        code: 'numbering-numbered',
        count: 2,
        message:
          '2 feed items had no episode number; numbered by publication order (kept in episode-numbers.json)',
        examples: [
          expect.stringMatching(
            /^"Trailer" \(line \d+\) is now episode 0\.1 \(it had no number\)$/,
          ),
          expect.stringMatching(/^"Bonus" \(line \d+\) is now episode 1\.1/),
        ],
      }),
    ]);
    expect(parsed.numbering.given).toEqual(
      new Map([
        ['title:Trailer', '0.1'],
        ['title:Bonus', '1.1'],
      ]),
    );
  });

  it('numbers a feed without numbers by publication order, oldest = 1, keyed by guid', () => {
    const parsed = parse(
      feed(`
        <item><title>Newest</title><guid>c</guid><pubDate>Wed, 06 Mar 2024 10:00:00 GMT</pubDate></item>
        <item><title>Middle</title><guid>b</guid><pubDate>Tue, 05 Mar 2024 10:00:00 GMT</pubDate></item>
        <item><title>Oldest</title><guid>a</guid><pubDate>Mon, 04 Mar 2024 10:00:00 GMT</pubDate></item>`),
    );
    expect(parsed.episodes.map(({ episode, title, guid }) => [episode, title, guid])).toEqual([
      ['1', 'Oldest', 'a'],
      ['2', 'Middle', 'b'],
      ['3', 'Newest', 'c'],
    ]);
    // Next week the oldest is gone and a newer one has come: the numbers stay.
    const later = parse(
      feed(`
        <item><title>Brand new</title><guid>d</guid><pubDate>Thu, 07 Mar 2024 10:00:00 GMT</pubDate></item>
        <item><title>Newest</title><guid>c</guid><pubDate>Wed, 06 Mar 2024 10:00:00 GMT</pubDate></item>
        <item><title>Middle</title><guid>b</guid><pubDate>Tue, 05 Mar 2024 10:00:00 GMT</pubDate></item>`),
      { knownNumbers: parsed.numbering.given },
    );
    expect(later.episodes.map(({ episode, title }) => [episode, title])).toEqual([
      ['2', 'Middle'],
      ['3', 'Newest'],
      ['4', 'Brand new'],
    ]);
    expect(later.numbering.given.get('a')).toBe('1');
  });

  it('counts "#N" at the end of a title as its number', () => {
    const parsed = parse(feed('<item><title>Octopus hearts #12</title></item>'));
    expect(parsed.episodes[0]?.episode).toBe('12');
  });

  it('sorts episodes numerically and reads title, CDATA HTML, dates, durations, enclosure and image', () => {
    const parsed = parse(
      feed(`
        <item><title>Episode 15: Later</title><description>plain</description></item>
        <item>
          <title>Episode 14.5: Half &amp; half</title>
          <description><![CDATA[<p>Short <b>bold</b> &amp; <a href="https://x.org">link</a></p>]]></description>
          <content:encoded><![CDATA[<p>Long <em>version</em></p>]]></content:encoded>
          <pubDate>Tue, 05 Mar 2024 10:00:00 +0100</pubDate>
          <itunes:duration>1:02:03</itunes:duration>
          <enclosure url="https://cdn.example.org/a.mp3?x=1&amp;y=2" length="1" type="audio/mpeg"/>
          <itunes:image href="https://cdn.example.org/14.5.jpg"/>
        </item>
        <item><title>Episode 2: Early</title><description>&lt;p&gt;escaped &lt;i&gt;html&lt;/i&gt;&lt;/p&gt;</description></item>`),
    );
    expect(parsed.title).toBe('Test & Feed');
    expect(parsed.episodes.map((episode) => episode.episode)).toEqual(['2', '14.5', '15']);
    const half = parsed.episodes[1];
    expect(half).toMatchObject({
      title: 'Episode 14.5: Half & half',
      descriptionHtml: '<p>Long <em>version</em></p>',
      pubDate: '2024-03-05T09:00:00.000Z',
      duration: 3723,
      audioUrl: 'https://cdn.example.org/a.mp3?x=1&y=2',
      image: 'https://cdn.example.org/14.5.jpg',
    });
    expect(parsed.episodes[0]?.descriptionHtml).toBe('<p>escaped <i>html</i></p>');
  });

  it('keeps a number on the older of two items and gives the newer one its own', () => {
    const text = feed(`
      <item><title>Episode 05: Again</title><pubDate>Tue, 05 Mar 2024 10:00:00 GMT</pubDate></item>
      <item><title>Episode 5: First</title><pubDate>Mon, 04 Mar 2024 10:00:00 GMT</pubDate></item>
      <item><title>Episode 6: Tagged</title><itunes:episode>7</itunes:episode><pubDate>Mon, 04 Mar 2024 12:00:00 GMT</pubDate></item>
      <item><title>Episode 7: Title only</title><pubDate>Wed, 06 Mar 2024 10:00:00 GMT</pubDate></item>`);
    const parsed = parse(text);
    expect(parsed.episodes.map(({ episode, title }) => [episode, title])).toEqual([
      ['5', 'Episode 5: First'],
      ['5.1', 'Episode 05: Again'],
      ['7', 'Episode 6: Tagged'],
      ['7.1', 'Episode 7: Title only'],
    ]);
    expect(parsed.numbering.notes.map((note) => note.text)).toEqual([
      expect.stringMatching(
        /^"Episode 05: Again" \(line \d+\) says 5 \(its title\), which "Episode 5: First" \(line \d+\) holds$/,
      ),
      expect.stringMatching(
        /^"Episode 7: Title only" \(line \d+\) says 7 \(its title\), which "Episode 6: Tagged"/,
      ),
      expect.stringMatching(
        /^"Episode 05: Again" \(line \d+\) is now episode 5\.1 \(its own number was taken\)$/,
      ),
      expect.stringMatching(/^"Episode 7: Title only" \(line \d+\) is now episode 7\.1/),
    ]);
    expect(parsed.warnings).toEqual([
      expect.objectContaining({ code: 'numbering-renumbered', count: 2 }),
    ]);
  });

  it('rejects duplicate episode numbers when told to, naming both titles and lines', () => {
    const text = feed(
      '<item><title>Episode 5: First</title></item>\n<item><title>Episode 05: Again</title></item>',
    );
    expect(() => parse(text, { duplicates: 'error' })).toThrow(
      /feed\.xml:\d+ \(episode 5\): duplicate episode number: "Episode 5: First" \(line \d+\) and "Episode 05: Again" \(line \d+\) are both episode 5/,
    );
  });

  it('keeps the newer of two items with one number when told to', () => {
    const text = feed(`
      <item><title>Episode 5: Re-upload</title><pubDate>Tue, 05 Mar 2024 10:00:00 GMT</pubDate></item>
      <item><title>Episode 5: Original</title><pubDate>Tue, 05 Mar 2023 10:00:00 GMT</pubDate></item>`);
    const parsed = parse(text, { duplicates: 'keep-newest' });
    expect(parsed.episodes.map((episode) => episode.title)).toEqual(['Episode 5: Re-upload']);
    expect(parsed.warnings[0]).toMatchObject({ code: 'duplicate-number', count: 1 });
  });

  it('rejects malformed XML with the file and line', () => {
    const text = feed(
      '<item><title>Episode 1</title>\n<description>a &lt;/p&gtgt; b</description></item>',
    );
    expect(() => parse(text)).toThrow(/feed\.xml:7:\d+: malformed XML: undefined entity &gtgt;/);
    const unclosed = feed('<item><title>Episode 1</title>\n<description>oops</item>');
    expect(() => parse(unclosed)).toThrow(/feed\.xml:7:\d+: malformed XML: /);
  });

  it('never expands DTD entities (no billion laughs)', () => {
    const bomb = `<?xml version="1.0"?>
<!DOCTYPE rss [<!ENTITY a "AAAAAAAAAA"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>
<rss version="2.0"><channel><title>&b;</title><item><title>Episode 1</title></item></channel></rss>`;
    expect(() => parse(bomb)).toThrow(/feed\.xml:3:\d+: malformed XML: undefined entity &b;/);
  });

  it('accepts entities inside CDATA and comments', () => {
    const parsed = parse(
      feed(
        '<!-- &nbsp; --><item><title>Episode 1</title><description><![CDATA[a&nbsp;b]]></description></item>',
      ),
    );
    expect(parsed.episodes[0]?.descriptionHtml).toBe('a&nbsp;b');
  });

  it('rejects documents that are not RSS', () => {
    expect(() =>
      parse('<feed xmlns="http://www.w3.org/2005/Atom"><title>x</title></feed>'),
    ).toThrow(/feed\.xml: not an RSS 2\.0 feed/);
  });

  it('reads podcast:person and creator podcast:location from the channel and items', () => {
    const parsed = parse(
      feed(
        `<item><title>Episode 1</title>
           <podcast:person role="guest" href="https://g.example">Grace Guest</podcast:person>
           <podcast:person role="producer">Pat Producer</podcast:person>
           <podcast:person/>
           <podcast:location rel="subject">Mars</podcast:location>
           <podcast:location rel="creator" country="gb">London Studio</podcast:location>
         </item>`,
        `xmlns:podcast="${OLD_NS}"`,
        '<podcast:person img="https://h.example/h.png">Harry Host</podcast:person><podcast:location>Home</podcast:location>',
      ),
    );
    expect(parsed.persons).toEqual([
      { name: 'Harry Host', role: 'host', img: 'https://h.example/h.png', href: null },
    ]);
    expect(parsed.location).toEqual({ name: 'Home', country: null });
    expect(parsed.episodes[0]?.persons).toEqual([
      { name: 'Grace Guest', role: 'guest', img: null, href: 'https://g.example' },
    ]);
    expect(parsed.episodes[0]?.location).toEqual({ name: 'London Studio', country: 'GB' });
    expect(parsed.warnings[0]).toMatchObject({ code: 'person-without-name', count: 1 });
  });

  it('skips an item whose number has over 12 digits or 6 decimals, naming file, line and value', () => {
    const parsed = parse(
      feed(`
<item><title>Fine</title><podcast:episode>1</podcast:episode></item>
<item><title>Stamp</title><podcast:episode>1700000000000</podcast:episode></item>
<item><title>Too fine</title><itunes:episode>1.5555555</itunes:episode></item>
<item><title>Episode ${'9'.repeat(120)}: huge</title></item>
<item><title>Padded</title><podcast:episode>000000000000012.500000000</podcast:episode></item>`),
    );
    expect(parsed.episodes.map((episode) => episode.episode)).toEqual(['1', '12.5']);
    const warning = parsed.warnings.find((each) => each.code === 'episode-number-too-long');
    expect(warning).toMatchObject({ count: 3 });
    expect(warning?.message).toBe(
      '3 feed items had an episode number over 12 digits or 6 decimals; skipped until the feed gives them a shorter one',
    );
    expect(warning?.examples).toEqual([
      '/podcast/feed.xml, line 8: "Stamp" says 1700000000000',
      '/podcast/feed.xml, line 9: "Too fine" says 1.5555555',
      `/podcast/feed.xml, line 10: "Episode ${'9'.repeat(72)}" says ${'9'.repeat(40)}…`,
    ]);
  });

  it('counts unreadable durations and dates as warnings', () => {
    const parsed = parse(
      feed(
        '<item><title>Episode 1</title><itunes:duration>about an hour</itunes:duration><pubDate>someday</pubDate></item>',
      ),
    );
    expect(parsed.episodes[0]).toMatchObject({ duration: null, pubDate: null });
    expect(parsed.warnings.map((warning) => warning.code)).toEqual(['bad-duration', 'bad-date']);
  });
});

describe('parseDuration', () => {
  it('reads seconds and clock times', () => {
    expect(parseDuration('3723')).toBe(3723);
    expect(parseDuration('95.5')).toBe(95.5);
    expect(parseDuration('1:02:03')).toBe(3723);
    expect(parseDuration('62:03')).toBe(3723);
    expect(parseDuration('00:05')).toBe(5);
  });

  it('rejects anything else', () => {
    for (const bad of ['', 'abc', '1:60', '1:2:3:4', '-5', '1:75:00'])
      expect(parseDuration(bad)).toBeNull();
  });
});
