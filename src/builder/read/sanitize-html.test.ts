import { afterAll, describe, expect, it } from 'vitest';
import { createHtmlSanitizer, htmlToText, PARSES_PER_WINDOW } from './sanitize-html.ts';

const sanitizer = await createHtmlSanitizer();

describe('createHtmlSanitizer', () => {
  afterAll(() => sanitizer.close());

  it('keeps formatting and http(s)/mailto links, drops scripts, handlers, styles and other schemes', () => {
    const { html } = sanitizer.sanitize(
      '<p onclick="x()" style="color:red">Hi <a href="javascript:alert(1)">bad</a> <a href="https://x.org/?a=1&b=2" target="_blank">good</a>' +
        '<script>alert(1)</script><img src=x onerror=alert(1)><a href="mailto:a@b.c">mail</a><a href="/relative">rel</a></p><iframe src="https://e"></iframe>',
    );
    expect(html).toBe(
      '<p>Hi <a>bad</a> <a href="https://x.org/?a=1&amp;b=2">good</a><a href="mailto:a@b.c">mail</a><a>rel</a></p>',
    );
  });

  it('gives the text for the index with block boundaries as spaces and entities decoded', () => {
    expect(sanitizer.sanitize('<p>one</p><p>two &amp; three&nbsp;four</p>').text).toBe(
      'one two & three four',
    );
  });

  it('sanitises as well after its window was replaced, far past one window of documents', () => {
    const count = PARSES_PER_WINDOW * 2 + 7;
    const results = Array.from({ length: count }, (_, index) =>
      sanitizer.sanitize(`<b>${index}</b><img src=x onerror=alert(${index})><script>x()</script>`),
    );
    expect(results.map((result) => result.html)).toEqual(
      Array.from({ length: count }, (_, index) => `<b>${index}</b>`),
    );
  });

  it('passes plain text through', () => {
    expect(sanitizer.sanitize('  Just\n text  ')).toEqual({ html: 'Just text', text: 'Just text' });
  });
});

describe('htmlToText', () => {
  it('removes tags and decodes what serialisers escape', () => {
    expect(htmlToText('<p>a&lt;b&gt;c</p><br>"d"')).toBe('a<b>c "d"');
  });
});
