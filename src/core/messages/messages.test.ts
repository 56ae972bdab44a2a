import { describe, expect, it } from 'vitest';
import { textDirection } from '../language.ts';
import { showMessages, TRANSLATED_LANGUAGES } from './catalogues.ts';
import { createTexts, messagesSchema, placeholdersOf, segmentMessage } from './message-format.ts';
import { isExtraPluralKey, MESSAGE_KEYS, MESSAGES_EN, otherFormOf } from './messages-en.ts';

describe('the catalogues', () => {
  it('translate every text with the same {values} as the English one', () => {
    expect(TRANSLATED_LANGUAGES.sort()).toEqual(['ar', 'de', 'es', 'fr', 'he', 'ja', 'pt']);
    for (const language of TRANSLATED_LANGUAGES) {
      const messages = showMessages(language);
      const keys = Object.keys(messages);
      expect(keys.filter((key) => !isExtraPluralKey(key)).sort(), language).toEqual(
        [...MESSAGE_KEYS].sort(),
      );
      for (const key of MESSAGE_KEYS) {
        const text = messages[key] ?? '';
        // Arabic and Hebrew say one (and two) as a word, with no {count}: 'حلقة واحدة'.
        const wordForOne = key.endsWith('.one') && (language === 'ar' || language === 'he');
        const expected = [...placeholdersOf(MESSAGES_EN[key])].filter(
          (place) => !wordForOne || place !== 'count',
        );
        expect([...placeholdersOf(text)].sort(), `${language} ${key}`).toEqual(expected.sort());
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
      // An extra plural form stands beside a plural text and has no value that text lacks.
      for (const key of keys.filter(isExtraPluralKey)) {
        const other = otherFormOf(key);
        expect(other, key).not.toBeNull();
        const known = placeholdersOf(other === null ? '' : MESSAGES_EN[other]);
        for (const place of placeholdersOf(messages[key] ?? '')) expect(known).toContain(place);
      }
      expect(messagesSchema.safeParse(messages).success, language).toBe(true);
    }
  });

  it('carry every plural form Intl.PluralRules gives Arabic and Hebrew', () => {
    const arabic = showMessages('ar');
    for (const base of ['list.episodes', 'transcript.utterances', 'snippets.passages'] as const) {
      for (const form of ['two', 'few', 'many'] as const)
        expect(arabic[`${base}.${form}`], `${base}.${form}`).toBeDefined();
      expect(showMessages('he')[`${base}.two`], base).toBeDefined();
    }
  });

  it("choose the show's language by its primary subtag, and carry the show's own texts over it", () => {
    expect(showMessages('en-US')).toEqual({});
    expect(showMessages('de-AT')['search.button']).toBe('Suchen');
    expect(showMessages('pt-BR')['search.button']).toBe('Pesquisar');
    // No catalogue: the site's English, with only the show's own texts.
    expect(showMessages('ko', { 'search.button': '검색' })).toEqual({ 'search.button': '검색' });
    expect(showMessages('iw')['search.button']).toBe('חיפוש');
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

  it("chooses Arabic's six plural forms and Hebrew's dual, falling back to .other", () => {
    const ar = createTexts('ar', showMessages('ar'));
    expect([0, 1, 2, 3, 10, 11, 99, 100, 102].map((n) => ar.count('list.episodes', n))).toEqual([
      '0 حلقة',
      'حلقة واحدة',
      'حلقتان',
      '3 حلقات',
      '10 حلقات',
      '11 حلقة',
      '99 حلقة',
      '100 حلقة',
      '102 حلقة',
    ]);
    expect(ar.count('transcript.utterances', 2)).toBe('مرتين');
    const he = createTexts('he', showMessages('he'));
    expect([1, 2, 3].map((n) => he.count('list.episodes', n))).toEqual([
      'פרק אחד',
      'שני פרקים',
      '3 פרקים',
    ]);
    // A language whose catalogue names no 'few' form: Polish has one, few and many, English texts.
    expect(createTexts('pl').count('list.episodes', 3)).toBe('3 episodes');
    // A show that rewrites a count replaces all of the catalogue's forms of it.
    const own = createTexts('ar', showMessages('ar', { 'list.episodes.other': '{count} ح' }));
    expect(own.count('list.episodes', 3)).toBe('3 ح');
    expect(own.count('list.episodes', 1)).toBe('حلقة واحدة');
  });

  it('gives a text in pieces with its values apart, for markup that isolates them', () => {
    expect(segmentMessage('Back to the search for “{term}”', { term: 'الكتاب' })).toEqual([
      { kind: 'text', text: 'Back to the search for “' },
      { kind: 'value', name: 'term', text: 'الكتاب' },
      { kind: 'text', text: '”' },
    ]);
    expect(segmentMessage('{a} of {b}', { b: 3 })).toEqual([
      { kind: 'text', text: '{a} of ' },
      { kind: 'value', name: 'b', text: '3' },
    ]);
    const ar = createTexts('ar', showMessages('ar'));
    expect(ar.segments('transcript.found', { term: 'BBC', utterances: 'مرتين' })).toEqual([
      { kind: 'text', text: 'ورد «' },
      { kind: 'value', name: 'term', text: 'BBC' },
      { kind: 'text', text: '» ' },
      { kind: 'value', name: 'utterances', text: 'مرتين' },
    ]);
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
    // An extra plural form of a plural text, with that text's values.
    expect(messagesSchema.parse({ 'list.episodes.few': '{count} حلقات' })).toEqual({
      'list.episodes.few': '{count} حلقات',
    });
  });

  it('refuses an extra plural form of a text without plurals, or with a value it lacks', () => {
    expect(messagesSchema.safeParse({ 'search.button.two': 'x' }).success).toBe(false);
    expect(messagesSchema.safeParse({ 'list.episodes.dual': 'x' }).success).toBe(false);
    const place = messagesSchema.safeParse({ 'list.episodes.two': '{total}' });
    expect(place.error?.issues[0]?.message).toBe(
      '{total} is not a value this text has (it has {count})',
    );
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
