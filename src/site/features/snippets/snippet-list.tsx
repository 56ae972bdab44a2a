import { useTexts } from '../../shared/texts-context.tsx';
import { createTexts, type Texts } from '../../../core/messages/message-format.ts';
import type { ReactNode } from 'react';
import type { EpisodeSnippets, MoreMatches, Snippet } from '../../../core/snippets.ts';
import { formatClockTime } from '../../../core/time-format.ts';
import './snippets.css';

/** What a row's snippets are: loading (nothing shown yet), unavailable, or there. */
export type SnippetsState =
  { status: 'loading' } | { status: 'error' } | { status: 'ready'; snippets: EpisodeSnippets };

export interface SnippetListProps {
  state: SnippetsState;
  /** The episode number, for the list's accessible name. */
  episode: string;
  /** Plays the episode from the snippet's sentence. */
  onPlay: (snippet: Snippet) => void;
  /** Opens the transcript at the first match the snippets do not show. */
  onMore: () => void;
  /** The name of who said a snippet (its `speaker` code), or null when unknown. */
  speakerName?: (code: number) => string | null;
}

const NO_NAMES = (): null => null;

const ENGLISH = createTexts('en');

/** 'and 2 more' (exact matches) or 'and 12 more passages' (matching passages not read). */
export function moreLabel(more: MoreMatches, texts: Texts = ENGLISH): string {
  return more.unit === 'match'
    ? texts.text('snippets.more', { count: more.count })
    : texts.count('snippets.passages', more.count);
}

function SnippetText({ snippet }: { snippet: Snippet }): ReactNode {
  return (
    <span className="snippet__text">
      {snippet.cutBefore ? '… ' : null}
      {snippet.parts.map((part, index) =>
        // Parts never reorder: their position is their identity.
        part.mark ? <mark key={index}>{part.text}</mark> : <span key={index}>{part.text}</span>,
      )}
      {snippet.cutAfter ? ' …' : null}
    </span>
  );
}

/**
 * Where a search matched in one episode's transcript: up to three snippets, each with the
 * time of its sentence as a button that plays it, then 'and N more'. Shows nothing while
 * loading or when the transcript does not match, and a quiet note when snippets failed.
 */
export function SnippetList({
  state,
  episode,
  onPlay,
  onMore,
  speakerName = NO_NAMES,
}: SnippetListProps): ReactNode {
  const texts = useTexts();
  // Hidden, but it tells tests and the benchmark that this row's snippets are on their way.
  if (state.status === 'loading') return <div className="snippets" aria-busy="true" hidden />;
  if (state.status === 'error') {
    return <p className="snippets snippets--unavailable">{texts.text('snippets.unavailable')}</p>;
  }
  const { snippets, more } = state.snippets;
  if (snippets.length === 0) return null;
  return (
    <section className="snippets" aria-label={texts.text('snippets.where', { episode })}>
      <ol className="snippets__list">
        {snippets.map((snippet) => {
          const clock = formatClockTime(snippet.time);
          const speaker = speakerName(snippet.speaker);
          return (
            <li key={snippet.matchWord} className="snippet">
              <button
                type="button"
                className="snippet__time"
                aria-label={texts.text('snippets.playFrom', { time: clock })}
                onClick={() => onPlay(snippet)}
              >
                {clock}
              </button>{' '}
              {speaker === null ? null : <span className="snippet__speaker">{speaker}: </span>}
              <SnippetText snippet={snippet} />
            </li>
          );
        })}
      </ol>
      {more ? (
        <button type="button" className="text-toggle snippets__more" onClick={onMore}>
          {moreLabel(more, texts)}
        </button>
      ) : null}
    </section>
  );
}
