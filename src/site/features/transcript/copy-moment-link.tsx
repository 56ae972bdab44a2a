import { useTexts } from '../../shared/texts-context.tsx';
import { useCallback, useState, useSyncExternalStore, type ReactNode } from 'react';
import { formatClockTime } from '../../../core/time-format.ts';
import type { TranscriptModel } from '../../../core/transcript-model.ts';
import { momentUrl } from '../../shared/moment-link.ts';
import type { SentenceHighlighter } from './sentence-highlighter.ts';

interface CopyMomentLinkProps {
  episode: string;
  model: TranscriptModel;
  highlighter: SentenceHighlighter;
}

type CopyState = { status: 'idle' } | { status: 'copied' | 'manual'; url: string; time: number };

/** 'Copy link to this moment': a link to the start of the sentence being played. */
export function CopyMomentLink({ episode, model, highlighter }: CopyMomentLinkProps): ReactNode {
  const subscribe = useCallback(
    (listener: () => void) => highlighter.subscribeAll(listener),
    [highlighter],
  );
  const sentence = useSyncExternalStore(subscribe, highlighter.current, highlighter.current);
  const [copy, setCopy] = useState<CopyState>({ status: 'idle' });
  const { text } = useTexts();
  if (sentence < 0) return null;
  const time = Math.floor(model.sentenceStarts[sentence] ?? 0);
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
        {text('moment.copyAt', { time: formatClockTime(time) })}
      </button>
      <span role="status" className="transcript-copy-status">
        {shown?.status === 'copied'
          ? text('moment.copied', { time: formatClockTime(shown.time) })
          : ''}
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
