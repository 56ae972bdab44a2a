/**
 * A pre-rendered page as a whole HTML document: the built site's index.html with the page's
 * head tags, the app's markup inside #root, and the data the app hydrates from.
 */
import { createHash } from 'node:crypto';
import { PAGE_DATA_ID, PAGE_HASH_META } from '../../core/prerendered-page.ts';
import { DEFAULT_LANGUAGE, normaliseLanguageTag, textDirection } from '../../core/language.ts';
import { escapeHtml, headHtml, jsonForScript, type PageHead } from '../../core/seo.ts';

const ROOT = /<div id="root"><\/div>/;
const TITLE = /<title>[^<]*<\/title>/;
const DESCRIPTION = /<meta name="description"[^>]*>\s*/;
const NOSCRIPT = /<noscript>[\s\S]*?<\/noscript>\s*/;
const HTML_TAG = /<html[^>]*>/;
const ICON = /<link rel="icon"[^>]*>/;

/** Thrown when the site's index.html is not one this renderer knows how to fill. */
export class TemplateError extends Error {}

/** Checks that a built index.html has the places a page is written into. */
export function checkTemplate(template: string): void {
  if (!ROOT.test(template))
    throw new TemplateError('index.html has no empty <div id="root"></div>');
  if (!TITLE.test(template)) throw new TemplateError('index.html has no <title>');
}

export interface PageParts {
  head: PageHead;
  /** The markup React rendered for #root. */
  appHtml: string;
  /** What the app needs to hydrate without reading the database again. */
  data: unknown;
  /** The show's language tag: `<html lang dir>` (English when not given). */
  language?: string;
  /** The tab's icon when the podcast has its own (else the template's stays). */
  icon?: string | null;
}

/** The document for one page. Every value in the head is escaped; the data cannot end its script. */
export function pageDocument(template: string, parts: PageParts): string {
  checkTemplate(template);
  const language = normaliseLanguageTag(parts.language ?? '') ?? DEFAULT_LANGUAGE;
  return template
    .replace(
      HTML_TAG,
      () => `<html lang="${escapeHtml(language)}" dir="${textDirection(language)}">`,
    )
    .replace(DESCRIPTION, '')
    .replace(ICON, (tag) =>
      parts.icon ? `<link rel="icon" href="${escapeHtml(parts.icon)}">` : tag,
    )
    .replace(NOSCRIPT, '')
    .replace(TITLE, () => headHtml(parts.head))
    .replace(
      ROOT,
      () =>
        `<div id="root">${parts.appHtml}</div>\n    <script type="application/json" id="${PAGE_DATA_ID}">${jsonForScript(parts.data)}</script>`,
    );
}

const HEAD_END = /<\/head>/;

/**
 * The document with its own content hash in a meta tag (16 hex digits of the SHA-256 of the
 * document without it), and that hash: an episode's page compares it with the one the
 * published version lists for its path (decision 0044).
 */
export function withPageHash(document: string): { html: string; hash: string } {
  if (!HEAD_END.test(document)) throw new TemplateError('the page has no </head>');
  const hash = createHash('sha256').update(document).digest('hex').slice(0, 16);
  const html = document.replace(
    HEAD_END,
    () => `  <meta name="${PAGE_HASH_META}" content="${hash}">\n  </head>`,
  );
  return { html, hash };
}
