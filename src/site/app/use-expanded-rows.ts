import { useCallback, useState } from 'react';
import type { EpisodeRow } from '../../core/db-schema.ts';

/** Which rows show their transcript: 'expand all' and each row's own toggle over it. */
export interface ExpandedRows {
  expandAll: boolean;
  isExpanded: (episode: EpisodeRow) => boolean;
  onToggleExpanded: (id: number) => void;
  /** Flips 'expand all' and forgets each row's own choice. */
  onExpandAll: () => void;
}

/** The list's expanded rows: a row's own toggle wins over 'expand all' until that flips. */
export function useExpandedRows(): ExpandedRows {
  const [expandAll, setExpandAll] = useState(false);
  const [expandedRows, setExpandedRows] = useState<ReadonlyMap<number, boolean>>(() => new Map());
  const isExpanded = useCallback(
    (episode: EpisodeRow) => expandedRows.get(episode.id) ?? expandAll,
    [expandedRows, expandAll],
  );
  const onToggleExpanded = useCallback(
    (id: number) => {
      setExpandedRows((previous) => {
        const next = new Map(previous);
        next.set(id, !(previous.get(id) ?? expandAll));
        return next;
      });
    },
    [expandAll],
  );
  const onExpandAll = useCallback(() => {
    setExpandAll((value) => !value);
    setExpandedRows(new Map());
  }, []);
  return { expandAll, isExpanded, onToggleExpanded, onExpandAll };
}
