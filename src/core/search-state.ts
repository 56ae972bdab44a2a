/**
 * The search state that lives in the URL, so reload, back, forward and a shared link restore
 * the same view: `?q=term&fieldsOff=words&typesOff=live,wfh&presenters=6,7&venues=2&p=3`.
 * Only non-default values are written. Each parameter is validated on its own with zod; an
 * invalid one falls back to its default and the rest of the link still works.
 */
import { z } from 'zod';
import { FTS_COLUMNS, type FtsColumn } from './db-schema.ts';
import { ALL_TYPES_ON, EPISODE_TYPES, type TypeToggles } from './episode-filters.ts';

/** Search-field toggles: on means the search looks in that column. */
export type FieldToggles = Record<FtsColumn, boolean>;

/** Everything about the list that a link carries. */
export interface SearchState {
  /** The submitted term, as typed (trimmed). */
  term: string;
  fields: FieldToggles;
  types: TypeToggles;
  presenterIds: number[];
  venueIds: number[];
  /** 1-based result page. */
  page: number;
}

export const ALL_FIELDS_ON: Readonly<FieldToggles> = Object.freeze({
  title: true,
  description: true,
  words: true,
  episode: true,
});

/** The state of a bare `/`. */
export const DEFAULT_SEARCH_STATE: Readonly<SearchState> = Object.freeze({
  term: '',
  fields: ALL_FIELDS_ON,
  types: ALL_TYPES_ON,
  presenterIds: [],
  venueIds: [],
  page: 1,
});

/** The query parameters this module owns; any other parameter is left as it is. */
export const SEARCH_PARAMS = ['q', 'fieldsOff', 'typesOff', 'presenters', 'venues', 'p'] as const;

/** Anything with URLSearchParams' `get` (core has no DOM types). */
export interface ParamReader {
  get(name: string): string | null;
}

/** Longest search term, in UTF-16 units (the search box's `maxLength`). */
export const MAX_TERM_LENGTH = 200;
const MAX_IDS = 100;

const commaList = (text: string): string[] => (text === '' ? [] : text.split(','));

/**
 * A term from a link is cut to what the search box could hold, as the box would cut a paste,
 * never in the middle of a character (a lone surrogate would be searched as garbage).
 */
export function clipTerm(text: string): string {
  const trimmed = text.trim();
  if (trimmed.length <= MAX_TERM_LENGTH) return trimmed;
  const end = /[\uD800-\uDBFF]/.test(trimmed.charAt(MAX_TERM_LENGTH - 1))
    ? MAX_TERM_LENGTH - 1
    : MAX_TERM_LENGTH;
  return trimmed.slice(0, end).trim();
}

const termParam = z.string().transform(clipTerm);
const pageParam = z
  .string()
  .regex(/^\d{1,6}$/)
  .transform(Number)
  .pipe(z.number().int().min(1));
const idsParam = z
  .string()
  .transform(commaList)
  .pipe(
    z
      .array(
        z
          .string()
          .regex(/^\d{1,9}$/)
          .transform(Number),
      )
      .max(MAX_IDS),
  )
  .transform((ids) => [...new Set(ids)]);
const fieldsOffParam = z
  .string()
  .transform(commaList)
  .pipe(z.array(z.enum(FTS_COLUMNS)));
const typesOffParam = z
  .string()
  .transform(commaList)
  .pipe(z.array(z.enum(EPISODE_TYPES)));

function readParam<T>(
  params: ParamReader,
  name: string,
  schema: z.ZodType<T, string>,
  fallback: T,
): T {
  const raw = params.get(name);
  if (raw === null) return fallback;
  const parsed = schema.safeParse(raw);
  return parsed.success ? parsed.data : fallback;
}

function togglesWithout<K extends string>(
  all: Readonly<Record<K, boolean>>,
  off: readonly K[],
): Record<K, boolean> {
  const toggles: Record<K, boolean> = { ...all };
  for (const key of off) toggles[key] = false;
  return toggles;
}

/** Reads the search state from query parameters; an invalid parameter reads as its default. */
export function readSearchState(params: ParamReader): SearchState {
  const fieldsOff = readParam(params, 'fieldsOff', fieldsOffParam, []);
  const typesOff = readParam(params, 'typesOff', typesOffParam, []);
  return {
    term: readParam(params, 'q', termParam, ''),
    fields: togglesWithout(ALL_FIELDS_ON, fieldsOff),
    types: togglesWithout(ALL_TYPES_ON, typesOff),
    presenterIds: readParam(params, 'presenters', idsParam, []),
    venueIds: readParam(params, 'venues', idsParam, []),
    page: readParam(params, 'p', pageParam, 1),
  };
}

/** The query parameters of a state, defaults left out, in a fixed order. */
export function searchStateEntries(state: SearchState): [string, string][] {
  const entries: [string, string][] = [];
  const term = state.term.trim();
  if (term !== '') entries.push(['q', term]);
  const fieldsOff = FTS_COLUMNS.filter((column) => !state.fields[column]);
  if (fieldsOff.length > 0) entries.push(['fieldsOff', fieldsOff.join(',')]);
  const typesOff = EPISODE_TYPES.filter((type) => !state.types[type]);
  if (typesOff.length > 0) entries.push(['typesOff', typesOff.join(',')]);
  if (state.presenterIds.length > 0) entries.push(['presenters', state.presenterIds.join(',')]);
  if (state.venueIds.length > 0) entries.push(['venues', state.venueIds.join(',')]);
  if (state.page > 1) entries.push(['p', String(state.page)]);
  return entries;
}

/**
 * Writes a state over existing query parameters: this module's parameters are replaced and
 * any other (`t`, `deployed`, …) is kept in place.
 */
export function mergeSearchState(
  existing: Iterable<[string, string]>,
  state: SearchState,
): [string, string][] {
  const owned = new Set<string>(SEARCH_PARAMS);
  const kept = [...existing].filter(([name]) => !owned.has(name));
  return [...searchStateEntries(state), ...kept];
}

/**
 * Applies a change to the state. Any change other than the page itself sends the visitor
 * back to page 1, as the spec asks when a filter or the term changes.
 */
export function updateSearchState(state: SearchState, change: Partial<SearchState>): SearchState {
  const next = { ...state, ...change };
  const onlyPage = Object.keys(change).every((key) => key === 'page');
  if (!onlyPage && !sameFilters(state, next)) next.page = 1;
  return next;
}

function sameList(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((value, index) => value === b[index]);
}

/** Whether two states filter the list the same way (the page aside). */
export function sameFilters(a: SearchState, b: SearchState): boolean {
  return (
    a.term.trim() === b.term.trim() &&
    FTS_COLUMNS.every((column) => a.fields[column] === b.fields[column]) &&
    EPISODE_TYPES.every((type) => a.types[type] === b.types[type]) &&
    sameList(a.presenterIds, b.presenterIds) &&
    sameList(a.venueIds, b.venueIds)
  );
}
