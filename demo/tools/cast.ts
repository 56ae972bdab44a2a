/**
 * Who speaks in the demo podcast, where it is recorded, and the site settings. The generator
 * writes presenters.json, venues.json and trawl.config.json from these; the voices drive
 * espeak-ng, and the timing test re-synthesises words with the same voices.
 */

/** espeak-ng settings of one speaker: `-v voice -s speed -p pitch`. */
export interface Voice {
  voice: string;
  /** Words per minute. */
  speed: number;
  /** 0..99. */
  pitch: number;
}

/** A presenter as presenters.json stores it, plus the demo-only voice and avatar colour. */
export interface CastMember {
  id: number;
  firstName: string;
  middleName?: string;
  lastName?: string;
  qiElf?: true;
  guest?: true;
  voice: Voice;
  /** Avatar background (hosts only need one, but everyone gets one). */
  colour: string;
}

export const PODCAST_TITLE = 'The Curious Haul';

export const CAST: readonly CastMember[] = [
  {
    id: 6,
    firstName: 'Dora',
    lastName: 'Finch',
    voice: { voice: 'en-gb-x-rp+f3', speed: 235, pitch: 62 },
    colour: '#c9a400',
  },
  {
    id: 7,
    firstName: 'Milo',
    lastName: 'Quarrie',
    voice: { voice: 'en-us+m3', speed: 245, pitch: 40 },
    colour: '#2f6db5',
  },
  {
    id: 12,
    firstName: 'Priya',
    lastName: 'Shah',
    voice: { voice: 'en-gb+f4', speed: 250, pitch: 68 },
    colour: '#b5442f',
  },
  {
    id: 22,
    firstName: 'Hamish',
    middleName: 'Angus',
    lastName: 'MacLeod',
    voice: { voice: 'en-gb-scotland', speed: 228, pitch: 34 },
    colour: '#2f8a5b',
  },
  {
    id: 30,
    firstName: 'Tabitha',
    lastName: 'Ng',
    qiElf: true,
    voice: { voice: 'en-029+f2', speed: 240, pitch: 55 },
    colour: '#7a4fb0',
  },
  {
    id: 31,
    firstName: 'Rowan',
    lastName: 'Pike',
    qiElf: true,
    voice: { voice: 'en-us-nyc+m1', speed: 250, pitch: 50 },
    colour: '#4f8fb0',
  },
  {
    id: 40,
    firstName: 'Ada',
    middleName: 'Louise',
    lastName: 'Wren',
    guest: true,
    voice: { voice: 'en-gb-x-gbcwmd+f1', speed: 232, pitch: 56 },
    colour: '#b07a4f',
  },
  {
    id: 41,
    firstName: 'Kofi',
    lastName: 'Mensah',
    guest: true,
    voice: { voice: 'en-gb-x-gbclan+m2', speed: 236, pitch: 44 },
    colour: '#8a6d2f',
  },
  {
    id: 42,
    firstName: 'Ingrid',
    lastName: 'Solberg',
    guest: true,
    voice: { voice: 'en-us+f5', speed: 242, pitch: 60 },
    colour: '#2f8a8a',
  },
];

/** A venue as venues.json stores it. */
export interface Venue {
  id: number;
  name: string;
  city?: string;
  region?: string;
  state?: string;
  country: string;
}

export const VENUES: readonly Venue[] = [
  { id: 1, name: 'The Haul HQ', city: 'London', region: 'England', country: 'United Kingdom' },
  { id: 2, name: 'Kitchen tables', country: 'United Kingdom' },
  {
    id: 3,
    name: 'Harbourside Theatre',
    city: 'Sydney',
    state: 'New South Wales',
    country: 'Australia',
  },
  {
    id: 4,
    name: 'The Boathouse Office',
    city: 'Bristol',
    region: 'England',
    country: 'United Kingdom',
  },
  {
    id: 5,
    name: 'Fjordlys Radio Studio',
    city: 'Bergen',
    region: 'Vestland',
    country: 'Norway',
  },
  {
    id: 6,
    name: 'Lakeshore Music Hall',
    city: 'Chicago',
    state: 'Illinois',
    country: 'United States',
  },
  {
    id: 9,
    name: 'The Edinburgh Office',
    city: 'Edinburgh',
    region: 'Scotland',
    country: 'United Kingdom',
  },
];

export const HOST_IDS = [6, 7, 12, 22] as const;

/** `trawl.config.json`'s `site` section (see src/core/site-config.ts). */
export const SITE_SETTINGS = {
  title: PODCAST_TITLE,
  sourceUrl: 'https://github.com/trawl-podcast/trawl',
  mediaBase: '',
  hostIds: [...HOST_IDS],
  secondGroupLabel: 'QI Elves',
  searchPlaceholder: 'no such thing as a search bar',
  logo: '',
  favicon: '',
  pageSize: 10,
  timestampEvery: 200,
  minSearchLength: 3,
  // `trawl serve` prints what the pages report: the spec's 'A report has been filed' is true.
  errorReports: '/reports',
};

/** `trawl.config.json`'s `episodeTypes`: the spec's four types and rules (section 9). */
export const EPISODE_TYPES = [
  { id: 'live', label: 'live', rule: { flag: 'live' } },
  { id: 'office', label: 'qi offices', rule: { venue: [1, 4, 9] } },
  { id: 'wfh', label: 'wfh', rule: { venue: [2] } },
  { id: 'compilation', label: 'compilation', rule: { flag: 'compilation' } },
];

/** Looks a cast member up by id; the scripts only name people listed here. */
export function castMember(id: number): CastMember {
  const member = CAST.find((candidate) => candidate.id === id);
  if (member === undefined) throw new Error(`No cast member with id ${id} in demo/tools/cast.ts`);
  return member;
}
