import { useTexts } from '../../shared/texts-context.tsx';
import { useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import './pagination.css';

export interface PaginationProps {
  page: number;
  pageCount: number;
  onPage: (page: number) => void;
  /**
   * Changes with every navigation (the app passes the router's location). A typed page waits
   * in the box until the page changes or this does: after Back, the router may render the
   * page the visitor left (the same number as before the typed one) without ever rendering
   * the typed page in between.
   */
  navigation?: unknown;
}

/** Reads a typed page number: a whole number from 1 to pageCount, or null. */
export function parsePageInput(text: string, pageCount: number): number | null {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  const page = Number(trimmed);
  return page >= 1 && page <= pageCount ? page : null;
}

/**
 * '<<' '<' 'page N of M' '>' '>>'. The page box takes only 1..M and commits on blur or
 * Enter; anything else (or an empty box) goes back to the current page. With one page or
 * none there is nowhere to go, so nothing shows.
 */
export function Pagination({ page, pageCount, onPage, navigation }: PaginationProps): ReactNode {
  const inputId = useId();
  const { text } = useTexts();
  // What the box shows while typed, and after a commit until the new page arrives. Any change
  // of page or navigation (from here, a button, back or forward) drops it.
  const [draft, setDraft] = useState<string | null>(null);
  const [draftFor, setDraftFor] = useState({ page, navigation });
  if (page !== draftFor.page || navigation !== draftFor.navigation) {
    setDraftFor({ page, navigation });
    setDraft(null);
  }
  if (pageCount <= 1) return null;
  const atStart = page <= 1;
  const atEnd = page >= pageCount;

  const commit = (): void => {
    if (draft === null) return;
    const wanted = parsePageInput(draft, pageCount);
    if (wanted === null || wanted === page) {
      setDraft(null);
      return;
    }
    setDraft(String(wanted));
    onPage(wanted);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>): void => {
    if (event.key === 'Enter') {
      event.preventDefault();
      commit();
    } else if (event.key === 'Escape') {
      setDraft(null);
    }
  };

  return (
    <nav className="pagination" aria-label={text('pages.label')}>
      <button
        type="button"
        className="pagination__button"
        aria-label={text('pages.first')}
        disabled={atStart}
        onClick={() => onPage(1)}
      >
        {'<<'}
      </button>
      <button
        type="button"
        className="pagination__button"
        aria-label={text('pages.previous')}
        disabled={atStart}
        onClick={() => onPage(page - 1)}
      >
        {'<'}
      </button>
      <span className="pagination__page">
        <label htmlFor={inputId}>{text('pages.page')}</label>
        <input
          id={inputId}
          className="pagination__input"
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          size={Math.max(2, String(pageCount).length)}
          aria-describedby={`${inputId}-of`}
          value={draft ?? String(page)}
          onChange={(event) => {
            // Digits only: the box never holds anything that could not be a page.
            if (/^\d*$/.test(event.target.value)) setDraft(event.target.value);
          }}
          onBlur={commit}
          onKeyDown={onKeyDown}
        />
        <span id={`${inputId}-of`}>{text('pages.of', { count: pageCount })}</span>
      </span>
      <button
        type="button"
        className="pagination__button"
        aria-label={text('pages.next')}
        disabled={atEnd}
        onClick={() => onPage(page + 1)}
      >
        {'>'}
      </button>
      <button
        type="button"
        className="pagination__button"
        aria-label={text('pages.last')}
        disabled={atEnd}
        onClick={() => onPage(pageCount)}
      >
        {'>>'}
      </button>
    </nav>
  );
}
