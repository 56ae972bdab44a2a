import { describe, expect, it } from 'vitest';
import { checkTemplate, pageDocument, TemplateError } from './page-document.ts';

const TEMPLATE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="Search a podcast's episodes and read their transcripts." />
    <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
    <title>Trawl</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body>
    <div id="root"></div>
    <noscript>This site needs JavaScript to search the episodes.</noscript>
  </body>
</html>`;

const HEAD = {
  title: 'Clouds · The Show',
  description: 'About clouds',
  canonical: 'https://example.org/episodes/1',
  image: '',
  type: 'article' as const,
  siteName: 'The Show',
  jsonLd: [],
};

describe('pageDocument', () => {
  it('puts the head, the markup and the data in their places', () => {
    const html = pageDocument(TEMPLATE, {
      head: HEAD,
      appHtml: '<main><h1>Clouds</h1></main>',
      data: { version: 'v1-abc', note: '</script><script>alert(1)</script>' },
    });
    expect(html).toContain('<title>Clouds · The Show</title>');
    expect(html.match(/name="description"/g)).toHaveLength(1);
    expect(html).toContain('<meta name="description" content="About clouds">');
    expect(html).toContain('<div id="root"><main><h1>Clouds</h1></main></div>');
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-abc.js">');
    expect(html).not.toContain('<noscript>');
    expect(html).not.toContain('<script>alert(1)');
    const data = /<script type="application\/json" id="trawl-page">(.*?)<\/script>/.exec(html);
    expect(JSON.parse(data?.[1] ?? '')).toEqual({
      version: 'v1-abc',
      note: '</script><script>alert(1)</script>',
    });
  });

  it('takes markup with dollar signs literally', () => {
    const html = pageDocument(TEMPLATE, { head: HEAD, appHtml: "<p>$& $' $1</p>", data: null });
    expect(html).toContain('<div id="root"><p>$& $\' $1</p></div>');
  });

  it("writes the show's language and its direction into <html>", () => {
    const page = (language?: string) =>
      /<html[^>]*>/.exec(
        pageDocument(TEMPLATE, { head: HEAD, appHtml: '', data: null, language }),
      )?.[0];
    expect(page('de-DE')).toBe('<html lang="de-DE" dir="ltr">');
    expect(page('he')).toBe('<html lang="he" dir="rtl">');
    expect(page('ar-EG')).toBe('<html lang="ar-EG" dir="rtl">');
    expect(page()).toBe('<html lang="en" dir="ltr">');
    // Whatever reaches it is a language tag or English: never markup.
    expect(page('"><script>alert(1)</script>')).toBe('<html lang="en" dir="ltr">');
  });

  it("names the podcast's icon in place of the site's, escaped", () => {
    const icons = (icon?: string | null) =>
      pageDocument(TEMPLATE, { head: HEAD, appHtml: '', data: null, icon }).match(
        /<link rel="icon"[^>]*>/g,
      );
    expect(icons('https://media.example/show/cover.jpg?a=1&b=2')).toEqual([
      '<link rel="icon" href="https://media.example/show/cover.jpg?a=1&amp;b=2">',
    ]);
    expect(icons('"><script>alert(1)</script>')).toEqual([
      '<link rel="icon" href="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;">',
    ]);
    const own = ['<link rel="icon" type="image/svg+xml" href="/favicon.svg" />'];
    expect(icons(null)).toEqual(own);
    expect(icons()).toEqual(own);
  });

  it('refuses an index.html without an empty root', () => {
    expect(() => checkTemplate('<title>x</title><div id="root">x</div>')).toThrow(TemplateError);
  });
});
