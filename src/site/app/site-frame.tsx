import { useMemo, type ReactNode } from 'react';
import type { SiteSettings } from '../../core/site-config.ts';
import { MediaProvider } from '../shared/media-context.tsx';
import { siteMediaUrls } from '../shared/media-url.ts';
import { TextsProvider } from '../shared/texts-context.tsx';
import { useAccentColor, useFavicon } from './branding.ts';
import { PageHeader } from './page-header.tsx';
import './app.css';

const NO_FAVICON = { favicon: '' };

/**
 * What every page of the site shares: the podcast's media URLs for everything below, and the
 * header with its title and logo, the tab's icon and the accent colour. The main page and the
 * 404 page both sit in it, and read their texts in the show's language from it.
 */
export function SiteFrame({
  settings,
  ready,
  deployed,
  titleIsHeading = true,
  children,
}: {
  settings: SiteSettings;
  /** The podcast's settings have arrived (until then `settings` are the defaults). */
  ready: boolean;
  /** The URL's `deployed` flag: use the configured media host even on a local address. */
  deployed: boolean;
  /** The show's name is the page's H1 (false on an episode's page, whose H1 is the episode). */
  titleIsHeading?: boolean;
  children: ReactNode;
}): ReactNode {
  const { mediaBase, audio } = settings;
  const media = useMemo(
    () =>
      siteMediaUrls(
        { mediaBase, audio },
        typeof window === 'undefined' ? undefined : window.location,
        deployed,
      ),
    [mediaBase, audio, deployed],
  );
  useFavicon(ready ? settings : NO_FAVICON, media);
  useAccentColor(settings);
  return (
    <TextsProvider language={settings.language} messages={settings.messages}>
      <MediaProvider media={media}>
        <div className="page">
          <PageHeader settings={settings} ready={ready} titleIsHeading={titleIsHeading} />
          {children}
        </div>
      </MediaProvider>
    </TextsProvider>
  );
}
