import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { checkSearchTerm, termProblem } from '../../../core/fts-query.ts';
import { MAX_TERM_LENGTH } from '../../../core/search-state.ts';
import './search.css';

export interface SearchFormProps {
  /** The term in force (from the URL); the box follows it on back and forward. */
  term: string;
  placeholder: string;
  minLength: number;
  /** Called with the trimmed term on submit: '' clears the search. */
  onSearch: (term: string) => void;
}

/**
 * The search box. Typing only changes the box; the list changes when the form is submitted.
 * A term that would be ignored (too short, nothing to search for) says why instead.
 */
export function SearchForm({ term, placeholder, minLength, onSearch }: SearchFormProps): ReactNode {
  const [draft, setDraft] = useState(term);
  const [shownTerm, setShownTerm] = useState(term);
  const [hint, setHint] = useState<string | null>(null);
  const hintId = useId();

  // Back, forward or a link changed the term: show it (adjusting state while rendering).
  if (term !== shownTerm) {
    setShownTerm(term);
    setDraft(term);
    setHint(null);
  }

  const submit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    const check = checkSearchTerm(draft, minLength);
    const problem = termProblem(check);
    setHint(problem);
    if (problem !== null) return;
    onSearch(check.kind === 'empty' ? '' : check.term);
  };

  return (
    <form className="search-form" role="search" onSubmit={submit}>
      <label className="visually-hidden" htmlFor={`${hintId}-input`}>
        Search episodes
      </label>
      <input
        id={`${hintId}-input`}
        className="search-form__input"
        type="search"
        name="q"
        value={draft}
        placeholder={placeholder}
        autoComplete="off"
        enterKeyHint="search"
        maxLength={MAX_TERM_LENGTH}
        aria-describedby={hint === null ? undefined : hintId}
        onChange={(event) => setDraft(event.target.value)}
      />
      <button className="search-form__button" type="submit">
        Search
      </button>
      <p id={hintId} className="search-form__hint" role="status">
        {hint}
      </p>
    </form>
  );
}
