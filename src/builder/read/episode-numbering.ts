import { compareEpisodeNumbers } from './episode-number.ts';
import { plural, type WarningCollector } from '../warnings.ts';

/**
 * Which number each feed item gets (docs/podcast-inputs.md, "Episode numbers"; decision 0019).
 * `/episodes/<n>` links are shared and crawled, so a number, once given, never changes:
 *
 * 1. A number the build gave before (episode-numbers.json, by the item's guid) stays.
 * 2. Else the item's own number: a tag (`podcast:episode`, `itunes:episode`), then its title,
 *    then a `#N` at the end of its title. The stronger claim keeps a number two items say;
 *    between two of a kind, the older item.
 * 3. An item left without one (no number, an unreadable tag, or its number already held) is
 *    numbered in publication order, oldest first: in a show that numbers fewer than half its
 *    items, the next whole number after every number given this way (oldest = 1); in a show
 *    that numbers its episodes, a fraction of the highest number published before it (a bonus
 *    after episode 50 is 50.1, the next 50.2), or of its own number when another item holds
 *    that (a second 50 is 50.1), so it never takes a number the show will use. Numbers given
 *    in step 3 are kept in episode-numbers.json for step 1.
 *
 * `duplicateEpisodes` can instead keep the newer of two items that say one number the same way
 * ('keep-newest', for feeds that re-upload) or refuse the feed ('error').
 */

/** One feed item, as numbering sees it. */
export interface NumberCandidate {
  /** Position in the feed (document order). */
  index: number;
  /** Its identity for episode-numbers.json: the guid, else the enclosure URL, else the title. */
  key: string;
  title: string;
  line: number;
  pubDate: string | null;
  /** A number from `podcast:episode` or `itunes:episode`. */
  tagNumber: { number: string; tag: string } | undefined;
  /** A number from the title (the configured pattern, then the built-in ones). */
  titleNumber: string | undefined;
  /** True when the title's number is only a `#N` at its end ("Q&A #1"), the weakest claim. */
  titleWeak?: boolean;
  /** An episode tag whose text is not a number. */
  badTag: { tag: string; value: string } | undefined;
}

export type DuplicateRule = 'renumber' | 'keep-newest' | 'error';

export interface NumberingOptions {
  duplicates: DuplicateRule;
  /** Numbers given by earlier builds, by key (episode-numbers.json). */
  known: ReadonlyMap<string, string>;
}

/** What numbering did to one item, in words, for the build's summary. */
export interface NumberingNote {
  kind: 'numbered' | 'renumbered' | 'kept' | 'dropped' | 'conflict';
  text: string;
}

export interface Numbering {
  /** The number of each item by its index; items dropped by 'keep-newest' have none. */
  numbers: Map<number, string>;
  /** episode-numbers.json after this build: the known numbers and the ones given now. */
  given: Map<string, string>;
  /** True when `given` has entries `known` had not. */
  changed: boolean;
  notes: NumberingNote[];
  /** With 'error': each pair of items with one number. */
  conflicts: { first: NumberCandidate; second: NumberCandidate; number: string }[];
}

const label = (item: NumberCandidate): string => `"${item.title}" (line ${item.line})`;

/** Where an item's own number comes from, strongest first. */
type ClaimSource = 'tag' | 'title' | 'title-end';
const CLAIM_SOURCES: readonly ClaimSource[] = ['tag', 'title', 'title-end'];

function claimOf(item: NumberCandidate): { number: string; source: ClaimSource } | undefined {
  if (item.tagNumber !== undefined) return { number: item.tagNumber.number, source: 'tag' };
  if (item.titleNumber === undefined) return undefined;
  return { number: item.titleNumber, source: item.titleWeak === true ? 'title-end' : 'title' };
}

/** Oldest first: by pubDate, items without one before dated ones, then later in the feed first. */
function publicationOrder(a: NumberCandidate, b: NumberCandidate): number {
  const dateA = a.pubDate ?? '';
  const dateB = b.pubDate ?? '';
  if (dateA !== dateB) return dateA < dateB ? -1 : 1;
  return b.index - a.index;
}

function wholePart(number: string): number {
  return Number(number.split('.')[0] ?? '0');
}

/** The numbers `whole.1`, `whole.2`, … (never `whole.10`, which is `whole.1`). */
function* fractionsOf(whole: number): Generator<string> {
  for (let step = 1; ; step += 1) if (step % 10 !== 0) yield `${whole}.${step}`;
}

