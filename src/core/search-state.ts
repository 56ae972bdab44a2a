/**
 * The one owner of the page's URL. The path names the page (the home page's list or an
 * episode's own page) and the query string holds everything else, so reload, back, forward
 * and a shared link restore the same view:
 * `episodes/12?q=term&fieldsOff=words&typesOff=live,wfh&presenters=6,7&venues=2&p=3&t=754`.
 *
 * Every parameter is one entry of `URL_PARAMS`: its name, its zod schema, its default, how it
 * is written back and what role it plays. The whole query string is read with one zod object
 * built from that table; each parameter falls back to its default on its own, so one bad
 * parameter never spoils the rest of a link. Only non-default values are written. Parameters
 * this module does not own are kept as they came.
 */
import { z } from 'zod/mini';
import { FTS_COLUMNS, type FtsColumn } from './db-schema.ts';
import { ALL_TYPES_ON, allTypesOn, type TypeToggles } from './episode-filters.ts';
import { TYPE_ID } from './site-config.ts';
import { formatMomentRange, parseMomentRange, type MomentRange } from './moment-range.ts';

/** The orders of a search's results: newest first (the spec's, the default) or best match. */
export const SEARCH_ORDERS = ['newest', 'best'] as const;
export type SearchOrder = (typeof SEARCH_ORDERS)[number];

/** Search-field toggles: on means the search looks in that column. */
export type FieldToggles = Record<FtsColumn, boolean>;

/** Everything a link carries in its query string. Add a field here and its `URL_PARAMS` entry. */
export interface SearchState {
  /** The submitted term, as typed (trimmed). `q` */
  term: string;
  /**
   * `asTyped`: search the term as typed, never its nearest words when it finds nothing (the
   * 'search instead for' link of a corrected typo, decision 0035).
   */
  asTyped: boolean;
  /** `order`: how a search's results are ordered ('best' match, or the spec's newest first). */
  order: SearchOrder;
  /** `fieldsOff`: the search fields that are off. */
  fields: FieldToggles;
  /** `typesOff`: the episode types that are hidden. */
  types: TypeToggles;
  /** `presenters`: episodes with any of them. */
  presenterIds: number[];
  /** `venues`: episodes at any of them. */
  venueIds: number[];
  /** `saidBy`: show speaker ids; a search then finds only what they said (src/core/said-by.ts). */
  saidBy: number[];
  /** `p`: 1-based result page. */
  page: number;
  /** `t`: the moment (seconds) an episode's own page opens its transcript at, or a quote's range. */
  moment: MomentRange | null;
  /** `deployed`: use the configured media host even on localhost or an IP address. */
  deployed: boolean;
}

/**
 * What a parameter is for. `filter`: narrows the list, counts on the Filters button, and a
 * change goes back to page 1. `query`: what is searched; a change goes back to page 1.
 * `page`: the result page. `visit`: about this visit, not the list; kept through every change.
 */
export type ParamRole = 'filter' | 'query' | 'page' | 'visit';

/** One query parameter: its name, how it reads and writes, and its default. */
export interface UrlParam<T> {
  name: string;
  role: ParamRole;
  /** Reads the parameter's text; absent or invalid text reads as `fallback`. */
  schema: z.ZodMiniType<T, string>;
  fallback: T;
  /** The parameter's text, or null at the default (a default is never written). */
  write: (value: T) => string | null;
}

/** Longest search term, in UTF-16 units (the search box's `maxLength`). */
export const MAX_TERM_LENGTH = 200;
const MAX_IDS = 100;
/** Latest `t` a link may name: a day. */
const MAX_MOMENT = 24 * 3600;

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

const commaList = (text: string): string[] => (text === '' ? [] : text.split(','));
const listOrNull = (values: readonly (string | number)[]): string | null =>
  values.length === 0 ? null : values.join(',');

const idsParam = z.pipe(
  z.pipe(
    z.pipe(z.string(), z.transform(commaList)),
    z
      .array(z.pipe(z.string().check(z.regex(/^\d{1,9}$/)), z.transform(Number)))
      .check(z.maxLength(MAX_IDS)),
  ),
  z.transform((ids: number[]) => [...new Set(ids)]),
);

/** Toggles read from a list of the keys that are off. */
function offListParam<K extends string>(
  keys: readonly [K, ...K[]],
  allOn: Readonly<Record<K, boolean>>,
): z.ZodMiniType<Record<K, boolean>, string> {
  return z.pipe(
    z.pipe(z.pipe(z.string(), z.transform(commaList)), z.array(z.enum(keys))),
    z.transform((off: K[]) => {
      const toggles: Record<K, boolean> = { ...allOn };
      for (const key of off) toggles[key] = false;
      return toggles;
    }),
  );
}

