import { useEffect, useState } from 'react';
import { errorMessage } from './database-errors.ts';

/** Something loaded asynchronously: loading, failed, or there. */
export type Resource<T> =
  { status: 'loading' } | { status: 'error'; error: Error } | { status: 'ready'; data: T };

const LOADING = { status: 'loading' } as const;

/**
 * Runs `load` whenever `key` changes and returns its state. A result for an older key is
 * dropped, so a slow answer never overwrites a newer one. `onError` runs once per failure.
 */
export function useResource<T>(
  key: string,
  load: () => Promise<T>,
  onError?: (error: Error) => void,
): Resource<T> {
  const [state, setState] = useState<{ key: string; resource: Resource<T> } | null>(null);

  useEffect(() => {
    let current = true;
    load().then(
      (data) => {
        if (current) setState({ key, resource: { status: 'ready', data } });
      },
      (error: unknown) => {
        if (!current) return;
        const failure = error instanceof Error ? error : new Error(errorMessage(error));
        onError?.(failure);
        setState({ key, resource: { status: 'error', error: failure } });
      },
    );
    return () => {
      current = false;
    };
    // `key` names what is loaded; `load` and `onError` are re-created on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  return state?.key === key ? state.resource : LOADING;
}
