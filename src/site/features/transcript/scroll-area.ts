/**
 * Where a transcript scrolls: in the list, its own box; on an episode's page, the page itself
 * (the transcript is the page). Follow-along and the match buttons move the area, never
 * anything else, and keep what they bring into view clear of the sticky toolbar above and the
 * player bar below.
 */
import { uncoveredBottom } from '../../shared/page-chrome.ts';
import { isTypingField } from '../../shared/page-keys.ts';

export type TranscriptScroller = 'box' | 'page';

export interface ScrollArea {
  /** The band of the window the area shows, in viewport pixels. */
  view: () => { top: number; bottom: number };
  scrollTop: () => number;
  scrollTo: (top: number, behavior: ScrollBehavior) => void;
  /** Where the visitor's own wheel, touch and keys arrive. */
  events: EventTarget;
  /** Whether a press at this target is a press on the area's scrollbar. */
  isScrollbar: (target: EventTarget | null) => boolean;
}

/** The transcript box as the area. */
export function boxArea(box: HTMLElement): ScrollArea {
  return {
    view: () => {
      const rect = box.getBoundingClientRect();
      return { top: rect.top, bottom: rect.bottom };
    },
    scrollTop: () => box.scrollTop,
    scrollTo: (top, behavior) => {
      if (typeof box.scrollTo === 'function') box.scrollTo({ top, behavior });
      else box.scrollTop = top;
    },
    events: box,
    // A press on the box itself, not on a word, is a press on its scrollbar.
    isScrollbar: (target) => target === box,
  };
}

/** The page as the area, below `toolbar` (sticky at the top) and above the player bar. */
export function pageArea(view: Window, toolbar: HTMLElement | null): ScrollArea {
  return {
    view: () => ({ top: toolbar?.offsetHeight ?? 0, bottom: uncoveredBottom(view) }),
    scrollTop: () => view.scrollY,
    scrollTo: (top, behavior) => view.scrollTo({ top, behavior }),
    events: view,
    // The window's own scrollbar sends no presses to the page.
    isScrollbar: (target) => target === view.document.documentElement,
  };
}

/**
 * Where `area` would scroll so `element` sits a third of the way down its view, or null when
 * the element is well inside the view already.
 */
export function areaTarget(area: ScrollArea, element: Element): number | null {
  const { top, bottom } = area.view();
  const height = Math.max(0, bottom - top);
  const rect = element.getBoundingClientRect();
  const margin = Math.min(48, height / 4);
  if (rect.top >= top + margin && rect.bottom <= bottom - margin) return null;
  return Math.max(0, area.scrollTop() + (rect.top - top) - height / 3);
}

/**
 * Scrolls `area` so `element` sits a third of the way down its view, unless it is well inside
 * the view already. Returns whether it asked the area to scroll.
 */
export function scrollIntoArea(
  area: ScrollArea,
  element: Element,
  behavior: ScrollBehavior,
): boolean {
  const target = areaTarget(area, element);
  if (target === null) return false;
  area.scrollTo(target, behavior);
  return true;
}

/** The most frames `chaseIntoArea` watches its element. */
const CHASE_FRAMES = 120;
/** Frames in a row the element must stay in view before the watch ends. */
const CALM_FRAMES = 10;
/** A target that moved by more than this is aimed at afresh. */
const RETARGET_PX = 4;

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

/**
 * Calls `onScroll` whenever the visitor scrolls `area` by hand: the wheel, a touch that moves,
 * a scroll key, a press on its scrollbar. On the page (keys reach the window from anywhere) a
 * key the page took (Space, the arrows for the player) or one typed into a field does not
 * count. Returns the function that stops listening.
 */
export function onHandScroll(area: ScrollArea, onScroll: () => void): () => void {
  const { events } = area;
  // An element's keys come from inside it; the window's from the whole page.
  const wholePage = !(events instanceof Element);
  const onKey = (event: Event): void => {
    if (!(event instanceof KeyboardEvent) || !SCROLL_KEYS.has(event.key)) return;
    if (wholePage && (event.defaultPrevented || isTypingField(event.target))) return;
    onScroll();
  };
  const onPointer = (event: Event): void => {
    if (area.isScrollbar(event.target)) onScroll();
  };
  events.addEventListener('wheel', onScroll, { passive: true });
  events.addEventListener('touchmove', onScroll, { passive: true });
  events.addEventListener('keydown', onKey);
  events.addEventListener('pointerdown', onPointer);
  return () => {
    events.removeEventListener('wheel', onScroll);
    events.removeEventListener('touchmove', onScroll);
    events.removeEventListener('keydown', onKey);
    events.removeEventListener('pointerdown', onPointer);
  };
}

/**
 * Scrolls `area` to `element` as `scrollIntoArea` does, then watches it frame by frame (up to
 * about two seconds) and aims again wherever it has moved to. What lies between is laid out as
 * the scroll passes it (paragraphs with `content-visibility: auto` take their real heights in
 * place of the guess, a long transcript's blocks are written), which moves the element after
 * the scroll was asked for: on a phone, a smooth scroll to a match far down the page ended with
 * the match under the sticky toolbar. The watch ends once the element has stayed in view for
 * a few frames, or at once when the visitor scrolls by hand. Returns the function that ends it.
 */
export function chaseIntoArea(
  area: ScrollArea,
  element: Element,
  behavior: ScrollBehavior,
): () => void {
  let aimed = areaTarget(area, element);
  if (aimed !== null) area.scrollTo(aimed, behavior);
  let frame = 0;
  let frames = 0;
  let calm = 0;
  const stop = (): void => {
    cancelAnimationFrame(frame);
    stopListening();
  };
  // Called only after this line: by the visitor's input or by the watch.
  const stopListening = onHandScroll(area, stop);
  const watch = (): void => {
    frames += 1;
    const target = areaTarget(area, element);
    if (target === null) {
      calm += 1;
    } else {
      calm = 0;
      // Still on its way to the same place: let the scroll go on.
      if (aimed === null || Math.abs(target - aimed) > RETARGET_PX) {
        aimed = target;
        area.scrollTo(target, behavior);
      }
    }
    if (calm < CALM_FRAMES && frames < CHASE_FRAMES) frame = requestAnimationFrame(watch);
    else stop();
  };
  frame = requestAnimationFrame(watch);
  return stop;
}

/** Whether the visitor asked for less motion: follow scrolls then jump and start off. */
export function prefersReducedMotion(): boolean {
  return (
    typeof window !== 'undefined' &&
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}
