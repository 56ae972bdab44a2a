import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { areaTarget, chaseIntoArea, type ScrollArea } from './scroll-area.ts';

/**
 * A scroll area 600 px tall below a 150 px toolbar, holding one element at `elementAt` px from
 * the area's start. Scrolls jump at once; `shift` moves the element as a layout change would.
 */
function fakeArea(elementAt: number): {
  area: ScrollArea;
  element: Element;
  calls: { top: number; behavior: ScrollBehavior }[];
  shift: (by: number) => void;
  events: EventTarget;
} {
  let scrollTop = 0;
  let at = elementAt;
  const calls: { top: number; behavior: ScrollBehavior }[] = [];
  const events = new EventTarget();
  const element = document.createElement('span');
  element.getBoundingClientRect = () => {
    const top = 150 + at - scrollTop;
    return DOMRect.fromRect({ x: 0, y: top, width: 40, height: 20 });
  };
  const area: ScrollArea = {
    view: () => ({ top: 150, bottom: 750 }),
    scrollTop: () => scrollTop,
    scrollTo: (top, behavior) => {
      calls.push({ top, behavior });
      scrollTop = top;
    },
    events,
    isScrollbar: () => false,
  };
  return { area, element, calls, shift: (by) => (at += by), events };
}

describe('areaTarget', () => {
  test('aims a third of the way down the view, or nowhere when the element is well inside', () => {
    const far = fakeArea(3000);
    expect(areaTarget(far.area, far.element)).toBe(3000 - 200);
    const near = fakeArea(300);
    expect(areaTarget(near.area, near.element)).toBeNull();
    // Under the toolbar's lower edge (within the 48 px margin): aimed at.
    const tucked = fakeArea(20);
    expect(areaTarget(tucked.area, tucked.element)).toBe(0);
  });
});

describe('chaseIntoArea', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  test('aims again when what the scroll passed moved the element, then lets go once it is calm', () => {
    const { area, element, calls, shift } = fakeArea(3000);
    chaseIntoArea(area, element, 'smooth');
    expect(calls).toEqual([{ top: 2800, behavior: 'smooth' }]);
    // The paragraphs on the way took their real heights: the element is 700 px further down.
    shift(700);
    vi.advanceTimersToNextFrame();
    expect(calls).toEqual([
      { top: 2800, behavior: 'smooth' },
      { top: 3500, behavior: 'smooth' },
    ]);
    // In view from now on: a few calm frames, and the watch ends without scrolling again.
    for (let frame = 0; frame < 20; frame += 1) vi.advanceTimersToNextFrame();
    expect(calls).toHaveLength(2);
    shift(5000);
    for (let frame = 0; frame < 5; frame += 1) vi.advanceTimersToNextFrame();
    expect(calls).toHaveLength(2);
  });

  test('stops at once when the visitor scrolls by hand, and when it is ended', () => {
    const chased = fakeArea(3000);
    chaseIntoArea(chased.area, chased.element, 'smooth');
    chased.events.dispatchEvent(new Event('wheel'));
    chased.shift(900);
    for (let frame = 0; frame < 5; frame += 1) vi.advanceTimersToNextFrame();
    expect(chased.calls).toHaveLength(1);

    const ended = fakeArea(3000);
    const stop = chaseIntoArea(ended.area, ended.element, 'auto');
    stop();
    ended.shift(900);
    for (let frame = 0; frame < 5; frame += 1) vi.advanceTimersToNextFrame();
    expect(ended.calls).toEqual([{ top: 2800, behavior: 'auto' }]);
  });

  test('an element already in view is not scrolled to', () => {
    const { area, element, calls } = fakeArea(300);
    chaseIntoArea(area, element, 'smooth');
    for (let frame = 0; frame < 20; frame += 1) vi.advanceTimersToNextFrame();
    expect(calls).toEqual([]);
  });
});
