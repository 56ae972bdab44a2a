import { describe, expect, it } from 'vitest';
import { loadAnalyzer } from './analyzer.ts';
import { checkSearchTerm } from './fts-query.ts';
import { normaliseLanguageTag, searchLanguageOf } from './language.ts';
import { lastWord } from './last-word.ts';
import { findQueryRanges } from './query-match.ts';
import { parseSearchQuery } from './search-query.ts';
import { createTokenizer } from './tokenizer.ts';
import { joinWords, splitUnspacedText } from './unspaced-scripts.ts';

const german = await loadAnalyzer({ version: 2, language: 'de' });
const japanese = await loadAnalyzer({ version: 2, language: 'ja' });
const english = createTokenizer('en');

describe('the tokenizer', () => {
  it('folds case, compatibility forms and accents in English, as unicode61 did', () => {
    expect(english.tokenize("Don't go to the Café, Søren! ＡＢＣ ﬁne naïve")).toEqual([
      'don',
      't',
      'go',
      'to',
      'the',
      'cafe',
      'søren',
      'abc',
      'fine',
      'naive',
    ]);
  });

  it('keeps the letters a language counts as its own, and reads ß as ss', () => {
    expect(german.tokenize('Häuser Straße STRASSE Şeyda Café Groß')).toEqual([
      'häuser',
      'strasse',
      'strasse',
      'seyda',
      'cafe',
      'gross',
    ]);
    expect(createTokenizer('es').tokenize('Año acción')).toEqual(['año', 'accion']);
    expect(createTokenizer('sv').tokenize('Åsa Öl Café')).toEqual(['åsa', 'öl', 'cafe']);
    expect(createTokenizer('tr').tokenize('İstanbul ISPARTA ılık Şehir')).toEqual([
      'istanbul',
      'ısparta',
      'ılık',
      'şehir',
    ]);
    expect(createTokenizer('ro').tokenize('Ştiinţă știință')).toEqual(['știință', 'știință']);
    expect(createTokenizer('vi').tokenize('Tiếng Việt')).toEqual(['tiếng', 'việt']);
    expect(createTokenizer('ru').tokenize('Ёлка йод')).toEqual(['елка', 'йод']);
    expect(createTokenizer('el').tokenize('ΟΔΟΣ οδός')).toEqual(['οδοσ', 'οδοσ']);
  });

  it('keeps marks that are part of a letter: kana voicing, Devanagari and Thai vowels', () => {
    // The kana bug: NFD stripped the voicing mark, so 'カナダ' became 'カナタ' on one side only.
    expect(japanese.tokenize('カナダ ｶﾅﾀﾞ')).toEqual(['カナダ', 'カナダ']);
    expect(japanese.tokenize('がぎぐ')).not.toContain('かきく');
    expect(createTokenizer('hi').tokenize('नमस्ते दुनिया')).toEqual(['नमस्ते', 'दुनिया']);
    expect(createTokenizer('ar').tokenize('العَرَبِيَّة كتـــاب')).toEqual(['العربية', 'كتاب']);
  });

  it('cuts unspaced scripts into words, so a word inside a sentence is a token of its own', () => {
    expect(japanese.tokenize('今日は東京で天気がいいです')).toEqual([
      '今日',
      'は',
      '東京',
      'で',
      '天気',
      'が',
      'いい',
      'です',
    ]);
    expect(createTokenizer('th').tokenize('สวัสดีครับวันนี้อากาศดีมาก')).toContain('อากาศ');
    expect(createTokenizer('zh').tokenize('整个MATLAB里面')).toEqual(['整个', 'matlab', '里面']);
  });

  it('removes zero-width characters inside a word instead of splitting it', () => {
    const invisible = '\u200b\u200c'.repeat(1024);
    expect(createTokenizer('zh').tokenize(`不确定的或${invisible}者是动态`)).toContain('或者是');
    expect(english.tokenize('foo\u200bbar soft\u00adhyphen \ufeffbom')).toEqual([
      'foobar',
      'softhyphen',
      'bom',
    ]);
  });

  it('gives offsets into the text as written', () => {
    const text = 'Das Haus am Straßenrand: 東京';
    for (const { token, start, end } of german.tokenizeWithOffsets(text)) {
      expect(german.tokenize(text.slice(start, end))).toContain(token);
    }
    expect(german.tokenizeWithOffsets('x 今日は')).toEqual([
      { token: 'x', start: 0, end: 1 },
      { token: '今日', start: 2, end: 4 },
      { token: 'は', start: 4, end: 5 },
    ]);
  });
});

