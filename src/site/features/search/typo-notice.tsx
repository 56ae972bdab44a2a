import type { ReactNode } from 'react';
import { Link } from 'react-router';
import './search.css';

/**
 * Says that a term which found nothing shows its nearest words' results instead (decision
 * 0035): "Showing results for banana · search instead for 'bananna'", both links.
 */
export function TypoNotice({
  corrected,
  typed,
  correctedHref,
  typedHref,
}: {
  corrected: string;
  typed: string;
  /** The corrected term's own search. */
  correctedHref: string;
  /** The term as typed, never corrected. */
  typedHref: string;
}): ReactNode {
  return (
    <p className="typo-notice" role="status">
      Showing results for{' '}
      <Link className="typo-notice__corrected" to={correctedHref}>
        {corrected}
      </Link>{' '}
      · search instead for <Link to={typedHref}>‘{typed}’</Link>
    </p>
  );
}
