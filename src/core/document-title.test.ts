import { describe, expect, it } from 'vitest';
import { documentTitle, episodeHeading } from './document-title.ts';
import { showMessages } from './messages/catalogues.ts';
import { createTexts } from './messages/message-format.ts';

describe('documentTitle', () => {
  const { text } = createTexts('en', {});
  const german = createTexts('de', showMessages('de')).text;

  it('names what the page shows, then the show', () => {
    expect(documentTitle('Show', { kind: 'home' }, text)).toBe('Show');
    expect(documentTitle('Show', { kind: 'episode', heading: '5: Clouds' }, text)).toBe(
      '5: Clouds · Show',
    );
    expect(documentTitle('Show', { kind: 'search', term: 'ice' }, text)).toBe('Search: ice · Show');
    expect(documentTitle('Show', { kind: 'not-found' }, text)).toBe('Not found · Show');
    expect(documentTitle('Show', { kind: 'list', page: 2, count: 5 }, text)).toBe(
      'Show · page 2 of 5',
    );
    expect(documentTitle('Show', { kind: 'list', page: 2, count: 5 }, german)).toBe(
      'Show · Seite 2 von 5',
    );
  });
});

describe('episodeHeading', () => {
  it('puts the number once before the title', () => {
    expect(episodeHeading({ episode: '53', title: 'Community' })).toBe('53: Community');
    expect(episodeHeading({ episode: '180', title: '#180 Python at work' })).toBe(
      '180: Python at work',
    );
    expect(episodeHeading({ episode: '7', title: '10 things' })).toBe('7: 10 things');
  });
});
