import { useEffect, type RefObject } from 'react';
import { findQueryRanges } from '../../../core/query-match.ts';
import type { ParsedQuery } from '../../../core/search-query.ts';

/** The name `snippets.css` styles with `::highlight(trawl-search-match)`. */
export const MATCH_HIGHLIGHT = 'trawl-search-match';

/** Elements whose text is searched in a field, and the search (null: field not searched). */
export interface HighlightTarget {
  selector: string;
  query: ParsedQuery | null;
}

/**
 * DOM ranges of the query's matches in the text of `element` (each word, a phrase as one run). Text nodes are joined with a
 * space, as the builder turns tags into spaces for the index, so a match may span nodes
 * ('<em>ice</em> cream').
 */
export function matchRanges(element: Element, query: ParsedQuery): Range[] {
  const document = element.ownerDocument;
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  const nodes: { node: Text; start: number }[] = [];
  let text = '';
  for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
    if (!(node instanceof Text)) continue;
    if (text !== '') text += ' ';
    nodes.push({ node, start: text.length });
    text += node.data;
  }
  const locate = (offset: number, end: boolean): { node: Text; offset: number } | null => {
    // The last node that starts at or before the offset (for an end, strictly before).
    let found: { node: Text; start: number } | undefined;
    for (const entry of nodes) {
      if (end ? entry.start < offset : entry.start <= offset) found = entry;
      else break;
    }
    if (!found) return null;
    return { node: found.node, offset: Math.min(offset - found.start, found.node.data.length) };
  };
  return findQueryRanges(text, query).flatMap((match) => {
    const from = locate(match.start, false);
    const to = locate(match.end, true);
    if (!from || !to) return [];
    const range = document.createRange();
    range.setStart(from.node, from.offset);
    range.setEnd(to.node, to.offset);
    return [range];
  });
}

/** Whether the browser has the CSS Custom Highlight API (Chromium 105+, Safari 17.2+, Firefox 140+). */
function highlightRegistry(): HighlightRegistry | null {
  if (typeof CSS === 'undefined' || !('highlights' in CSS) || typeof Highlight === 'undefined') {
    return null;
  }
  return CSS.highlights;
}

/**
 * Highlights search matches in place in the rows under `container` (titles, descriptions)
 * with the CSS Custom Highlight API, so the rows' own DOM is never changed. It follows the
 * rows as they change (a description arriving, a new page). Browsers without the API show
 * the rows unhighlighted. Pass a memoised `targets`: a new array re-registers the highlight.
 */
export function useMatchHighlights(
  container: RefObject<HTMLElement | null>,
  targets: readonly HighlightTarget[],
): void {
  useEffect(() => {
    const registry = highlightRegistry();
    const root = container.current;
    const wanted = targets.filter(
      (target) => target.query !== null && target.query.parts.length > 0,
    );
    if (!registry || !root || wanted.length === 0) return undefined;
    const highlight = new Highlight();
    const refresh = (): void => {
      highlight.clear();
      for (const { selector, query } of wanted) {
        for (const element of root.querySelectorAll(selector)) {
          if (!query) continue;
          for (const range of matchRanges(element, query)) highlight.add(range);
        }
      }
    };
    refresh();
    registry.set(MATCH_HIGHLIGHT, highlight);
    const observer = new MutationObserver(refresh);
    observer.observe(root, { childList: true, subtree: true, characterData: true });
    return () => {
      observer.disconnect();
      if (registry.get(MATCH_HIGHLIGHT) === highlight) registry.delete(MATCH_HIGHLIGHT);
    };
  }, [container, targets]);
}
