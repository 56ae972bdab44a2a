import { useTexts } from '../../shared/texts-context.tsx';
import { useCallback, type ReactNode } from 'react';
import { formatClockTime } from '../../../core/time-format.ts';
import { chapterAtTime } from '../../../core/transcript-chapters.ts';
import { useChapters } from '../../shared/chapter-store.ts';
import { usePlayerSelector, usePlayerStore } from '../../shared/player-store.ts';
import {
  isCurrentEpisode,
  type PlayerEpisode,
  type PlayerState,
} from '../../shared/player-state.ts';

/**
 * An opened episode's chapters: each plays the episode from its start (click, Enter or
 * Space); the one being played is marked. Nothing shows for an episode without chapters.
 */
export function ChapterList({
  episode,
  headingLevel = 3,
}: {
  episode: PlayerEpisode;
  /** The level of its 'Chapters' heading: 3 in a row under the episode's H2, 2 on its page. */
  headingLevel?: 2 | 3;
}): ReactNode {
  const store = usePlayerStore();
  const { text } = useTexts();
  const chapters = useChapters(episode.episode);
  const key = episode.episode;
  const time = usePlayerSelector(
    useCallback((state: PlayerState) => (isCurrentEpisode(state, key) ? state.time : -1), [key]),
  );
  if (chapters.length === 0) return null;
  const current = time < 0 ? -1 : chapterAtTime(chapters, time);
  return (
    <nav className="chapter-list" aria-label={text('chapters.of', { episode: key })}>
      {headingLevel === 2 ? (
        <h2 className="chapter-list__heading">{text('chapters.label')}</h2>
      ) : (
        <h3 className="chapter-list__heading">{text('chapters.label')}</h3>
      )}
      <ol className="chapter-list__items">
        {chapters.map((chapter, index) => {
          const seconds = chapter.start / 100;
          return (
            <li key={`${chapter.start}:${index}`}>
              <button
                type="button"
                className="chapter-list__button"
                aria-current={index === current ? 'step' : undefined}
                onClick={() => store.dispatch({ type: 'playFrom', episode, time: seconds })}
              >
                <span className="chapter-list__time">{formatClockTime(seconds)}</span>
                <span className="chapter-list__title">{chapter.title}</span>
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
