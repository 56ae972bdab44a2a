/**
 * Writes a podcast's RSS 2.0 feed with the iTunes and Podcasting 2.0 tags that `trawl build`
 * reads. Shared by the demo generator and the scale corpus so both feeds look alike.
 */

export interface FeedItem {
  episode: string;
  title: string;
  /** RFC 2822 date. */
  pubDate: string;
  descriptionHtml: string;
  /** Seconds, or h:mm:ss, as written into itunes:duration. */
  duration: string;
  audioUrl: string;
  audioBytes: number;
  /** Omitted from the item when absent. */
  imageUrl?: string;
  transcriptUrl: string;
  /** A `podcast:chapters` file, relative to the podcast folder. */
  chaptersUrl?: string;
  guid: string;
}

export interface FeedChannel {
  title: string;
  /** The channel's `<language>`; en-gb unless given. */
  language?: string;
  link: string;
  descriptionHtml: string;
  author: string;
  imageUrl: string;
  items: readonly FeedItem[];
}

/** Escapes text for an XML element or a double-quoted attribute. */
export function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/** Wraps HTML in CDATA, splitting any ']]>' inside it so the section stays well-formed. */
export function cdata(html: string): string {
  return `<![CDATA[${html.replace(/]]>/g, ']]]]><![CDATA[>')}]]>`;
}

/** Formats a date as RFC 2822, the way podcast feeds write pubDate. */
export function rfc2822(date: Date): string {
  const days = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
  const months = [
    'Jan',
    'Feb',
    'Mar',
    'Apr',
    'May',
    'Jun',
    'Jul',
    'Aug',
    'Sep',
    'Oct',
    'Nov',
    'Dec',
  ];
  const pad = (value: number): string => String(value).padStart(2, '0');
  return (
    `${days[date.getUTCDay()] ?? ''}, ${pad(date.getUTCDate())} ${months[date.getUTCMonth()] ?? ''} ` +
    `${date.getUTCFullYear()} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())} +0000`
  );
}

/** Formats seconds as h:mm:ss. */
export function hms(totalSeconds: number): string {
  const seconds = Math.round(totalSeconds);
  const pad = (value: number): string => String(value).padStart(2, '0');
  return `${Math.floor(seconds / 3600)}:${pad(Math.floor((seconds % 3600) / 60))}:${pad(seconds % 60)}`;
}

function renderItem(item: FeedItem): string {
  const lines = [
    '    <item>',
    `      <title>${escapeXml(item.title)}</title>`,
    `      <guid isPermaLink="false">${escapeXml(item.guid)}</guid>`,
    `      <pubDate>${item.pubDate}</pubDate>`,
    `      <description>${cdata(item.descriptionHtml)}</description>`,
    `      <content:encoded>${cdata(item.descriptionHtml)}</content:encoded>`,
    `      <itunes:duration>${item.duration}</itunes:duration>`,
    `      <itunes:episodeType>${item.episode.includes('.') ? 'bonus' : 'full'}</itunes:episodeType>`,
    `      <enclosure url="${escapeXml(item.audioUrl)}" length="${item.audioBytes}" type="audio/mpeg"/>`,
  ];
  if (item.imageUrl !== undefined)
    lines.push(`      <itunes:image href="${escapeXml(item.imageUrl)}"/>`);
  lines.push(
    `      <podcast:episode>${escapeXml(item.episode)}</podcast:episode>`,
    `      <podcast:transcript url="${escapeXml(item.transcriptUrl)}" type="application/json"/>`,
    ...(item.chaptersUrl === undefined
      ? []
      : [
          `      <podcast:chapters url="${escapeXml(item.chaptersUrl)}" type="application/json+chapters"/>`,
        ]),
    '    </item>',
  );
  return lines.join('\n');
}

/** The whole feed document. */
export function renderFeed(channel: FeedChannel): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0"',
    '  xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"',
    '  xmlns:content="http://purl.org/rss/1.0/modules/content/"',
    '  xmlns:podcast="https://podcastindex.org/namespace/1.0">',
    '  <channel>',
    `    <title>${escapeXml(channel.title)}</title>`,
    `    <link>${escapeXml(channel.link)}</link>`,
    `    <language>${escapeXml(channel.language ?? 'en-gb')}</language>`,
    `    <description>${cdata(channel.descriptionHtml)}</description>`,
    `    <itunes:author>${escapeXml(channel.author)}</itunes:author>`,
    `    <itunes:image href="${escapeXml(channel.imageUrl)}"/>`,
    '    <itunes:explicit>false</itunes:explicit>',
    ...channel.items.map(renderItem),
    '  </channel>',
    '</rss>',
    '',
  ].join('\n');
}
