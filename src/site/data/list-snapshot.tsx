/**
 * The rows a pre-rendered page shows, without the rest of the archive: the page carries them
 * (src/site/prerender/page-data.ts) so that the list renders at once, and the whole list loads
 * when the engine has started.
 */
import { createContext, useContext, type ReactNode } from 'react';
import type { EpisodeRow } from '../../core/db-schema.ts';

export interface ListSnapshot {
  /** The site path the rows are the list of ('/', '/episodes/12'): the only one they cover. */
  path: string;
  /** Every episode in the version; absent on an episode's page, which shows no count. */
  total?: number;
  /** The rows the page shows, newest first. */
  rows: EpisodeRow[];
  /**
   * How many newer episodes come before `rows` ('/page/3' of a list of 10 a page: 20); 0, or
   * absent in pages rendered before list pages had paths of their own.
   */
  offset?: number;
}

const ListSnapshotContext = createContext<ListSnapshot | null>(null);

export function ListSnapshotProvider({
  snapshot,
  children,
}: {
  snapshot: ListSnapshot | null;
  children: ReactNode;
}): ReactNode {
  return <ListSnapshotContext value={snapshot}>{children}</ListSnapshotContext>;
}

/** The page's snapshot of the list, or null (no pre-rendered page, or not this page's). */
export function useListSnapshot(): ListSnapshot | null {
  return useContext(ListSnapshotContext);
}
