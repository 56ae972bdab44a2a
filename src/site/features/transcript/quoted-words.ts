/**
 * Marks the words of a quote link's range (`?t=START,END`) in the transcript. Like the spoken
 * word, the mark is a class on the word elements, so it costs no render.
 */
import { useEffect, type RefObject } from 'react';
import { wordAtTime, type TranscriptModel } from '../../../core/transcript-model.ts';

/** The class of a quoted word. */
export const QUOTED_CLASS = 'is-quoted';

/**
 * The words a range covers: from the first that starts at or after `start` (links carry whole
 * seconds, rounded down) to the last that starts before `end`.
 */
export function quotedWordRange(
  model: TranscriptModel,
  start: number,
  end: number,
): { first: number; last: number } | null {
  const first = wordAtTime(model, start - 0.001) + 1;
  let last = first;
  while ((model.words[last + 1]?.start ?? Number.POSITIVE_INFINITY) < end) last += 1;
  return model.words[first] ? { first, last } : null;
}

/** Keeps the words between `start` and `end` marked in `boxRef`'s transcript. */
export function useQuotedWords(
  boxRef: RefObject<HTMLElement | null>,
  model: TranscriptModel,
  start: number | null,
  end: number | null,
): void {
  useEffect(() => {
    const box = boxRef.current;
    if (!box || start === null || end === null) return;
    const range = quotedWordRange(model, start, end);
    if (!range) return;
    const marked: Element[] = [];
    for (let index = range.first; index <= range.last; index += 1) {
      const word = box.querySelector(`[data-w="${index}"]`);
      if (word) {
        word.classList.add(QUOTED_CLASS);
        marked.push(word);
      }
    }
    return () => {
      for (const word of marked) word.classList.remove(QUOTED_CLASS);
    };
  }, [boxRef, model, start, end]);
}
