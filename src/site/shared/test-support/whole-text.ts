/**
 * A Testing Library matcher for a sentence whose values are isolated in `<bdi>`
 * (shared/message-text.tsx): getByText alone reads only an element's own text nodes, so it
 * would not find 'found 3 utterances of "Ice Cream"' split in three.
 */
import type { MatcherFunction } from '@testing-library/react';

/** Matches the innermost element whose whole text is `text` (or matches it, for a RegExp). */
export function wholeText(text: string | RegExp): MatcherFunction {
  const matches = (value: string): boolean =>
    typeof text === 'string' ? value === text : text.test(value);
  return (_content, element) => {
    if (element === null || !matches(element.textContent)) return false;
    return ![...element.children].some((child) => matches(child.textContent));
  };
}
