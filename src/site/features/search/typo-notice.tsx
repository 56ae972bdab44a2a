import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTexts } from '../../shared/texts-context.tsx';
import './search.css';

/** A catalogue text with a link where its `{term}` is (the link alone if an override dropped it). */
function TextAroundLink({
  parts,
  link,
}: {
  parts: readonly [string, string] | null;
  link: ReactNode;
}): ReactNode {
  if (parts === null) return link;
  return (
    <>
      {parts[0]}
      <bdi>{link}</bdi>
      {parts[1]}
    </>
  );
}

/**
 * Says that a term which found nothing shows its nearest words' results instead (decision
 * 0035): "Showing results for banana · search instead for 'bananna'", both links, in the
 * show's language.
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
  const { around, text } = useTexts();
  return (
    <p className="typo-notice" role="status">
      <TextAroundLink
        parts={around('typo.showing', 'term')}
        link={
          <Link className="typo-notice__corrected" to={correctedHref}>
            {corrected}
          </Link>
        }
      />
      {' · '}
      <TextAroundLink
        parts={around('typo.instead', 'term')}
        link={<Link to={typedHref}>{text('typo.typed', { term: typed })}</Link>}
      />
    </p>
  );
}
