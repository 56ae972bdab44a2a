import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { SiteSettings } from '../../core/site-config.ts';
import { FallbackImage, titleInitials } from '../shared/fallback-image.tsx';
import { useMedia } from '../shared/media-context.tsx';
import { useTexts } from '../shared/texts-context.tsx';
import { logoUrl } from './branding.ts';
import { paths } from './paths.ts';

/**
 * The site's title with the podcast's logo, linking home, and the link to the project's source
 * repository.
 * Until the settings arrive the logo's place stays empty (no flash of the built-in one); a logo
 * that does not load shows the title's initials.
 */
export function PageHeader({
  settings,
  ready,
  titleIsHeading = true,
}: {
  settings: Pick<SiteSettings, 'title' | 'sourceUrl' | 'logo'>;
  ready: boolean;
  /** The show's name is the page's H1; an episode's page names the show in plain text. */
  titleIsHeading?: boolean;
}): ReactNode {
  const { title, sourceUrl } = settings;
  const media = useMedia();
  const { text } = useTexts();
  const initials = (
    <span className="page-header__logo page-header__initials" aria-hidden="true">
      {titleInitials(title)}
    </span>
  );
  return (
    <header className="page-header">
      <Link to={paths.home} className="page-header__home">
        {ready ? (
          <FallbackImage
            className="page-header__logo"
            src={logoUrl(settings, media)}
            alt=""
            width={48}
            height={48}
            fallback={initials}
          />
        ) : (
          <span className="page-header__logo" aria-hidden="true" />
        )}
        {titleIsHeading ? (
          <h1 className="page-header__title">{title}</h1>
        ) : (
          <span className="page-header__title">{title}</span>
        )}
      </Link>
      {sourceUrl !== '' && (
        <a className="page-header__source" href={sourceUrl} rel="noopener">
          {text('header.source')}
        </a>
      )}
    </header>
  );
}
