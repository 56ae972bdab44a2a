import { useMemo, type ReactNode } from 'react';
import { PlayerProvider } from '../features/player/player-provider.tsx';
import { MediaProvider } from '../shared/media-context.tsx';
import { createMediaUrls, resolveMediaBase } from '../shared/media-url.ts';
import { usePageUrl } from '../shared/use-page-url.ts';
import { EpisodeBrowser } from './episode-browser.tsx';
import { PageHeader } from './page-header.tsx';
import { useSiteSettings } from './use-site-settings.ts';
import './app.css';

/**
 * The main page of `/` and `/episodes/:episodeId`: the header, the search, the filters and
 * the episode list, with the podcast's settings, media URLs and the page's one player.
 */
export function MainPage(): ReactNode {
  const [url, update] = usePageUrl();
  const { settings, failed } = useSiteSettings();
  const { mediaBase, audio, title } = settings;
  const { deployed } = url.state;
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
      <PlayerProvider podcastTitle={title}>
        <div className="page">
          <PageHeader settings={settings} />
          <main className="page-main">
            <EpisodeBrowser url={url} update={update} settings={settings} configFailed={failed} />
          </main>
        </div>
      </PlayerProvider>
    </MediaProvider>
  );
}
