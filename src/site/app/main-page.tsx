import { useCallback, type ReactNode } from 'react';
import { episodeQuery } from '../../core/page-url.ts';
import { PlayerBar } from '../features/player/player-bar.tsx';
import { PlayerProvider } from '../features/player/player-provider.tsx';
import { usePageUrl } from '../shared/use-page-url.ts';
import { EpisodeBrowser } from './episode-browser.tsx';
import { NotFoundPage } from './error-screens.tsx';
import { NewerVersionNotice } from './newer-version-notice.tsx';
import { paths } from './paths.ts';
import { SiteFrame } from './site-frame.tsx';
import { useSiteSettings } from './use-site-settings.ts';

/**
 * The main page of `/` and `/episodes/:episodeId`: the header, then the search, the filters and
 * the episode list, or an episode's own page; with the podcast's settings, media URLs and the
 * page's one player, whose bar stays while the visitor moves between them.
 */
export function MainPage(): ReactNode {
  const [url, update] = usePageUrl();
  const { settings, ready, failed } = useSiteSettings();
  const episodeHref = useCallback(
    (episode: string) => paths.episode(episode, episodeQuery(url)),
    [url],
  );
  // '/page/x' matched the list-page route but names no page.
  if (url.route.kind === 'not-found') return <NotFoundPage />;
  return (
    <SiteFrame
      settings={settings}
      ready={ready}
      deployed={url.state.deployed}
      titleIsHeading={url.route.kind !== 'episode'}
    >
      <PlayerProvider podcastTitle={settings.title}>
        <NewerVersionNotice />
        <main className="page-main">
          <EpisodeBrowser url={url} update={update} settings={settings} configFailed={failed} />
        </main>
        <PlayerBar episodeHref={episodeHref} />
      </PlayerProvider>
    </SiteFrame>
  );
}
