import type { ReactNode } from 'react';
import type { Suggestion } from './use-suggestions.ts';

/** The id of the option at `index` in the list `listId` (for `aria-activedescendant`). */
export function optionId(listId: string, index: number): string {
  return `${listId}-option-${index}`;
}

/**
 * The suggestions' popup of the search combobox (the ARIA combobox pattern's listbox). The
 * input keeps the focus; the active option is announced through `aria-activedescendant`.
 */
export function SuggestionList({
  id,
  label,
  suggestions,
  active,
  onPick,
}: {
  id: string;
  label: string;
  suggestions: readonly Suggestion[];
  active: number;
  onPick: (suggestion: Suggestion) => void;
}): ReactNode {
  return (
    <ul id={id} className="suggestions" role="listbox" aria-label={label}>
      {suggestions.map((suggestion, index) => (
        <li
          key={suggestion.word}
          id={optionId(id, index)}
          role="option"
          aria-selected={index === active}
          className="suggestions__option"
          // The input keeps the focus: a click picks without blurring it first.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => onPick(suggestion)}
        >
          {suggestion.word}
        </li>
      ))}
    </ul>
  );
}
