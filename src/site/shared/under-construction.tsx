import { useTexts } from './texts-context.tsx';
import type { ReactNode } from 'react';
import { FallbackImage } from './fallback-image.tsx';
import { useMedia } from './media-context.tsx';
import './under-construction.css';

/**
 * The 'under construction' line: a small construction sign, whose width switches at the
 * 400 px breakpoint, and a short message. It stands where an episode's transcript would be
 * when the episode has none yet.
 */
export function UnderConstruction({ message }: { message?: string }): ReactNode {
  const media = useMedia();
  const { text } = useTexts();
  return (
    <p className="under-construction">
      <FallbackImage
        className="under-construction__image"
        src={media.image('under-construction.svg')}
        alt={text('transcript.underConstruction')}
        width={20}
        height={20}
        fallback={null}
      />
      <span className="under-construction__text">{message ?? text('transcript.none')}</span>
    </p>
  );
}
