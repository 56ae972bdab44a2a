import type { ReactNode } from 'react';
import { useMedia } from './media-context.tsx';
import './under-construction.css';

/**
 * The 'under construction' banner: a construction-sign image whose width switches at the
 * 400 px breakpoint. Shown where an episode has no transcript yet.
 */
export function UnderConstruction({
  message = 'The transcript of this episode is not ready yet.',
}: {
  message?: string;
}): ReactNode {
  const media = useMedia();
  return (
    <div className="under-construction">
      <img
        className="under-construction__image"
        src={media.image('under-construction.svg')}
        alt="Under construction"
      />
      <p className="under-construction__text">{message}</p>
    </div>
  );
}
