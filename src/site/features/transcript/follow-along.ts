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

/** How long a smooth follow scroll may still be moving the box after it was asked for. */
const SMOOTH_SCROLL_MS = 1000;

/**
 * Scrolls the transcript box (and only it, never the page) so `sentence` sits in its upper
 * third. Returns whether it asked the box to scroll.
 */
export function scrollSentenceIntoView(
  box: HTMLElement,
  sentence: number,
  behavior: ScrollBehavior,
): boolean {
  const element = box.querySelector(`[data-s="${sentence}"]`);
  if (!element) return false;
  const boxRect = box.getBoundingClientRect();
  const rect = element.getBoundingClientRect();
  const margin = Math.min(48, box.clientHeight / 4);
  if (rect.top >= boxRect.top + margin && rect.bottom <= boxRect.bottom - margin) return false;
  const top = Math.max(0, box.scrollTop + (rect.top - boxRect.top) - box.clientHeight / 3);
  if (typeof box.scrollTo === 'function') box.scrollTo({ top, behavior });
  else box.scrollTop = top;
  return true;
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
  // When follow mode last asked for a smooth scroll (performance.now()), or -Infinity.
  const followScrolledAt = useRef(Number.NEGATIVE_INFINITY);
  const setFollowing = useCallback((value: boolean) => {
    followingRef.current = value;
    setFollowingState(value);
  }, []);

  useEffect(
    () =>
      highlighter.subscribeAll((sentence) => {
        const box = boxRef.current;
        if (box && sentence >= 0 && followingRef.current) {
          if (scrollSentenceIntoView(box, sentence, 'smooth'))
            followScrolledAt.current = performance.now();
        }
      }),
    [boxRef, highlighter],
  );

  useEffect(() => {
    const box = boxRef.current;
    if (!box) return undefined;
    const stop = (): void => {
      if (!followingRef.current) return;
      setFollowing(false);
      // A follow scroll asked for just before the visitor's own input reached this thread
      // would otherwise carry on after it and take the box away from where they scrolled.
      if (performance.now() - followScrolledAt.current < SMOOTH_SCROLL_MS) {
        followScrolledAt.current = Number.NEGATIVE_INFINITY;
        if (typeof box.scrollTo === 'function')
          box.scrollTo({ top: box.scrollTop, behavior: 'instant' });
      }
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
    if (box && sentence >= 0 && scrollSentenceIntoView(box, sentence, 'smooth'))
      followScrolledAt.current = performance.now();
  }, [boxRef, highlighter, setFollowing]);

  return { following, resume };
}
