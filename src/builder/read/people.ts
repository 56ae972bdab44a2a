import { extname } from 'node:path';
import { z } from 'zod';
import { parseCsv } from './csv.ts';
import { canonicalEpisodeNumber } from './episode-number.ts';
import {
  formatZodIssues,
  InputError,
  InputProblems,
  parseJsonFile,
  type InputLocation,
} from '../errors.ts';
import type { FeedLocation, FeedPerson, ParsedFeed } from './feed.ts';

const optionalText = z
  .string()
  .nullish()
  .transform((value) =>
    value === undefined || value === null || value.trim() === '' ? null : value.trim(),
  );

const flag = z
  .boolean()
  .optional()
  .transform((value) => value ?? false);

const id = z.number().int().nonnegative();

const presenterSchema = z.strictObject({
  id,
  firstName: z.string().trim().min(1),
  middleName: optionalText,
  lastName: optionalText,
  qiElf: flag,
  guest: flag,
  /** Avatar URL (http/https), used when the media folder has no `hosts/<id>.png`. */
  img: optionalText.refine(
    (value) => value === null || /^https?:\/\/\S+$/i.test(value),
    'must be an http(s) URL',
  ),
  /** Other names the feed's podcast:person tags give this person (src/builder/read/people-merge.ts). */
  feedNames: z.array(z.string().trim().min(1).max(200)).max(20).optional(),
});

/** A presenter (host, second-group member or guest). */
export type Presenter = z.infer<typeof presenterSchema>;

const venueSchema = z.strictObject({
  id,
  name: z.string().trim().min(1),
  city: optionalText,
  region: optionalText,
  state: optionalText,
  country: optionalText,
});

/** A place episodes were recorded. */
export type Venue = z.infer<typeof venueSchema>;

const presenterSlot = id.nullish();

const overrideSchema = z.strictObject({
  episode: z.union([z.string(), z.number()]),
  presenter1: presenterSlot,
  presenter2: presenterSlot,
  presenter3: presenterSlot,
  presenter4: presenterSlot,
  presenter5: presenterSlot,
  venue: id.nullish(),
  live: z.boolean().optional(),
  compilation: z.boolean().optional(),
});

/** The curated facts for one episode that feeds do not carry. Absent fields leave the feed's value. */
export interface EpisodeOverride {
  episode: string;
  /** presenter1..presenter5; a slot that is absent leaves the derived value, null clears it. */
  presenters: (number | null | undefined)[];
  venue?: number | null;
  live?: boolean;
  compilation?: boolean;
  where: InputLocation;
}

/** Columns whose CSV cells are converted before validation. */
const CSV_TYPES: Record<string, 'integer' | 'boolean' | 'list'> = {
  feedNames: 'list',
  id: 'integer',
  qiElf: 'boolean',
  guest: 'boolean',
  presenter1: 'integer',
  presenter2: 'integer',
  presenter3: 'integer',
  presenter4: 'integer',
  presenter5: 'integer',
  venue: 'integer',
  live: 'boolean',
  compilation: 'boolean',
};

interface Entry {
  value: unknown;
  where: InputLocation;
  /** "entry 3" (JSON) or "line 4" (CSV), for messages that point at another entry. */
  label: string;
  /** Put before a problem: "entry 3: " for JSON; nothing for CSV, whose location has the line. */
  prefix: string;
}

function headerKey(header: string, known: readonly string[]): string {
  const folded = header
    .trim()
    .toLowerCase()
    .replace(/[\s_-]/g, '');
  return known.find((key) => key.toLowerCase() === folded) ?? header.trim();
}

function csvCell(key: string, raw: string): unknown {
  const value = raw.trim();
  if (value === '') return undefined;
  const type = CSV_TYPES[key];
  if (type === 'integer' && /^-?\d+$/.test(value)) return Number(value);
  // A CSV cell holds several feed names separated by '|'.
  if (type === 'list') return value.split('|').map((part) => part.trim());
  if (type === 'boolean') {
    const lower = value.toLowerCase();
    if (['true', 'yes', 'y', '1'].includes(lower)) return true;
    if (['false', 'no', 'n', '0'].includes(lower)) return false;
  }
  return value;
}

