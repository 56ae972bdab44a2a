import { useEffect, useMemo, type ReactNode } from 'react';
import { siteSettingsSchema, type SiteSettings } from '../../core/site-config.ts';
import { useSiteConfig } from '../data/use-site-data.ts';
import { PlayerProvider } from '../features/player/player-provider.tsx';
import { MediaProvider } from '../shared/media-context.tsx';
import { createMediaUrls, resolveMediaBase } from '../shared/media-url.ts';
import { EpisodeBrowser } from './episode-browser.tsx';
import { PageHeader } from './page-header.tsx';
import './app.css';

/** Settings until config.json arrives (and if it never does): the schema's defaults. */
export const DEFAULT_SETTINGS: SiteSettings = siteSettingsSchema.parse({});

/**
 * The main page of `/` and `/episodes/:episodeId`: the header, the search, the filters and
 * the episode list, with the podcast's settings, media URLs and the page's one player.
 */
export function MainPage(): ReactNode {
  const config = useSiteConfig();
  const settings = config.status === 'ready' ? config.data.site : DEFAULT_SETTINGS;
  const { mediaBase, audio, title } = settings;
  const media = useMemo(
    () =>
      createMediaUrls(
        resolveMediaBase(mediaBase, window.location, import.meta.env.BASE_URL),
        audio,
      ),
    [mediaBase, audio],
  );

  useEffect(() => {
    document.title = title;
  }, [title]);

  return (
    <MediaProvider media={media}>
      <PlayerProvider podcastTitle={title}>
        <div className="page">
          <PageHeader title={title} sourceUrl={settings.sourceUrl} />
          <main className="page-main">
            <EpisodeBrowser settings={settings} configFailed={config.status === 'error'} />
          </main>
        </div>
      </PlayerProvider>
    </MediaProvider>
  );
}
