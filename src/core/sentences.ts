/**
 * Sentence boundaries in a transcript: a sentence ends at a word ending in '.', '?' or '!' (or
 * the ideographic '。', '？', '！'), also when closing quotes or brackets follow the mark
 * ('"Really?"', '(yes.)', '「はい。」').
 */

const SENTENCE_END = /[.?!…。？！]["'”’»)\]}」』）]*$/u;

/** Whether a transcript word closes its sentence. */
export function endsSentence(word: string): boolean {
  return SENTENCE_END.test(word.trimEnd());
}

/**
 * The sentence number of every word, counting from 0. The word that ends a sentence belongs
 * to it; the next word starts the next one.
 */
export function sentenceIndexes(words: readonly string[]): Int32Array {
  const indexes = new Int32Array(words.length);
  let sentence = 0;
  for (let i = 0; i < words.length; i += 1) {
    indexes[i] = sentence;
    if (endsSentence(words[i] ?? '')) sentence += 1;
  }
  return indexes;
}
