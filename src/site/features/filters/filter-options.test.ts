// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { loadPresenters, loadVenues } from '../../data/queries.ts';
import { fixtureDatabaseForFile } from '../../data/test-support/fixture-database.ts';
import { NO_COUNTRY, presenterGroups, selectedOptions, venueGroups } from './filter-options.ts';

const fixture = fixtureDatabaseForFile();

describe('presenter groups', () => {
  it('puts the configured hosts first, then the second group, then guests', async () => {
    const presenters = await loadPresenters(fixture.database);
    expect(presenterGroups(presenters, { hostIds: [7, 6], secondGroupLabel: 'Elves' })).toEqual([
      {
        label: 'Hosts',
        options: [
          { value: 7, label: 'Bram J. Okafor' },
          { value: 6, label: 'Ada Fairweather' },
        ],
      },
      { label: 'Elves', options: [{ value: 8, label: 'Cleo Hart' }] },
      { label: 'Guests', options: [{ value: 9, label: 'Dev Patel' }] },
    ]);
  });

  it('leaves out empty groups and unknown host ids', async () => {
    const presenters = await loadPresenters(fixture.database);
    const groups = presenterGroups(presenters, { hostIds: [99], secondGroupLabel: 'QI Elves' });
    expect(groups.map((group) => group.label)).toEqual(['QI Elves', 'Guests']);
    expect(groups[1]?.options.map((option) => option.value)).toEqual([6, 7, 9]);
  });
});

describe('venue groups', () => {
  it('groups by country, countries and venues in alphabetical order', async () => {
    const venues = await loadVenues(fixture.database);
    expect(venueGroups(venues)).toEqual([
      { label: 'Australia', options: [{ value: 3, label: 'Theatre Royal, Main Stage' }] },
      {
        label: 'United Kingdom',
        options: [
          { value: 2, label: 'Home' },
          { value: 1, label: 'The Office' },
        ],
      },
    ]);
  });

  it('puts venues without a country last', async () => {
    const venues = await loadVenues(fixture.database);
    const groups = venueGroups([
      ...venues,
      { id: 50, name: 'Somewhere', city: null, region: null, state: null, country: null },
      { id: 51, name: 'Ålesund Hall', city: null, region: null, state: null, country: 'Norway' },
    ]);
    expect(groups.map((group) => group.label)).toEqual([
      'Australia',
      'Norway',
      'United Kingdom',
      NO_COUNTRY,
    ]);
  });

  it('finds the selected options by id, in selection order', async () => {
    const groups = venueGroups(await loadVenues(fixture.database));
    expect(selectedOptions(groups, [3, 42, 1])).toEqual([
      { value: 3, label: 'Theatre Royal, Main Stage' },
      { value: 1, label: 'The Office' },
    ]);
  });
});
