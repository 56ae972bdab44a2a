import { render } from '@testing-library/react';
import { useMemo, useRef } from 'react';
import { describe, expect, it } from 'vitest';
import { parseSearchQuery, phraseQuery, type ParsedQuery } from '../../../core/search-query.ts';
import { matchRanges, useMatchHighlights } from './use-match-highlights.ts';
import { ENGLISH } from '../../../core/test-support/analyzers.ts';

function rangesIn(html: string, tokens: string[]): string[] {
  const host = document.createElement('div');
  host.innerHTML = html;
  return matchRanges(host, phraseQuery(tokens, ENGLISH)).map((range) => range.toString());
}

describe('matchRanges', () => {
  it('finds a phrase across elements, as the index reads tags as spaces', () => {
    expect(rangesIn('<p>Why <em>ice</em> cream melts</p>', ['ice', 'cream'])).toEqual([
      'ice cream',
    ]);
    // A range over two paragraphs reads without the break between them.
    expect(rangesIn('<p>Ice</p><p>cream</p>', ['ice', 'cream'])).toEqual(['Icecream']);
  });

  it('folds case and diacritics and finds every occurrence', () => {
    expect(rangesIn('<h2>9: Réunion and RÉUNION</h2>', ['reunion'])).toEqual([
      'Réunion',
      'RÉUNION',
    ]);
    expect(rangesIn('<h2>Octopus</h2>', ['squid'])).toEqual([]);
  });

  it('marks each unquoted word by its stem, a quoted phrase as one run', () => {
    const host = document.createElement('div');
    host.innerHTML = '<h2>1: Clouds, Honey and Bananas</h2><p>ice creams and an ice cream</p>';
    const found = (query: ParsedQuery): string[] =>
      matchRanges(host, query).map((range) => range.toString());
    expect(found(parseSearchQuery('banana honey', ENGLISH))).toEqual(['Honey', 'Bananas']);
    expect(found(parseSearchQuery('"ice cream"', ENGLISH))).toEqual(['ice cream']);
    expect(found(parseSearchQuery('ice cream', ENGLISH))).toEqual([
      'ice',
      'creams',
      'ice',
      'cream',
    ]);
  });
});

function Rows({ tokens }: { tokens: string[] | null }) {
  const query = tokens === null ? null : phraseQuery(tokens, ENGLISH);
  const ref = useRef<HTMLDivElement>(null);
  useMatchHighlights(
    ref,
    useMemo(() => [{ selector: 'h2', query }], [query]),
  );
  return (
    <div ref={ref}>
      <h2>The Orchid in Your Ice Cream</h2>
    </div>
  );
}

describe('useMatchHighlights', () => {
  it('leaves the rows untouched where the browser has no highlight API', () => {
    const { container } = render(<Rows tokens={['ice', 'cream']} />);
    expect(container.querySelector('h2')?.innerHTML).toBe('The Orchid in Your Ice Cream');
    expect(container.querySelector('mark')).toBeNull();
  });
});
