import { useId, useMemo, type ReactNode } from 'react';
import { useResource } from '../../data/resource.ts';
import { selectedOptions, type FilterOptionGroup } from './filter-options.ts';
import type * as GroupedSelectCode from './grouped-select.tsx';
import { ReloadLink } from '../../shared/reload-link.tsx';

export interface MultiSelectProps {
  /** The visible label above the select. */
  label: string;
  placeholder: string;
  /** Shown in the open menu when nothing matches what was typed. */
  emptyMessage: string;
  groups: readonly FilterOptionGroup[];
  selected: readonly number[];
  onChange: (ids: number[]) => void;
  isLoading?: boolean;
  /** Shown instead of the placeholder when the options could not be loaded. */
  failedMessage?: string | undefined;
}

// A type-only import: the code itself loads with import() below.
type GroupedSelectModule = typeof GroupedSelectCode;

let loading: Promise<GroupedSelectModule> | null = null;
let loaded: GroupedSelectModule | null = null;

/**
 * Starts loading react-select, once per page. The filters toggle calls it on hover and focus,
 * so the panel usually opens with it ready.
 */
export function preloadMultiSelect(): Promise<GroupedSelectModule> {
  loading ??= import('./grouped-select.tsx').then((module) => {
    loaded = module;
    return module;
  });
  return loading;
}

/** The react-select control once its code is here, or whether its download failed. */
function useGroupedSelect(): {
  Select: GroupedSelectModule['GroupedSelect'] | null;
  failed: boolean;
} {
  const download = useResource(loaded ? null : 'react-select', preloadMultiSelect);
  const module = loaded ?? (download.status === 'ready' ? download.data : null);
  return { Select: module?.GroupedSelect ?? null, failed: download.status === 'error' };
}

/** A labelled, grouped, searchable multi-select (react-select, loaded on first use). */
export function MultiSelect({
  label,
  placeholder,
  emptyMessage,
  groups,
  selected,
  onChange,
  isLoading = false,
  failedMessage,
}: MultiSelectProps): ReactNode {
  const id = useId();
  const value = useMemo(() => selectedOptions(groups, selected), [groups, selected]);
  const { Select, failed } = useGroupedSelect();

  return (
    <div className="filter-group filter-group--select">
      <label className="filter-group__title" htmlFor={`${id}-input`}>
        {label}
      </label>
      {Select ? (
        <Select
          inputId={`${id}-input`}
          instanceId={id}
          label={label}
          placeholder={failedMessage ?? placeholder}
          emptyMessage={emptyMessage}
          groups={groups}
          value={value}
          onChange={onChange}
          isLoading={isLoading}
          isDisabled={failedMessage !== undefined}
        />
      ) : failed ? (
        // The browser keeps a failed module download failed for this page: only a reload
        // tries again. The rest of the page works meanwhile.
        <p className="multi-select-fallback" role="alert">
          This filter could not be loaded: <ReloadLink />
        </p>
      ) : (
        <div className="multi-select-fallback" aria-busy="true">
          {failedMessage ?? placeholder}
        </div>
      )}
    </div>
  );
}
