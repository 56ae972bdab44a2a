/**
 * Cutting the ready-made snippets of one episode (decision 0082), on whichever thread takes the
 * task (`snippet-cutters.ts`, decision 0083): its passages are read back from their blocks and
 * scanned token by token for the keys it owes a snippet to; the passages holding a key's first
 * matches go to `buildEpisodeSnippets`, the site's own cutter.
 */
import { inflateRawSync } from 'node:zlib';
import type { Analyzer } from '../../core/analyzer.ts';
import { parsePassageBlock } from '../../core/passages.ts';
import { stemsOf } from '../../core/query-match.ts';
import { remembering } from '../../core/remembering.ts';
import { phraseQuery, type ParsedQuery } from '../../core/search-query.ts';
import { encodeHeadEpisode, HEAD_SNIPPETS, type HeadEpisode } from '../../core/snippet-heads.ts';
import {
  blockPassages,
  buildEpisodeSnippets,
  passageStream,
  type PassageText,
  type Snippet,
} from '../../core/snippets.ts';

/**
 * Distinct matches whose passages are handed to the cutter: the shown snippets' matches and a
 * few more, since a match inside an earlier snippet is not shown on its own.
 */
const MATCHES_CUT = HEAD_SNIPPETS * 3;

/** An episode's passages as stored: the first one's id and its blocks' bytes. */
export interface EpisodeBlocks {
  episodeId: number;
  /** The id of its first passage (null: it has none). */
  first: number | null;
  /** Its blocks' stored bytes, by ordinal (a missing block: undefined). */
  blocks: (Uint8Array | undefined)[];
}

/**
 * One episode's share of the cutting, as it is handed to whichever thread cuts it
 * (`snippet-cutters.ts`): all it needs, and nothing a thread cannot be sent.
 */
export interface CutTask extends EpisodeBlocks {
  /** The keys it owes snippets to: a stem, or a pair of tokens with a space between. */
  keys: string[];
}

/** What a cut task gives: for each key with a snippet, its index in the task and its entry. */
export type CutResults = [number, string][];

/**
 * What one episode's scan found for a key: its distinct matches in transcript order (start
 * and end words) and, for each, the passages that hold it (a bit for the next passage too).
 */
interface Found {
  starts: number[];
  ends: number[];
  /** The index in `passages` of the passage each match was found in. */
  passageOf: number[];
  /** Whether the next passage holds the match too. */
  inNext: boolean[];
}

/** Words seen before, tokenized: spoken words repeat, and every passage is tokenized twice or more. */
const WORD_CACHE_LIMIT = 500_000;

/** The analyzer with its tokenizer's answers per word remembered (it is pure). */
export function withWordCache(analyzer: Analyzer): Analyzer {
  return {
    ...analyzer,
    tokenizeWithOffsets: remembering(analyzer.tokenizeWithOffsets, WORD_CACHE_LIMIT),
  };
}

/**
 * A key's query: an unquoted word's by its stem (no prefix: the site marks what its query
 * does), a pair's as a quoted phrase.
 */
function keyQuery(key: string, analyzer: Analyzer): ParsedQuery {
  const space = key.indexOf(' ');
  if (space < 0) return { parts: [{ kind: 'word', token: key, stem: key }], analyzer };
  return phraseQuery([key.slice(0, space), key.slice(space + 1)], analyzer);
}

/**
 * Cuts one task: the ready-made snippets of one episode for the keys it owes them to, each as
 * the entry `encodeHeadEpisode` writes. `analyzer` should remember words (`withWordCache`).
 */
export function runCutTask(task: CutTask, analyzer: Analyzer): CutResults {
  const passages = readPassages(task);
  const wanted = new Map(task.keys.map((key, at) => [key, { at, query: keyQuery(key, analyzer) }]));
  const results: CutResults = [];
  for (const [key, episode] of cutEpisode(task.episodeId, passages, wanted, analyzer)) {
    const at = wanted.get(key)?.at;
    if (at !== undefined) results.push([at, encodeHeadEpisode(episode)]);
  }
  return results;
}

/** An episode's passages from its stored blocks (a damaged or missing block leaves a gap). */
export function readPassages({ episodeId, first, blocks }: EpisodeBlocks): PassageText[] {
  if (first === null) return [];
  return blocks.flatMap((data, ordinal) => {
    const block = data ? parsePassageBlock(inflateRawSync(data).toString('utf8')) : null;
    return block ? blockPassages(episodeId, first, ordinal, block) : [];
  });
}

/**
 * The ready-made snippets of one episode for each key it owes them to: the passages of each
 * key's first matches (and the passage after, which holds a match in their overlap with more
 * room) cut by `buildEpisodeSnippets`; `more` counts the matches no window shows.
 */
