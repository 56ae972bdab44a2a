import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import type {
  EpisodeRow as EpisodeRecord,
  FtsColumn,
  PresenterRow,
  VenueRow,
} from '../../core/db-schema.ts';
import type { SearchQuery } from '../../core/fts-query.ts';
import type { SiteSettings } from '../../core/site-config.ts';
import type { ShowSpeaker } from '../../core/speech.ts';
import { useDatabase } from '../data/database-context.tsx';
import { useTexts } from '../shared/texts-context.tsx';
import { getTranscript } from '../data/transcript-queries.ts';
import { useDescriptions } from '../data/use-site-data.ts';
import { EpisodeRow, type RowTypeButton } from '../features/episodes/episode-row.tsx';
import { ChapterList } from '../features/player/chapter-list.tsx';
import { PlayButton } from '../features/player/play-button.tsx';
import { ProgressBar } from '../features/player/progress-bar.tsx';
import { EpisodeSnippets } from '../features/snippets/episode-snippets.tsx';
import { useMatchHighlights } from '../features/snippets/use-match-highlights.ts';
import { usePageSnippets } from '../features/snippets/use-page-snippets.ts';
import { TranscriptPanel } from '../features/transcript/transcript-panel.tsx';
import { paths } from './paths.ts';
import { useEpisodeFacts } from './use-episode-facts.ts';

const NOBODY: readonly number[] = [];
const NO_SPEAKERS: readonly ShowSpeaker[] = [];

export interface EpisodeResultsProps {
  episodes: readonly EpisodeRecord[];
  presenters: readonly PresenterRow[];
  venues: readonly VenueRow[];
  settings: SiteSettings;
  /** The query string the title links carry (`episodeQuery`). */
  linkQuery: readonly [string, string][];
  /**
   * The search in force (null: none) and the checked fields: transcripts mark its matches,
   * snippets and highlights use its tokens.
   */
  query: SearchQuery | null;
  searchFields?: Readonly<Record<FtsColumn, boolean>>;
  /** 'Said by': show speaker ids whose transcript matches count (empty: everyone's). */
  saidBy?: readonly number[];
  /** The show's named speakers, for naming who said a snippet. */
  speakers?: readonly ShowSpeaker[];
  /** The `?t=` moment of an episode page, for that episode's transcript. */
  startAt: number | null;
  isExpanded: (episode: EpisodeRecord) => boolean;
  onToggleExpanded: (id: number) => void;
  onTypeButton: (type: RowTypeButton) => void;
}

/**
 * The rows on screen, each with the player's controls and (when open) the transcript in its
 * slots. Descriptions load for these rows only.
 */
export function EpisodeResults(props: EpisodeResultsProps): ReactNode {
  const { episodes, presenters, venues, settings, linkQuery, query, startAt } = props;
  const { searchFields, saidBy = NOBODY, speakers = NO_SPEAKERS } = props;
  // The term as the browser checked it, with the index's analyzer (one value per term).
  const parsed = query?.parsed ?? null;
  const db = useDatabase();
  const ids = useMemo(() => episodes.map((episode) => episode.id), [episodes]);
  const descriptions = useDescriptions(ids);
  // Snippets come from the transcript field only; titles and descriptions are marked in place.
  const snippetsOf = usePageSnippets(ids, searchFields?.words ? parsed : null, saidBy);
  const listRef = useRef<HTMLOListElement>(null);
  // With 'said by', only what was said counts: titles and descriptions are not marked.
  const saying = saidBy.length > 0;
  const { title: titles = false, description: descriptions_ = false } = searchFields ?? {};
  const inTitles = titles && !saying;
  const inDescriptions = descriptions_ && !saying;
  useMatchHighlights(
    listRef,
    useMemo(
      () => [
        { selector: 'article h2', query: inTitles ? parsed : null },
        { selector: '.episode-row__description', query: inDescriptions ? parsed : null },
      ],
      [parsed, inTitles, inDescriptions],
    ),
  );
  // A snippet's time or 'and N more' brings that episode's transcript to a moment.
  const [reveal, setReveal] = useState<{ id: number; time: number } | null>(null);
  const { isExpanded, onToggleExpanded } = props;
  const onReveal = useCallback(
    (id: number, time: number, open: boolean) => {
      setReveal({ id, time });
      const episode = episodes.find((candidate) => candidate.id === id);
      if (open && episode && !isExpanded(episode)) onToggleExpanded(id);
    },
    [episodes, isExpanded, onToggleExpanded],
  );
  const { text } = useTexts();
  const loadTranscript = useCallback((id: number) => getTranscript(db, id), [db]);
  const speakerName = useMemo(() => {
    const names = new Map(speakers.map((speaker) => [speaker.id, speaker.name]));
    // Positive codes are named speakers; -N is 'Speaker N' of the episode.
    return (code: number): string | null =>
      code > 0
        ? (names.get(code) ?? null)
        : code < 0
          ? text('speaker.numbered', { number: -code })
          : null;
  }, [speakers, text]);
  const { hostsOf, venueOf } = useEpisodeFacts(presenters, venues, settings.hostIds);

  return (
    <ol className="episode-list" ref={listRef}>
      {episodes.map((episode) => (
        <li key={episode.id}>
          <EpisodeRow
            episode={episode}
            href={paths.episode(episode.episode, linkQuery)}
            venueLabel={venueOf(episode)}
            hosts={hostsOf(episode)}
            description={descriptions.get(episode.id)}
            expanded={props.isExpanded(episode)}
            onToggleExpanded={props.onToggleExpanded}
            onTypeButton={props.onTypeButton}
            playerSlot={
              <div className="episode-player">
                <PlayButton episode={episode} />
                <ProgressBar episode={episode} />
              </div>
            }
            transcriptSlot={
              <>
                <ChapterList episode={episode} />
                <TranscriptPanel
                  episode={episode}
                  query={query}
                  startAt={reveal?.id === episode.id ? reveal.time : startAt}
                  loadTranscript={loadTranscript}
                  settings={settings}
                  saidBy={saidBy}
                />
              </>
            }
            snippetSlot={
              <EpisodeSnippets
                episode={episode}
                state={snippetsOf(episode.id)}
                query={parsed}
                onReveal={onReveal}
                speakerName={speakerName}
              />
            }
          />
        </li>
      ))}
    </ol>
  );
}
