import { useEffect, useRef, useState } from 'react';
import { errorMessage } from './database-errors.ts';
import { useResourceCache } from './resource-cache.tsx';

/** Something loaded asynchronously: loading, failed, or there. */
export type Resource<T> =
  { status: 'loading' } | { status: 'error'; error: Error } | { status: 'ready'; data: T };

const LOADING = { status: 'loading' } as const;

/** What a resource does besides loading. */
export interface ResourceOptions<T> {
  /**
   * Runs with every load's data, even a load that a newer key has replaced by the time it
   * arrives: a cache keeps what it was given (the rows of an earlier page are the visit's).
   */
  onData?: (data: T) => void;
  /** Runs once per failure of the current key (a replaced load's failure is dropped). */
  onError?: (error: Error) => void;
  /**
   * Waits before loading a failed key again, one per retry: `[1000, 4000]` tries again after
   * 1 s and, if that fails too, after 4 s more. A new key starts over.
   */
  retryAfterMs?: readonly number[];
  /**
   * Names the data in the page's resource cache (resource-cache.tsx), for loads a pre-rendered
   * page makes: the renderer loads them before its last pass and the page carries them, so
   * the browser's first render shows them without loading. The data must be plain JSON.
   */
  cacheKey?: string;
}

/**
 * The one hook for asynchronous loads. Runs `load` whenever `key` changes (null: load
 * nothing) and returns the current key's state; an older key's load is aborted through its
 * signal and its result never overwrites a newer one. To load the same key again on request,
 * put an attempt number in the key.
 */
export function useResource<T>(
  key: string | null,
  load: (signal: AbortSignal) => Promise<T>,
  options: ResourceOptions<T> = {},
): Resource<T> {
  const cache = useResourceCache();
  const cacheKey = key === null ? undefined : options.cacheKey;
  // Data the cache holds for this key: the page carried it, or the pre-renderer loaded it.
  const cached = cacheKey === undefined ? undefined : cache.read(cacheKey);
  if (cacheKey !== undefined && cached === undefined) {
    cache.request?.(cacheKey, () => load(new AbortController().signal));
  }
  const [settled, setSettled] = useState<{ key: string; resource: Resource<T> } | null>(null);
  const [retried, setRetried] = useState({ key: '', times: 0 });
  const retries = retried.key === key ? retried.times : 0;
  // The newest callbacks: the load itself runs only when the key (or a retry) says so.
  const latest = useRef({ load, options });
  useEffect(() => {
    latest.current = { load, options };
  });

  useEffect(() => {
    if (key === null) return undefined;
    const known = cacheKey === undefined ? undefined : cache.read(cacheKey);
    if (known !== undefined) {
      // Shown already; whoever keeps data for the visit gets it as if it had loaded.
      latest.current.options.onData?.(known.value as T);
      return undefined;
    }
    const abort = new AbortController();
    let retry: ReturnType<typeof setTimeout> | undefined;
    latest.current.load(abort.signal).then(
      (data) => {
        latest.current.options.onData?.(data);
        if (!abort.signal.aborted) setSettled({ key, resource: { status: 'ready', data } });
      },
      (error: unknown) => {
        if (abort.signal.aborted) return;
        const failure = error instanceof Error ? error : new Error(errorMessage(error));
        const { onError, retryAfterMs = [] } = latest.current.options;
        onError?.(failure);
        setSettled({ key, resource: { status: 'error', error: failure } });
        const wait = retryAfterMs[retries];
        if (wait !== undefined) {
          retry = setTimeout(() => setRetried({ key, times: retries + 1 }), wait);
        }
      },
    );
    return () => {
      abort.abort(new Error('replaced by a newer load'));
      clearTimeout(retry);
    };
    // `cacheKey` and `cache` only say where `key`'s data may already be.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, retries]);

  if (key === null) return LOADING;
  if (settled?.key === key) return settled.resource;
  // The cache holds what this key's load would return (pre-rendered page data, or the
  // pre-renderer's own loads): plain JSON of the same shape.
  return cached === undefined ? LOADING : { status: 'ready', data: cached.value as T };
}
