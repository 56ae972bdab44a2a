import { useState } from 'react';

/**
 * A controlled value that shows a change at once while the source of truth (the URL) catches
 * up. The router applies URL changes in a transition, so without this a checkbox would flick
 * back to its old state for a moment. Any new `value` drops the pending one.
 */
export function usePendingValue<T>(value: T): [T, (next: T) => void] {
  const [pending, setPending] = useState<{ next: T } | null>(null);
  const [base, setBase] = useState(value);
  if (!Object.is(base, value)) {
    setBase(value);
    setPending(null);
  }
  return [pending === null ? value : pending.next, (next: T) => setPending({ next })];
}
