import type { ReactNode } from 'react';

/** The artwork's stand-in: a tile with the episode's number, like the demo's artwork. */
export function EpisodeTile({
  episode,
  className = 'episode-row__image',
}: {
  episode: string;
  /** The image class whose box the tile takes. */
  className?: string;
}): ReactNode {
  return (
    <span className={`${className} episode-tile`} aria-hidden="true">
      <span className="episode-tile__number">{episode}</span>
    </span>
  );
}
