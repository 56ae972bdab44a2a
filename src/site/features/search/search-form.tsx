import { useTexts } from '../../shared/texts-context.tsx';
import {
  useEffect,
  useId,
  useRef,
  useState,
  type FormEvent,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import type { Analyzer } from '../../../core/analyzer.ts';
import { checkBeforeAnalyzer, checkSearchTerm, termProblem } from '../../../core/fts-query.ts';
import { MAX_TERM_LENGTH } from '../../../core/search-state.ts';
import { useDatabase } from '../../data/database-context.tsx';
import { prepareSuggestions } from '../../data/term-list-queries.ts';
import { forgetTextTypedBeforeApp, textTypedBeforeApp } from '../../shared/early-input.ts';
import { optionId, SuggestionList } from './suggestion-list.tsx';
import { useSuggestions, type Suggestion } from './use-suggestions.ts';
import './search.css';
import { TYPING_PAUSE_MS } from './typing-pause.ts';

export interface SearchFormProps {
  /** The term in force (from the URL); the box follows it on back and forward. */
  term: string;
  placeholder: string;
  minLength: number;
  /**
   * The index's language rules (null while they load: a term is then checked for its length
   * only, and the page checks it again once they are there).
   */
  analyzer: Analyzer | null;
  /**
   * Called with the trimmed term on submit: '' clears the search. `again`: a pause of the same
   * typing already searched (its history entry can be replaced).
   */
  onSearch: (term: string, again?: boolean) => void;
  /**
   * Called with the trimmed term `TYPING_PAUSE_MS` after the visitor stops typing, when it can
   * be searched or is empty (absent: nothing happens until a submit). `again`: an earlier
   * pause of the same typing already searched (its history entry can be replaced).
   */
  onType?: (term: string, again: boolean) => void;
  /**
   * Where the form sends its GET without scripts (and before the app takes over): the list's
   * address, so a search from an episode's page shows results, not the same page again.
   */
  action?: string;
}

/**
 * The search box, a combobox (the ARIA pattern): typing offers the index's most frequent
 * completions of the last word (arrows move through them, Enter or a click searches the one
 * chosen, Escape closes them). The list changes when the form is submitted and, with `onType`,
 * after a pause in typing. A submitted term that would be ignored (too short, nothing to
 * search for) says why instead.
 */
export function SearchForm({
  term,
  placeholder,
  minLength,
  analyzer,
  onSearch,
  onType,
  action,
}: SearchFormProps): ReactNode {
  const db = useDatabase();
  // What the visitor typed into the pre-rendered page's box stays in it.
  const [draft, setDraft] = useState(() => textTypedBeforeApp() || term);
  const [shownTerm, setShownTerm] = useState(term);
  const texts = useTexts();
  const { text } = texts;
  const [hint, setHint] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  // Typed since the last submit (a pause then searches), and the last term searched so.
  const [typed, setTyped] = useState(false);
  const [sentTerm, setSentTerm] = useState<string | null>(null);
  const [session, setSession] = useState(false);
  const hintId = useId();
  const listId = `${hintId}-suggestions`;
  const suggestions = useSuggestions(open ? draft : null, analyzer);
  const showing = open && suggestions.length > 0;
  useEffect(forgetTextTypedBeforeApp, []);

  // Back, forward or a link changed the term: show it (adjusting state while rendering). The
  // term typed a moment ago coming back through the URL leaves the box as the visitor has it.
  if (term !== shownTerm) {
    setShownTerm(term);
    if (term === sentTerm) setSentTerm(null);
    else {
      setSentTerm(null);
      setSession(false);
      setDraft(term);
      setHint(null);
      setOpen(false);
      setTyped(false);
    }
  }

  // The newest props and state for the pause's timer, which only a keystroke restarts (a
  // render for anything else, a description arriving, must not put the search off).
  const latest = useRef({ onType, analyzer, minLength, shownTerm, session });
  useEffect(() => {
    latest.current = { onType, analyzer, minLength, shownTerm, session };
  });
  useEffect(() => {
    if (!typed) return undefined;
    const timer = setTimeout(() => {
      const now = latest.current;
      if (!now.onType) return;
      const typedTerm = draft.trim();
      const check = now.analyzer
        ? checkSearchTerm(typedTerm, now.minLength, now.analyzer)
        : checkBeforeAnalyzer(typedTerm, now.minLength);
      // A term still too short to search (or the box emptied) shows the whole list again: the
      // results never belong to a word the box no longer holds. Its hint waits for a submit.
      const searchable = check.kind !== 'too-short' && check.kind !== 'no-tokens';
      const trimmed = searchable ? typedTerm : '';
      if (trimmed === now.shownTerm) return;
      setSentTerm(trimmed);
      setSession(true);
      now.onType(trimmed, now.session);
    }, TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [typed, draft]);

  const search = (text: string): void => {
    setOpen(false);
    setActive(-1);
    setTyped(false);
    setSession(false);
    const trimmed = text.trim();
    const problem = termProblem(
      analyzer
        ? checkSearchTerm(trimmed, minLength, analyzer)
        : checkBeforeAnalyzer(trimmed, minLength),
      texts,
    );
    setHint(problem);
    if (problem !== null) return;
    onSearch(trimmed, session);
  };

  const pick = (suggestion: Suggestion): void => {
    setDraft(suggestion.term);
    search(suggestion.term);
  };

  const submit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    search(draft);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>): void => {
    const count = suggestions.length;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) {
        setOpen(true);
        setActive(-1);
        return;
      }
      if (count === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) =>
        current < 0 && step < 0 ? count - 1 : (current + step + count) % count,
      );
    } else if (event.key === 'Enter' && showing) {
      const chosen = suggestions[active];
      if (!chosen) return;
      event.preventDefault();
      pick(chosen);
    } else if (event.key === 'Escape' && showing) {
      // Closes the list; the box keeps its text (a second Escape clears it, as a search box does).
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  };

  return (
    <form className="search-form" role="search" action={action} onSubmit={submit}>
      <label className="visually-hidden" htmlFor={`${hintId}-input`}>
        {text('search.label')}
      </label>
      <div className="search-form__box">
        <input
          id={`${hintId}-input`}
          className="search-form__input"
          type="search"
          name="q"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={showing}
          aria-controls={listId}
          aria-activedescendant={showing && active >= 0 ? optionId(listId, active) : undefined}
          value={draft}
          placeholder={placeholder}
          autoComplete="off"
          enterKeyHint="search"
          maxLength={MAX_TERM_LENGTH}
          aria-describedby={hint === null ? undefined : hintId}
          onFocus={() => prepareSuggestions(db)}
          onBlur={() => setOpen(false)}
          onKeyDown={onKeyDown}
          onChange={(event) => {
            setDraft(event.target.value);
            setOpen(true);
            setActive(-1);
            setHint(null);
            setTyped(true);
          }}
        />
        {showing && (
          <SuggestionList
            id={listId}
            label={text('search.suggestions')}
            suggestions={suggestions}
            active={active}
            onPick={pick}
          />
        )}
      </div>
      <button className="search-form__button" type="submit">
        {text('search.button')}
      </button>
      <p id={hintId} className="search-form__hint" role="status">
        {hint}
      </p>
    </form>
  );
}
