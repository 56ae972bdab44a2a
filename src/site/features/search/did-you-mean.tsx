import { useTexts } from '../../shared/texts-context.tsx';
import { useMemo, type ReactNode } from 'react';
import { partEpisodes, type PartHits } from '../../../core/ranking.ts';
import { replaceToken, type ParsedQuery } from '../../../core/search-query.ts';
import { useDatabase } from '../../data/database-context.tsx';
import { useResource } from '../../data/resource.ts';
import { loadNearestWords } from '../../data/term-list-queries.ts';
import './search.css';

/**
 * After a search that found nothing: the indexed words nearest the first unquoted word that
 * matched nothing (up to two edits, most frequent first), each a button that searches the term
 * with that word in its place.
 */
export function DidYouMean({
  term,
  parsed,
  hits,
  onSearch,
}: {
  term: string;
  parsed: ParsedQuery;
  hits: readonly PartHits[];
  onSearch: (term: string) => void;
}): ReactNode {
  const db = useDatabase();
  const { text } = useTexts();
  const missing = useMemo(() => {
    const index = parsed.parts.findIndex((part, at) => {
      const found = hits[at];
      return part.kind === 'word' && found !== undefined && partEpisodes(found).size === 0;
    });
    const part = parsed.parts[index];
    return part?.kind === 'word' ? part : null;
  }, [parsed, hits]);
  const token = missing?.token ?? null;
  const nearest = useResource(token, async () => {
    const words = await loadNearestWords(db, token ?? '');
    // A word the typed prefix begins is one the search already looked for (issue 27).
    return missing?.prefix === true ? words.filter((word) => !word.startsWith(token ?? '')) : words;
  });
  if (token === null || nearest.status !== 'ready' || nearest.data.length === 0) return null;
  return (
    <p className="did-you-mean">
      {text('search.didYouMean')}{' '}
      {nearest.data.map((word, index) => (
        <span key={word}>
          {index > 0 && ', '}
          <button
            type="button"
            className="did-you-mean__word"
            onClick={() => onSearch(replaceToken(term, token, word, parsed.analyzer))}
          >
            {replaceToken(term, token, word, parsed.analyzer)}
          </button>
        </span>
      ))}
      ?
    </p>
  );
}
