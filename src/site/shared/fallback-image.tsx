import { useEffect, useRef, useState, type ReactNode } from 'react';
import './fallback-image.css';

export interface FallbackImageProps {
  /** The image's URL; null shows the fallback at once. */
  src: string | null;
  alt: string;
  className?: string;
  width: number;
  height: number;
  title?: string;
  /** Shown instead of the image when there is none or it fails to load. */
  fallback: ReactNode;
}

/**
 * An image that never shows a broken-image glyph or spills its alt text: when it has no URL or
 * fails to load (a media host that is down, a feed URL gone stale), `fallback` takes its place.
 * A new URL tries again. Without JavaScript (a pre-rendered page) `fallback-image.css` keeps
 * a failed image a plain tile instead.
 */
export function FallbackImage({
  src,
  alt,
  className,
  width,
  height,
  title,
  fallback,
}: FallbackImageProps): ReactNode {
  const [failed, setFailed] = useState<string | null>(null);
  const image = useRef<HTMLImageElement>(null);
  useEffect(() => {
    // A pre-rendered page's image may have failed before the app took over the page, when
    // nothing listened for its error: a finished image with no pixels failed.
    const shown = image.current;
    if (src !== null && shown !== null && shown.complete && shown.naturalWidth === 0) {
      setFailed(src);
    }
  }, [src]);
  if (src === null || failed === src) return fallback;
  return (
    <img
      ref={image}
      className={className === undefined ? 'fallback-image' : `fallback-image ${className}`}
      src={src}
      alt={alt}
      title={title}
      width={width}
      height={height}
      loading="lazy"
      onError={() => setFailed(src)}
    />
  );
}

/** A show's initials: its first two words after a leading article ('The Mike Neumann Show' → 'MN'). */
export function titleInitials(title: string): string {
  const words = title
    .replace(/^\s*(?:the|a|an)\s+/i, '')
    .split(/\s+/)
    .filter((word) => /\p{L}|\p{N}/u.test(word));
  const letters = words
    .slice(0, 2)
    .map((word) => Array.from(word.replace(/^[^\p{L}\p{N}]+/u, ''))[0] ?? '');
  const initials = letters.join('').toUpperCase();
  return initials === '' ? '?' : initials;
}

/** The initials of a name: the first letters of its first and last words ('Ada Lovelace' → 'AL'). */
export function initialsOf(name: string): string {
  const words = name
    .trim()
    .split(/\s+/)
    .filter((word) => word !== '');
  const first = words[0];
  if (first === undefined) return '?';
  const last = words.length > 1 ? words[words.length - 1] : undefined;
  const letter = (word: string): string => Array.from(word)[0]?.toUpperCase() ?? '';
  return letter(first) + (last === undefined ? '' : letter(last));
}
