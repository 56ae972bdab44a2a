import type { ReactNode } from 'react';
import './search.css';

/** The card shown when a search fails: the error as its title, and the spec's apology. */
export function SearchErrorCard({
  title,
  problem = null,
}: {
  title: string;
  /** What is wrong with the site's host, when that is why the search failed. */
  problem?: string | null;
}): ReactNode {
  return (
    <section className="search-error" role="alert" aria-labelledby="search-error-title">
      <h2 id="search-error-title" className="search-error__title">
        {title}
      </h2>
      {problem !== null && <p className="search-error__problem">{problem}</p>}
      <p className="search-error__body">
        Sorry about that. A report has been filed. Please try a different search.
      </p>
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