describe('stems in the show language', () => {
  it("finds German word forms: 'Häuser' and 'Haus', 'Straße', 'Strasse' and 'Straßen'", () => {
    const stem = (word: string): string => german.stem(german.tokenize(word)[0] ?? '');
    expect(stem('Häuser')).toBe(stem('Haus'));
    expect(stem('Straße')).toBe(stem('Strasse'));
    expect(stem('Straßen')).toBe(stem('Straße'));
    expect(stem('Städte')).toBe(stem('Stadt'));
  });

  it('runs no stemmer on a language without one', async () => {
    const chinese = await loadAnalyzer({ version: 2, language: 'zh-CN' });
    expect(chinese.stem('东京')).toBe('东京');
    expect(japanese.stem('runs')).toBe('runs');
  });

  it('highlights every form of a German word in a title', () => {
    const title = 'Häuser und ein Haus an der Straße';
    const ranges = findQueryRanges(title, parseSearchQuery('haus strassen', german));
    expect(ranges.map((range) => title.slice(range.start, range.end))).toEqual([
      'Häuser',
      'Haus',
      'Straße',
    ]);
  });
});

describe('searching in unspaced scripts', () => {
  it('counts one or two Han, kana or Hangul characters as long enough', () => {
    expect(checkSearchTerm('東京', 3, japanese).kind).toBe('search');
    expect(checkSearchTerm('夢', 3, japanese).kind).toBe('search');
    expect(checkSearchTerm('서울', 3, japanese).kind).toBe('search');
    expect(checkSearchTerm('ab', 3, japanese).kind).toBe('too-short');
  });

  it('reads an unspaced sentence as a phrase of its words', () => {
    expect(parseSearchQuery('今日は東京', japanese).parts).toEqual([
      { kind: 'phrase', tokens: ['今日', 'は', '東京'] },
    ]);
  });

  it('suggests from the last word the segmenter finds', () => {
    expect(lastWord('今日は東京', japanese)).toEqual({ token: '東京', start: 3 });
    expect(lastWord('Straß', german)).toEqual({ token: 'strass', start: 0 });
  });

  it('cuts a long unspaced cue into words and joins them without spaces', () => {
    const cue = '啊各位朋友大家好欢迎来到后互联网时代的乱谈';
    const words = splitUnspacedText(cue);
    expect(words.length).toBeGreaterThan(8);
    expect(words.join('')).toBe(cue);
    expect(joinWords(words)).toBe(cue);
    expect(joinWords(['大家', 'MATLAB', '里面'])).toBe('大家 MATLAB 里面');
    expect(splitUnspacedText('Straße,')).toEqual(['Straße,']);
    expect(splitUnspacedText('「東京」です。')).toEqual(['「東京」', 'です。']);
  });
});

describe('language tags', () => {
  it('reads the tags feeds write', () => {
    expect(normaliseLanguageTag('en-us')).toBe('en-US');
    expect(normaliseLanguageTag(' de_DE ')).toBe('de-DE');
    expect(normaliseLanguageTag('ZH-hans-cn')).toBe('zh-Hans-CN');
    expect(normaliseLanguageTag('English')).toBeNull();
    expect(normaliseLanguageTag('')).toBeNull();
    expect(searchLanguageOf('pt-BR')).toBe('pt');
    expect(searchLanguageOf('iw')).toBe('he');
  });
});

describe('every stemmer', () => {
  it('loads as its own module and brings word forms together', async () => {
    const forms: [string, string, string][] = [
      ['ar', 'الكتاب', 'كتاب'],
      ['ca', 'gats', 'gat'],
      ['cs', 'příkladech', 'příklad'],
      ['da', 'husene', 'huset'],
      ['de', 'häuser', 'haus'],
      ['el', 'δρόμους', 'δρόμος'],
      ['en', 'submarines', 'submarine'],
      ['es', 'canciones', 'canción'],
      ['eu', 'etxeetan', 'etxe'],
      ['fi', 'taloissa', 'talossa'],
      ['fr', 'continuellement', 'continuel'],
      ['hu', 'házakban', 'házak'],
      ['it', 'cantando', 'cantare'],
      ['nl', 'boeken', 'boek'],
      ['no', 'husene', 'huset'],
      ['pl', 'domach', 'dom'],
      ['pt', 'livros', 'livro'],
      ['ro', 'orașele', 'orașul'],
      ['ru', 'книгами', 'книга'],
      ['sv', 'bilarna', 'bilar'],
      ['tr', 'evlerde', 'evler'],
    ];
    for (const [language, first, second] of forms) {
      const analyzer = await loadAnalyzer({ version: 2, language });
      const stem = (word: string): string => analyzer.stem(analyzer.tokenize(word)[0] ?? '');
      expect(stem(first), `${language}: ${first} and ${second}`).toBe(stem(second));
    }
  });
});
