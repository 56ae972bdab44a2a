/**
 * Where chapters and speakers sit in a transcript's words: the word each chapter heading
 * stands before, and each word's speaker as a show-wide code (for 'said by' highlights).
 */
import type { TranscriptBlob } from './db-schema.ts';
import type { Chapter } from './speech.ts';

/** A chapter starts this many seconds before its first word at most (chapter marks are rough). */
const CHAPTER_LEAD_SECONDS = 0.3;

/**
 * The chapters before each word: a chapter stands before the first word that starts no
 * earlier than it (less a small lead). Chapters after the last word stand nowhere.
 */
export function chapterWords(
  chapters: readonly Chapter[],
  wordStarts: ArrayLike<number>,
): Map<number, Chapter[]> {
  const placed = new Map<number, Chapter[]>();
  let word = 0;
  for (const chapter of [...chapters].sort((a, b) => a.start - b.start)) {
    const from = chapter.start / 100 - CHAPTER_LEAD_SECONDS;
    while (word < wordStarts.length && (wordStarts[word] ?? 0) < from) word += 1;
    if (word >= wordStarts.length) break;
    const before = placed.get(word);
    if (before) before.push(chapter);
    else placed.set(word, [chapter]);
  }
  return placed;
}

/**
 * Each word's speaker as a show-wide code: a named speaker's id (the 'said by' filter's
 * values), -N for 'Speaker N', 0 unknown; null when the transcript has no speakers.
 */
export function wordSpeakerCodes(blob: TranscriptBlob): number[] | null {
  const { speaker, speakerIds } = blob;
  if (!speaker || !speakerIds || speaker.length !== blob.words.length) return null;
  return speaker.map((index) => (index < 0 ? 0 : (speakerIds[index] ?? 0)));
}

/** The chapter being played at `seconds`: the last that has started, or -1 before the first. */
export function chapterAtTime(chapters: readonly Chapter[], seconds: number): number {
  let found = -1;
  chapters.forEach((chapter, index) => {
    if (chapter.start / 100 <= seconds) found = index;
  });
  return found;
}
