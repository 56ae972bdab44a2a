import { useTexts } from '../../shared/texts-context.tsx';
import { useMemo, type ReactNode } from 'react';
import type { PresenterRow, VenueRow } from '../../../core/db-schema.ts';
import { isTypeOn, type TypeToggles } from '../../../core/episode-filters.ts';
import type { EpisodeTypeInfo } from '../../../core/site-config.ts';
import type { FieldToggles } from '../../../core/search-state.ts';
import type { ShowSpeaker } from '../../../core/speech.ts';
import type { Resource } from '../../data/resource.ts';
import { usePendingValue } from '../../shared/use-pending-value.ts';
import { FIELD_LABELS, presenterGroups, speakerGroups, venueGroups } from './filter-options.ts';
import { MultiSelect, preloadMultiSelect } from './multi-select.tsx';
import { MessageText } from '../../shared/message-text.tsx';
import './filters.css';

export interface FiltersPanelProps {
  id: string;
  fields: FieldToggles;
  types: TypeToggles;
  presenterIds: readonly number[];
  venueIds: readonly number[];
  presenters: Resource<PresenterRow[]>;
  venues: Resource<VenueRow[]>;
  hostIds: readonly number[];
  secondGroupLabel: string;
  /** The podcast's episode types; none hides the group. */
  episodeTypes: readonly EpisodeTypeInfo[];
  onFieldsChange: (fields: FieldToggles) => void;
  onTypesChange: (types: TypeToggles) => void;
  onPresentersChange: (ids: number[]) => void;
  onVenuesChange: (ids: number[]) => void;
  /** 'Said by': the show's named speakers and the chosen ones; no control when there are none. */
  speakers?: Resource<ShowSpeaker[]>;
  saidBy?: readonly number[];
  onSaidByChange?: (ids: number[]) => void;
}

const NO_ROWS: never[] = [];

/** A group with nothing to pick once loaded is left out (a show without venues has no venue picker). */
function isEmpty(resource: Resource<readonly unknown[]>): boolean {
  return resource.status === 'ready' && resource.data.length === 0;
}

/**
 * The filter groups: search fields, episode types, presenters, venues and 'said by'. A group
 * the podcast has nothing for (no types, no presenters, no venues, no named speakers) is not
 * shown.
 */
export function FiltersPanel(props: FiltersPanelProps): ReactNode {
  const { presenters, venues, hostIds, secondGroupLabel } = props;
  const { text } = useTexts();
  const [fields, showFields] = usePendingValue(props.fields);
  const [types, showTypes] = usePendingValue(props.types);
  const toggleField = (field: keyof FieldToggles, on: boolean): void => {
    const next = { ...fields, [field]: on };
    showFields(next);
    props.onFieldsChange(next);
  };
  const toggleType = (type: string, on: boolean): void => {
    const next = { ...types, [type]: on };
    showTypes(next);
    props.onTypesChange(next);
  };
  const presenterRows = presenters.status === 'ready' ? presenters.data : NO_ROWS;
  const venueRows = venues.status === 'ready' ? venues.data : NO_ROWS;
  const presenterOptions = useMemo(
    () =>
      presenterGroups(presenterRows, {
        hostIds,
        secondGroupLabel,
        hostsLabel: text('filters.hosts'),
        guestsLabel: text('filters.guests'),
      }),
    [presenterRows, hostIds, secondGroupLabel, text],
  );
  const venueOptions = useMemo(
    () => venueGroups(venueRows, text('filters.elsewhere')),
    [venueRows, text],
  );
  const speakerRows = props.speakers?.status === 'ready' ? props.speakers.data : NO_ROWS;
  const speakerOptions = useMemo(() => speakerGroups(speakerRows), [speakerRows]);

  return (
    <div id={props.id} className="filters-panel">
      <fieldset className="filter-group">
        <legend className="filter-group__title">{text('filters.searchIn')}</legend>
        {FIELD_LABELS.map(({ field }) => (
          <label key={field} className="filter-check">
            <input
              type="checkbox"
              checked={fields[field]}
              onChange={(event) => toggleField(field, event.target.checked)}
            />
            {text(`filters.field.${field}`)}
          </label>
        ))}
      </fieldset>
      {props.episodeTypes.length > 0 && (
        <fieldset className="filter-group">
          <legend className="filter-group__title">{text('filters.types')}</legend>
          {props.episodeTypes.map(({ id, label }) => (
            <label key={id} className="filter-check">
              <input
                type="checkbox"
                checked={isTypeOn(types, id)}
                onChange={(event) => toggleType(id, event.target.checked)}
              />
              {label}
            </label>
          ))}
        </fieldset>
      )}
      {!isEmpty(presenters) && (
        <MultiSelect
          label={text('filters.presenters')}
          placeholder={text('filters.searchPresenters')}
          emptyMessage={text('filters.noOne')}
          groups={presenterOptions}
          selected={props.presenterIds}
          onChange={props.onPresentersChange}
          isLoading={presenters.status === 'loading'}
          failedMessage={
            presenters.status === 'error' ? text('filters.presentersFailed') : undefined
          }
        />
      )}
      {!isEmpty(venues) && (
        <MultiSelect
          label={text('filters.venues')}
          placeholder={text('filters.searchVenues')}
          emptyMessage={text('filters.nothingFound')}
          groups={venueOptions}
          selected={props.venueIds}
          onChange={props.onVenuesChange}
          isLoading={venues.status === 'loading'}
          failedMessage={venues.status === 'error' ? text('filters.venuesFailed') : undefined}
        />
      )}
      {speakerOptions.length > 0 && props.onSaidByChange ? (
        <MultiSelect
          label={text('filters.saidBy')}
          placeholder={text('filters.anyone')}
          emptyMessage={text('filters.noOne')}
          groups={speakerOptions}
          selected={props.saidBy ?? NO_ROWS}
          onChange={props.onSaidByChange}
        />
      ) : null}
    </div>
  );
}

function preload(): void {
  // A failed preload is retried when the panel opens, which shows its own message.
  preloadMultiSelect().catch(() => undefined);
}

/** '[+] show filters (N)' / '[-] hide filters (N)': opens the panel; N counts altered groups. */
export function FiltersToggle({
  open,
  alteredCount,
  controls,
  onToggle,
}: {
  open: boolean;
  alteredCount: number;
  controls: string;
  onToggle: () => void;
}): ReactNode {
  return (
    <button
      type="button"
      className="text-toggle"
      aria-expanded={open}
      aria-controls={controls}
      onClick={onToggle}
      // Fetch react-select while the visitor reaches for the button.
      onPointerEnter={preload}
      onFocus={preload}
    >
      <MessageText id={open ? 'filters.hide' : 'filters.show'} values={{ count: alteredCount }} />
    </button>
  );
}
