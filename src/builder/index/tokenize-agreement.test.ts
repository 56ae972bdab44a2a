import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { loadAnalyzer, type Analyzer } from '../../core/analyzer.ts';
import { quoteFtsString } from '../../core/fts-query.ts';
import { createPrng, type Prng } from '../../core/prng.ts';
import { FTS_TOKENIZER } from '../../core/tokenizer.ts';
import { withoutInvisibles } from '../read/transcripts/word-collector.ts';
import { indexText } from './write-db.ts';

// The index and the query tokenize alike, for text in every script Unicode has: what SQLite
// stores for a text (fts5vocab of an FTS5 table with the builder's tokenizer, fed the
// builder's `indexText`) is exactly the site's tokens of that text; every token, typed on its
// own, is that token again; a text's tokens are its words' tokens (the transcript highlighter
// tokenizes word by word); and a query made of the tokens finds the row.

/** Unicode's scripts (long names); those this runtime's regular expressions know are used. */
const SCRIPTS =
  `Adlam Ahom Anatolian_Hieroglyphs Arabic Armenian Avestan Balinese Bamum Bassa_Vah Batak
Bengali Bhaiksuki Bopomofo Brahmi Braille Buginese Buhid Canadian_Aboriginal Carian
Caucasian_Albanian Chakma Cham Cherokee Chorasmian Common Coptic Cuneiform Cypriot Cypro_Minoan
Cyrillic Deseret Devanagari Dives_Akuru Dogra Duployan Egyptian_Hieroglyphs Elbasan Elymaic
Ethiopic Garay Georgian Glagolitic Gothic Grantha Greek Gujarati Gunjala_Gondi Gurmukhi
Gurung_Khema Han Hangul Hanifi_Rohingya Hanunoo Hatran Hebrew Hiragana Imperial_Aramaic
Inherited Inscriptional_Pahlavi Inscriptional_Parthian Javanese Kaithi Kannada Katakana Kawi
Kayah_Li Kharoshthi Khitan_Small_Script Khmer Khojki Khudawadi Kirat_Rai Lao Latin Lepcha Limbu
Linear_A Linear_B Lisu Lycian Lydian Mahajani Makasar Malayalam Mandaic Manichaean Marchen
Masaram_Gondi Medefaidrin Meetei_Mayek Mende_Kikakui Meroitic_Cursive Meroitic_Hieroglyphs Miao
Modi Mongolian Mro Multani Myanmar Nabataean Nag_Mundari Nandinagari New_Tai_Lue Newa Nko Nushu
Nyiakeng_Puachue_Hmong Ogham Ol_Chiki Ol_Onal Old_Hungarian Old_Italic Old_North_Arabian
Old_Permic Old_Persian Old_Sogdian Old_South_Arabian Old_Turkic Old_Uyghur Oriya Osage Osmanya
Pahawh_Hmong Palmyrene Pau_Cin_Hau Phags_Pa Phoenician Psalter_Pahlavi Rejang Runic Samaritan
Saurashtra Sharada Shavian Siddham SignWriting Sinhala Sogdian Sora_Sompeng Soyombo Sundanese
Sunuwar Syloti_Nagri Syriac Tagalog Tagbanwa Tai_Le Tai_Tham Tai_Viet Takri Tamil Tangsa Tangut
Telugu Thaana Thai Tibetan Tifinagh Tirhuta Todhri Toto Tulu_Tigalari Ugaritic Vai Vithkuqi
Wancho Warang_Citi Yezidi Yi Zanabazar_Square`.split(/\s+/);

function knownScript(name: string): RegExp | null {
  try {
    return new RegExp(`\\p{Script=${name}}`, 'gu');
  } catch {
    return null;
  }
}

/** Every assigned character up to the end of plane 3, surrogates aside. */
function assignedCharacters(): string {
  const chars: string[] = [];
  for (let code = 0; code <= 0x3134f; code += 1) {
    if (code >= 0xd800 && code <= 0xdfff) continue;
    chars.push(String.fromCodePoint(code));
  }
  return chars.join('').replace(/\p{Cn}/gu, '');
}

/** The characters of each script this runtime knows. */
function scriptPools(): Map<string, string[]> {
  const all = assignedCharacters();
  const pools = new Map<string, string[]>();
  for (const name of SCRIPTS) {
    const pattern = knownScript(name);
    if (!pattern) continue;
    const found = all.match(pattern);
    if (found && found.length > 0) pools.set(name, found);
  }
  return pools;
}

const SEPARATORS = [' ', ' ', ' ', ', ', '. ', '\u00a0', '\u3000', '、', '!', '\n', '-', "'"];
const EXTRAS = ['\u200b', '\u200c', '\u200d', '\u2060', '\ufeff', '\u00ad', '\u0301', '\u3099'];

