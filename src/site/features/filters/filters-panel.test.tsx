import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PresenterRow, VenueRow } from '../../../core/db-schema.ts';
import { ALL_TYPES_ON } from '../../../core/episode-filters.ts';
import { ALL_FIELDS_ON } from '../../../core/search-state.ts';
import type { Resource } from '../../data/resource.ts';
import { FiltersPanel, type FiltersPanelProps } from './filters-panel.tsx';

const presenter: PresenterRow = {
  id: 6,
  first_name: 'Dora',
  middle_name: null,
  last_name: 'Finch',
  qi_elf: 0,
  guest: 0,
};
const venue: VenueRow = {
  id: 2,
  name: 'The Boathouse',
  city: null,
  region: null,
  state: null,
  country: 'UK',
};

function panel(
  presenters: Resource<PresenterRow[]>,
  venues: Resource<VenueRow[]>,
): FiltersPanelProps {
  const ignore = (): void => undefined;
  return {
    id: 'filters',
    fields: ALL_FIELDS_ON,
    types: ALL_TYPES_ON,
    presenterIds: [],
    venueIds: [],
    presenters,
    venues,
    hostIds: [6],
    secondGroupLabel: '',
    episodeTypes: [],
    onFieldsChange: ignore,
    onTypesChange: ignore,
    onPresentersChange: ignore,
    onVenuesChange: ignore,
  };
}

describe('FiltersPanel', () => {
  it('offers the presenters and venues a podcast has', () => {
    render(
      <FiltersPanel
        {...panel({ status: 'ready', data: [presenter] }, { status: 'ready', data: [venue] })}
      />,
    );
    expect(screen.getByText('Presenters')).toBeInTheDocument();
    expect(screen.getByText('Venues')).toBeInTheDocument();
  });

  it('leaves out a group the podcast has nothing for, but not one still loading or failed', () => {
    const { rerender } = render(
      <FiltersPanel {...panel({ status: 'ready', data: [] }, { status: 'ready', data: [] })} />,
    );
    expect(screen.getByRole('group', { name: 'Search in' })).toBeInTheDocument();
    expect(screen.queryByText('Presenters')).toBeNull();
    expect(screen.queryByText('Venues')).toBeNull();
    // No types either: no type group.
    expect(screen.queryByRole('group', { name: 'Episode types' })).toBeNull();
    rerender(
      <FiltersPanel
        {...panel({ status: 'loading' }, { status: 'error', error: new Error('doXHR failed') })}
      />,
    );
    expect(screen.getByText('Presenters')).toBeInTheDocument();
    expect(screen.getByText('Venues')).toBeInTheDocument();
  });
});