const offList = <K extends string>(keys: readonly K[], toggles: Readonly<Record<K, boolean>>) =>
  listOrNull(keys.filter((key) => !toggles[key]));

/**
 * Episode types are the podcast's own (`site.episodeTypes`), so any well-formed type id is
 * read; one the podcast lacks changes nothing (`src/core/episode-filters.ts`).
 */
const typesOffParam: z.ZodMiniType<TypeToggles, string> = z.pipe(
  z.pipe(
    z.pipe(z.string(), z.transform(commaList)),
    z.array(z.string().check(z.regex(TYPE_ID))).check(z.maxLength(MAX_IDS)),
  ),
  z.transform((off: string[]) =>
    off.length === 0 ? ALL_TYPES_ON : Object.fromEntries(off.map((id) => [id, false])),
  ),
);

/** The ids of the types turned off, sorted. */
export function typesOffOf(types: TypeToggles): string[] {
  return Object.keys(types)
    .filter((id) => types[id] === false)
    .sort();
}

export const ALL_FIELDS_ON: Readonly<FieldToggles> = Object.freeze({
  title: true,
  description: true,
  words: true,
  episode: true,
});

const idsEntry = (name: string): UrlParam<number[]> => ({
  name,
  role: 'filter',
  schema: idsParam,
  fallback: [],
  write: listOrNull,
});

/**
 * The table of every parameter this module owns, in the order they are written. To add one:
 * a field in `SearchState`, and here its name, role, zod schema, default and writer.
 */
export const URL_PARAMS: { readonly [K in keyof SearchState]: UrlParam<SearchState[K]> } = {
  term: {
    name: 'q',
    role: 'query',
    schema: z.pipe(z.string(), z.transform(clipTerm)),
    fallback: '',
    write: (term) => (term.trim() === '' ? null : term.trim()),
  },
  asTyped: {
    name: 'asTyped',
    role: 'query',
    // Present at all means yes, as `deployed`.
    schema: z.pipe(
      z.string(),
      z.transform(() => true),
    ),
    fallback: false,
    write: (asTyped) => (asTyped ? '1' : null),
  },
  order: {
    name: 'order',
    role: 'query',
    schema: z.enum(SEARCH_ORDERS),
    fallback: 'newest',
    write: (order) => (order === 'newest' ? null : order),
  },
  fields: {
    name: 'fieldsOff',
    role: 'filter',
    schema: offListParam(FTS_COLUMNS, ALL_FIELDS_ON),
    fallback: ALL_FIELDS_ON,
    write: (fields) => offList(FTS_COLUMNS, fields),
  },
  types: {
    name: 'typesOff',
    role: 'filter',
    schema: typesOffParam,
    fallback: ALL_TYPES_ON,
    write: (types) => listOrNull(typesOffOf(types)),
  },
  presenterIds: idsEntry('presenters'),
  venueIds: idsEntry('venues'),
  saidBy: idsEntry('saidBy'),
  page: {
    name: 'p',
    role: 'page',
    schema: z.pipe(
      z.pipe(z.string().check(z.regex(/^\d{1,6}$/)), z.transform(Number)),
      z.int().check(z.minimum(1)),
    ),
    fallback: 1,
    write: (page) => (page > 1 ? String(page) : null),
  },
  moment: {
    name: 't',
    role: 'visit',
    // Seconds ('754'), 'm:ss' ('12:34') or 'h:mm:ss'; a quote is 'START,END'.
    schema: z.pipe(
      z.pipe(
        z.string().check(z.maxLength(33)),
        z.transform((text: string) => parseMomentRange(text)),
      ),
      z.object({
        start: z.number().check(z.nonnegative(), z.maximum(MAX_MOMENT)),
        end: z.nullable(z.number().check(z.maximum(MAX_MOMENT))),
      }),
    ),
    fallback: null,
    write: (moment) => (moment === null ? null : formatMomentRange(moment)),
  },
  deployed: {
    name: 'deployed',
    role: 'visit',
    // Present at all (`?deployed`, `?deployed=1`) means yes.
    schema: z.pipe(
      z.string(),
      z.transform(() => true),
    ),
    fallback: false,
    write: (deployed) => (deployed ? '1' : null),
  },
};

