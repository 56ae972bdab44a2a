/**
 * The transcript words a text selection covers, read from the selection's DOM range and the
 * words' `data-w` indexes: it never counts the words on the page, so it works however many of
 * them are rendered. Also the keyboard's way to select (Shift+arrows from the focused word).
 */
import { useEffect, useState, type RefObject } from 'react';

/** Selected words, by index, first <= last. */
export interface WordSpan {
  first: number;
  last: number;
}

function wordIndex(node: Node | null): number | null {
  const element = node instanceof Element ? node : (node?.parentElement ?? null);
  const word = element?.closest('[data-w]');
  const index = word ? Number(word.getAttribute('data-w')) : Number.NaN;
  return Number.isInteger(index) ? index : null;
}

/** The words `selection` covers inside `root`, or null (collapsed, outside, or no words). */
export function selectedWordSpan(root: HTMLElement, selection: Selection | null): WordSpan | null {
  if (!selection || selection.isCollapsed || selection.rangeCount === 0) return null;
  const range = selection.getRangeAt(0);
  if (!root.contains(range.commonAncestorContainer)) return null;
  // Inside one word: that word.
  const inside = wordIndex(range.commonAncestorContainer);
  if (inside !== null)
    return range.toString().trim() === '' ? null : { first: inside, last: inside };
  // A clone of the range keeps the attributes of the words it cuts through; a word the range
  // only touches (its end) comes without text and does not count.
  let first = Number.POSITIVE_INFINITY;
  let last = Number.NEGATIVE_INFINITY;
  for (const word of range.cloneContents().querySelectorAll('[data-w]')) {
    const index = Number(word.getAttribute('data-w'));
    if (!Number.isInteger(index) || (word.textContent ?? '').trim() === '') continue;
    first = Math.min(first, index);
    last = Math.max(last, index);
  }
  return Number.isFinite(first) ? { first, last } : null;
}

/** Selects words `from`..`to` (either order) of `root`, as a drag would. */
export function selectWords(root: HTMLElement, from: number, to: number): boolean {
  const start = root.querySelector(`[data-w="${Math.min(from, to)}"]`);
  const end = root.querySelector(`[data-w="${Math.max(from, to)}"]`);
  const selection = root.ownerDocument.getSelection();
  if (!start || !end || !selection) return false;
  const range = root.ownerDocument.createRange();
  range.setStartBefore(start);
  range.setEndAfter(end);
  selection.removeAllRanges();
  selection.addRange(range);
  return true;
}

/** The words selected in `rootRef`'s element, kept up to date as the selection changes. */
export function useWordSelection(rootRef: RefObject<HTMLElement | null>): WordSpan | null {
  const [span, setSpan] = useState<WordSpan | null>(null);
  useEffect(() => {
    const update = (): void => {
      // Working in the quote's own toolbar (its copy-by-hand field) keeps the quote.
      if (document.activeElement?.closest('.quote-toolbar')) return;
      const root = rootRef.current;
      const next = root ? selectedWordSpan(root, document.getSelection()) : null;
      setSpan((previous) =>
        previous?.first === next?.first && previous?.last === next?.last ? previous : next,
      );
    };
    document.addEventListener('selectionchange', update);
    return () => document.removeEventListener('selectionchange', update);
  }, [rootRef]);
  return span;
}