/** Numbers every item of a feed by the rule above. */
export function numberItems(items: NumberCandidate[], options: NumberingOptions): Numbering {
  const ordered = [...items].sort(publicationOrder);
  const position = new Map(ordered.map((item, at) => [item.index, at]));
  const holder = new Map<string, NumberCandidate>();
  const numbers = new Map<number, string>();
  const given = new Map(options.known);
  const notes: NumberingNote[] = [];
  const conflicts: Numbering['conflicts'] = [];
  const left: NumberCandidate[] = [];
  const assign = (item: NumberCandidate, number: string): void => {
    holder.set(number, item);
    numbers.set(item.index, number);
  };

  for (const item of ordered) {
    const known = options.known.get(item.key);
    if (known === undefined || holder.has(known)) continue;
    assign(item, known);
    const own = item.tagNumber?.number ?? item.titleNumber;
    if (own !== undefined && own !== known) {
      notes.push({
        kind: 'kept',
        text: `${label(item)} says ${own} but has been ${known} since an earlier build; kept ${known} (edit episode-numbers.json to change it)`,
      });
    }
  }
  const heldBy = new Map<string, ClaimSource>();
  for (const source of CLAIM_SOURCES) {
    for (const item of ordered) {
      if (numbers.has(item.index)) continue;
      const own = claimOf(item);
      if (own === undefined || own.source !== source) continue;
      const claim = own.number;
      const earlier = holder.get(claim);
      if (earlier === undefined) {
        assign(item, claim);
        heldBy.set(claim, source);
        continue;
      }
      if (options.duplicates === 'error') {
        const [first, second] = earlier.index < item.index ? [earlier, item] : [item, earlier];
        conflicts.push({ first, second, number: claim });
        continue;
      }
      // Re-uploads carry their number the same way; a weaker claim is another item.
      const sameKind = heldBy.get(claim) === source;
      if (options.duplicates === 'keep-newest' && sameKind) {
        const newer = publicationOrder(earlier, item) < 0 ? item : earlier;
        if (newer === item) {
          numbers.delete(earlier.index);
          assign(item, claim);
        }
        notes.push({
          kind: 'dropped',
          text: `${label(earlier)} and ${label(item)} are both episode ${claim}; kept the newer, line ${newer.line}`,
        });
        continue;
      }
      left.push(item);
      notes.push({
        kind: 'conflict',
        text: `${label(item)} says ${claim} (its ${source === 'tag' ? item.tagNumber?.tag : 'title'}), which ${label(earlier)} holds`,
      });
    }
  }
  for (const item of ordered) {
    if (!numbers.has(item.index) && item.tagNumber === undefined && item.titleNumber === undefined)
      left.push(item);
  }
  left.sort(publicationOrder);

  const ownNumbers = items.filter((item) => item.tagNumber ?? item.titleNumber).length;
  const showNumbers = ownNumbers * 2 >= items.length && ownNumbers > 0;
  let nextWhole =
    Math.max(0, ...[...options.known.values()].map((number) => wholePart(number))) + 1;
  for (const item of left) {
    let number: string | undefined;
    if (showNumbers) {
      const own = item.tagNumber?.number ?? item.titleNumber;
      const at = position.get(item.index) ?? 0;
      const before = [...holder.entries()]
        .filter(([, other]) => (position.get(other.index) ?? 0) <= at)
        .map(([held]) => held)
        .sort(compareEpisodeNumbers);
      // A number that was taken stays close to what the item says: a second 5 becomes 5.1.
      const base = wholePart(own ?? before[before.length - 1] ?? '0');
      for (const candidate of fractionsOf(base)) {
        if (!holder.has(candidate)) {
          number = candidate;
          break;
        }
      }
    } else {
      while (holder.has(String(nextWhole))) nextWhole += 1;
      number = String(nextWhole);
      nextWhole += 1;
    }
    if (number === undefined) continue;
    assign(item, number);
    given.set(item.key, number);
    const why =
      item.tagNumber !== undefined || item.titleNumber !== undefined
        ? 'its own number was taken'
        : item.badTag !== undefined
          ? `its ${item.badTag.tag} "${item.badTag.value.slice(0, 40)}" is not a number`
          : 'it had no number';
    notes.push({
      kind:
        item.tagNumber !== undefined || item.titleNumber !== undefined ? 'renumbered' : 'numbered',
      text: `${label(item)} is now episode ${number} (${why})`,
    });
  }
  const changed = [...given].some(([key, number]) => options.known.get(key) !== number);
  return { numbers, given, changed, notes, conflicts };
}

/** Counts what numbering did, by kind, among the build's warnings. */
export function reportNumbering(numbering: Numbering, warnings: WarningCollector): void {
  const kinds = {
    numbered: (n: number) =>
      `${plural(n, 'feed item')} had no episode number; numbered by publication order (kept in episode-numbers.json)`,
    renumbered: (n: number) =>
      `${plural(n, 'feed item')} had a number another item holds; given ${n === 1 ? 'a number' : 'numbers'} of ${n === 1 ? 'its' : 'their'} own`,
    kept: (n: number) =>
      `${plural(n, 'feed item')} now ${n === 1 ? 'says' : 'say'} another number than an earlier build gave; kept the earlier one`,
    dropped: (n: number) =>
      `${plural(n, 'episode number')} appeared on two feed items; kept the newer item`,
  } as const;
  for (const note of numbering.notes) {
    if (note.kind === 'conflict') continue;
    // 'duplicate-number' is the code `trawl init` looks for to suggest "keep-newest".
    warnings.add(
      note.kind === 'dropped' ? 'duplicate-number' : `numbering-${note.kind}`,
      kinds[note.kind],
      note.text,
    );
  }
}
