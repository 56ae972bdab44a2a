/**
 * Who sanitises description HTML at render time. In the browser it is DOMPurify over the
 * page's own DOM, with the shared policy (the builder applied it too). Node has no DOM, and
 * DOMPurify without one hands its input back unsanitised, so the pre-renderer passes a
 * sanitiser of its own (jsdom's DOM, the same policy); without either this refuses.
 */
import DOMPurify from 'dompurify';
import { createContext, useContext, type ReactNode } from 'react';
import { purifyConfig } from '../../core/html-policy.ts';

/** Turns untrusted HTML into HTML that is safe to insert. */
export type HtmlSanitizer = (html: string) => string;

/** DOMPurify over the page's DOM; throws where there is no DOM to sanitise with. */
export const sanitizeInBrowser: HtmlSanitizer = (html) => {
  if (!DOMPurify.isSupported) throw new Error('No DOM to sanitise HTML with');
  return DOMPurify.sanitize(html, purifyConfig());
};

const HtmlSanitizerContext = createContext<HtmlSanitizer>(sanitizeInBrowser);

/** Provides the sanitiser for everything below (the pre-renderer's, in Node). */
export function HtmlSanitizerProvider({
  sanitize,
  children,
}: {
  sanitize: HtmlSanitizer;
  children: ReactNode;
}): ReactNode {
  return <HtmlSanitizerContext value={sanitize}>{children}</HtmlSanitizerContext>;
}

/** The sanitiser in force. */
export function useHtmlSanitizer(): HtmlSanitizer {
  return useContext(HtmlSanitizerContext);
}
