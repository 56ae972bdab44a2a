import { describe, expect, it } from 'vitest';
import { numberItems, type NumberCandidate, type NumberingOptions } from './episode-numbering.ts';

/** An item published on day `day` of March 2024, `fields` as given. */
function item(
  index: number,
  day: number | null,
  fields: Partial<NumberCandidate> = {},
): NumberCandidate {
  return {
    index,
    key: `guid-${index}`,
    title: `Item ${index}`,
    line: 10 * (index + 1),
    pubDate: day === null ? null : `2024-03-${String(day).padStart(2, '0')}T10:00:00.000Z`,
    tagNumber: undefined,
    titleNumber: undefined,
    badTag: undefined,
    ...fields,
  };
}

const RENUMBER: NumberingOptions = { duplicates: 'renumber', known: new Map() };

/** Number by item index, for reading. */
function numbersOf(items: NumberCandidate[], options: NumberingOptions = RENUMBER) {
  const numbering = numberItems(items, options);
  return {
    byIndex: Object.fromEntries([...numbering.numbers].sort(([a], [b]) => a - b)),
    numbering,
  };
}

describe('numberItems', () => {
  it('numbers a show without numbers oldest first, whatever the feed order', () => {
    const items = [item(0, 9), item(1, 3), item(2, null), item(3, 5)];
    expect(numbersOf(items).byIndex).toEqual({ 0: '4', 1: '2', 2: '1', 3: '3' });
  });

  it('keeps given numbers when a newer item arrives and an older one goes', () => {
    const first = numbersOf([item(0, 3), item(1, 2), item(2, 1)]).numbering;
    expect(first.changed).toBe(true);
    const known = first.given;
    const next = numbersOf([item(3, 4), item(0, 3), item(1, 2)], { ...RENUMBER, known });
    expect(next.byIndex).toEqual({ 0: '3', 1: '2', 3: '4' });
    // The one that went keeps its entry, so its number is never given again.
    expect(next.numbering.given.get('guid-2')).toBe('1');
    const again = numbersOf([item(3, 4), item(0, 3), item(1, 2)], {
      ...RENUMBER,
      known: next.numbering.given,
    });
    expect(again.numbering.changed).toBe(false);
  });

  it('keeps a given number over what the item says later, and says so', () => {
    const known = new Map([['guid-0', '7']]);
    const { byIndex, numbering } = numbersOf(
      [item(0, 1, { titleNumber: '3' }), item(1, 2, { titleNumber: '7' })],
      { ...RENUMBER, known },
    );
    expect(byIndex).toEqual({ 0: '7', 1: '7.1' });
    expect(numbering.notes.map((note) => note.kind)).toEqual(['kept', 'conflict', 'renumbered']);
    expect(numbering.notes[0]?.text).toBe(
      '"Item 0" (line 10) says 3 but has been 7 since an earlier build; kept 7 (edit episode-numbers.json to change it)',
    );
  });

  it('lets a tag beat a title, whichever item is older', () => {
    const { byIndex } = numbersOf([
      item(0, 1, { titleNumber: '4' }),
      item(1, 2, { tagNumber: { number: '4', tag: 'itunes:episode' } }),
      item(2, 3, { tagNumber: { number: '5', tag: 'itunes:episode' } }),
    ]);
    expect(byIndex).toEqual({ 0: '4.1', 1: '4', 2: '5' });
  });

  it('never gives a tenth that reads as another number (5.10 is 5.1)', () => {
    const items = [item(0, 1, { titleNumber: '5' })];
    for (let index = 1; index <= 11; index += 1) items.push(item(index, 1 + index));
    // Later numbered episodes make this a show that numbers its items.
    for (let index = 12; index <= 23; index += 1)
      items.push(item(index, index + 8, { titleNumber: String(index) }));
    const { byIndex } = numbersOf(items);
    expect(Object.values(byIndex).slice(0, 12)).toEqual([
      '5',
      '5.1',
      '5.2',
      '5.3',
      '5.4',
      '5.5',
      '5.6',
      '5.7',
      '5.8',
      '5.9',
      '5.11',
      '5.12',
    ]);
  });

  it('in a show that numbers few items, counts on past a stray number in a title', () => {
    const items = [item(0, 1), item(1, 2, { titleNumber: '2' }), item(2, 3), item(3, 4)];
    expect(numbersOf(items).byIndex).toEqual({ 0: '1', 1: '2', 2: '3', 3: '4' });
    const stray = [item(0, 1), item(1, 2, { titleNumber: '2024' }), item(2, 3), item(3, 4)];
    expect(numbersOf(stray).byIndex).toEqual({ 0: '1', 1: '2024', 2: '2', 3: '3' });
  });

  it('keeps only the newer of two items with "keep-newest", but never against a given number', () => {
    const options: NumberingOptions = { duplicates: 'keep-newest', known: new Map() };
    const twins = [item(0, 2, { titleNumber: '5' }), item(1, 1, { titleNumber: '5' })];
    expect(numbersOf(twins, options).byIndex).toEqual({ 0: '5' });
    const known = new Map([['guid-1', '5']]);
    expect(numbersOf(twins, { ...options, known }).byIndex).toEqual({ 0: '5.1', 1: '5' });
  });

  it('reports each pair with "error", in feed order', () => {
    const { numbering } = numbersOf(
      [item(0, 2, { titleNumber: '5' }), item(1, 1, { titleNumber: '5' })],
      { duplicates: 'error', known: new Map() },
    );
    expect(numbering.conflicts.map(({ first, second }) => [first.index, second.index])).toEqual([
      [0, 1],
    ]);
    expect(numbering.numbers.has(0)).toBe(false);
  });
});
