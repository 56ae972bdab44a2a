/**
 * Follow mode: the transcript keeps the sentence being played in view, until the visitor
 * scrolls by hand (wheel, touch, scroll keys, the scrollbar) or turns it off; the toggle turns
 * it back on. It moves the transcript's scroll area only: its box in the list, the page on an
 * episode's page. With reduced motion asked for it starts off, and its scrolls jump.
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import {
  onHandScroll,
  prefersReducedMotion,
  scrollIntoArea,
  type ScrollArea,
} from './scroll-area.ts';
import type { SentenceHighlighter } from './sentence-highlighter.ts';

/** How long a smooth follow scroll may still be moving the area after it was asked for. */
const SMOOTH_SCROLL_MS = 1000;

/**
 * Scrolls `area` so the sentence `sentence` of the transcript in `root` sits in the upper third
 * of its view. Returns whether it asked the area to scroll.
 */
export function scrollSentenceIntoView(
  area: ScrollArea,
  root: ParentNode,
  sentence: number,
  behavior: ScrollBehavior,
): boolean {
  const element = root.querySelector(`[data-s="${sentence}"]`);
  return element !== null && scrollIntoArea(area, element, behavior);
}

export interface FollowAlong {
  following: boolean;
  /** Turns follow mode on and brings the current sentence into view. */
  resume: () => void;
  /** Turns follow mode off as the visitor's choice (the toggle). */
  turnOff: () => void;
  /** Turns follow mode off because the visitor went elsewhere (a scroll, a jump to a match). */
  stop: () => void;
  /**
   * Playback started from a word: follow mode comes back if only a scroll had stopped it,
   * not if the visitor turned it off (or asked for reduced motion).
   */
  playedFrom: () => void;
}

/**
 * Follow mode for the transcript in `boxRef` of the highlighter's episode; `areaOf` names where
 * it scrolls (null until the transcript is on screen).
 */
export function useFollowAlong(
  boxRef: RefObject<HTMLElement | null>,
  areaOf: () => ScrollArea | null,
  highlighter: SentenceHighlighter,
): FollowAlong {
  const [following, setFollowingState] = useState(() => !prefersReducedMotion());
  // Read by event listeners that live longer than one render.
  const followingRef = useRef(following);
  // Whether follow mode is off by the visitor's choice rather than by a scroll.
  const chosenOff = useRef(!following);
  // When follow mode last asked for a smooth scroll (performance.now()), or -Infinity.
  const followScrolledAt = useRef(Number.NEGATIVE_INFINITY);
  const setFollowing = useCallback((value: boolean) => {
    followingRef.current = value;
    setFollowingState(value);
  }, []);

  const follow = useCallback(
    (sentence: number) => {
      const box = boxRef.current;
      const area = areaOf();
      if (!box || !area || sentence < 0) return;
      const behavior = prefersReducedMotion() ? 'auto' : 'smooth';
      if (scrollSentenceIntoView(area, box, sentence, behavior) && behavior === 'smooth')
        followScrolledAt.current = performance.now();
    },
    [boxRef, areaOf],
  );

  useEffect(
    () =>
      highlighter.subscribeAll((sentence) => {
        if (followingRef.current) follow(sentence);
      }),
    [highlighter, follow],
  );

  const stop = useCallback(() => {
    if (!followingRef.current) return;
    chosenOff.current = false;
    setFollowing(false);
    // A follow scroll asked for just before the visitor's own input reached this thread
    // would otherwise carry on after it and take the area away from where they scrolled.
    if (performance.now() - followScrolledAt.current < SMOOTH_SCROLL_MS) {
      followScrolledAt.current = Number.NEGATIVE_INFINITY;
      const area = areaOf();
      area?.scrollTo(area.scrollTop(), 'instant');
    }
  }, [areaOf, setFollowing]);

  // Listening from the commit on: a passive effect runs a task later, and a wheel turned in
  // between (a test's, right after the transcript appears) was not heard.
  useLayoutEffect(() => {
    const area = areaOf();
    return area ? onHandScroll(area, stop) : undefined;
  }, [areaOf, stop]);

  const resume = useCallback(() => {
    chosenOff.current = false;
    setFollowing(true);
    follow(highlighter.current());
  }, [follow, highlighter, setFollowing]);

  const turnOff = useCallback(() => {
    stop();
    chosenOff.current = true;
  }, [stop]);

  const playedFrom = useCallback(() => {
    if (!followingRef.current && !chosenOff.current) resume();
  }, [resume]);

  return { following, resume, turnOff, stop, playedFrom };
}
