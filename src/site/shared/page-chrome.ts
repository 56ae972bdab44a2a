/**
 * What covers part of the window: the player bar at its bottom edge. A transcript that
 * scrolls the page keeps the sentence being played clear of it.
 */

/** The attribute that marks the player bar. */
export const PLAYER_BAR_ATTRIBUTE = 'data-player-bar';

/** The lowest point of the window that nothing covers, in viewport pixels. */
export function uncoveredBottom(view: Window): number {
  const bar = view.document.querySelector(`[${PLAYER_BAR_ATTRIBUTE}]`);
  const top = bar?.getBoundingClientRect().top;
  return top === undefined || top <= 0 ? view.innerHeight : Math.min(view.innerHeight, top);
}
