import { useTexts } from '../../shared/texts-context.tsx';
import { useEffect, useRef, type ReactNode } from 'react';
import { hasTranscript, type EpisodeRow, type TranscriptBlob } from '../../../core/db-schema.ts';
import type { SearchQuery } from '../../../core/fts-query.ts';
import type { SiteSettings } from '../../../core/site-config.ts';
import { hostProblemMessage } from '../../data/database-errors.ts';
import { publishChapters } from '../../shared/chapter-store.ts';
import { usePlayerStore } from '../../shared/player-store.ts';
import type { PlayerEpisode } from '../../shared/player-state.ts';
import { UnderConstruction } from '../../shared/under-construction.tsx';
import { KeptReading, TranscriptReading, useTranscriptPrerender } from './transcript-reading.tsx';
import type { TranscriptScroller } from './scroll-area.ts';
import { TranscriptView } from './transcript-view.tsx';
import { PANEL_READY_MARK } from './panel-ready-mark.ts';
import { useTranscript } from './use-transcript.ts';
import { useTranscriptModel } from './use-transcript-model.ts';
import './transcript.css';

/** What the panel needs of an episode; an `EpisodeRow` is one. */
export type TranscriptEpisode = PlayerEpisode & Pick<EpisodeRow, 'id' | 'word_count' | 'timing'>;

export interface TranscriptPanelProps {
  episode: TranscriptEpisode;
  /** The search in force (null or absent for none): its matches are marked and counted. */
  query?: SearchQuery | null;
  /** Seconds named by a `?t=` link: the panel scrolls there and primes the player. */
  startAt?: number | null;
  /** Where a quote link's range ends (`?t=START,END`): the panel plays just the range. */
  endAt?: number | null;
  /** The data module's `getTranscript` (fetches once per episode and caches). */
  loadTranscript: (id: number) => Promise<TranscriptBlob>;
  settings: Pick<SiteSettings, 'timestampEvery' | 'lowConfidence'> &
    Partial<Pick<SiteSettings, 'hostIds' | 'correctionTarget'>>;
  /** 'Said by': show speaker ids whose matches are marked and counted (empty: everyone's). */
  saidBy?: readonly number[];
  /**
   * Where the transcript scrolls: its own box (a row in the list, the default) or the page
   * (an episode's own page, where the transcript is the page).
   */
  scroller?: TranscriptScroller;
}

const EVERYONE: readonly number[] = [];
const NO_HOSTS: readonly number[] = [];

/**
 * An opened episode's transcript. Rendering it loads the transcript (once; the loader
 * caches), so render it only for expanded rows. Needs a `PlayerProvider` above it.
 */
export function TranscriptPanel({
  episode,
  query = null,
  startAt = null,
  endAt = null,
  loadTranscript,
  settings,
  saidBy = EVERYONE,
  scroller = 'box',
}: TranscriptPanelProps): ReactNode {
  const store = usePlayerStore();
  const prerender = useTranscriptPrerender();
  const { text } = useTexts();
  const label = text('transcript.of', { episode: episode.episode });
  const transcribed = hasTranscript(episode);
  const { load, retry } = useTranscript(episode.id, transcribed, loadTranscript);

  // A `?t=` link waits at its moment; playback starts when the visitor presses play. It
  // primes once per link, not again each time the app re-creates the row object.
  const episodeRef = useRef(episode);
  useEffect(() => {
    episodeRef.current = episode;
  }, [episode]);
  // On an episode's page the moment scrolls the page away from the play button: the player
  // bar shows, ready to play from there.
  const dock = scroller === 'page';
  // A quote link (`t=START,END`) plays its range at once; where the browser wants a gesture
  // first, the player bar asks for a press of play and the range still ends the playback.
  useEffect(() => {
    if (startAt === null) return;
    const until = endAt ?? undefined;
    store.dispatch(
      until !== undefined && dock
        ? { type: 'playFrom', episode: episodeRef.current, time: startAt, until }
        : { type: 'prime', episode: episodeRef.current, time: startAt, dock },
    );
  }, [store, episode.episode, startAt, endAt, dock]);

  // A panel's first effect runs once the page holding it is hydrated: the end-to-end test of
  // a long transcript bounds the tasks after this mark (e2e/long-transcript.e2e.ts).
  useEffect(() => {
    performance.mark(PANEL_READY_MARK);
  }, []);

  const { timestampEvery, lowConfidence } = settings;
  const blob = load.status === 'ready' ? load.blob : null;
  // The player's chapter ticks, list and lock-screen chapters come with the transcript.
  useEffect(() => {
    if (blob) publishChapters(episode.episode, blob.chapters ?? []);
  }, [blob, episode.episode]);
  // A long transcript's model is built in slices; a pre-rendering pass needs it at once.
  const model = useTranscriptModel(
    blob,
    { timestampEvery, lowConfidence },
    prerender?.kind === 'render',
  );

  // A pre-rendered page's transcript stays as the page had it until this one loads, and
  // after a failed load too: the text the visitor is reading is never taken away.
  const kept = prerender?.kind === 'hydrate' ? prerender.markup.get(episode.id) : undefined;
  let content: ReactNode;
  if (!transcribed) {
    content = <UnderConstruction />;
  } else if (load.status === 'error') {
    const problem = hostProblemMessage(load.error, text);
    content = (
      <>
        <div className="transcript-problem" role="alert">
          <p>{text('transcript.failed')}</p>
          {kept !== undefined && <p>{text('transcript.pageCopy')}</p>}
          {problem !== null && <p className="transcript-problem__host">{problem}</p>}
          <button type="button" className="transcript-tool" onClick={retry}>
            {text('transcript.retry')}
          </button>
        </div>
        {kept !== undefined && <KeptReading episodeId={episode.id} label={label} markup={kept} />}
      </>
    );
  } else if (!model) {
    content =
      kept === undefined ? (
        <p className="transcript-loading" role="status">
          Loading transcript…
        </p>
      ) : (
        <>
          <div className="transcript-controls" />
          <KeptReading episodeId={episode.id} label={label} markup={kept} />
        </>
      );
  } else if (prerender?.kind === 'render') {
    content = (
      <>
        <div className="transcript-controls" />
        <TranscriptReading
          episodeId={episode.id}
          label={label}
          model={model}
          avatarIds={new Set(settings.hostIds ?? NO_HOSTS)}
        />
      </>
    );
  } else {
    content = (
      <TranscriptView
        episode={episode}
        model={model}
        query={query}
        startAt={startAt}
        endAt={endAt}
        approximate={episode.timing === 'approximate'}
        saidBy={saidBy}
        avatarIds={settings.hostIds ?? NO_HOSTS}
        scroller={scroller}
        correctionTarget={settings.correctionTarget ?? ''}
      />
    );
  }
  return (
    <div className={scroller === 'page' ? 'transcript transcript--page' : 'transcript'}>
      {content}
    </div>
  );
}
