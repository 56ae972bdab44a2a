import createDOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';
import { purifyConfig } from '../core/html-policy.ts';

/** A description made safe for the page, and its text for the search index. */
export interface SanitizedHtml {
  html: string;
  text: string;
}

const TEXT_ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&nbsp;': ' ',
  '&quot;': '"',
};

/**
 * Creates a sanitiser for episode descriptions with the shared HTML policy. One JSDOM window is
 * reused for every description of a build: creating a window costs far more than sanitising.
 */
export function createHtmlSanitizer(): {
  sanitize: (html: string) => SanitizedHtml;
  close: () => void;
} {
  const { window } = new JSDOM('<!DOCTYPE html>');
  const purify = createDOMPurify(window);
  const config = purifyConfig();
  // Feeds repeat boilerplate descriptions, and jsdom parses slowly (milliseconds each).
  const cache = new Map<string, SanitizedHtml>();
  return {
    sanitize(html: string): SanitizedHtml {
      const known = cache.get(html);
      if (known) return known;
      let result: SanitizedHtml;
      if (!/[<&>]/.test(html)) {
        const text = html.replace(/\s+/g, ' ').trim();
        result = { html: text, text };
      } else {
        const clean = purify.sanitize(html, config).trim();
        result = { html: clean, text: htmlToText(clean) };
      }
      cache.set(html, result);
      return result;
    },
    close: () => window.close(),
  };
}

/**
 * The text of sanitised HTML, for the search index: tags become spaces (so "<p>a</p><p>b</p>"
 * stays two words) and the few entities a serialiser writes are decoded.
 */
export function htmlToText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(?:amp|lt|gt|nbsp|quot);/g, (entity) => TEXT_ENTITIES[entity] ?? entity)
    .replace(/\s+/g, ' ')
    .trim();
}