/** A text of words from one script, with marks, zero-width characters, Latin and digits. */
function randomText(prng: Prng, pool: readonly string[]): string {
  let text = '';
  const words = prng.int(1, 8);
  for (let word = 0; word < words; word += 1) {
    if (word > 0) text += prng.pick(SEPARATORS);
    if (prng.chance(0.1)) text += prng.pick(['Straße', 'İstanbul', 'ＡＢＣ', '2024', 'café']);
    const length = prng.int(1, 10);
    for (let char = 0; char < length; char += 1) {
      text += prng.pick(pool);
      if (prng.chance(0.08)) text += prng.pick(EXTRAS);
    }
  }
  return text;
}

const LANGUAGES = ['en', 'de', 'tr', 'vi', 'ja', 'ar', 'ru', 'zh'];
const TEXTS_PER_SCRIPT = 12;

const db = new Database(':memory:');
db.exec(
  `CREATE VIRTUAL TABLE texts USING fts5(x, content='', detail=full, tokenize='${FTS_TOKENIZER}')`,
);
db.exec("CREATE VIRTUAL TABLE temp.texts_vocab USING fts5vocab(main, 'texts', 'instance')");
const insert = db.prepare('INSERT INTO texts (rowid, x) VALUES (?, ?)');
const stored = db.prepare<[number], [string, number]>(
  'SELECT term, offset FROM temp.texts_vocab WHERE doc = ? ORDER BY offset',
);
const matching = db.prepare<[string], number>('SELECT rowid FROM texts WHERE texts MATCH ?');

afterAll(() => db.close());

function checkText(analyzer: Analyzer, text: string, rowid: number, where: string): number {
  const tokens = analyzer.tokenize(text);
  insert.run(rowid, indexText(analyzer, text));
  // SQLite stores exactly the site's tokens, in order: its tokenizer changes nothing.
  expect(
    stored
      .raw()
      .all(rowid)
      .map(([term]) => term),
    where,
  ).toEqual(tokens);
  // Offsets name the text as written; the tokens are the same either way.
  const withOffsets = analyzer.tokenizeWithOffsets(text);
  expect(
    withOffsets.map((entry) => entry.token),
    where,
  ).toEqual(tokens);
  for (const { start, end } of withOffsets) {
    expect(start >= 0 && start < end && end <= text.length, where).toBe(true);
  }
  // A transcript's words (as the reader cuts them) tokenized one by one, as the transcript view
  // does, give the tokens of their text joined by spaces, as the index stores it.
  const words = withoutInvisibles(text).split(/\s+/);
  expect(words.flatMap(analyzer.tokenize), where).toEqual(analyzer.tokenize(words.join(' ')));
  expect(analyzer.tokenize(words.join(' ')), where).toEqual(tokens);
  // A token typed on its own is that token: the visitor's query meets the index's form.
  for (const token of new Set(tokens)) {
    expect(analyzer.tokenize(token), `${where}: ${token}`).toEqual([token]);
    expect(matching.pluck().all(`x:${quoteFtsString(token)}`), `${where}: ${token}`).toContain(
      rowid,
    );
  }
  if (tokens.length > 0) {
    expect(matching.pluck().all(`x:${quoteFtsString(tokens.join(' '))}`), where).toContain(rowid);
  }
  return tokens.length;
}

describe('index and query tokenize alike', () => {
  it('for text in every script, in several languages', async () => {
    const pools = scriptPools();
    expect(pools.size).toBeGreaterThan(150);
    const analyzers = await Promise.all(
      LANGUAGES.map((language) => loadAnalyzer({ version: 2, language })),
    );
    const prng = createPrng(24);
    let rowid = 0;
    let tokenCount = 0;
    for (const [script, pool] of pools) {
      for (let index = 0; index < TEXTS_PER_SCRIPT; index += 1) {
        const text = randomText(prng, pool);
        const analyzer = analyzers[index % analyzers.length];
        if (!analyzer) throw new Error('no analyzer');
        rowid += 1;
        const where = `${script} in ${analyzer.language}: ${JSON.stringify(text)}`;
        tokenCount += checkText(analyzer, text, rowid, where);
      }
    }
    expect(tokenCount).toBeGreaterThan(5_000);
  }, 120_000);

  it('for the sentences of the issue', async () => {
    const japanese = await loadAnalyzer({ version: 2, language: 'ja' });
    const rowid = 1_000_000;
    checkText(japanese, '今日は東京で天気がいいです。カナダ', rowid, 'Japanese');
    for (const query of ['東京', '天気', 'カナダ', '今日は東京で天気がいいです']) {
      const match = `x:${quoteFtsString(japanese.tokenize(query).join(' '))}`;
      expect(matching.pluck().all(match), query).toContain(rowid);
    }
  });
});
