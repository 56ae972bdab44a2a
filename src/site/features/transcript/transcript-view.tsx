import {
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import type { SearchQuery } from '../../../core/fts-query.ts';
import { pluralize } from '../../../core/format.ts';
import { buildTokenStream, findQueryMatches } from '../../../core/phrase-match.ts';
import { keepSaidBy, matchedWordsOf } from '../../../core/said-by.ts';
import { displayTerm } from '../../../core/search-query.ts';
import { wordAtTime, type TranscriptModel } from '../../../core/transcript-model.ts';
import { usePlayerStore } from '../../shared/player-store.ts';
import type { PlayerEpisode } from '../../shared/player-state.ts';
import { CopyMomentLink } from './copy-moment-link.tsx';
import { scrollSentenceIntoView, useFollowAlong } from './follow-along.ts';
import { createSentenceHighlighter, type SentenceHighlighter } from './sentence-highlighter.ts';
import { TranscriptBody } from './transcript-body.tsx';

interface TranscriptViewProps {
  episode: PlayerEpisode;
  model: TranscriptModel;
  query: SearchQuery | null;
  startAt: number | null;
  approximate: boolean;
  /** 'Said by': show speaker ids whose matches count (empty: everyone's). */
  saidBy: readonly number[];
  /** Presenters who have an avatar (the hosts); other speakers show initials. */
  avatarIds?: readonly number[];
}

const NO_AVATARS: readonly number[] = [];

/** A loaded transcript: the search line, the follow and share controls, and the words. */
export function TranscriptView({
  episode,
  model,
  query,
  startAt,
  approximate,
  saidBy,
  avatarIds = NO_AVATARS,
}: TranscriptViewProps): ReactNode {
  const avatars = useMemo(() => new Set(avatarIds), [avatarIds]);
  const store = usePlayerStore();
  const boxRef = useRef<HTMLDivElement>(null);
  const highlighter = useMemo(
    () => createSentenceHighlighter(store, episode.episode, model),
    [store, episode.episode, model],
  );
  useEffect(() => highlighter.connect(), [highlighter]);
  const { following, resume } = useFollowAlong(boxRef, highlighter);

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
  const matched = useMemo(() => (matches ? new Set(matchedWordsOf(matches)) : null), [matches]);
  // Where a match begins that no other match runs through ('ha ha' twice in 'ha ha ha' is one
  // highlight; two searched words side by side are two).
  const runStarts = useMemo(() => {
    if (!matches) return null;
    const inside = (word: number): boolean =>
      matches.some((match) => match.startWord < word && word < match.endWord);
    return new Set(matches.map((match) => match.startWord).filter((word) => !inside(word)));
  }, [matches]);

  const startWord = startAt === null ? 0 : wordAtTime(model, startAt);
  useEffect(() => {
    // A linked moment scrolls the transcript box only, so the play button stays in view.
    const box = boxRef.current;
    const sentence = model.words[startWord]?.sentence;
    if (startAt !== null && box && sentence !== undefined) {
      scrollSentenceIntoView(box, sentence, 'auto');
    }
  }, [model, startAt, startWord]);

  const onPlayFrom = useCallback(
    (seconds: number) => {
      store.dispatch({ type: 'playFrom', episode, time: seconds });
      resume();
    },
    [store, episode, resume],
  );

  const isLoaded = useSentenceActive(highlighter);
  return (
    <>
      <div className="transcript-toolbar">
        {matches ? (
          <p className="transcript-found">
            found {pluralize(matches.length, 'utterance')} of &quot;{displayTerm(term)}&quot;
          </p>
        ) : null}
        {approximate ? (
          <p className="transcript-note">Word times are approximate for this episode.</p>
        ) : null}
        {isLoaded && !following ? (
          <button type="button" className="transcript-tool" onClick={resume}>
            Follow along
          </button>
        ) : null}
        <CopyMomentLink episode={episode.episode} model={model} highlighter={highlighter} />
      </div>
      <TranscriptBody
        boxRef={boxRef}
        model={model}
        matched={matched}
        runStarts={runStarts}
        highlighter={highlighter}
        tabStop={startWord}
        label={`Transcript of episode ${episode.episode}`}
        onPlayFrom={onPlayFrom}
        avatarIds={avatars}
      />
    </>
  );
}

/** Whether this transcript's episode is in the player (some sentence is current). */
function useSentenceActive(highlighter: SentenceHighlighter): boolean {
  const subscribe = useCallback(
    (listener: () => void) => highlighter.subscribeAll(listener),
    [highlighter],
  );
  const active = useCallback(() => highlighter.current() >= 0, [highlighter]);
  return useSyncExternalStore(subscribe, active, active);
}
