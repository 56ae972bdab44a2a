/**
 * Snippets: about 20 words of transcript around a search match, with the match marked and the
 * time of the sentence it was said in. They are cut from the passages the snippet index found
 * (`passages.ts`), with the same tokenizer and phrase rules as the search (`phrase-match.ts`),
 * so every match the index reports is found here, and a match in an overlap (found in two
 * passages) is shown and counted once.
 */
import { keepSaidBy, passageSpeakerCodes } from './said-by.ts';
import { PASSAGE_BLOCK_SIZE, type PassageBlockData, type PassageData } from './db-schema.ts';
import { passageWords, sentenceStartCs, sentenceStartWord } from './passages.ts';
import {
  buildTokenStream,
  findQueryMatches,
  type PhraseMatch,
  type TokenStream,
} from './phrase-match.ts';
import type { Tokenizer } from './tokenizer.ts';
import type { ParsedQuery } from './search-query.ts';
import { endsSentence, sentenceIndexes } from './sentences.ts';
import { markedRuns, wordMarksOf, type MarkedText, type WordMarks } from './word-marks.ts';

/** Snippets shown per episode. */
export const SNIPPETS_PER_EPISODE = 3;

/** About how many words a snippet shows. */
export const SNIPPET_WORDS = 20;

/** Words of context before a match when its sentence starts further back. */
const CONTEXT_BEFORE = 6;

/** A sentence that starts at most this many words before the match opens the snippet. */
const SENTENCE_REACH = 10;

/** A passage as the site reads it. */
export interface PassageText {
  id: number;
  episodeId: number;
  /** Index in the transcript of the passage's first word. */
  firstWord: number;
  data: PassageData;
}

/**
 * The passages of one `passage_blocks` row: block `ordinal` of an episode whose passage ids
 * start at `firstPassage` (decision 0008).
 */
export function blockPassages(
  episodeId: number,
  firstPassage: number,
  ordinal: number,
  block: PassageBlockData,
): PassageText[] {
  const first = firstPassage + ordinal * PASSAGE_BLOCK_SIZE;
  return block.map(({ f, ...data }, offset) => ({
    id: first + offset,
    episodeId,
    firstWord: f,
    data,
  }));
}

/** A run of snippet text, marked when it is part of a match (`markedRuns`). */
export type SnippetPart = MarkedText;

export interface Snippet {
  /** Transcript index of the first word of the match the snippet is for. */
  matchWord: number;
  /** The transcript words the snippet shows: [fromWord, toWord). */
  fromWord: number;
  toWord: number;
  /** Start of the sentence that holds the match, in seconds: where playing starts. */
  time: number;
  /** The words shown, joined into marked and unmarked runs (spaces included). */
  parts: SnippetPart[];
  /** The text is cut before its first word / after its last word (show an ellipsis). */
  cutBefore: boolean;
  cutAfter: boolean;
  /** Who said the match: a show speaker id, -N for 'Speaker N', 0 unknown. */
  speaker: number;
}

/**
 * Further matches that are not shown. 'match' counts occurrences exactly (every matching
 * passage was read); 'passage' counts matching passages that were not read.
 */
export interface MoreMatches {
  count: number;
  unit: 'match' | 'passage';
}

export interface EpisodeSnippets {
  episodeId: number;
  snippets: Snippet[];
  more: MoreMatches | null;
}

/**
 * Which blocks of one episode's passages to read (`passage_blocks`, decision 0008): block
 * `ordinal` holds its passages `first + ordinal × blockSize` onwards.
 */
export interface BlockChoice {
  episodeId: number;
  /** Block ordinals to read, ascending. */
  ordinals: number[];
  /** The matching passage ids inside those blocks, ascending. */
  read: number[];
  /** Matching passages outside those blocks. */
  unread: number;
}

/** An episode's range of passage ids. */
export interface PassageRange {
  episodeId: number;
  first: number;
  count: number;
}

