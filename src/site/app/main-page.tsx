import type { ReactNode } from 'react';
import { PlayerProvider } from '../features/player/player-provider.tsx';
import { usePageUrl } from '../shared/use-page-url.ts';
import { EpisodeBrowser } from './episode-browser.tsx';
import { NewerVersionNotice } from './newer-version-notice.tsx';
import { SiteFrame } from './site-frame.tsx';
import { useSiteSettings } from './use-site-settings.ts';

/**
 * The main page of `/` and `/episodes/:episodeId`: the header, the search, the filters and
 * the episode list, with the podcast's settings, media URLs and the page's one player.
 */
export function MainPage(): ReactNode {
  const [url, update] = usePageUrl();
  const { settings, ready, failed } = useSiteSettings();
  return (
    <SiteFrame settings={settings} ready={ready} deployed={url.state.deployed}>
      <PlayerProvider podcastTitle={settings.title}>
        <NewerVersionNotice />
        <main className="page-main">
          <EpisodeBrowser url={url} update={update} settings={settings} configFailed={failed} />
        </main>
      </PlayerProvider>
    </SiteFrame>
  );
}
