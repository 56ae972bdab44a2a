import { useTexts } from '../../shared/texts-context.tsx';
import { useCallback, useEffect, useState, type ReactNode, type RefObject } from 'react';
import type { PhraseMatch } from '../../../core/phrase-match.ts';
import { hasCommandModifier, isTypingField } from '../../shared/page-keys.ts';
import { chaseIntoArea, prefersReducedMotion, type ScrollArea } from './scroll-area.ts';

/** The class of the match the visitor went to. */
export const ACTIVE_MATCH_CLASS = 'is-active-match';

export interface MatchNavigation {
  /** The match gone to (an index into the matches), or null before the first step. */
  active: number | null;
  /** Goes to the next (1) or previous (-1) match, round the end. */
  go: (step: 1 | -1) => void;
}

/**
 * Next and previous match in a transcript: each step marks its match and scrolls the
 * transcript's area to it. With `keys`, 'n' and 'p' step too (an episode's page, where one
 * transcript is the page), never while the visitor types in a field.
 */
export function useMatchNavigation({
  matches,
  rootRef,
  areaOf,
  keys,
  onStep,
}: {
  matches: readonly PhraseMatch[] | null;
  rootRef: RefObject<HTMLElement | null>;
  areaOf: () => ScrollArea | null;
  keys: boolean;
  /**
   * Called on every step with the match gone to (follow-along lets go, or it would take the
   * view away; a long transcript's block of the match becomes live).
   */
  onStep: (match: PhraseMatch) => void;
}): MatchNavigation {
  const [step, setStep] = useState<{ of: readonly PhraseMatch[] | null; index: number } | null>(
    null,
  );
  // A new search starts over.
  const active = step !== null && step.of === matches ? step.index : null;
  const count = matches?.length ?? 0;
  const go = useCallback(
    (by: 1 | -1) => {
      if (count === 0) return;
      const from = active ?? (by > 0 ? -1 : count);
      const index = (from + by + count) % count;
      setStep({ of: matches, index });
      const match = matches?.[index];
      if (match) onStep(match);
    },
    [active, count, matches, onStep],
  );

  useEffect(() => {
    const root = rootRef.current;
    const match = active === null ? undefined : matches?.[active];
    if (!root || !match) return undefined;
    const word = root.querySelector(`[data-w="${match.startWord}"]`);
    // A run of whole words is one mark around the words; a prefix match marks the typed part
    // inside its word, and the outline goes round that part alone.
    const marked = word?.closest('mark') ?? word?.querySelector('mark') ?? word;
    if (!word || !marked) return undefined;
    marked.classList.add(ACTIVE_MATCH_CLASS);
    const area = areaOf();
    // What the scroll passes is laid out as it goes and moves the match: the scroll follows it
    // (chaseIntoArea). A long transcript's blocks move it by whole blocks, so there the view
    // jumps instead of gliding.
    const blocks = root.querySelector('.transcript-block') !== null;
    const stop = area
      ? chaseIntoArea(area, word, blocks || prefersReducedMotion() ? 'auto' : 'smooth')
      : undefined;
    return () => {
      stop?.();
      marked.classList.remove(ACTIVE_MATCH_CLASS);
    };
  }, [active, matches, rootRef, areaOf]);

  useEffect(() => {
    if (!keys || count === 0) return undefined;
    const onKey = (event: KeyboardEvent): void => {
      if (event.defaultPrevented || hasCommandModifier(event) || isTypingField(event.target))
        return;
      const by = event.key === 'n' ? 1 : event.key === 'p' ? -1 : 0;
      if (by === 0) return;
      event.preventDefault();
      go(by);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [keys, count, go]);

  return { active, go };
}

/** 'Previous' and 'Next' match, and where the visitor is: '3 of 26'. */
export function MatchButtons({
  navigation,
  count,
  keys,
}: {
  navigation: MatchNavigation;
  count: number;
  /** The 'n' and 'p' keys work too: the buttons say so. */
  keys: boolean;
}): ReactNode {
  const { active, go } = navigation;
  const { text } = useTexts();
  return (
    <div className="transcript-matches" role="group" aria-label={text('matches.label')}>
      <button
        type="button"
        className="transcript-tool"
        aria-label={text('matches.previous')}
        title={keys ? `${text('matches.previous')} (p)` : text('matches.previous')}
        aria-keyshortcuts={keys ? 'p' : undefined}
        onClick={() => go(-1)}
      >
        {text('matches.previousButton')}
      </button>
      <span className="transcript-matches__position" role="status">
        {active === null ? '' : text('matches.position', { position: active + 1, count })}
      </span>
      <button
        type="button"
        className="transcript-tool"
        aria-label={text('matches.next')}
        title={keys ? `${text('matches.next')} (n)` : text('matches.next')}
        aria-keyshortcuts={keys ? 'n' : undefined}
        onClick={() => go(1)}
      >
        {text('matches.nextButton')}
      </button>
    </div>
  );
}