export interface BlockChoiceOptions {
  /** Passages per block (`PASSAGE_BLOCK_SIZE`). */
  blockSize: number;
  /** Snippets wanted per episode. */
  perEpisode?: number;
  /**
   * Distinct block ordinals a load may read to give episodes more snippets, once each episode
   * with a match has one.
   */
  maxOrdinals?: number;
}

/** Distinct block ordinals read to fill episodes up to their snippets (see `chooseBlocks`). */
export const MAX_BLOCK_ORDINALS = 3;

/**
 * Picks the passage blocks to read for a batch of episodes from the passage ids that match.
 *
 * Blocks are stored ordinal first, so the same ordinal of a page of episodes is a run of
 * adjacent rows, one database page, and each further ordinal is a page (and a request) of its
 * own. A common word matches in every episode's first block; a phrase's matches sit at random
 * places. So the choice is by ordinal, to read as few as possible:
 *
 * 1. every episode with a match gets the block of one: repeatedly the ordinal that the most
 *    episodes still without one match in (then the one with most matches, then the earliest);
 * 2. then, while at most `maxOrdinals` ordinals are chosen, the ordinal that adds the most
 *    matching passages to episodes short of `perEpisode`.
 *
 * An episode reads the chosen ordinals it has matches in, except that an ordinal chosen in step
 * 1 is read only between the episodes it was chosen for (by id, the order of its rows): a row
 * beyond them may be on a page of its own, a request for one more snippet in a row that has
 * one. Ids outside every range are ignored.
 */
export function chooseBlocks(
  ranges: readonly PassageRange[],
  matchingIds: Iterable<number>,
  options: BlockChoiceOptions,
): BlockChoice[] {
  const { blockSize } = options;
  const perEpisode = options.perEpisode ?? SNIPPETS_PER_EPISODE;
  const maxOrdinals = options.maxOrdinals ?? MAX_BLOCK_ORDINALS;
  const ids = [...new Set(matchingIds)].sort((a, b) => a - b);
  const episodes = ranges.map((range) => {
    const end = range.first + range.count;
    const mine = ids.filter((id) => id >= range.first && id < end);
    const ordinalOf = (id: number): number => Math.floor((id - range.first) / blockSize);
    // Distinct matches per ordinal, at least: a run of L adjacent matching passages holds at
    // least ⌈L/2⌉ (two adjacent passages may share one match, in their overlap), so every
    // other passage of a run counts, from its first. A common word's first block (six
    // matching passages) is then worth its three snippets.
    const counts = new Map<number, number>();
    let runPosition = 0;
    mine.forEach((id, index) => {
      runPosition = mine[index - 1] === id - 1 ? runPosition + 1 : 0;
      const ordinal = ordinalOf(id);
      counts.set(ordinal, (counts.get(ordinal) ?? 0) + (runPosition % 2 === 0 ? 1 : 0));
    });
    return { range, mine, ordinalOf, counts, want: Math.min(perEpisode, mine.length) };
  });
  // Chosen ordinals: for step 1, the span of episode ids they were chosen for; null, all.
  const chosen = new Map<number, { from: number; to: number } | null>();
  type Episode = (typeof episodes)[number];
  const reads = (episode: Episode, ordinal: number): boolean => {
    const span = chosen.get(ordinal);
    const id = episode.range.episodeId;
    return span === null || (span !== undefined && id >= span.from && id <= span.to);
  };
  const got = (episode: Episode): number =>
    [...chosen.keys()].reduce(
      (sum, ordinal) => sum + (reads(episode, ordinal) ? (episode.counts.get(ordinal) ?? 0) : 0),
      0,
    );
  const candidates = [...new Set(episodes.flatMap((episode) => [...episode.counts.keys()]))].sort(
    (a, b) => a - b,
  );
  /** The candidate with the highest score (ties to the earliest); null when none scores. */
  const best = (score: (ordinal: number) => [number, number]): number | null => {
    let pick: { ordinal: number; score: [number, number] } | null = null;
    for (const ordinal of candidates) {
      if (chosen.has(ordinal)) continue;
      const value = score(ordinal);
      if (value[0] <= 0) continue;
      if (
        !pick ||
        value[0] > pick.score[0] ||
        (value[0] === pick.score[0] && value[1] > pick.score[1])
      ) {
        pick = { ordinal, score: value };
      }
    }
    return pick?.ordinal ?? null;
  };
  const gain = (ordinal: number): number =>
    episodes.reduce(
      (sum, episode) =>
        sum + Math.min(episode.counts.get(ordinal) ?? 0, Math.max(0, episode.want - got(episode))),
      0,
    );
  for (;;) {
    const bare = episodes.filter((episode) => episode.want > 0 && got(episode) === 0);
    const pick = best((ordinal) => [
      bare.filter((episode) => (episode.counts.get(ordinal) ?? 0) > 0).length,
      gain(ordinal),
    ]);
    if (pick === null) break;
    const ids = bare
      .filter((episode) => (episode.counts.get(pick) ?? 0) > 0)
      .map((episode) => episode.range.episodeId);
    chosen.set(pick, { from: Math.min(...ids), to: Math.max(...ids) });
  }
  while (chosen.size < maxOrdinals) {
    const pick = best((ordinal) => [gain(ordinal), 0]);
    if (pick === null) break;
    chosen.set(pick, null);
  }
  return episodes.map((episode) => {
    const { range, mine, ordinalOf, counts } = episode;
    const read = mine.filter((id) => reads(episode, ordinalOf(id)));
    return {
      episodeId: range.episodeId,
      ordinals: [...counts.keys()]
        .filter((ordinal) => reads(episode, ordinal))
        .sort((a, b) => a - b),
      read,
      unread: mine.length - read.length,
    };
  });
}

