import { useCallback, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import {
  canReport,
  fileReportOnce,
  reportOutcome,
  subscribeReports,
} from '../../shared/error-report.ts';
import { useTexts } from '../../shared/texts-context.tsx';
import { useNewerAfterFailure } from '../../data/newer-version.tsx';
import { ReloadLink } from '../../shared/reload-link.tsx';
import './search.css';

/**
 * The card shown when a search fails: the error as its title, and the spec's apology. It files
 * one report per failure (`reportKey`) where the show configures where reports go
 * (`reportTo`), and says that a report has been filed only then, unless the browser refused it.
 * A pre-rendered page asks again whether the archive is newer: a later build may have deleted
 * the page's version, and then the way out is a reload, which the card offers instead of the
 * host's problem and the apology's advice to try a different search.
 */
export function SearchErrorCard({
  title,
  problem = null,
  reportTo = '',
  reportKey = title,
}: {
  title: string;
  /** What is wrong with the site's host, when that is why the search failed. */
  problem?: string | null;
  /** The show's report path (`errorReports`), or '' for none. */
  reportTo?: string;
  /** Names this failure: one report is filed per key. */
  reportKey?: string;
}): ReactNode {
  const { text } = useTexts();
  const newer = useNewerAfterFailure();
  useEffect(() => {
    fileReportOnce(reportKey, reportTo, () => ({
      kind: 'search',
      message: title,
      page: `${window.location.pathname}${window.location.search}`,
      time: new Date().toISOString(),
    }));
  }, [reportKey, reportTo, title]);
  const outcome = useCallback(() => reportOutcome(reportKey), [reportKey]);
  const sent = useSyncExternalStore(subscribeReports, outcome, outcome);
  // Said while it is being sent; unsaid if the browser refused it.
  const filed = canReport(reportTo) && sent !== false;
  return (
    <section className="search-error" role="alert" aria-labelledby="search-error-title">
      <h2 id="search-error-title" className="search-error__title">
        {title}
      </h2>
      {newer ? (
        // The way out is the reload alone: another search would fail the same way.
        <p className="search-error__problem">
          <ReloadLink>{text('newer.reload')}</ReloadLink>
        </p>
      ) : (
        <>
          {problem !== null && <p className="search-error__problem">{problem}</p>}
          <p className="search-error__body">
            {filed ? text('search.sorryReported') : text('search.sorry')}
          </p>
        </>
      )}
    </section>
  );
}

/** A note for a term in the URL that cannot be searched (too short, or no words in it). */
export function SearchProblem({ message }: { message: string }): ReactNode {
  return (
    <p className="search-problem" role="status">
      {message}
    </p>
  );
}
