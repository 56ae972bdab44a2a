/**
 * The react-select control of the two grouped multi-selects. It is its own module so the
 * first screen does not download react-select: `multi-select.tsx` loads it when the filters
 * panel opens (or is about to: the toggle preloads it on hover and focus).
 */
import type { ReactNode } from 'react';
import Select, { type StylesConfig } from 'react-select';
import type { FilterOption, FilterOptionGroup } from './filter-options.ts';

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

export interface GroupedSelectProps {
  inputId: string;
  instanceId: string;
  label: string;
  placeholder: string;
  emptyMessage: string;
  groups: readonly FilterOptionGroup[];
  value: readonly FilterOption[];
  onChange: (ids: number[]) => void;
  isLoading: boolean;
  isDisabled: boolean;
}

/** A grouped, searchable react-select with a 140–300 px menu, in the theme's colours. */
export function GroupedSelect({
  inputId,
  instanceId,
  label,
  placeholder,
  emptyMessage,
  groups,
  value,
  onChange,
  isLoading,
  isDisabled,
}: GroupedSelectProps): ReactNode {
  return (
    <Select<FilterOption, true, FilterOptionGroup>
      inputId={inputId}
      instanceId={instanceId}
      aria-label={label}
      isMulti
      options={groups}
      value={value}
      onChange={(options) => onChange(options.map((option) => option.value))}
      placeholder={placeholder}
      noOptionsMessage={() => emptyMessage}
      isLoading={isLoading}
      isDisabled={isDisabled}
      minMenuHeight={140}
      maxMenuHeight={300}
      menuPlacement="auto"
      styles={styles}
      classNamePrefix="multi-select"
    />
  );
}