const streams = new WeakMap<
  PassageData,
  { tokenizer: Tokenizer; words: string[]; stream: TokenStream }
>();

/**
 * A passage's words and tokens, remembered per passage and tokenizer: the builder cuts one
 * passage for many keys (`snippet-cut.ts`), and a 'said by' round cuts it again.
 */
export function passageStream(
  data: PassageData,
  tokenizer: Tokenizer,
): { words: string[]; stream: TokenStream } {
  const known = streams.get(data);
  if (known?.tokenizer === tokenizer) return known;
  const words = passageWords(data);
  const entry = { tokenizer, words, stream: buildTokenStream(words, tokenizer) };
  streams.set(data, entry);
  return entry;
}

interface FoundMatch {
  passage: PassageText;
  words: string[];
  local: PhraseMatch;
  /** Transcript word indexes. */
  start: number;
  end: number;
  /** What the passage's matches mark (local indexes), for marking overlapping matches too. */
  marks: WordMarks;
}

/**
 * The distinct matches in the passages, in transcript order. A match found in two overlapping
 * passages is kept once, from the passage with more room around it for a snippet.
 */
function distinctMatches(
  passages: readonly PassageText[],
  query: ParsedQuery,
  saidBy: readonly number[],
): FoundMatch[] {
  const best = new Map<string, FoundMatch>();
  // Room for a snippet's context: a few words before the match, a snippet's worth after.
  const room = (match: FoundMatch): number =>
    Math.min(match.local.startWord, SENTENCE_REACH) +
    Math.min(match.words.length - match.local.endWord, SNIPPET_WORDS);
  for (const passage of passages) {
    const { words, stream } = passageStream(passage.data, query.analyzer);
    const codes = passageSpeakerCodes(passage.data.p, words.length);
    // Only what the 'said by' speakers said is found, marked and shown (src/core/said-by.ts).
    const kept = keepSaidBy(findQueryMatches(stream, query).matches, codes, saidBy);
    const marks = wordMarksOf(kept);
    for (const local of kept) {
      const match: FoundMatch = {
        passage,
        words,
        local,
        start: passage.firstWord + local.startWord,
        end: passage.firstWord + local.endWord,
        marks,
      };
      const key = `${match.start}:${match.end}`;
      const known = best.get(key);
      if (!known || room(match) > room(known)) best.set(key, match);
    }
  }
  return [...best.values()].sort((a, b) => a.start - b.start || a.end - b.end);
}

