import { describe, expect, it } from 'vitest';
import { textDirection } from '../language.ts';
import { showMessages, TRANSLATED_LANGUAGES } from './catalogues.ts';
import { createTexts, messagesSchema, placeholdersOf } from './message-format.ts';
import { MESSAGE_KEYS, MESSAGES_EN } from './messages-en.ts';

describe('the catalogues', () => {
  it('translate every text with the same {values} as the English one', () => {
    expect(TRANSLATED_LANGUAGES.sort()).toEqual(['de', 'es', 'fr', 'ja', 'pt']);
    for (const language of TRANSLATED_LANGUAGES) {
      const messages = showMessages(language);
      expect(Object.keys(messages).sort(), language).toEqual([...MESSAGE_KEYS].sort());
      for (const key of MESSAGE_KEYS) {
        const text = messages[key] ?? '';
        expect([...placeholdersOf(text)].sort(), `${language} ${key}`).toEqual(
          [...placeholdersOf(MESSAGES_EN[key])].sort(),
        );
        // Every value is there, and the translation is not the English text left in place
        // (a few words are the same in both: 'Pause', 'Live', 'Suggestions', 'Compilation').
        if (text === MESSAGES_EN[key])
          expect([
            'Pause',
            'Live',
            'Suggestions',
            'Compilation',
            'Pages',
            'description',
            'page',
            '.',
            '“{text}”',
          ]).toContain(text);
      }
      expect(messagesSchema.safeParse(messages).success, language).toBe(true);
    }
  });

  it("choose the show's language by its primary subtag, and carry the show's own texts over it", () => {
    expect(showMessages('en-US')).toEqual({});
    expect(showMessages('de-AT')['search.button']).toBe('Suchen');
    expect(showMessages('pt-BR')['search.button']).toBe('Pesquisar');
    // No catalogue: the site's English, with only the show's own texts.
    expect(showMessages('he', { 'search.button': 'חיפוש' })).toEqual({ 'search.button': 'חיפוש' });
    expect(showMessages('de', { 'search.button': 'Los' })['search.button']).toBe('Los');
  });
});

describe('createTexts', () => {
  it('puts values in and chooses plural forms by the language', () => {
    const en = createTexts('en');
    expect(en.count('list.episodes', 1)).toBe('1 episode');
    expect(en.count('list.episodes', 1200)).toBe('1,200 episodes');
    expect(en.text('list.showingAll', { episodes: en.count('list.episodes', 3) })).toBe(
      'showing all 3 episodes',
    );
    const de = createTexts('de-DE', showMessages('de'));
    expect(de.count('list.episodes', 1200)).toBe('1.200 Folgen');
    expect(de.text('pages.of', { count: 4 })).toBe('von 4');
    // French counts 0 as one.
    const fr = createTexts('fr', showMessages('fr'));
    expect(fr.count('list.episodes', 0)).toBe('0 épisode');
    expect(createTexts('ja', showMessages('ja')).count('list.episodes', 1)).toBe('1エピソード');
  });

  it('falls back to English for a text the show does not have, and for a tag Intl refuses', () => {
    const texts = createTexts('not a tag', { 'search.button': 'Go' });
    expect(texts.locale).toBe('en');
    expect(texts.text('search.button')).toBe('Go');
    expect(texts.text('search.label')).toBe('Search episodes');
  });

  it('leaves a place with no value as written, and puts values in as text', () => {
    const texts = createTexts('en');
    expect(texts.text('pages.of')).toBe('of {count}');
    expect(texts.text('episode.backToSearch', { term: '<b>$&</b>' })).toBe(
      'Back to the search for “<b>$&</b>”',
    );
  });

  it('cuts a text at the place a link goes, wherever the language puts it', () => {
    expect(createTexts('en').around('typo.showing', 'term')).toEqual(['Showing results for ', '']);
    expect(createTexts('ja', showMessages('ja')).around('typo.showing', 'term')).toEqual([
      '',
      ' の検索結果を表示しています',
    ]);
    const german = createTexts('de', showMessages('de'));
    expect(german.around('title.listPage', 'show', { page: 2, count: 5 })).toEqual([
      '',
      ' · Seite 2 von 5',
    ]);
    // An override without the place: no place to cut, the link stands alone.
    expect(
      createTexts('en', { 'typo.showing': 'Nearest word:' }).around('typo.showing', 'term'),
    ).toBeNull();
    expect(german.text('quote.marks', { text: 'Haus' })).toBe('„Haus“');
  });
});

describe('site.messages in a config file', () => {
  it('takes known keys with their own {values}', () => {
    expect(messagesSchema.parse({ 'list.found': '{found} / {episodes}' })).toEqual({
      'list.found': '{found} / {episodes}',
    });
  });

  it('refuses an unknown key, a value the text does not have, and a very long text', () => {
    const unknown = messagesSchema.safeParse({ 'search.buton': 'Go' });
    expect(unknown.error?.issues[0]?.message).toMatch(/"search\.buton" is not an interface text/);
    expect(unknown.error?.issues[0]?.path).toEqual(['search.buton']);
    const place = messagesSchema.safeParse({ 'list.found': '{found} of {total}' });
    expect(place.error?.issues[0]?.message).toBe(
      '{total} is not a value this text has (it has {found}, {episodes})',
    );
    expect(messagesSchema.safeParse({ 'search.button': 'x'.repeat(501) }).success).toBe(false);
    expect(messagesSchema.safeParse({ 'search.button': 3 }).success).toBe(false);
    // An inherited name is not a key; zod drops a "__proto__" key before it is read.
    expect(Object.keys(messagesSchema.parse(JSON.parse('{"__proto__": "x"}')))).toEqual([]);
    expect(messagesSchema.safeParse({ toString: 'x' }).success).toBe(false);
  });
});

describe('textDirection', () => {
  it('is right to left for Arabic, Hebrew, Persian, Urdu and their scripts', () => {
    for (const tag of ['ar', 'ar-EG', 'he', 'iw', 'fa-IR', 'ur', 'yi', 'ps', 'az-Arab']) {
      expect(textDirection(tag), tag).toBe('rtl');
    }
    for (const tag of ['en', 'de-DE', 'ja', 'zh-CN', 'tr', 'uz-Latn', 'ku-Latn']) {
      expect(textDirection(tag), tag).toBe('ltr');
    }
  });
});
