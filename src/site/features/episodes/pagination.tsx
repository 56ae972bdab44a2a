import { useId, useState, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { useTexts } from '../../shared/texts-context.tsx';
import './pagination.css';

export interface PaginationProps {
  page: number;
  pageCount: number;
  onPage: (page: number) => void;
  /**
   * The address of a page, for its link: followed without scripts (and by crawlers), opened
   * in a new tab with a modifier key; a plain click calls `onPage` instead.
   */
  pageHref: (page: number) => string;
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

/** Whether a click asks for something other than following the link here (a new tab, …). */
function isPlainClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/**
 * One of '<<' '<' '>' '>>': a link to its page, or, where there is nowhere to go, a link with
 * no address that says it is disabled (a link cannot be disabled, and a button is no link).
 */
function PageLink({
  label,
  text,
  page,
  disabled,
  pageHref,
  onPage,
}: {
  label: string;
  text: string;
  page: number;
  disabled: boolean;
  pageHref: (page: number) => string;
  onPage: (page: number) => void;
}): ReactNode {
  if (disabled) {
    return (
      <a role="link" aria-disabled="true" aria-label={label} className="pagination__button">
        {text}
      </a>
    );
  }
  return (
    <a
      href={pageHref(page)}
      aria-label={label}
      className="pagination__button"
      onClick={(event) => {
        if (!isPlainClick(event)) return;
        event.preventDefault();
        onPage(page);
      }}
    >
      {text}
    </a>
  );
}

/**
 * '<<' '<' 'page N of M' '>' '>>', the arrows as links (`pageHref`). The page box takes only 1..M and commits on blur or
 * Enter; anything else (or an empty box) goes back to the current page. With one page or
 * none there is nowhere to go, so nothing shows.
 */
export function Pagination({
  page,
  pageCount,
  onPage,
  pageHref,
  navigation,
}: PaginationProps): ReactNode {
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
      <PageLink
        label={text('pages.first')}
        text="<<"
        page={1}
        disabled={atStart}
        pageHref={pageHref}
        onPage={onPage}
      />
      <PageLink
        label={text('pages.previous')}
        text="<"
        page={page - 1}
        disabled={atStart}
        pageHref={pageHref}
        onPage={onPage}
      />
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
      <PageLink
        label={text('pages.next')}
        text=">"
        page={page + 1}
        disabled={atEnd}
        pageHref={pageHref}
        onPage={onPage}
      />
      <PageLink
        label={text('pages.last')}
        text=">>"
        page={pageCount}
        disabled={atEnd}
        pageHref={pageHref}
        onPage={onPage}
      />
    </nav>
  );
}