/** The window of passage words a snippet shows for `match`: [from, to), local indexes. */
function snippetWindow(match: FoundMatch, size: number): { from: number; to: number } {
  const { words, local, passage } = match;
  const sentenceStart = sentenceStartWord(passage.data, local.startWord);
  let from =
    sentenceStart >= 0 && local.startWord - sentenceStart <= SENTENCE_REACH
      ? sentenceStart
      : Math.max(0, local.startWord - CONTEXT_BEFORE);
  let to = Math.min(words.length, Math.max(local.endWord, from + size));
  // A sentence that ends just past the window ends the snippet too.
  for (let word = to; word < Math.min(words.length, to + 4); word += 1) {
    if (endsSentence(words[word - 1] ?? '')) break;
    if (endsSentence(words[word] ?? '')) {
      to = word + 1;
      break;
    }
  }
  // Near the end of a passage, show more of what came before instead.
  if (to - from < size) from = Math.max(0, Math.min(from, to - size));
  return { from, to };
}

/**
 * The snippets of one episode from the passages read for it, for a search query:
 * windows around the first matches in transcript order, each match shown once (a match near
 * another shares its snippet). `unread` is how many further matching passages exist.
 */
export function buildEpisodeSnippets(
  episodeId: number,
  passages: readonly PassageText[],
  query: ParsedQuery,
  unread: number,
  options: { max?: number; words?: number; saidBy?: readonly number[] } = {},
): EpisodeSnippets {
  const max = options.max ?? SNIPPETS_PER_EPISODE;
  const size = options.words ?? SNIPPET_WORDS;
  const matches = distinctMatches(passages, query, options.saidBy ?? []);

  const snippets: Snippet[] = [];
  const shown: { from: number; to: number }[] = [];
  let unshown = 0;
  for (const match of matches) {
    if (shown.some((range) => match.start >= range.from && match.end <= range.to)) continue;
    if (snippets.length >= max) {
      unshown += 1;
      continue;
    }
    const window = snippetWindow(match, size);
    const base = match.passage.firstWord;
    // A snippet starts where the one before it ended, rather than repeat its words.
    const previous = shown.at(-1);
    const from =
      previous && previous.to - base > window.from && previous.to - base <= match.local.startWord
        ? previous.to - base
        : window.from;
    const to = Math.min(match.words.length, Math.max(window.to, from + size));
    shown.push({ from: base + from, to: base + to });
    snippets.push({
      matchWord: match.start,
      fromWord: base + from,
      toWord: base + to,
      time: sentenceStartCs(match.passage.data, match.local.startWord) / 100,
      parts: markedRuns(match.words, from, to, match.marks),
      cutBefore: sentenceStartWord(match.passage.data, from) !== from,
      cutAfter: !endsSentence(match.words[to - 1] ?? ''),
      speaker:
        passageSpeakerCodes(match.passage.data.p, match.words.length)?.[match.local.startWord] ?? 0,
    });
  }

  let more: MoreMatches | null = null;
  // Matches the read passages hold beyond the snippets are passages more to see, roughly.
  if (unread > 0) more = { count: unread + unshown, unit: 'passage' };
  else if (unshown > 0) more = { count: unshown, unit: 'match' };
  return { episodeId, snippets, more };
}

/**
 * Where 'and N more' opens the transcript: the start (seconds) of the sentence of the first
 * match that no snippet shows, found in the whole transcript (`startCs` in centiseconds).
 * Null when every match is shown.
 */
export function firstFurtherMatchTime(
  words: readonly string[],
  startCs: readonly number[],
  query: ParsedQuery,
  shown: readonly Pick<Snippet, 'fromWord' | 'toWord'>[],
): number | null {
  const { matches } = findQueryMatches(buildTokenStream(words, query.analyzer), query);
  const further = matches.find(
    (match) =>
      !shown.some((range) => match.startWord >= range.fromWord && match.endWord <= range.toWord),
  );
  if (!further) return null;
  const sentences = sentenceIndexes(words);
  let first = further.startWord;
  while (first > 0 && sentences[first - 1] === sentences[further.startWord]) first -= 1;
  return (startCs[first] ?? 0) / 100;
}
