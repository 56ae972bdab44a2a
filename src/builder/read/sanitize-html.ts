import { purifyConfig } from '../../core/html-policy.ts';

/** A description made safe for the page, and its text for the search index. */
export interface SanitizedHtml {
  html: string;
  text: string;
  /** How deep its markup nested, when that was past `MAX_DESCRIPTION_DEPTH`: kept as text. */
  flattenedDepth?: number;
}

/**
 * Deepest nesting of HTML elements a description keeps. Real show notes nest a few levels;
 * thousands overflow the sanitiser's stack (jsdom removes nodes recursively), so deeper markup
 * is kept as its text, and the build warns.
 */
export const MAX_DESCRIPTION_DEPTH = 256;

/** Documents one jsdom window parses for DOMPurify before a new one takes over. */
export const PARSES_PER_WINDOW = 500;

/** Elements that never hold others, and those a sibling of their kind closes (`<p>a<p>b`). */
const NOT_NESTING = new Set(
  (
    'area base br col embed hr img input link meta source track wbr ' +
    'p li dt dd option optgroup tr td th thead tbody tfoot colgroup rb rt rp'
  ).split(' '),
);

/**
 * How deep the markup nests, read from its tags alone (no parse): each start tag of an element
 * that can hold others opens a level, its end tag closes one. Comments and `<!…>` count nothing.
 */
export function markupDepth(html: string): number {
  let depth = 0;
  let deepest = 0;
  for (const match of html.matchAll(/<(\/?)([a-zA-Z][\w:-]*)[^>]*?(\/?)>/g)) {
    const [, closing, name = '', selfClosing] = match;
    if (NOT_NESTING.has(name.toLowerCase()) || selfClosing === '/') continue;
    if (closing === '/') depth = Math.max(0, depth - 1);
    else deepest = Math.max(deepest, (depth += 1));
  }
  return deepest;
}

const TEXT_ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&nbsp;': ' ',
  '&quot;': '"',
};

/** Sanitises descriptions one after another; `close` ends its window. */
export interface HtmlSanitizer {
  sanitize: (html: string) => SanitizedHtml;
  close: () => void;
}

/**
 * Creates a sanitiser for episode descriptions with the shared HTML policy. One JSDOM window is
 * reused for every description of a build: creating a window costs far more than sanitising.
 * jsdom loads here, not with the CLI: it takes a second or more to import, and only a build
 * sanitises (serve, init and check-host start without it).
 */
export async function createHtmlSanitizer(): Promise<HtmlSanitizer> {
  const [{ JSDOM }, { default: createDOMPurify }] = await Promise.all([
    import('jsdom'),
    import('dompurify'),
  ]);
  const config = purifyConfig();
  // jsdom's selector engine adds listeners to the window for every document DOMPurify parses,
  // and never removes them; each new listener is checked against those already there. One
  // window for a whole build made sanitising grow with the square of the descriptions (6,000
  // took 47.7 s, 5.3 s with a new window every 500) and kept every parsed document alive. A
  // window serves `PARSES_PER_WINDOW` documents, then a new one takes over.
  const open = () => {
    const { window } = new JSDOM('<!DOCTYPE html>');
    return { window, purify: createDOMPurify(window), parses: 0 };
  };
  let current = open();
  const purified = (html: string): string => {
    if (current.parses >= PARSES_PER_WINDOW) {
      current.window.close();
      current = open();
    }
    current.parses += 1;
    return current.purify.sanitize(html, config).trim();
  };
  // Feeds repeat boilerplate descriptions, and jsdom parses slowly (milliseconds each).
  const cache = new Map<string, SanitizedHtml>();
  return {
    sanitize(html: string): SanitizedHtml {
      const known = cache.get(html);
      if (known) return known;
      let result: SanitizedHtml;
      const depth = /[<&>]/.test(html) ? markupDepth(html) : 0;
      if (!/[<&>]/.test(html)) {
        const text = html.replace(/\s+/g, ' ').trim();
        result = { html: text, text };
      } else if (depth > MAX_DESCRIPTION_DEPTH) {
        // Every tag becomes a space: what is left is text (and entities) the sanitiser escapes.
        const text = html.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ');
        const clean = purified(text);
        result = { html: clean, text: htmlToText(clean), flattenedDepth: depth };
      } else {
        const clean = purified(html);
        result = { html: clean, text: htmlToText(clean) };
      }
      cache.set(html, result);
      return result;
    },
    close: () => current.window.close(),
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
