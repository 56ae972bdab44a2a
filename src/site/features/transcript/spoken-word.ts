/**
 * Marks the word being spoken inside the sentence being played. The words are markup, not
 * React elements (transcript-segment.tsx), so the mark is a class moved from one word element
 * to the next: nothing renders, and a text selection across the words stays as it is.
 */
import { useEffect, type RefObject } from 'react';
import type { SentenceHighlighter } from './sentence-highlighter.ts';

/** The class of the word being spoken. */
export const SPOKEN_CLASS = 'is-spoken';

/** Keeps the spoken word of `highlighter` marked in the transcript in `boxRef`. */
export function useSpokenWord(
  boxRef: RefObject<HTMLElement | null>,
  highlighter: SentenceHighlighter,
): void {
  useEffect(() => {
    let marked: Element | null = null;
    const mark = (word: number): void => {
      marked?.classList.remove(SPOKEN_CLASS);
      marked = word < 0 ? null : (boxRef.current?.querySelector(`[data-w="${word}"]`) ?? null);
      marked?.classList.add(SPOKEN_CLASS);
    };
    mark(highlighter.currentWord());
    const unsubscribe = highlighter.subscribeWord(mark);
    return () => {
      unsubscribe();
      marked?.classList.remove(SPOKEN_CLASS);
    };
  }, [boxRef, highlighter]);
}
