/**
 * Loads a pre-rendered page has already done. In Node, `renderPage` renders the app with a
 * collecting cache: each `useResource` whose key is missing records its load, the loads run,
 * and the app renders again until nothing is missing; what was loaded goes into the page as
 * its data. In the browser the page's data seeds the cache, so the first render (hydration)
 * shows exactly what the server rendered, without a query.
 */
import { createContext, useContext, type ReactNode } from 'react';

/** JSON-safe values by resource key. */
export type ResourceEntries = Record<string, unknown>;

export interface ResourceCache {
  /** The value of a key, wrapped so that a stored `undefined` or `null` still counts. */
  read(key: string): { value: unknown } | undefined;
  /** Keeps a key's value for the rest of the visit (or the render). */
  write(key: string, value: unknown): void;
  /** Only while pre-rendering: a missing key's load, to run before the next pass. */
  request?(key: string, load: () => Promise<unknown>): void;
}

/** A cache over entries (the page's data in the browser; nothing in tests). */
export function createResourceCache(entries: ResourceEntries = {}): ResourceCache {
  const values = new Map(Object.entries(entries));
  return {
    read: (key) => (values.has(key) ? { value: values.get(key) } : undefined),
    write: (key, value) => {
      values.set(key, value);
    },
  };
}

/** The pre-renderer's cache: it records missing keys' loads and runs them between passes. */
export interface CollectingCache extends ResourceCache {
  request(key: string, load: () => Promise<unknown>): void;
  /** Runs the loads recorded since the last call; false when there were none. */
  settle(): Promise<boolean>;
  entries(): ResourceEntries;
}

/** `skip`: keys never loaded (the pre-renderer gives the page its rows of the list instead). */
export function createCollectingCache(options: { skip?: readonly string[] } = {}): CollectingCache {
  const skipped = new Set(options.skip);
  const values = new Map<string, unknown>();
  const requested = new Map<string, () => Promise<unknown>>();
  return {
    read: (key) => (values.has(key) ? { value: values.get(key) } : undefined),
    write: (key, value) => {
      values.set(key, value);
    },
    request: (key, load) => {
      if (!values.has(key) && !requested.has(key) && !skipped.has(key)) requested.set(key, load);
    },
    async settle() {
      if (requested.size === 0) return false;
      const loads = [...requested];
      requested.clear();
      await Promise.all(loads.map(async ([key, load]) => values.set(key, await load())));
      return true;
    },
    entries: () => Object.fromEntries(values),
  };
}

/** Without a provider nothing is kept: every load runs. */
const NO_CACHE: ResourceCache = { read: () => undefined, write: () => undefined };

const ResourceCacheContext = createContext<ResourceCache>(NO_CACHE);

/** Provides the page's resource cache to every `useResource` below. */
export function ResourceCacheProvider({
  cache,
  children,
}: {
  cache: ResourceCache;
  children: ReactNode;
}): ReactNode {
  return <ResourceCacheContext value={cache}>{children}</ResourceCacheContext>;
}

export function useResourceCache(): ResourceCache {
  return useContext(ResourceCacheContext);
}
