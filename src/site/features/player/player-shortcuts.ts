/**
 * The player's keyboard shortcuts, while the player bar shows: Space plays and pauses, the
 * left arrow goes back 15 s and the right arrow forward 30 s (as the bar's buttons). They
 * never act while the visitor types in a field or works a control that uses those keys
 * itself, nor on a key another handler has already taken.
 */
import { activatesOnSpace, hasCommandModifier, ownsKeys } from '../../shared/page-keys.ts';
import type { PlayerStore } from '../../shared/player-store.ts';
import { SKIP_BACK_SECONDS, SKIP_FORWARD_SECONDS } from './media-session.ts';

export type PlayerShortcut = 'toggle' | 'back' | 'forward';

/** The shortcut `key` pressed on `target` stands for, or null to leave the key alone. */
export function shortcutFor(
  key: string,
  target: EventTarget | null,
  modifiers: { altKey: boolean; ctrlKey: boolean; metaKey: boolean },
): PlayerShortcut | null {
  if (hasCommandModifier(modifiers)) return null;
  const shortcut: PlayerShortcut | null =
    key === ' ' ? 'toggle' : key === 'ArrowLeft' ? 'back' : key === 'ArrowRight' ? 'forward' : null;
  if (shortcut === null) return null;
  if (ownsKeys(target)) return null;
  if (shortcut === 'toggle' && activatesOnSpace(target)) return null;
  return shortcut;
}

/** Listens for the shortcuts on `root`; returns the function that stops listening. */
export function connectPlayerShortcuts(store: PlayerStore, root: Document): () => void {
  const onKeyDown = (event: KeyboardEvent): void => {
    if (event.defaultPrevented || event.isComposing) return;
    const state = store.getState();
    if (state.status !== 'loaded' || !state.docked) return;
    const shortcut = shortcutFor(event.key, event.target, event);
    if (shortcut === null) return;
    // The page would scroll instead: while the bar shows, these keys belong to the player.
    event.preventDefault();
    if (shortcut === 'toggle') store.dispatch({ type: 'toggle', episode: state.episode });
    else if (shortcut === 'back') store.dispatch({ type: 'skip', by: -SKIP_BACK_SECONDS });
    else store.dispatch({ type: 'skip', by: SKIP_FORWARD_SECONDS });
  };
  root.addEventListener('keydown', onKeyDown);
  return () => root.removeEventListener('keydown', onKeyDown);
}
