/** The items a phantom in show notes tries to add: the same markup inside CDATA and a comment. */
const PHANTOM = `</item><item><title>Episode 666: PHANTOM</title><podcast:episode>666</podcast:episode><podcast:person role="host">Phantom Host</podcast:person><enclosure url="https://phantom.example/evil.mp3" length="1" type="audio/mpeg"/></item><item><title>Episode 777: PHANTOM</title>`;

/** A red-team feed: item 1 holds a phantom in CDATA, item 2 in a comment, item 3 is broken. */
export const PHANTOM_FEED = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:podcast="https://podcastindex.org/namespace/1.0">
<channel>
<title>Phantoms</title>
<item>
  <title>Episode 1: CDATA notes</title>
  <description><![CDATA[notes ${PHANTOM}]]></description>
  <enclosure url="https://media.example/1.mp3" length="1" type="audio/mpeg"/>
</item>
<item>
  <title>Episode 2: Commented notes</title>
  <!-- ${PHANTOM} -->
  <enclosure url="https://media.example/2.mp3" length="1" type="audio/mpeg"/>
</item>
<item>
  <title>Episode 3: Broken entity</title>
  <description>a &gtgt; b</description>
</item>
<item>
  <title>Episode 4: Fine</title>
  <enclosure url="https://media.example/4.mp3" length="1" type="audio/mpeg"/>
</item>
</channel>
</rss>
`;
