import { useTexts } from '../../shared/texts-context.tsx';
import { useCallback, type ReactNode } from 'react';
import { Link } from 'react-router';
import { chapterAtTime } from '../../../core/transcript-chapters.ts';
import { useChapters } from '../../shared/chapter-store.ts';
import { episodeHeading } from '../../../core/document-title.ts';
import { FallbackImage } from '../../shared/fallback-image.tsx';
import { useMedia } from '../../shared/media-context.tsx';
import { PLAYER_BAR_ATTRIBUTE } from '../../shared/page-chrome.ts';
import { usePlayerSelector, usePlayerStore } from '../../shared/player-store.ts';
import {
  isPlaybackRate,
  PLAYBACK_RATES,
  type PlayerEpisode,
  type PlayerState,
} from '../../shared/player-state.ts';
import { SKIP_BACK_SECONDS, SKIP_FORWARD_SECONDS } from './media-session.ts';
import { ProgressBar } from './progress-bar.tsx';
import { useBarChapters } from './use-bar-chapters.ts';
import './player-bar.css';

export interface PlayerBarProps {
  /** The address of an episode's own page (the app keeps the visitor's search in it). */
  episodeHref: (episode: string) => string;
}

const selectShown = (state: PlayerState): PlayerEpisode | null =>
  state.status === 'loaded' && state.docked ? state.episode : null;

/**
 * The player that stays: a bar at the bottom of the window from the first play until the
 * visitor closes it, whatever they search or open meanwhile. It drives the page's one audio
 * element through the player store, as the rows' own controls do.
 */
export function PlayerBar({ episodeHref }: PlayerBarProps): ReactNode {
  const episode = usePlayerSelector(selectShown);
  if (episode === null) return null;
  return <ShownPlayerBar episode={episode} href={episodeHref(episode.episode)} />;
}

function ShownPlayerBar({ episode, href }: { episode: PlayerEpisode; href: string }): ReactNode {
  const store = usePlayerStore();
  const media = useMedia();
  useBarChapters(episode);
  const chapters = useChapters(episode.episode);
  const chapter = usePlayerSelector(
    useCallback(
      (state: PlayerState) =>
        state.status === 'loaded' ? (chapters[chapterAtTime(chapters, state.time)] ?? null) : null,
      [chapters],
    ),
  );
  const playing = usePlayerSelector(
    useCallback((state: PlayerState) => state.status === 'loaded' && state.playing, []),
  );
  const rate = usePlayerSelector(useCallback((state: PlayerState) => state.rate, []));
  const heading = episodeHeading(episode);
  const { text } = useTexts();
  const action = playing ? text('player.pause') : text('player.play');

  return (
    <section
      className="player-bar"
      aria-label={text('player.label')}
      {...{ [PLAYER_BAR_ATTRIBUTE]: '' }}
    >
      <FallbackImage
        className="player-bar__art"
        src={media.episodeImage(episode)}
        alt=""
        width={48}
        height={48}
        fallback={
          <span className="player-bar__art player-bar__tile" aria-hidden="true">
            {episode.episode}
          </span>
        }
      />
      <div className="player-bar__info">
        <Link className="player-bar__title" to={href}>
          {heading}
        </Link>
        {chapter ? (
          <span
            className="player-bar__chapter"
            aria-label={text('player.chapter', { title: chapter.title })}
          >
            {chapter.title}
          </span>
        ) : null}
      </div>
      <div className="player-bar__controls">
        <button
          type="button"
          className="player-bar__skip"
          aria-label={text('player.back', { seconds: SKIP_BACK_SECONDS })}
          title={`${text('player.back', { seconds: SKIP_BACK_SECONDS })} (←)`}
          aria-keyshortcuts="ArrowLeft"
          onClick={() => store.dispatch({ type: 'skip', by: -SKIP_BACK_SECONDS })}
        >
          <SkipIcon seconds={SKIP_BACK_SECONDS} direction="back" />
        </button>
        <button
          type="button"
          className="play-button player-bar__play"
          aria-label={action}
          title={`${action} (Space)`}
          aria-keyshortcuts="Space"
          onClick={() => store.dispatch({ type: 'toggle', episode })}
        >
          <img src={media.icon(playing ? 'pause' : 'play')} alt="" width={32} height={32} />
        </button>
        <button
          type="button"
          className="player-bar__skip"
          aria-label={text('player.forward', { seconds: SKIP_FORWARD_SECONDS })}
          title={`${text('player.forward', { seconds: SKIP_FORWARD_SECONDS })} (→)`}
          aria-keyshortcuts="ArrowRight"
          onClick={() => store.dispatch({ type: 'skip', by: SKIP_FORWARD_SECONDS })}
        >
          <SkipIcon seconds={SKIP_FORWARD_SECONDS} direction="forward" />
        </button>
        <label className="player-bar__speed">
          <span className="visually-hidden">{text('player.speed')}</span>
          <select
            value={String(rate)}
            onChange={(event) => {
              const next = Number(event.target.value);
              if (isPlaybackRate(next)) store.dispatch({ type: 'rate', rate: next });
            }}
          >
            {PLAYBACK_RATES.map((option) => (
              <option key={option} value={String(option)}>
                {option}×
              </option>
            ))}
          </select>
        </label>
      </div>
      <button
        type="button"
        className="player-bar__close"
        aria-label={text('player.close')}
        title={text('player.closeTitle')}
        onClick={() => store.dispatch({ type: 'dismiss' })}
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          <path d="M6 6l12 12M18 6L6 18" />
        </svg>
      </button>
      <div className="player-bar__seek">
        <ProgressBar
          episode={episode}
          label={text('player.seekIn', { heading })}
          showChapter={false}
        />
      </div>
    </section>
  );
}

/** A circular arrow around the number of seconds a skip button moves. */
function SkipIcon({
  seconds,
  direction,
}: {
  seconds: number;
  direction: 'back' | 'forward';
}): ReactNode {
  // Drawn for 'back'; 'forward' is its mirror image, the number kept readable.
  const mirror = direction === 'forward' ? 'matrix(-1 0 0 1 24 0)' : undefined;
  return (
    <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
      <g transform={mirror}>
        <path className="player-bar__skip-arc" d="M5.6 8.5A8 8 0 1 1 4 13" />
        <path className="player-bar__skip-head" d="M3.5 4.5v4.6h4.6z" />
      </g>
      <text x="12" y="15.6" textAnchor="middle" className="player-bar__skip-text">
        {seconds}
      </text>
    </svg>
  );
}