/** Reads a JSON array or a CSV table (by extension) into entries that know where they came from. */
function readEntries(file: string, text: string, keys: readonly string[]): Entry[] {
  if (extname(file).toLowerCase() === '.csv') {
    const [header, ...rows] = parseCsv(file, text);
    if (!header) return [];
    const columns = header.cells.map((cell) => headerKey(cell, keys));
    return rows.map((row) => {
      if (row.cells.length > columns.length) {
        throw new InputError(
          { file, line: row.line },
          `${row.cells.length} cells but the header has ${columns.length} columns`,
        );
      }
      const value: Record<string, unknown> = {};
      row.cells.forEach((cell, index) => {
        const key = columns[index] ?? '';
        const converted = csvCell(key, cell);
        if (converted !== undefined) value[key] = converted;
      });
      return { value, where: { file, line: row.line }, label: `line ${row.line}`, prefix: '' };
    });
  }
  const data = parseJsonFile(file, text);
  if (!Array.isArray(data)) throw new InputError({ file }, 'expected a JSON array of objects');
  return data.map((value: unknown, index) => ({
    value,
    where: { file },
    label: `entry ${index + 1}`,
    prefix: `entry ${index + 1}: `,
  }));
}

function validateEntries<T>(
  file: string,
  text: string,
  schema: z.ZodType<T>,
  keys: readonly string[],
): { row: T; entry: Entry }[] {
  // Every bad entry of the file is reported at once.
  const problems: InputError[] = [];
  const rows: { row: T; entry: Entry }[] = [];
  for (const entry of readEntries(file, text, keys)) {
    const result = schema.safeParse(entry.value);
    if (result.success) rows.push({ row: result.data, entry });
    else
      problems.push(new InputError(entry.where, `${entry.prefix}${formatZodIssues(result.error)}`));
  }
  if (problems.length > 0) throw new InputProblems(problems);
  return rows;
}

function assertUniqueIds(
  file: string,
  rows: { row: { id: number }; entry: Entry }[],
  what: string,
): void {
  const seen = new Map<number, Entry>();
  for (const { row, entry } of rows) {
    const earlier = seen.get(row.id);
    if (earlier)
      throw new InputError(
        entry.where,
        `${entry.prefix}${what} id ${row.id} is used twice (also ${earlier.label})`,
      );
    seen.set(row.id, entry);
  }
}

const PRESENTER_KEYS = Object.keys(presenterSchema.shape);
const VENUE_KEYS = Object.keys(venueSchema.shape);
const OVERRIDE_KEYS = Object.keys(overrideSchema.shape);

/** Reads presenters from JSON or CSV: `[{ id, firstName, middleName?, lastName?, qiElf?, guest? }]`. */
export function parsePresenters(file: string, text: string): Presenter[] {
  const rows = validateEntries(file, text, presenterSchema, PRESENTER_KEYS);
  assertUniqueIds(file, rows, 'presenter');
  return rows.map(({ row }) => row).sort((a, b) => a.id - b.id);
}

/** Reads venues from JSON or CSV: `[{ id, name, city?, region?, state?, country? }]`. */
export function parseVenues(file: string, text: string): Venue[] {
  const rows = validateEntries(file, text, venueSchema, VENUE_KEYS);
  assertUniqueIds(file, rows, 'venue');
  return rows.map(({ row }) => row).sort((a, b) => a.id - b.id);
}

/** Reads per-episode overrides from JSON or CSV: `[{ episode, presenter1..5?, venue?, live?, compilation? }]`. */
export function parseOverrides(file: string, text: string): EpisodeOverride[] {
  const seen = new Map<string, string>();
  return validateEntries(file, text, overrideSchema, OVERRIDE_KEYS).map(({ row, entry }) => {
    const episode = canonicalEpisodeNumber(row.episode);
    if (episode === undefined) {
      throw new InputError(
        entry.where,
        `${entry.prefix}episode "${row.episode}" is not an episode number like 14 or 14.5`,
      );
    }
    const earlier = seen.get(episode);
    if (earlier)
      throw new InputError(
        entry.where,
        `${entry.prefix}episode ${episode} already has overrides (${earlier})`,
      );
    seen.set(episode, entry.label);
    return {
      episode,
      presenters: [row.presenter1, row.presenter2, row.presenter3, row.presenter4, row.presenter5],
      venue: row.venue,
      live: row.live,
      compilation: row.compilation,
      where: { ...entry.where, episode },
    };
  });
}