export function cutEpisode(
  episodeId: number,
  passages: readonly PassageText[],
  wanted: ReadonlyMap<string, { query: ParsedQuery }>,
  analyzer: Analyzer,
): Map<string, HeadEpisode> {
  const found = new Map<string, Found>();
  const words: string[] = [];
  const note = (
    key: string,
    passage: number,
    inNext: boolean,
    start: number,
    end: number,
  ): void => {
    if (!wanted.has(key)) return;
    let entry = found.get(key);
    if (!entry) found.set(key, (entry = { starts: [], ends: [], passageOf: [], inNext: [] }));
    // Matches come in transcript order; the same words twice (two tokens of one word) are one.
    if (entry.starts.at(-1) === start && entry.ends.at(-1) === end) return;
    entry.starts.push(start);
    entry.ends.push(end);
    entry.passageOf.push(passage);
    entry.inNext.push(inNext);
  };
  // Pairs are only made for tokens that begin a wanted one: most tokens begin none.
  const pairStarts = new Set<string>();
  for (const key of wanted.keys()) {
    const space = key.indexOf(' ');
    if (space > 0) pairStarts.add(key.slice(0, space));
  }
  passages.forEach((passage, index) => {
    const { words: passageText, stream } = passageStream(passage.data, analyzer);
    passageText.forEach((word, offset) => (words[passage.firstWord + offset] = word));
    const { tokens, wordOfToken } = stream;
    // The cutter matches the same stems again: `stemsOf` keeps them with the tokens.
    const stems = stemsOf(tokens, analyzer.stem);
    // A match from the next passage's first word on is in that passage too, maybe with more
    // room. The words the passage before held were scanned there (passages share
    // PASSAGE_OVERLAP tokens, and hold whole words): all but the pairs that end after them.
    const after = passages[index + 1];
    const nextFirst = after?.id === passage.id + 1 ? after.firstWord : Infinity;
    const before = passages[index - 1];
    const seenEnd =
      before?.id === passage.id - 1
        ? before.firstWord + passageStream(before.data, analyzer).words.length
        : 0;
    for (let at = 0; at < tokens.length; at += 1) {
      const token = tokens[at] ?? '';
      const start = passage.firstWord + (wordOfToken[at] ?? 0);
      if (start >= seenEnd) note(stems[at] ?? '', index, start >= nextFirst, start, start + 1);
      const next = tokens[at + 1];
      if (next === undefined || !pairStarts.has(token)) continue;
      const end = passage.firstWord + (wordOfToken[at + 1] ?? 0) + 1;
      if (end > seenEnd) note(`${token} ${next}`, index, start >= nextFirst, start, end);
    }
  });
  const cut = new Map<string, HeadEpisode>();
  for (const [key, entry] of found) {
    const query = wanted.get(key)?.query;
    if (!query) continue;
    const { starts, ends } = entry;
    // The passages of the first matches, and of more while the windows are fewer than a row
    // shows (matches close together share a window) and matches are left.
    const cutFirst = (taken: number): Snippet[] => {
      const chosen = new Set<number>();
      for (let match = 0; match < Math.min(taken, starts.length); match += 1) {
        const passage = entry.passageOf[match] ?? 0;
        chosen.add(passage);
        if (entry.inNext[match] === true) chosen.add(passage + 1);
      }
      const cutFrom = [...chosen].sort((a, b) => a - b).flatMap((index) => passages[index] ?? []);
      return buildEpisodeSnippets(episodeId, cutFrom, query, 0, { max: HEAD_SNIPPETS }).snippets;
    };
    let taken = MATCHES_CUT;
    let snippets = cutFirst(taken);
    while (snippets.length < HEAD_SNIPPETS && taken < starts.length) {
      taken += MATCHES_CUT;
      snippets = cutFirst(taken);
    }
    if (snippets.length === 0) continue;
    const lastShown = snippets.at(-1)?.toWord ?? 0;
    let shown = 0;
    for (let match = 0; match < starts.length && (starts[match] ?? 0) < lastShown; match += 1) {
      const start = starts[match] ?? 0;
      const end = ends[match] ?? 0;
      if (snippets.some((window) => start >= window.fromWord && end <= window.toWord)) shown += 1;
    }
    const more = starts.length - shown;
    cut.set(key, {
      episodeId,
      more,
      windows: snippets.map((snippet) => ({
        fromWord: snippet.fromWord,
        matchWord: snippet.matchWord,
        timeCs: Math.round(snippet.time * 100),
        speaker: snippet.speaker,
        cutBefore: snippet.cutBefore,
        cutAfter: snippet.cutAfter,
        words: words.slice(snippet.fromWord, snippet.toWord),
      })),
    });
  }
  return cut;
}
