import { useId, useMemo, type ReactNode } from 'react';
import Select, { type StylesConfig } from 'react-select';
import { selectedOptions, type FilterOption, type FilterOptionGroup } from './filter-options.ts';

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

// The theme's tokens, so the select follows the light and dark schemes.
const styles: StylesConfig<FilterOption, true, FilterOptionGroup> = {
  control: (base, state) => ({
    ...base,
    background: 'var(--color-surface)',
    borderColor: state.isFocused ? 'var(--color-focus)' : 'var(--color-border)',
    boxShadow: state.isFocused ? '0 0 0 2px var(--color-focus)' : 'none',
    '&:hover': { borderColor: 'var(--color-focus)' },
  }),
  menu: (base) => ({ ...base, background: 'var(--color-surface)', zIndex: 5 }),
  option: (base, state) => ({
    ...base,
    background: state.isFocused ? 'var(--color-accent-soft)' : 'transparent',
    color: 'var(--color-text)',
  }),
  groupHeading: (base) => ({ ...base, color: 'var(--color-text-muted)', fontWeight: 700 }),
  input: (base) => ({ ...base, color: 'var(--color-text)' }),
  placeholder: (base) => ({ ...base, color: 'var(--color-text-muted)' }),
  multiValue: (base) => ({ ...base, background: 'var(--color-accent-soft)' }),
  multiValueLabel: (base) => ({ ...base, color: 'var(--color-text)' }),
  noOptionsMessage: (base) => ({ ...base, color: 'var(--color-text-muted)' }),
  indicatorSeparator: (base) => ({ ...base, background: 'var(--color-border)' }),
  dropdownIndicator: (base) => ({ ...base, color: 'var(--color-text-muted)' }),
  clearIndicator: (base) => ({ ...base, color: 'var(--color-text-muted)' }),
};

/** A labelled, grouped, searchable multi-select (react-select) with a 140–300 px menu. */
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

  return (
    <div className="filter-group filter-group--select">
      <label className="filter-group__title" htmlFor={`${id}-input`}>
        {label}
      </label>
      <Select<FilterOption, true, FilterOptionGroup>
        inputId={`${id}-input`}
        instanceId={id}
        aria-label={label}
        isMulti
        options={groups}
        value={value}
        onChange={(options) => onChange(options.map((option) => option.value))}
        placeholder={failedMessage ?? placeholder}
        noOptionsMessage={() => emptyMessage}
        isLoading={isLoading}
        isDisabled={failedMessage !== undefined}
        minMenuHeight={140}
        maxMenuHeight={300}
        menuPlacement="auto"
        styles={styles}
        classNamePrefix="multi-select"
      />
    </div>
  );
}
