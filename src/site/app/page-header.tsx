import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { SiteSettings } from '../../core/site-config.ts';
import { paths } from './paths.ts';

/** The site's title with its logo, and the link to the project's source repository. */
export function PageHeader({
  settings,
}: {
  settings: Pick<SiteSettings, 'title' | 'sourceUrl'>;
}): ReactNode {
  const { title, sourceUrl } = settings;
  return (
    <header className="page-header">
      <Link to={paths.home} className="page-header__home">
        <img
          className="page-header__logo"
          src={`${import.meta.env.BASE_URL}logo.svg`}
          alt=""
          width={48}
          height={48}
        />
        <h1 className="page-header__title">{title}</h1>
      </Link>
      {sourceUrl !== '' && (
        <a className="page-header__source" href={sourceUrl} rel="noopener">
          source code
        </a>
      )}
    </header>
  );
}
