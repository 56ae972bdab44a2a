/**
 * Follow mode: the transcript keeps the sentence being played in view, until the visitor
 * scrolls it by hand (wheel, touch, scroll keys, the scrollbar); 'Follow along' turns it back on.
 */
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import type { SentenceHighlighter } from './sentence-highlighter.ts';

const SCROLL_KEYS = new Set([
  'ArrowUp',
  'ArrowDown',
  'ArrowLeft',
  'ArrowRight',
  'PageUp',
  'PageDown',
  'Home',
  'End',
  ' ',
]);

/** Scrolls the transcript box (and only it, never the page) so `sentence` sits in its upper third. */
export function scrollSentenceIntoView(
  box: HTMLElement,
  sentence: number,
  behavior: ScrollBehavior,
): void {
  const element = box.querySelector(`[data-s="${sentence}"]`);
  if (!element) return;
  const boxRect = box.getBoundingClientRect();
  const rect = element.getBoundingClientRect();
  const margin = Math.min(48, box.clientHeight / 4);
  if (rect.top >= boxRect.top + margin && rect.bottom <= boxRect.bottom - margin) return;
  const top = Math.max(0, box.scrollTop + (rect.top - boxRect.top) - box.clientHeight / 3);
  if (typeof box.scrollTo === 'function') box.scrollTo({ top, behavior });
  else box.scrollTop = top;
}

export interface FollowAlong {
  following: boolean;
  /** Turns follow mode back on and brings the current sentence into view. */
  resume: () => void;
}

/** Follow mode for the transcript box `boxRef` of the highlighter's episode. */
export function useFollowAlong(
  boxRef: RefObject<HTMLElement | null>,
  highlighter: SentenceHighlighter,
): FollowAlong {
  const [following, setFollowingState] = useState(true);
  // Read by event listeners that live longer than one render.
  const followingRef = useRef(true);
  const setFollowing = useCallback((value: boolean) => {
    followingRef.current = value;
    setFollowingState(value);
  }, []);

  useEffect(
    () =>
      highlighter.subscribeAll((sentence) => {
        const box = boxRef.current;
        if (box && sentence >= 0 && followingRef.current) {
          scrollSentenceIntoView(box, sentence, 'smooth');
        }
      }),
    [boxRef, highlighter],
  );

  useEffect(() => {
    const box = boxRef.current;
    if (!box) return undefined;
    const stop = (): void => {
      if (followingRef.current) setFollowing(false);
    };
    const onKey = (event: KeyboardEvent): void => {
      if (SCROLL_KEYS.has(event.key)) stop();
    };
    const onPointer = (event: PointerEvent): void => {
      // A press on the box itself, not on a word, is a press on its scrollbar.
      if (event.target === box) stop();
    };
    box.addEventListener('wheel', stop, { passive: true });
    box.addEventListener('touchmove', stop, { passive: true });
    box.addEventListener('keydown', onKey);
    box.addEventListener('pointerdown', onPointer);
    return () => {
      box.removeEventListener('wheel', stop);
      box.removeEventListener('touchmove', stop);
      box.removeEventListener('keydown', onKey);
      box.removeEventListener('pointerdown', onPointer);
    };
  }, [boxRef, setFollowing]);

  const resume = useCallback(() => {
    setFollowing(true);
    const box = boxRef.current;
    const sentence = highlighter.current();
    if (box && sentence >= 0) scrollSentenceIntoView(box, sentence, 'smooth');
  }, [boxRef, highlighter, setFollowing]);

  return { following, resume };
}
