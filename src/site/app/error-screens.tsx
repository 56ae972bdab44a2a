import { useTexts } from '../shared/texts-context.tsx';
import { useEffect, useMemo, type ReactNode } from 'react';
import { createTexts } from '../../core/messages/message-format.ts';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { ReloadLink } from '../shared/reload-link.tsx';
import { usePageUrl } from '../shared/use-page-url.ts';
import { documentTitle } from '../../core/document-title.ts';
import { paths } from './paths.ts';
import { SiteFrame } from './site-frame.tsx';
import { useDocumentTitle, useSiteSettings } from './use-site-settings.ts';
import './error-screens.css';

/** The page for any path the site does not have, under the site's own header. */
export function NotFoundPage(): ReactNode {
  const { settings, ready } = useSiteSettings();
  const [url] = usePageUrl();
  // Above SiteFrame's texts: the title reads the show's catalogue from its settings itself.
  const { text } = useMemo(
    () => createTexts(settings.language, settings.messages),
    [settings.language, settings.messages],
  );
  useDocumentTitle(documentTitle(settings.title, { kind: 'not-found' }, text));
  return (
    <SiteFrame settings={settings} ready={ready} deployed={url.state.deployed}>
      <main className="error-screen error-screen--framed">
        <NotFoundText />
      </main>
    </SiteFrame>
  );
}

/** The 404 page's heading and link home, in the show's language. */
function NotFoundText(): ReactNode {
  const { text } = useTexts();
  return (
    <>
      <h2>{text('errors.notFound')}</h2>
      <p>
        <Link to={paths.home}>{text('errors.home')}</Link>
      </p>
    </>
  );
}

/** 'Something went wrong.' with a link that reloads the page; the error is logged as a warning. */
export function SomethingWentWrong({ error }: { error: unknown }): ReactNode {
  const { text } = useTexts();
  useEffect(() => {
    console.warn('Something went wrong.', error);
  }, [error]);
  return (
    <main className="error-screen" role="alert">
      <h1>{text('errors.wrong')}</h1>
      <p>
        {text('reload.before')}
        <ReloadLink />
        {text('reload.after')}
      </p>
    </main>
  );
}

/** Hands a router-internal error (400, 403, 405…) on to the router's own default screen. */
function RouterDefaultError({ error }: { error: unknown }): ReactNode {
  throw error;
}

/**
 * The app's error boundary. Errors in the app read 'Something went wrong.'; a 404 from the
 * router shows the 404 page; other router responses fall through to the router's default
 * screen ('Unexpected Application Error!').
 */
export function AppErrorBoundary(): ReactNode {
  const error = useRouteError();
  if (isRouteErrorResponse(error)) {
    return error.status === 404 ? <NotFoundPage /> : <RouterDefaultError error={error} />;
  }
  return <SomethingWentWrong error={error} />;
}
