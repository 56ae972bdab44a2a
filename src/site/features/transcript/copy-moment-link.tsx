import { useEffect, useState, type ReactNode } from 'react';
import { useTexts } from '../../shared/texts-context.tsx';
import { formatClockTime } from '../../../core/time-format.ts';
import type { TranscriptModel } from '../../../core/transcript-model.ts';
import { momentUrl } from '../../shared/moment-link.ts';
import type { SentenceHighlighter } from './sentence-highlighter.ts';
import { MessageText } from '../../shared/message-text.tsx';

interface CopyMomentLinkProps {
  episode: string;
  model: TranscriptModel;
  highlighter: SentenceHighlighter;
  /** The word the visitor last clicked or moved to with the keys, and when (null: none yet). */
  pointed: PointedWord | null;
  /** The word the transcript opened at (a `?t=` link), or 0. */
  opened: number;
}

/** A word the visitor pointed at; `at` orders it against the words spoken (`performance.now()`). */
export interface PointedWord {
  word: number;
  at: number;
}

type CopyState = { status: 'idle' } | { status: 'copied' | 'manual'; url: string; time: number };

/**
 * 'Copy link to this moment': a link to the word being spoken, or to the word the visitor
 * clicked or moved to, whichever happened last; without either, where the transcript opened.
 * It works whether or not the episode plays.
 */
export function CopyMomentLink({
  episode,
  model,
  highlighter,
  pointed,
  opened,
}: CopyMomentLinkProps): ReactNode {
  const [spoken, setSpoken] = useState<PointedWord | null>(() => {
    const word = highlighter.currentWord();
    return word >= 0 ? { word, at: performance.now() } : null;
  });
  useEffect(
    () =>
      highlighter.subscribeWord((word) => {
        // In a silence no word is spoken: the link stays at the last one.
        if (word >= 0) setSpoken({ word, at: performance.now() });
      }),
    [highlighter],
  );
  // Whichever came last: the word spoken or the word pointed at.
  const latest = spoken && (!pointed || spoken.at > pointed.at) ? spoken : pointed;
  const word = latest?.word ?? opened;
  const [copy, setCopy] = useState<CopyState>({ status: 'idle' });
  const { text } = useTexts();
  const time = Math.floor(model.words[word]?.start ?? 0);
  // What was copied belongs to its moment; once playback moves on it no longer applies.
  const shown = copy.status !== 'idle' && copy.time === time ? copy : null;

  const onCopy = async (): Promise<void> => {
    const url = momentUrl(episode, time);
    try {
      await navigator.clipboard.writeText(url);
      setCopy({ status: 'copied', url, time });
    } catch {
      // No clipboard (insecure origin, denied permission): show the link to copy by hand.
      setCopy({ status: 'manual', url, time });
    }
  };

  return (
    <div className="transcript-copy">
      <button type="button" className="transcript-tool" onClick={() => void onCopy()}>
        <MessageText id="moment.copyAt" values={{ time: formatClockTime(time) }} />
      </button>
      <span role="status" className="transcript-copy-status">
        {shown?.status === 'copied' ? (
          <MessageText id="moment.copied" values={{ time: formatClockTime(shown.time) }} />
        ) : (
          ''
        )}
      </span>
      {shown?.status === 'manual' ? (
        <input
          className="transcript-copy-field"
          aria-label={text('moment.field')}
          readOnly
          value={shown.url}
          onFocus={(event) => event.currentTarget.select()}
        />
      ) : null}
    </div>
  );
}
