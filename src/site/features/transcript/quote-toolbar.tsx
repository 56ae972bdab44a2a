import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { correctionUrl } from '../../../core/correction-target.ts';
import { quoteClipboardText, type Quote } from '../../../core/quote.ts';
import { formatClockTime } from '../../../core/time-format.ts';
import { quoteUrl } from '../../shared/moment-link.ts';
import { useTexts } from '../../shared/texts-context.tsx';
import './quote.css';

interface QuoteToolbarProps {
  quote: Quote;
  episode: string;
  episodeTitle: string;
  /** The show's `correctionTarget` (empty: no 'Suggest a correction'). */
  correctionTarget: string;
}

/** What became of the last action, and the quote (`first-last`) it was about. */
type Outcome =
  | { status: 'idle' }
  | { status: 'copied' | 'shared'; of: string }
  | { status: 'manual'; text: string; of: string };

// Puts the toolbar under the selection, inside the window. Set on the element itself: it
// follows every scroll, and a render per scroll event would be waste.
function placeUnderSelection(toolbar: HTMLElement | null): void {
  const selection = document.getSelection();
  if (!toolbar || !selection || selection.rangeCount === 0) return;
  const range = selection.getRangeAt(0);
  // Where layout is unknown (no Range geometry), the toolbar stands at the window's corner.
  const rect =
    'getBoundingClientRect' in range
      ? range.getBoundingClientRect()
      : { top: 0, bottom: 0, left: 0 };
  const width = toolbar.offsetWidth;
  const height = toolbar.offsetHeight;
  const gap = 8;
  const below = rect.bottom + gap;
  const top = below + height > window.innerHeight ? Math.max(gap, rect.top - height - gap) : below;
  const left = Math.min(Math.max(gap, rect.left), Math.max(gap, window.innerWidth - width - gap));
  toolbar.style.top = `${top}px`;
  toolbar.style.left = `${left}px`;
  toolbar.style.visibility = 'visible';
}

/**
 * What a selection of transcript words offers: 'Copy quote' (the words, who said them in which
 * episode and when, and a link that plays just them), 'Share' (the system's share sheet where
 * there is one, else a copy), and 'Suggest a correction' where the show takes them.
 */
export function QuoteToolbar({
  quote,
  episode,
  episodeTitle,
  correctionTarget,
}: QuoteToolbarProps): ReactNode {
  const { text: message } = useTexts();
  const ref = useRef<HTMLDivElement>(null);
  const [last, setOutcome] = useState<Outcome>({ status: 'idle' });
  const of = `${quote.first}-${quote.last}`;
  // An outcome belongs to its quote: a new selection starts afresh.
  const outcome: Outcome = last.status !== 'idle' && last.of === of ? last : { status: 'idle' };
  const link = quoteUrl(episode, quote.start, quote.end);
  const quoted = (words: string): string => message('quote.marks', { text: words });
  const text = quoteClipboardText(quote, episodeTitle, link, quoted);
  const suggestion = correctionUrl(correctionTarget, {
    episode,
    episodeTitle,
    start: quote.start,
    end: quote.end,
    text: quote.text,
    link,
  });

  useLayoutEffect(() => {
    const update = (): void => placeUnderSelection(ref.current);
    update();
    window.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    return () => {
      window.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
    };
  }, [quote.first, quote.last]);

  const copy = async (): Promise<void> => {
    try {
      await navigator.clipboard.writeText(text);
      setOutcome({ status: 'copied', of });
    } catch {
      // No clipboard (insecure origin, denied permission): show the quote to copy by hand.
      setOutcome({ status: 'manual', text, of });
    }
  };

  const share = async (): Promise<void> => {
    if (typeof navigator.share !== 'function') {
      await copy();
      return;
    }
    try {
      await navigator.share({
        title: episodeTitle,
        text: quoteClipboardText(quote, episodeTitle, '', quoted),
        url: link,
      });
      setOutcome({ status: 'shared', of });
    } catch (error) {
      // The visitor closed the share sheet: nothing to say. Anything else: copy instead.
      if (!(error instanceof DOMException && error.name === 'AbortError')) await copy();
    }
  };

  const range = `${formatClockTime(quote.start)}–${formatClockTime(quote.end)}`;
  return (
    <div
      ref={ref}
      className="quote-toolbar"
      role="toolbar"
      aria-label={message('quote.toolbar', { range })}
      // Hidden until placed under the selection (placeUnderSelection).
      style={{ visibility: 'hidden' }}
      // Pressing a button must not clear the selection it acts on.
      onMouseDown={(event) => event.preventDefault()}
    >
      <button type="button" className="transcript-tool" onClick={() => void copy()}>
        {message('quote.copy')}
      </button>
      <button type="button" className="transcript-tool" onClick={() => void share()}>
        {message('quote.share')}
      </button>
      {suggestion === null ? null : (
        <a className="transcript-tool" href={suggestion} target="_blank" rel="noopener noreferrer">
          {message('quote.suggest')}
        </a>
      )}
      <span role="status" className="quote-toolbar__status">
        {outcome.status === 'copied' ? message('quote.copied') : ''}
        {outcome.status === 'shared' ? message('quote.shared') : ''}
      </span>
      {outcome.status === 'manual' ? (
        <textarea
          className="quote-toolbar__manual"
          aria-label={message('quote.manual')}
          readOnly
          rows={4}
          value={outcome.text}
          onFocus={(event) => event.currentTarget.select()}
        />
      ) : null}
    </div>
  );
}