type ParamKey = keyof SearchState;
const PARAM_KEYS = Object.keys(URL_PARAMS).filter((key): key is ParamKey => key in URL_PARAMS);
const OWNED_NAMES = new Set(PARAM_KEYS.map((key) => URL_PARAMS[key].name));

function withFallback<K extends ParamKey>(
  key: K,
): z.ZodMiniType<SearchState[K], string | undefined> {
  const param: UrlParam<SearchState[K]> = URL_PARAMS[key];
  return z.catch(param.schema, param.fallback);
}

/** The one schema of the query string: each parameter's text, by state key, read on its own. */
const searchStateSchema = z.object(
  // fromEntries loses the keys' types; the map above has exactly one entry per key.
  Object.fromEntries(PARAM_KEYS.map((key) => [key, withFallback(key)])) as {
    [K in ParamKey]: z.ZodMiniType<SearchState[K], string | undefined>;
  },
);

/** Anything with URLSearchParams' `get` (core has no DOM types). */
export interface ParamReader {
  get(name: string): string | null;
}

/** Reads every parameter this module owns; an invalid parameter reads as its default. */
export function readSearchState(params: ParamReader): SearchState {
  const texts = Object.fromEntries(
    PARAM_KEYS.map((key) => [key, params.get(URL_PARAMS[key].name) ?? undefined]),
  );
  return searchStateSchema.parse(texts);
}

/** The state of a bare `/`. */
export const DEFAULT_SEARCH_STATE: Readonly<SearchState> = Object.freeze(
  searchStateSchema.parse({}),
);

function writeParam<K extends ParamKey>(key: K, state: SearchState): string | null {
  const param: UrlParam<SearchState[K]> = URL_PARAMS[key];
  return param.write(state[key]);
}

/** The query parameters of a state, defaults left out, in the table's order. */
export function searchStateEntries(state: SearchState): [string, string][] {
  return PARAM_KEYS.flatMap((key): [string, string][] => {
    const text = writeParam(key, state);
    return text === null ? [] : [[URL_PARAMS[key].name, text]];
  });
}

/** The parameters of a query string that this module does not own, as they came. */
export function foreignParams(existing: Iterable<[string, string]>): [string, string][] {
  return [...existing].filter(([name]) => !OWNED_NAMES.has(name));
}

/**
 * Writes a state over existing query parameters: this module's parameters are replaced and
 * any other is kept in place.
 */
export function mergeSearchState(
  existing: Iterable<[string, string]>,
  state: SearchState,
): [string, string][] {
  return [...searchStateEntries(state), ...foreignParams(existing)];
}

/** Whether two states agree on every parameter with one of these roles. */
function sameParams(a: SearchState, b: SearchState, roles: readonly ParamRole[]): boolean {
  return PARAM_KEYS.every(
    (key) => !roles.includes(URL_PARAMS[key].role) || writeParam(key, a) === writeParam(key, b),
  );
}

/** Whether two states filter the list the same way (the page and the visit aside). */
export function sameFilters(a: SearchState, b: SearchState): boolean {
  return sameParams(a, b, ['filter', 'query']);
}

/**
 * Applies a change to the state. Any change of the term or a filter sends the visitor back
 * to page 1, as the spec asks.
 */
export function updateSearchState(state: SearchState, change: Partial<SearchState>): SearchState {
  const next = { ...state, ...change };
  // A new term is searched as usual again: 'as typed' was for the term it came with.
  if (change.term !== undefined && change.term !== state.term && change.asTyped === undefined) {
    next.asTyped = false;
  }
  const onlyPage = Object.keys(change).every((key) => key === 'page');
  if (!onlyPage && !sameFilters(state, next)) next.page = 1;
  return next;
}

/**
 * How many filters differ from their defaults (the Filters button's count); one per group.
 * With the podcast's type ids, a type toggle the podcast does not have counts for nothing.
 */
export function countAlteredFilters(state: SearchState, typeIds?: readonly string[]): number {
  return PARAM_KEYS.filter((key) => {
    if (URL_PARAMS[key].role !== 'filter') return false;
    if (key === 'types' && typeIds !== undefined) return !allTypesOn(state.types, typeIds);
    return writeParam(key, state) !== null;
  }).length;
}

/** Whether the list is the plain one: nothing searched, filtered or paged. */
export function isDefaultList(state: SearchState): boolean {
  return sameParams(state, DEFAULT_SEARCH_STATE, ['filter', 'query', 'page']);
}