/**
 * The people of one episode under the Podcasting 2.0 rule for `podcast:person`: an item that
 * lists nobody has the channel's people; an item's own list replaces the channel's. One leniency:
 * an item that names no host (only its guests) keeps the channel's hosts before its own people,
 * since publishers seldom restate the regular hosts on every item as the namespace asks.
 */
export function episodePersons(channel: FeedPerson[], item: FeedPerson[]): FeedPerson[] {
  if (item.length === 0) return channel;
  if (item.some((person) => person.role === 'host')) return item;
  return [...channel.filter((person) => person.role === 'host'), ...item];
}

/** A presenter's whole name: first, middle and last, as given. */
export function presenterName(presenter: Presenter): string {
  return [presenter.firstName, presenter.middleName, presenter.lastName]
    .filter((part): part is string => part !== null)
    .join(' ');
}

/**
 * The site's hosts: the channel's hosts, or every item's hosts when the channel lists none,
 * as ids of `idByName` (people it does not name are left out).
 */
export function feedHostIds(feed: ParsedFeed, idByName: Map<string, number>): number[] {
  const channelHosts = feed.persons.filter((person) => person.role === 'host');
  const hostNames =
    channelHosts.length > 0
      ? channelHosts
      : feed.episodes.flatMap((episode) => episode.persons.filter((p) => p.role === 'host'));
  return [...new Set(hostNames.map((person) => idByName.get(nameKey(person.name))))].filter(
    (value): value is number => value !== undefined,
  );
}

/** Presenters derived from a feed's podcast:person tags, and each name's id. */
export interface DerivedPresenters {
  presenters: Presenter[];
  /** Ids of the channel's hosts (or of every host when the channel lists none). */
  hostIds: number[];
  idByName: Map<string, number>;
}

export const nameKey = (name: string): string => name.toLocaleLowerCase('en');

/**
 * Derives presenters from podcast:person tags: the channel's people first, then each episode's
 * in ascending episode order, so adding a new episode never renumbers existing people. The whole
 * name goes into firstName (splitting names is guesswork).
 */
export function derivePresenters(feed: ParsedFeed): DerivedPresenters {
  const presenters: Presenter[] = [];
  const idByName = new Map<string, number>();
  const add = (person: FeedPerson): void => {
    const key = nameKey(person.name);
    const known = idByName.get(key);
    if (known !== undefined) {
      // Someone who hosts anywhere is not a guest.
      const presenter = presenters[known - 1];
      if (presenter && person.role === 'host') presenter.guest = false;
      if (presenter && presenter.img === null) presenter.img = person.img;
      return;
    }
    const presenter: Presenter = {
      id: presenters.length + 1,
      firstName: person.name,
      middleName: null,
      lastName: null,
      qiElf: false,
      guest: person.role === 'guest',
      img: person.img,
    };
    presenters.push(presenter);
    idByName.set(key, presenter.id);
  };
  feed.persons.forEach(add);
  for (const episode of feed.episodes) episode.persons.forEach(add);
  return { presenters, hostIds: feedHostIds(feed, idByName), idByName };
}

/** Venues derived from podcast:location tags (rel="creator" or no rel), and each name's id. */
export interface DerivedVenues {
  venues: Venue[];
  idByName: Map<string, number>;
}

/** Derives venues from podcast:location: the channel's first, then episodes in ascending order. */
export function deriveVenues(feed: ParsedFeed): DerivedVenues {
  const venues: Venue[] = [];
  const idByName = new Map<string, number>();
  const add = (location: FeedLocation | null): void => {
    if (!location || idByName.has(nameKey(location.name))) return;
    const venue: Venue = {
      id: venues.length + 1,
      name: location.name,
      city: null,
      region: null,
      state: null,
      country: location.country,
    };
    venues.push(venue);
    idByName.set(nameKey(location.name), venue.id);
  };
  add(feed.location);
  for (const episode of feed.episodes) add(episode.location);
  return { venues, idByName };
}
