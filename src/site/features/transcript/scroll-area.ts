/**
 * Where a transcript scrolls: in the list, its own box; on an episode's page, the page itself
 * (the transcript is the page). Follow-along and the match buttons move the area, never
 * anything else, and keep what they bring into view clear of the sticky toolbar above and the
 * player bar below.
 */
import { uncoveredBottom } from '../../shared/page-chrome.ts';

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
 * Scrolls `area` so `element` sits a third of the way down its view, unless it is well inside
 * the view already. Returns whether it asked the area to scroll.
 */
export function scrollIntoArea(
  area: ScrollArea,
  element: Element,
  behavior: ScrollBehavior,
): boolean {
  const { top, bottom } = area.view();
  const height = Math.max(0, bottom - top);
  const rect = element.getBoundingClientRect();
  const margin = Math.min(48, height / 4);
  if (rect.top >= top + margin && rect.bottom <= bottom - margin) return false;
  const target = Math.max(0, area.scrollTop() + (rect.top - top) - height / 3);
  area.scrollTo(target, behavior);
  return true;
}

/** Whether the visitor asked for less motion: follow scrolls then jump and start off. */
export function prefersReducedMotion(): boolean {
  return (
    typeof window !== 'undefined' &&
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}
