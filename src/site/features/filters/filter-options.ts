/**
 * The choices of the filters panel: labels of the checkbox groups, and the grouped options of
 * the presenter and venue selects, built from the database rows and the podcast's settings.
 */
import type { ShowSpeaker } from '../../../core/speech.ts';
import type { FtsColumn, PresenterRow, VenueRow } from '../../../core/db-schema.ts';
import { presenterName } from '../../../core/format.ts';

/** One option of a multi-select. */
export interface FilterOption {
  value: number;
  label: string;
}

/** A titled group of options. */
export interface FilterOptionGroup {
  label: string;
  options: FilterOption[];
}

/** Search-field checkboxes, in the order shown. */
export const FIELD_LABELS: readonly { field: FtsColumn; label: string }[] = [
  { field: 'title', label: 'title' },
  { field: 'description', label: 'description' },
  { field: 'words', label: 'transcript' },
  { field: 'episode', label: 'episode number' },
];

/**
 * Presenter groups: Hosts (the configured host ids, in that order), then the second group
 * (presenters flagged qi_elf, labelled from the config), then Guests (everyone else, by id).
 * Empty groups are left out.
 */
export function presenterGroups(
  presenters: readonly PresenterRow[],
  settings: {
    hostIds: readonly number[];
    secondGroupLabel: string;
    /** The groups' names in the show's language; English when not given. */
    hostsLabel?: string;
    guestsLabel?: string;
  },
): FilterOptionGroup[] {
  const byId = new Map(presenters.map((presenter) => [presenter.id, presenter]));
  const hostIds = new Set(settings.hostIds);
  const option = (presenter: PresenterRow): FilterOption => ({
    value: presenter.id,
    label: presenterName(presenter),
  });
  const hosts = settings.hostIds
    .map((id) => byId.get(id))
    .filter((presenter): presenter is PresenterRow => presenter !== undefined)
    .map(option);
  const others = presenters.filter((presenter) => !hostIds.has(presenter.id));
  // The second group exists only when the podcast names it; otherwise its members are guests.
  const inSecondGroup = (presenter: PresenterRow): boolean =>
    settings.secondGroupLabel !== '' && presenter.qi_elf === 1;
  const elves = others.filter(inSecondGroup).map(option);
  const guests = others.filter((presenter) => !inSecondGroup(presenter)).map(option);
  return [
    { label: settings.hostsLabel ?? 'Hosts', options: hosts },
    { label: settings.secondGroupLabel, options: elves },
    { label: settings.guestsLabel ?? 'Guests', options: guests },
  ].filter((group) => group.options.length > 0);
}

/** The group of venues without a country; it comes last. */
export const NO_COUNTRY = 'Elsewhere';

/**
 * Venue groups by country, countries in alphabetical order, venues by name within each; the
 * venues without a country come last, under `elsewhere` (the catalogue's 'filters.elsewhere').
 */
export function venueGroups(
  venues: readonly VenueRow[],
  elsewhere: string = NO_COUNTRY,
): FilterOptionGroup[] {
  const groups = new Map<string, FilterOption[]>();
  for (const venue of venues) {
    const country = venue.country?.trim() || NO_COUNTRY;
    const options = groups.get(country) ?? [];
    options.push({ value: venue.id, label: venue.name });
    groups.set(country, options);
  }
  const byName = (a: FilterOption, b: FilterOption): number =>
    a.label.localeCompare(b.label, 'en', { sensitivity: 'base' }) || a.value - b.value;
  return [...groups.entries()]
    .sort(([a], [b]) => {
      if (a === NO_COUNTRY || b === NO_COUNTRY) return a === NO_COUNTRY ? 1 : -1;
      return a.localeCompare(b, 'en', { sensitivity: 'base' });
    })
    .map(([label, options]) => ({
      label: label === NO_COUNTRY ? elsewhere : label,
      options: options.sort(byName),
    }));
}

/** The selected options, in selection order, for ids that exist. */
export function selectedOptions(
  groups: readonly FilterOptionGroup[],
  ids: readonly number[],
): FilterOption[] {
  const all = new Map(
    groups.flatMap((group) => group.options).map((option) => [option.value, option]),
  );
  return ids
    .map((id) => all.get(id))
    .filter((option): option is FilterOption => option !== undefined);
}

/** The 'said by' options: the show's named speakers, by name, in one group. */
export function speakerGroups(speakers: readonly ShowSpeaker[]): FilterOptionGroup[] {
  if (speakers.length === 0) return [];
  const options = speakers
    .map((speaker) => ({ value: speaker.id, label: speaker.name }))
    .sort((a, b) => a.label.localeCompare(b.label, 'en') || a.value - b.value);
  return [{ label: 'Speakers', options }];
}
