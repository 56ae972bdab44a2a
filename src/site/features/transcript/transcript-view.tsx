import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { SearchQuery } from '../../../core/fts-query.ts';
import {
  buildTokenStream,
  findQueryMatches,
  type PhraseMatch,
} from '../../../core/phrase-match.ts';
import { quoteOf } from '../../../core/quote.ts';
import { useTexts } from '../../shared/texts-context.tsx';
import { keepSaidBy } from '../../../core/said-by.ts';
import { wordMarksOf } from '../../../core/word-marks.ts';
import { displayTerm } from '../../../core/search-query.ts';
import { wordAtTime, type TranscriptModel } from '../../../core/transcript-model.ts';
import { usePlayerStore } from '../../shared/player-store.ts';
import type { PlayerEpisode } from '../../shared/player-state.ts';
import { CopyMomentLink, type PointedWord } from './copy-moment-link.tsx';
import { scrollSentenceIntoView, useFollowAlong } from './follow-along.ts';
import { MatchButtons, useMatchNavigation } from './match-navigation.tsx';
import { boxArea, pageArea, type TranscriptScroller } from './scroll-area.ts';
import { QuoteToolbar } from './quote-toolbar.tsx';
import { useQuotedWords } from './quoted-words.ts';
import { createSentenceHighlighter } from './sentence-highlighter.ts';
import { useSpokenWord } from './spoken-word.ts';
import { TranscriptBody } from './transcript-body.tsx';
import { useBlocks, useLiveBlocks, type TranscriptBlock } from './transcript-blocks.tsx';
import { TranscriptDownloads } from './transcript-downloads.tsx';
import { useWordSelection } from './word-selection.ts';
import { MessageText } from '../../shared/message-text.tsx';

interface TranscriptViewProps {
  episode: PlayerEpisode;
  model: TranscriptModel;
  query: SearchQuery | null;
  startAt: number | null;
  /** Where a quote link's range ends: its words are marked. */
  endAt?: number | null;
  approximate: boolean;
  /** 'Said by': show speaker ids whose matches count (empty: everyone's). */
  saidBy: readonly number[];
  /** Presenters who have an avatar (the hosts); other speakers show initials. */
  avatarIds?: readonly number[];
  /** Where the transcript scrolls: its own box (in the list) or the page (an episode's page). */
  scroller?: TranscriptScroller;
  /** The show's `correctionTarget`: where 'Suggest a correction' goes (empty: nowhere). */
  correctionTarget?: string;
}

const NO_AVATARS: readonly number[] = [];
const NO_BLOCKS: readonly TranscriptBlock[] = [];

