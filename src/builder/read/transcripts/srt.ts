import { InputError } from '../../errors.ts';
import { cuePayload, parseCueTimestamp } from './cue-text.ts';
import { subtitleBlocks } from './webvtt.ts';
import { WordCollector, type ParsedTranscript } from './word-collector.ts';

const TIMING_LINE = /^\s*(\S+)\s*-->\s*(\S+)/;

/** Whether text looks like SubRip: a cue number line, then a timing line with commas. */
export function looksLikeSrt(text: string): boolean {
  return /^\uFEFF?\s*\d+\s*\r?\n\s*\d{1,2}:\d{2}:\d{2}[,.]\d{1,3}\s*-->/.test(text);
}

/**
 * Reads SubRip (SRT). Like WebVTT it is segment-level: each cue's words are spread over its
 * span by length and the timing is 'approximate'. `<v Speaker>` tags are kept as speakers;
 * other formatting tags (`<i>`, `{\an8}`) are dropped.
 */
export function parseSrt(file: string, text: string): ParsedTranscript {
  const collector = new WordCollector(file, (line) => `line ${line}`);
  for (const block of subtitleBlocks(text)) {
    const timingIndex = block.lines.findIndex((line) => line.includes('-->'));
    if (timingIndex === -1 || timingIndex > 1) {
      throw new InputError(
        { file, line: block.line },
        'expected a cue number and a timing line like "00:00:01,000 --> 00:00:04,000"',
      );
    }
    const timingLine = block.line + timingIndex;
    const match = TIMING_LINE.exec(block.lines[timingIndex] ?? '');
    const start = parseCueTimestamp(match?.[1] ?? '');
    const end = parseCueTimestamp(match?.[2] ?? '');
    if (start === undefined || end === undefined) {
      throw new InputError(
        { file, line: timingLine },
        `cue timing "${block.lines[timingIndex] ?? ''}" is not valid`,
      );
    }
    const payload = cuePayload(block.lines.slice(timingIndex + 1));
    collector.addSpread(payload.text, start, end, payload.speaker, timingLine);
  }
  if (collector.size === 0) throw new InputError({ file }, 'the SRT file has no cues with text');
  return collector.finish('srt', 'approximate');
}
