import { useMemo, type ReactNode } from 'react';
import type { SiteSettings } from '../../core/site-config.ts';
import { MediaProvider } from '../shared/media-context.tsx';
import { createMediaUrls, resolveMediaBase } from '../shared/media-url.ts';
import { PageHeader } from './page-header.tsx';
import './app.css';

/**
 * What every page of the site shares: the podcast's media URLs for everything below, and the
 * header with its title and logo. The main page and the 404 page both sit in it.
 */
export function SiteFrame({
  settings,
  deployed,
  children,
}: {
  settings: SiteSettings;
  /** The URL's `deployed` flag: use the configured media host even on a local address. */
  deployed: boolean;
  children: ReactNode;
}): ReactNode {
  const { mediaBase, audio } = settings;
  const media = useMemo(
    () =>
      createMediaUrls(
        resolveMediaBase(mediaBase, window.location, import.meta.env.BASE_URL, deployed),
        audio,
      ),
    [mediaBase, audio, deployed],
  );
  return (
    <MediaProvider media={media}>
      <div className="page">
        <PageHeader settings={settings} />
        {children}
      </div>
    </MediaProvider>
  );
}