/** A loaded transcript: the search line, the follow, match and share controls, and the words. */
export function TranscriptView({
  episode,
  model,
  query,
  startAt,
  endAt = null,
  approximate,
  saidBy,
  avatarIds = NO_AVATARS,
  scroller = 'box',
  correctionTarget = '',
}: TranscriptViewProps): ReactNode {
  const avatars = useMemo(() => new Set(avatarIds), [avatarIds]);
  const store = usePlayerStore();
  const boxRef = useRef<HTMLDivElement>(null);
  const controlsRef = useRef<HTMLDivElement>(null);
  const areaOf = useCallback(() => {
    const box = boxRef.current;
    if (!box) return null;
    return scroller === 'page' ? pageArea(window, controlsRef.current) : boxArea(box);
  }, [scroller]);
  const highlighter = useMemo(
    () => createSentenceHighlighter(store, episode.episode, model),
    [store, episode.episode, model],
  );
  useEffect(() => highlighter.connect(), [highlighter]);
  const { following, resume, turnOff, stop, playedFrom } = useFollowAlong(
    boxRef,
    areaOf,
    highlighter,
  );
  useSpokenWord(boxRef, highlighter);

  // The search's own analyzer tokenizes the words: the index's rules for its language.
  const parsed = query?.parsed ?? null;
  const analyzer = parsed?.analyzer ?? null;
  const stream = useMemo(
    () =>
      analyzer
        ? buildTokenStream(
            model.words.map((w) => w.text),
            analyzer,
          )
        : null,
    [model, analyzer],
  );
  const term = query?.term ?? '';
  const chosen = saidBy.join(',');
  const matches = useMemo(() => {
    if (!stream || !parsed) return null;
    const all = findQueryMatches(stream, parsed).matches;
    return keepSaidBy(all, model.speakerCodes, chosen === '' ? [] : chosen.split(',').map(Number));
  }, [stream, parsed, model, chosen]);
  const marks = useMemo(() => (matches ? wordMarksOf(matches) : null), [matches]);
  const matched = marks?.whole ?? null;
  const parts = marks?.parts ?? null;
  // Where a match begins that no other match runs through ('ha ha' twice in 'ha ha ha' is one
  // highlight; two searched words side by side are two).
  const runStarts = useMemo(() => {
    if (!matches) return null;
    const inside = (word: number): boolean =>
      matches.some((match) => match.startWord < word && word < match.endWord);
    return new Set(matches.map((match) => match.startWord).filter((word) => !inside(word)));
  }, [matches]);
  const keys = scroller === 'page';
  const startWord = startAt === null ? 0 : wordAtTime(model, startAt);
  const blocks = useBlocks(model);
  const { live, filled, wake, wakeBlock } = useLiveBlocks(
    blocks ?? NO_BLOCKS,
    highlighter,
    startWord,
  );
  // Going to a match while this episode plays would be undone by the next follow scroll. The
  // match's block (of a long transcript) becomes live in the same render.
  const onStep = useCallback(
    (match: PhraseMatch) => {
      wake(match.startWord);
      if (highlighter.current() >= 0) stop();
    },
    [highlighter, stop, wake],
  );
  const navigation = useMatchNavigation({ matches, rootRef: boxRef, areaOf, keys, onStep });

  useEffect(() => {
    // A linked moment scrolls the transcript's area only: in the list the play button stays
    // in view; on an episode's page the player bar holds it.
    const box = boxRef.current;
    const area = areaOf();
    const sentence = model.words[startWord]?.sentence;
    if (startAt !== null && box && area && sentence !== undefined) {
      scrollSentenceIntoView(area, box, sentence, 'auto');
    }
  }, [model, startAt, startWord, areaOf]);

  const onPlayFrom = useCallback(
    (seconds: number) => {
      store.dispatch({ type: 'playFrom', episode, time: seconds });
      playedFrom();
    },
    [store, episode, playedFrom],
  );

  useQuotedWords(boxRef, model, startAt, endAt);
  const [pointed, setPointed] = useState<PointedWord | null>(null);
  const onPointWord = useCallback(
    (word: number) => setPointed({ word, at: performance.now() }),
    [],
  );
  const span = useWordSelection(boxRef);
  const quote = span ? quoteOf(model, span.first, span.last) : null;
  const { text, count } = useTexts();
  return (
    <>
      {matches || approximate ? (
        <div className="transcript-toolbar">
          {matches ? (
            <p className="transcript-found">
              <MessageText
                id="transcript.found"
                values={{
                  utterances: count('transcript.utterances', matches.length),
                  term: displayTerm(term),
                }}
              />
            </p>
          ) : null}
          {approximate ? <p className="transcript-note">{text('transcript.approximate')}</p> : null}
        </div>
      ) : null}
      <div ref={controlsRef} className="transcript-controls">
        {matches && matches.length > 0 ? (
          <MatchButtons navigation={navigation} count={matches.length} keys={keys} />
        ) : null}
        <button
          type="button"
          className="transcript-tool transcript-follow"
          aria-pressed={following}
          title={following ? text('transcript.followOn') : text('transcript.followOff')}
          onClick={following ? turnOff : resume}
        >
          {text('transcript.follow')}
        </button>
        <CopyMomentLink
          episode={episode.episode}
          model={model}
          highlighter={highlighter}
          pointed={pointed}
          opened={startWord}
        />
        <TranscriptDownloads episode={episode.episode} model={model} />
      </div>
      {quote ? (
        <QuoteToolbar
          quote={quote}
          episode={episode.episode}
          episodeTitle={episode.title}
          correctionTarget={correctionTarget}
        />
      ) : null}
      <TranscriptBody
        boxRef={boxRef}
        model={model}
        matched={matched}
        parts={parts}
        runStarts={runStarts}
        highlighter={highlighter}
        tabStop={startWord}
        label={text('transcript.of', { episode: episode.episode })}
        onPlayFrom={onPlayFrom}
        avatarIds={avatars}
        blocks={blocks === null ? null : { all: blocks, live, filled, wakeBlock }}
        onPointWord={onPointWord}
      />
    </>
  );
}
