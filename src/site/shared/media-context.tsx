import { createContext, useContext, type ReactNode } from 'react';
import { createMediaUrls, type MediaUrls } from './media-url.ts';

/** Before the config is read, media comes from the page's own origin. */
const fallback = createMediaUrls(import.meta.env.BASE_URL);

const MediaContext = createContext<MediaUrls>(fallback);

/** Provides the podcast's media URLs to everything below (the app sets it from the config). */
export function MediaProvider({
  media,
  children,
}: {
  media: MediaUrls;
  children: ReactNode;
}): ReactNode {
  return <MediaContext value={media}>{children}</MediaContext>;
}

/** The media URLs in force: audio, episode images, host avatars, icons. */
export function useMedia(): MediaUrls {
  return useContext(MediaContext);
}
